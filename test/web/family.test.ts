/**
 * A pupil's guardians and acceptable-use agreement in a real browser (issue 23), at a phone's width
 * (390 px): editing the guardians (adding and removing rows, a bad e-mail address refused beside its
 * field, then saved in order), recording this year's agreement, each state axe-clean with no sideways
 * scroll; and the person page's usual check in both themes at every width.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  expectAccessible,
  expectNoSidewaysScroll,
  openPage,
  signIn,
  useConsole,
  warnIfBrowserSkipped,
  type ConsoleApi,
  type ConsoleUser,
} from './support.js';

warnIfBrowserSkipped();

describe.skipIf(!browserAvailable)('guardians and agreements in the console', () => {
  const web = useConsole();
  let admin: ConsoleUser;
  let call: ConsoleApi['send'];
  let pupilId: string;

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    call = (await web.api(admin)).send;
    const made = await call('POST', '/api/people', { name: 'Gina Family', kind: 'PUPIL', userGroup: '7C' });
    expect(made.status).toBe(201);
    pupilId = made.json.person.id;
    await call('PUT', `/api/people/${pupilId}/guardians`, {
      guardians: [{ name: 'Old Contact', relationship: 'carer' }],
    });
  }, 120_000);

  it('edits a pupil’s guardians and records this year’s agreement at 390 px, axe-clean', async () => {
    const { page, context, problems } = await openPage(web.browser, `${web.server.schoolUrl}/people/${pupilId}`, {
      width: 390,
      height: 844,
      bypassCSP: true,
    });
    try {
      await signIn(page, admin);
      await page.getByRole('heading', { name: 'Gina Family' }).waitFor();
      await page.getByRole('heading', { name: 'Guardians' }).waitFor();
      await page.getByText('No agreement is on file for this school year.').waitFor();
      await expectAccessible(page, 'the person page with guardians');

      await page.getByRole('button', { name: 'Edit guardians' }).click();
      // Remove the old contact, add two rows; the first gets a bad address.
      await page.getByRole('button', { name: 'Remove guardian 1' }).click();
      await page.getByRole('button', { name: 'Add a guardian' }).click();
      await page.getByRole('button', { name: 'Add a guardian' }).click();
      const first = page.getByRole('group', { name: 'Guardian 1' });
      const second = page.getByRole('group', { name: 'Guardian 2' });
      await first.getByLabel('Name').fill('Mara Family');
      await first.getByLabel('Relationship').fill('mother');
      await first.getByLabel('E-mail').fill('not-an-address');
      await first.getByLabel('Telephone').fill('+44 20 7946 0001');
      await second.getByLabel('Name').fill('Finn Family');
      await page.getByRole('button', { name: 'Save guardians' }).click();
      const email = first.getByLabel('E-mail');
      await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, 'the guardians form with a refused e-mail');
      await expectNoSidewaysScroll(page, 'the guardians form');
      expect((await call('GET', `/api/people/${pupilId}`)).json.guardians.map((g: { name: string }) => g.name)).toEqual(
        ['Old Contact'],
      );

      await email.fill('Mara@Home.example');
      await page.getByRole('button', { name: 'Save guardians' }).click();
      await page.getByRole('cell', { name: 'Finn Family' }).waitFor();
      expect((await call('GET', `/api/people/${pupilId}`)).json.guardians).toEqual([
        {
          name: 'Mara Family',
          email: 'mara@home.example',
          phone: '+44 20 7946 0001',
          relationship: 'mother',
          externalId: null,
        },
        { name: 'Finn Family', email: null, phone: null, relationship: 'guardian', externalId: null },
      ]);

      // Record the agreement, signed today (the form's default) by the mother.
      const record = page.getByRole('form', { name: 'Record agreement' });
      await record.getByLabel('Signed by').fill('Mara Family');
      await record.getByRole('button', { name: 'Record agreement' }).click();
      await page.getByText(/Signed on .* by Mara Family for the school year \d{4}-\d{4}/).waitFor();
      const { json } = await call('GET', `/api/people/${pupilId}`);
      expect(json.agreement).toMatchObject({ signedBy: 'Mara Family' });
      await expectAccessible(page, 'the person page with an agreement');
      await expectNoSidewaysScroll(page, 'the person page with an agreement');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the person page clean in both themes at every width', async () => {
    await web.check(admin, `/people/${pupilId}`, 'person-family', (page) =>
      page.getByRole('heading', { name: 'Acceptable-use agreement' }).waitFor(),
    );
  });
});
