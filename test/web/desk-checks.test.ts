/**
 * The checks at the desk in a real browser (issue 23, section 5): an administrator sets them on the
 * Loaner year page; at the scan desk a warning shows its reasons beside the scanned serial and one
 * key (Enter) issues it anyway; a block shows why and no key lifts it; the Loans page's issue dialog
 * asks the same through the same flow (issue 28: "Issue anyway", or a disabled Issue for a block); the database is checked
 * through the REST API as an integrator would. The settings page passes the page checks (axe, both
 * themes, 390 px).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useConsole, warnIfBrowserSkipped, type ConsoleUser } from './support.js';

warnIfBrowserSkipped();

interface ApiLoan {
  number: number;
  serial: string;
  groupId: string;
  status: string;
  holder: { id: string; name: string } | null;
}

const NEWEST_SCAN = 'ol[aria-label="Scans"] > li:first-child';

describe.skipIf(!browserAvailable)('the checks at the desk in a browser', () => {
  const web = useConsole();
  let admin: ConsoleUser;
  let desk: ConsoleUser;
  let key: string;

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    desk = await web.server.user('loan-desk', { name: 'Desmond Desk' });
    key = await web.server.key(['loan.view', 'loan.issue', 'loan.return', 'person.view', 'reservation.create']);
  }, 120_000);

  async function action<T>(name: string, input: Record<string, unknown>): Promise<T> {
    const res = await fetch(`${web.server.url}/api/v1/actions/${name}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const body = (await res.json()) as { result: T };
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.result;
  }
  const loans = (input: Record<string, unknown>) => action<{ loans: ApiLoan[] }>('loans.list', input);

  /** Sets the checks on the settings page, as an administrator does. */
  async function setLoansCheck(mode: 'Warn' | 'Block', atMost: number) {
    const { page } = await web.open(admin, '/settings/loaner-year');
    await page.getByLabel('Loans check').selectOption(mode.toLowerCase());
    await page.getByLabel('When this many or more').fill(String(atMost));
    await page.getByRole('button', { name: 'Save checks' }).click();
    await expect.poll(() => page.getByText('Checks at the desk saved').count()).toBeGreaterThan(0);
    await page.context().close();
  }

  it('warns beside the scanned serial and issues with one key; a block is shown and not lifted', async () => {
    const available = (await loans({ status: 'AVAILABLE', pageSize: 100 })).loans;
    const [held, warned, blocked] = available.slice(-3);
    const { people } = await action<{ people: { id: string; name: string }[] }>('people.search', {
      q: 'a',
      kind: 'PUPIL',
      limit: 50,
    });
    const holders = new Set((await loans({ status: 'ISSUED', pageSize: 100 })).loans.map((l) => l.holder?.id));
    const pupil = people.find((p) => !holders.has(p.id))!;
    await action('loans.issue', { number: held!.number, holderId: pupil.id });
    await setLoansCheck('Warn', 1);

    const { page } = await web.open(desk, '/loans/scan');
    await page.getByLabel('Scan a person or a loan').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('scan-input');
    const newest = page.locator(NEWEST_SCAN);
    const count = () => page.locator('ol[aria-label="Scans"] > li').count();
    const scan = async (code: string, result: RegExp) => {
      const before = await count();
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      await expect.poll(count).toBe(before + 1);
      expect(await newest.textContent()).toMatch(result);
    };

    await scan(pupil.id, new RegExp(`Issuing to ${pupil.name}`));
    await scan(warned!.serial, new RegExp(`Check before issuing ${warned!.serial} to ${pupil.name}`));
    expect(await newest.locator('li').allTextContents()).toEqual([
      '1 loan out already (the school checks at 1) (warning)',
    ]);
    // A question for the desk, shown and read as one: not a refusal.
    expect(await newest.getAttribute('class')).toMatch(/\bscan-warning\b/);
    expect(await newest.textContent()).toMatch(/^!Question: /);
    // Not issued until the desk says so.
    expect((await loans({ q: warned!.serial })).loans[0]).toMatchObject({ status: 'AVAILABLE' });
    await page.keyboard.press('Enter');
    await expect
      .poll(() => newest.textContent())
      .toMatch(new RegExp(`Issued loaner ${warned!.number} .*\\(confirmed\\)`));
    expect((await loans({ q: warned!.serial })).loans[0]).toMatchObject({ status: 'ISSUED', holder: { id: pupil.id } });

    await setLoansCheck('Block', 2);
    await scan(blocked!.serial, /Not issued: .* the school's checks do not allow it/);
    expect(await newest.getAttribute('class')).toMatch(/\bscan-error\b/);
    expect(await newest.locator('li').allTextContents()).toEqual([
      '2 loans out already (the school checks at 2) (blocks the loan)',
    ]);
    const before = await count();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(await count()).toBe(before);
    expect((await loans({ q: blocked!.serial })).loans[0]).toMatchObject({ status: 'AVAILABLE' });
    await page.context().close();
  }, 120_000);

  /** Opens the issue dialog of a loan's row on the Loans page and chooses the pupil as its holder. */
  async function openDialog(loan: ApiLoan, pupil: { name: string }) {
    const { page } = await web.open(desk, `/loans?q=${encodeURIComponent(loan.serial)}`);
    await page.getByRole('button', { name: `Issue loaner ${loan.number}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Issue loaner ${loan.number}`) });
    await dialog.getByLabel('Find the holder').fill(pupil.name);
    await dialog
      .getByRole('list', { name: 'Matches for Find the holder' })
      .getByRole('button', { name: pupil.name })
      .first()
      .click();
    await dialog.getByText(`Chosen: ${pupil.name}`, { exact: false }).waitFor();
    return { page, dialog };
  }

  it("warns in the Loans page's issue dialog, issues anyway when told to; a block is shown and the issue disabled", async () => {
    const [held, warned, blocked] = (await loans({ status: 'AVAILABLE', pageSize: 100 })).loans.slice(0, 3);
    const { people } = await action<{ people: { id: string; name: string }[] }>('people.search', {
      q: 'o',
      kind: 'PUPIL',
      limit: 50,
    });
    const holders = new Set((await loans({ status: 'ISSUED', pageSize: 100 })).loans.map((l) => l.holder?.id));
    const pupil = people.find((p) => !holders.has(p.id))!;
    await action('loans.issue', { number: held!.number, holderId: pupil.id });
    await setLoansCheck('Warn', 1);

    const first = await openDialog(warned!, pupil);
    await first.dialog.getByRole('button', { name: 'Issue', exact: true }).click();
    const alert = first.dialog.getByRole('alert');
    await expect.poll(() => alert.textContent()).toMatch(/Before issuing, the school asks you to check:/);
    expect(await alert.locator('li').allTextContents()).toEqual(['1 loan out already (the school checks at 1)']);
    // Not issued until the desk says so.
    expect((await loans({ q: warned!.serial })).loans[0]).toMatchObject({ status: 'AVAILABLE' });
    await first.dialog.getByRole('button', { name: 'Issue anyway' }).click();
    await expect.poll(() => first.dialog.count()).toBe(0);
    expect((await loans({ q: warned!.serial })).loans[0]).toMatchObject({ status: 'ISSUED', holder: { id: pupil.id } });
    await first.page.context().close();

    await setLoansCheck('Block', 2);
    const second = await openDialog(blocked!, pupil);
    await second.dialog.getByRole('button', { name: 'Issue', exact: true }).click();
    const refusal = second.dialog.getByRole('alert');
    await expect.poll(() => refusal.textContent()).toMatch(/The school's checks do not allow this loan:/);
    expect(await refusal.locator('li').allTextContents()).toEqual([
      '2 loans out already (the school checks at 2) (blocks the loan)',
    ]);
    expect(await second.dialog.getByRole('button', { name: 'Issue', exact: true }).isDisabled()).toBe(true);
    expect((await loans({ q: blocked!.serial })).loans[0]).toMatchObject({ status: 'AVAILABLE' });
    await second.page.context().close();
  }, 120_000);

  it('says when a booking needs the scanned unit within a day, and overrides it with one key', async () => {
    const available = (await loans({ status: 'AVAILABLE', pageSize: 100 })).loans;
    // The group with the fewest free units, all of them booked from an hour from now.
    const byGroup = new Map<string, ApiLoan[]>();
    for (const l of available) byGroup.set(l.groupId, [...(byGroup.get(l.groupId) ?? []), l]);
    const [groupId, free] = [...byGroup].sort((a, b) => a[1].length - b[1].length)[0]!;
    const from = new Date(Date.now() + 60 * 60_000);
    const to = new Date(from.getTime() + 2 * 60 * 60_000);
    await action('reservations.create', {
      groupId,
      quantity: free.length,
      from: from.toISOString(),
      to: to.toISOString(),
      note: 'Year 9 science',
    });
    const { people } = await action<{ people: { id: string; name: string }[] }>('people.search', {
      q: 'e',
      kind: 'PUPIL',
      limit: 50,
    });
    const holders = new Set((await loans({ status: 'ISSUED', pageSize: 100 })).loans.map((l) => l.holder?.id));
    const pupil = people.filter((p) => !holders.has(p.id)).at(-1)!;
    const unit = free[0]!;

    const { page } = await web.open(desk, '/loans/scan');
    await page.getByLabel('Scan a person or a loan').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('scan-input');
    const newest = page.locator(NEWEST_SCAN);
    await page.keyboard.type(pupil.id);
    await page.keyboard.press('Enter');
    await expect.poll(() => newest.textContent()).toMatch(new RegExp(`Issuing to ${pupil.name}`));
    await page.keyboard.type(unit.serial);
    await page.keyboard.press('Enter');
    await expect.poll(() => newest.textContent()).toMatch(new RegExp(`Booked: ${unit.serial} is needed for a booking`));
    expect((await loans({ q: unit.serial })).loans[0]).toMatchObject({ status: 'AVAILABLE' });
    await page.keyboard.press('Enter');
    await expect.poll(() => newest.textContent()).toMatch(new RegExp(`Issued loaner ${unit.number} .*\\(confirmed\\)`));
    expect((await loans({ q: unit.serial })).loans[0]).toMatchObject({ status: 'ISSUED', holder: { id: pupil.id } });
    await page.context().close();
  }, 120_000);

  it('asks in turn when the checks warn and a booking needs the unit, and issues with both agreed to', async () => {
    const available = (await loans({ status: 'AVAILABLE', pageSize: 100 })).loans;
    const byGroup = new Map<string, ApiLoan[]>();
    for (const l of available) byGroup.set(l.groupId, [...(byGroup.get(l.groupId) ?? []), l]);
    const [groupId, free] = [...byGroup].sort((a, b) => a[1].length - b[1].length)[0]!;
    const { people } = await action<{ people: { id: string; name: string }[] }>('people.search', {
      q: 'i',
      kind: 'PUPIL',
      limit: 50,
    });
    const holders = new Set((await loans({ status: 'ISSUED', pageSize: 100 })).loans.map((l) => l.holder?.id));
    const pupil = people.find((p) => !holders.has(p.id))!;
    // One loan out (from another group; past any booking), then every free unit of the group booked.
    const out = available.find((l) => l.groupId !== groupId)!;
    await action('loans.issue', { number: out.number, holderId: pupil.id, override: true });
    const from = new Date(Date.now() + 4 * 60 * 60_000);
    await action('reservations.create', {
      groupId,
      quantity: free.length,
      from: from.toISOString(),
      to: new Date(from.getTime() + 60 * 60_000).toISOString(),
      note: 'Year 8 music',
    });
    await setLoansCheck('Warn', 1);

    const unit = free[0]!;
    const { page, dialog } = await openDialog(unit, pupil);
    await dialog.getByRole('button', { name: 'Issue', exact: true }).click();
    await dialog.getByText('Before issuing, the school asks you to check:').waitFor();
    await dialog.getByRole('button', { name: 'Issue anyway' }).click();
    // The warning agreed to, the booking is asked next; the warning stays in view.
    await dialog.getByText(/A booking from .* needs this unit/).waitFor();
    expect(await dialog.getByText('Before issuing, the school asks you to check:').count()).toBe(1);
    expect((await loans({ q: unit.serial })).loans[0]).toMatchObject({ status: 'AVAILABLE' });
    await dialog.getByRole('button', { name: 'Issue anyway' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await loans({ q: unit.serial })).loans[0]).toMatchObject({ status: 'ISSUED', holder: { id: pupil.id } });
    await page.context().close();
  }, 120_000);

  it('the Loaner year settings page passes axe in both themes at 1280 and 390 px', async () => {
    await web.check(admin, '/settings/loaner-year', 'loaner-year-settings', (p) =>
      p.getByRole('button', { name: 'Save checks' }).waitFor(),
    );
  }, 120_000);
});
