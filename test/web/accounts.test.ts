/**
 * Pupils' accounts in a real browser (issue 23 §4): the insurance terms in Settings, a pupil's cover
 * set and a charge reduced by it on their page (a bad amount said beside its field first), a payment
 * recorded, the Balances page with its CSV link, what the loan desk is not shown, and each page
 * checked for accessibility in both themes at 1280 and 390 px.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useConsole, warnIfBrowserSkipped, type ConsoleApi, type ConsoleUser } from './support.js';

warnIfBrowserSkipped();

describe.skipIf(!browserAvailable)('pupils’ accounts in the console', () => {
  const web = useConsole();
  let admin: ConsoleUser;
  let desk: ConsoleUser;
  let call: ConsoleApi['send'];
  let pupilId: string;

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    desk = await web.server.user('loan-desk', { name: 'Dee Desk' });
    call = (await web.api(admin)).send;
    const made = await call<{ person: { id: string } }>('POST', '/api/people', {
      name: 'Cora Covered',
      kind: 'PUPIL',
      userGroup: '9C',
    });
    pupilId = made.json.person.id;
  }, 120_000);

  it('sets the insurance terms in Settings', async () => {
    const { page } = await web.open(admin, '/settings');
    try {
      await page.getByRole('link', { name: 'Insurance' }).click();
      await page.getByRole('heading', { name: 'Insurance' }).waitFor();
      await page.getByLabel('Deductible per claim').fill('25');
      await page.getByLabel('Claims per school year').fill('1');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () => (await call('GET', '/api/settings/insurance')).json)
        .toEqual({ deductibleMinor: 2_500, claimsPerYear: 1 });
    } finally {
      await page.context().close();
    }
  });

  it('covers a pupil, charges them (reduced to the deductible) and records a payment on their page', async () => {
    await call('PUT', '/api/settings/insurance', { deductibleMinor: 2_500, claimsPerYear: 1 });
    const { page } = await web.open(admin, `/people/${pupilId}`);
    try {
      await page.getByRole('heading', { name: 'Account' }).waitFor();
      await page.getByRole('button', { name: 'Set cover' }).click();
      await page.getByLabel('Plan').fill('Device Care Gold');
      await page.getByRole('button', { name: 'Save cover' }).click();
      await expect.poll(() => page.locator('.account-panel .facts').textContent()).toContain('Device Care Gold');

      await page.getByRole('button', { name: 'Charge', exact: true }).click();
      await page.getByLabel('Amount').fill('lots');
      await page.getByLabel('Reason').fill('Cracked screen');
      await page.getByRole('button', { name: 'Charge', exact: true }).last().click();
      const amount = page.getByLabel('Amount');
      await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
      await amount.fill('120');
      await page.getByRole('button', { name: 'Charge', exact: true }).last().click();
      const entries = page.getByRole('region', { name: 'Account of Cora Covered, newest first' });
      await expect.poll(() => entries.textContent()).toContain('insurance claim (Device Care Gold)');
      const account = async () => (await call('GET', `/api/people/${pupilId}/account`)).json;
      expect(await account()).toMatchObject({ balanceMinor: 2_500, insurance: { claimsUsed: 1 } });

      await page.getByRole('button', { name: 'Record a payment' }).click();
      await page.getByLabel('Amount').fill('10');
      await page.getByLabel('Paid by').selectOption('card');
      await page.getByLabel('Reference').fill('R-1');
      await page.getByRole('button', { name: 'Record the payment' }).click();
      await expect.poll(async () => (await account()).balanceMinor).toBe(1_500);
      await expect.poll(() => entries.textContent()).toContain('Card, R-1');
    } finally {
      await page.context().close();
    }
  });

  it('lists who owes what, with the CSV, and keeps accounts from the loan desk', async () => {
    const { page } = await web.open(admin, '/charges');
    try {
      const table = page.getByRole('region', { name: 'Balances owed, longest-owing first' });
      await expect.poll(() => table.textContent()).toContain('Cora Covered');
      expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
        '/api/export/balances.csv',
      );
      await table.getByRole('link', { name: 'Cora Covered' }).click();
      await page.getByRole('heading', { name: 'Account' }).waitFor();
    } finally {
      await page.context().close();
    }
    const seen = await web.open(desk, `/people/${pupilId}`);
    try {
      await seen.page.getByRole('heading', { name: 'Cora Covered' }).waitFor();
      expect(await seen.page.getByRole('heading', { name: 'Account' }).count()).toBe(0);
      expect(
        await seen.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Balances' }).count(),
      ).toBe(0);
    } finally {
      await seen.page.context().close();
    }
  });

  it('is accessible and fits a phone: the person with an account, the balances, the insurance terms', async () => {
    await web.check(admin, `/people/${pupilId}`, 'person-account', (p) =>
      p.getByRole('region', { name: 'Account of Cora Covered, newest first' }).waitFor(),
    );
    await web.check(admin, '/charges', 'balances', (p) =>
      p.getByRole('region', { name: 'Balances owed, longest-owing first' }).waitFor(),
    );
    await web.check(admin, '/settings/insurance', 'settings-insurance', (p) =>
      p.getByLabel('Deductible per claim').waitFor(),
    );
  }, 240_000);
});
