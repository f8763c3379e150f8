/**
 * The loan desk in a real browser (issue 13, points 2, 3 and 8): the inventory filtered and its deep
 * link reloaded; two loans issued and one returned through the scan desk with the keyboard alone (and
 * the database checked through the REST API afterwards), the scan desk's refusals and its undo; one
 * loaner issued, returned and issued again in one page session, a double read caught (issue 29); a loan
 * issued by an integrator (an API key on the REST action surface) showing on the Home tiles of an open
 * page without a reload; a stale row's conflict said in words; and Home, Loans and the scan desk
 * checked for accessibility in both themes at 1280 and 390 px.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useConsole, warnIfBrowserSkipped, type ConsoleUser } from './support.js';

warnIfBrowserSkipped();

interface ApiLoan {
  number: number;
  serial: string;
  status: string;
  holder: { id: string; name: string } | null;
  dueDate: string | null;
}
interface ApiPerson {
  id: string;
  name: string;
  kind: string;
}

/** The inventory table's rows (the bench's "first rows visible" hook). */
const ROWS = '[role="region"][aria-label="Loans"] table tbody tr';
/** The newest result of the scan desk (the bench's "scan result shown" hook). */
const NEWEST_SCAN = 'ol[aria-label="Scans"] > li:first-child';

describe.skipIf(!browserAvailable)('the loan desk in a browser', () => {
  const web = useConsole();
  let admin: ConsoleUser;
  let desk: ConsoleUser;
  let key: string;

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    desk = await web.server.user('loan-desk', { name: 'Desmond Desk' });
    key = await web.server.key(['loan.view', 'loan.issue', 'loan.return', 'person.view']);
  }, 120_000);

  /** Runs a catalogue action as an integrator would: the REST action surface with an API key. */
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
  const loans = (input: Record<string, unknown>) =>
    action<{ loans: ApiLoan[]; total: number; summary: { issued: number } }>('loans.list', input);
  const loanBySerial = async (serial: string) => (await loans({ q: serial })).loans.find((l) => l.serial === serial)!;
  /** AVAILABLE loans nobody else in this file uses: each test takes its own from the end of the pool. */
  let taken = 0;
  async function availableLoans(n: number): Promise<ApiLoan[]> {
    const page = await loans({ status: 'AVAILABLE', pageSize: 100 });
    const picked = page.loans.slice(page.loans.length - taken - n, page.loans.length - taken);
    taken += n;
    return picked;
  }
  async function aPupil(index = 0): Promise<ApiPerson> {
    const { people } = await action<{ people: ApiPerson[] }>('people.search', { q: 'a', kind: 'PUPIL', limit: 50 });
    return people[people.length - 1 - index]!;
  }

  it('filters the inventory from its controls, and a reload of the address shows the same rows and controls', async () => {
    const { page } = await web.open(admin, '/loans');
    await page.locator(ROWS).first().waitFor();
    await page.getByLabel('Status').selectOption('ISSUED');
    await page.getByLabel('Kind').selectOption('LAPTOP');
    await expect.poll(() => page.url()).toMatch(/status=ISSUED/);
    await expect.poll(() => page.url()).toMatch(/kind=LAPTOP/);
    const want = await loans({ status: 'ISSUED', kind: 'LAPTOP', pageSize: 50 });
    const numbers = () => page.locator(`${ROWS} td:first-child`).allTextContents();
    await expect.poll(numbers).toEqual(want.loans.map((l) => String(l.number)));
    const before = await page.locator(ROWS).allTextContents();

    await page.reload();
    await page.locator(ROWS).first().waitFor();
    expect(await page.locator(ROWS).allTextContents()).toEqual(before);
    expect(await page.getByLabel('Status').inputValue()).toBe('ISSUED');
    expect(await page.getByLabel('Kind').inputValue()).toBe('LAPTOP');

    // The search box and a second page are in the address too.
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Kind').selectOption('');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.url()).toMatch(/page=2/);
    await page.reload();
    await expect.poll(numbers).toEqual((await loans({ page: 2, pageSize: 50 })).loans.map((l) => String(l.number)));
    await page.context().close();
  });

  it('issues two loans and returns one at the scan desk with the keyboard alone, and undoes the return', async () => {
    const [first, second] = await availableLoans(2);
    const pupil = await aPupil();
    const { page } = await web.open(desk, '/loans/scan');
    const input = page.getByLabel('Scan a person or a loan');
    await input.waitFor();
    // Run in the page; the test program has no DOM types, so the page's globals are described here.
    const focused = () =>
      page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id,
      );
    await expect.poll(focused).toBe('scan-input');
    const newest = page.locator(NEWEST_SCAN);
    const dueDate = await page.getByLabel('Due date').inputValue();
    /** Types a code as a scanner does (the keys, then Enter) and waits for its result on top. */
    const scan = async (code: string, result: RegExp) => {
      const count = await page.locator('ol[aria-label="Scans"] > li').count();
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('ol[aria-label="Scans"] > li').count()).toBe(count + 1);
      expect(await newest.textContent()).toMatch(result);
      expect(await focused()).toBe('scan-input');
    };

    await scan(pupil.id, new RegExp(`Issuing to ${pupil.name}`));
    await scan(first!.serial, new RegExp(`Issued loan ${first!.number} .* to ${pupil.name}`));
    await scan(second!.serial, new RegExp(`Issued loan ${second!.number} .* to ${pupil.name}`));
    // The scanner reads the same loaner twice: the second read is caught at once, nothing more done;
    // so is a serial nobody has.
    await scan(second!.serial, new RegExp(`Scanned twice: ${second!.serial} was just issued to ${pupil.name}`));
    await page.keyboard.press('Escape');
    await expect.poll(() => newest.textContent()).toMatch(/scans return loans/);
    await scan('NO-SUCH-SERIAL-42', /Not found/);
    // The live region says it too.
    await expect
      .poll(() => page.locator('[role="status"][aria-live="polite"]').first().textContent())
      .toMatch(/Not found/);

    // The database, read as an integrator would.
    const held = await loans({ holderId: pupil.id, pageSize: 100 });
    expect(held.loans.map((l) => l.serial).sort()).toEqual([first!.serial, second!.serial].sort());
    for (const l of held.loans) expect(l.dueDate).toBe(dueDate);

    // Return the first with no holder chosen, then undo that return with Alt+U.
    const { page: page2 } = await web.open(desk, '/loans/scan');
    await page2.getByLabel('Scan a person or a loan').waitFor();
    await expect.poll(() => page2.evaluate(() => document.activeElement?.id)).toBe('scan-input');
    await page2.keyboard.type(first!.serial);
    await page2.keyboard.press('Enter');
    const top = page2.locator(NEWEST_SCAN);
    await expect
      .poll(() => top.textContent())
      .toMatch(new RegExp(`Returned loan ${first!.number} .* from ${pupil.name}`));
    expect(await loanBySerial(first!.serial)).toMatchObject({ status: 'AVAILABLE', holder: null });
    expect(await loanBySerial(second!.serial)).toMatchObject({ status: 'ISSUED', holder: { id: pupil.id } });

    await page2.keyboard.press('Alt+U');
    await expect.poll(() => top.textContent()).toMatch(/Undone: .* issued to/);
    expect(await loanBySerial(first!.serial)).toMatchObject({ status: 'ISSUED', holder: { id: pupil.id }, dueDate });
    // The page never left: still the scan desk, at the same address.
    expect(new URL(page2.url()).pathname).toBe('/loans/scan');
    await page.context().close();
    await page2.context().close();
  });

  it('issues, returns and issues one loaner again in one page session, and catches a double read of the return', async () => {
    const [loaner] = await availableLoans(1);
    const [first, next] = [await aPupil(4), await aPupil(5)];
    const { page } = await web.open(desk, '/loans/scan');
    await page.getByLabel('Scan a person or a loan').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('scan-input');
    const results = page.locator('ol[aria-label="Scans"] > li');
    /** Types a code as a scanner does (the keys, then Enter) and waits for its result on top. */
    const scan = async (code: string, result: RegExp) => {
      const count = await results.count();
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      await expect.poll(() => results.count()).toBe(count + 1);
      expect(await page.locator(NEWEST_SCAN).textContent()).toMatch(result);
    };

    await scan(first.id, new RegExp(`Issuing to ${first.name}`));
    await scan(loaner!.serial, new RegExp(`Issued loan ${loaner!.number} .* to ${first.name}`));
    await page.keyboard.press('Escape');
    await scan(loaner!.serial, new RegExp(`Returned loan ${loaner!.number} .* from ${first.name}`));
    await scan(loaner!.serial, new RegExp(`Scanned twice: ${loaner!.serial} was just returned from ${first.name}`));
    expect(await loanBySerial(loaner!.serial)).toMatchObject({ status: 'AVAILABLE', holder: null });
    // The next pupil's turn with the same loaner, in the same page session: issued, not refused.
    await scan(next.id, new RegExp(`Issuing to ${next.name}`));
    await scan(loaner!.serial, new RegExp(`Issued loan ${loaner!.number} .* to ${next.name}`));
    expect(await loanBySerial(loaner!.serial)).toMatchObject({ status: 'ISSUED', holder: { id: next.id } });
    await page.context().close();
  });

  it('picks a person from a short list by keyboard when a name matches several', async () => {
    const [loan] = await availableLoans(1);
    const { page } = await web.open(desk, '/loans/scan');
    await page.getByLabel('Scan a person or a loan').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('scan-input');
    // One letter matches many people: a list to pick from, the input keeping the focus.
    await page.keyboard.type('an');
    await page.keyboard.press('Enter');
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    const list = page.getByRole('listbox', { name: 'People matching the scan' });
    await expect.poll(() => list.getByRole('option').nth(1).getAttribute('aria-selected')).toBe('true');
    const chosen = await list
      .getByRole('option', { selected: true })
      .evaluate((option) => option.querySelector('.scan-choice-name')?.textContent ?? '');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(NEWEST_SCAN).textContent()).toContain(`Issuing to ${chosen.trim()}`);
    await page.keyboard.type(loan!.serial);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(NEWEST_SCAN).textContent()).toMatch(new RegExp(`Issued loan ${loan!.number}`));
    expect((await loanBySerial(loan!.serial)).holder?.name).toBe(chosen.trim());
    await page.context().close();
  });

  it('shows a loan issued through the REST API on the Home tiles of an open page, without a reload', async () => {
    const { page } = await web.open(admin, '/');
    const issuedTile = page.locator('.tile', { hasText: /^\s*[\d,.\s]+Issued$/ });
    await issuedTile.waitFor();
    await expect.poll(() => page.locator('.live').textContent()).toBe('Live');
    const value = async () => Number((await issuedTile.locator('.tile-value').textContent())!.replace(/\D/g, ''));
    const before = await value();
    expect(before).toBe((await loans({ pageSize: 1 })).summary.issued);
    await page.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true));

    const [loan] = await availableLoans(1);
    const pupil = await aPupil(1);
    await action('loans.issue', { serial: loan!.serial, holderId: pupil.id });

    await expect.poll(value).toBe(before + 1);
    expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await page.context().close();
  });

  it('says in words why a move from a stale row was refused (409), and reloads the row', async () => {
    const [loan] = await availableLoans(1);
    const pupil = await aPupil(2);
    const { page } = await web.open(admin, `/loans?q=${encodeURIComponent(loan!.serial)}`);
    const issue = page.getByRole('button', { name: `Issue loan ${loan!.number}` });
    await issue.waitFor();
    // Someone else issues it while the row still says AVAILABLE.
    await action('loans.issue', { serial: loan!.serial, holderId: pupil.id });

    await issue.click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Issue loan ${loan!.number}`) });
    await dialog.getByLabel('Find the holder').fill(pupil.name);
    await dialog.getByRole('list', { name: 'Matches for Find the holder' }).getByRole('button').first().click();
    await dialog.getByText(/^Chosen: /).waitFor();
    await dialog.getByRole('button', { name: 'Issue' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/is ISSUED, not AVAILABLE/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Withdrawing the (now issued) loan from a stale row: confirmed, refused, said, reloaded.
    const { page: page2 } = await web.open(admin, `/loans?q=${encodeURIComponent(loan!.serial)}`);
    const ret = page2.getByRole('button', { name: `Return loan ${loan!.number}` });
    await ret.waitFor();
    await action('loans.return', { serial: loan!.serial });
    await ret.click();
    await page2.getByRole('dialog').getByRole('button', { name: 'Return' }).click();
    await expect
      .poll(() => page2.locator('.notices').textContent())
      .toMatch(new RegExp(`Loan ${loan!.number} could not be changed: .*not ISSUED`));
    await page2.getByRole('button', { name: `Issue loan ${loan!.number}` }).waitFor();
    await page.context().close();
    await page2.context().close();
  });

  it('issues and returns on the loan’s own page, and its history names the holder and who acted', async () => {
    const [loan] = await availableLoans(1);
    const pupil = await aPupil(3);
    const { page } = await web.open(desk, `/loans/${loan!.number}`);
    await page.getByRole('button', { name: `Issue loan ${loan!.number}` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Issue loan ${loan!.number}`) });
    await dialog.getByLabel('Find the holder').fill(pupil.name);
    await dialog
      .getByRole('list', { name: 'Matches for Find the holder' })
      .getByRole('button', { name: pupil.name })
      .first()
      .click();
    await dialog.getByText(/^Chosen: /).waitFor();
    await dialog.getByLabel('Due date').fill('2031-03-14');
    await dialog.getByRole('button', { name: 'Issue', exact: true }).click();
    await page.getByRole('button', { name: `Return loan ${loan!.number}` }).waitFor();
    expect(await loanBySerial(loan!.serial)).toMatchObject({
      status: 'ISSUED',
      holder: { id: pupil.id },
      dueDate: '2031-03-14',
    });

    const history = page.getByRole('region', { name: `History of loan ${loan!.number}` });
    const row = (what: RegExp) => history.getByRole('row').filter({ hasText: what });
    await row(new RegExp(`Issued to ${pupil.name}, due back`))
      .filter({ hasText: 'Desmond Desk' })
      .waitFor();

    await page.getByRole('button', { name: `Return loan ${loan!.number}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Return' }).click();
    await row(new RegExp(`Returned by ${pupil.name}`))
      .filter({ hasText: 'Desmond Desk' })
      .waitFor();
    expect(await loanBySerial(loan!.serial)).toMatchObject({ status: 'AVAILABLE', holder: null });
    // An integrator's move is named by its key.
    await action('loans.issue', { serial: loan!.serial, holderId: pupil.id });
    await row(new RegExp(`Issued to ${pupil.name}, with no due date`))
      .filter({ hasText: 'browser test' })
      .waitFor();
    await action('loans.return', { serial: loan!.serial });
    await page.context().close();
  });

  it('links each loan row on Home to its loan', async () => {
    const issued = (await loans({ status: 'ISSUED', overdue: true, pageSize: 1 })).loans[0]!;
    const { page } = await web.open(admin, '/');
    await page
      .getByRole('link', { name: new RegExp(`^Loan ${issued.number} `) })
      .first()
      .click();
    await page.getByRole('heading', { name: `Loan ${issued.number}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/loans/${issued.number}`);
    await page.context().close();
  });

  it('Home, Loans and the scan desk pass axe in both themes at 1280 and 390 px', async () => {
    await web.check(admin, '/', 'home', (p) => p.getByRole('list', { name: 'Loan pool' }).waitFor());
    await web.check(admin, '/loans?status=ISSUED', 'loans', (p) => p.locator(ROWS).first().waitFor());
    await web.check(desk, '/loans/scan', 'scan-desk', async (p) => {
      await p.getByLabel('Scan a person or a loan').waitFor();
      await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('scan-input');
      await p.keyboard.type('NO-SUCH-SERIAL');
      await p.keyboard.press('Enter');
      await p.locator(NEWEST_SCAN).waitFor();
    });
  }, 120_000);
});
