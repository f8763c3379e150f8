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
import {
  browserAvailable,
  openPage,
  PASSWORD,
  signIn,
  useConsole,
  warnIfBrowserSkipped,
  type ConsoleUser,
} from './support.js';

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
const ROWS = '[role="region"][aria-label="Loaners"] table tbody tr';
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
    await scan(first!.serial, new RegExp(`Issued loaner ${first!.number} .* to ${pupil.name}`));
    await scan(second!.serial, new RegExp(`Issued loaner ${second!.number} .* to ${pupil.name}`));
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
      .toMatch(new RegExp(`Returned loaner ${first!.number} .* from ${pupil.name}`));
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
    await scan(loaner!.serial, new RegExp(`Issued loaner ${loaner!.number} .* to ${first.name}`));
    await page.keyboard.press('Escape');
    await scan(loaner!.serial, new RegExp(`Returned loaner ${loaner!.number} .* from ${first.name}`));
    await scan(loaner!.serial, new RegExp(`Scanned twice: ${loaner!.serial} was just returned from ${first.name}`));
    expect(await loanBySerial(loaner!.serial)).toMatchObject({ status: 'AVAILABLE', holder: null });
    // The next pupil's turn with the same loaner, in the same page session: issued, not refused.
    await scan(next.id, new RegExp(`Issuing to ${next.name}`));
    await scan(loaner!.serial, new RegExp(`Issued loaner ${loaner!.number} .* to ${next.name}`));
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
    await expect
      .poll(() => page.locator(NEWEST_SCAN).textContent())
      .toMatch(new RegExp(`Issued loaner ${loan!.number}`));
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
    const issue = page.getByRole('button', { name: `Issue loaner ${loan!.number}` });
    await issue.waitFor();
    // Someone else issues it while the row still says AVAILABLE.
    await action('loans.issue', { serial: loan!.serial, holderId: pupil.id });

    await issue.click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Issue loaner ${loan!.number}`) });
    await dialog.getByLabel('Find the holder').fill(pupil.name);
    await dialog.getByRole('list', { name: 'Matches for Find the holder' }).getByRole('button').first().click();
    await dialog.getByText(/^Chosen: /).waitFor();
    await dialog.getByRole('button', { name: 'Issue' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/is already out on loan/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Withdrawing the (now issued) loan from a stale row: confirmed, refused, said, reloaded.
    const { page: page2 } = await web.open(admin, `/loans?q=${encodeURIComponent(loan!.serial)}`);
    const ret = page2.getByRole('button', { name: `Return loaner ${loan!.number}` });
    await ret.waitFor();
    await action('loans.return', { serial: loan!.serial });
    await ret.click();
    await page2.getByRole('dialog').getByRole('button', { name: 'Return' }).click();
    await expect
      .poll(() => page2.locator('.notices').textContent())
      .toMatch(new RegExp(`Loaner ${loan!.number} could not be changed: .*in the pool, not out on loan`));
    await page2.getByRole('button', { name: `Issue loaner ${loan!.number}` }).waitFor();
    await page.context().close();
    await page2.context().close();
  });

  it('issues and returns on the loan’s own page, and its history names the holder and who acted', async () => {
    const [loan] = await availableLoans(1);
    const pupil = await aPupil(3);
    const { page } = await web.open(desk, `/loans/${loan!.number}`);
    await page.getByRole('button', { name: `Issue loaner ${loan!.number}` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Issue loaner ${loan!.number}`) });
    await dialog.getByLabel('Find the holder').fill(pupil.name);
    await dialog
      .getByRole('list', { name: 'Matches for Find the holder' })
      .getByRole('button', { name: pupil.name })
      .first()
      .click();
    await dialog.getByText(/^Chosen: /).waitFor();
    await dialog.getByLabel('Due date').fill('2031-03-14');
    await dialog.getByRole('button', { name: 'Issue', exact: true }).click();
    await page.getByRole('button', { name: `Return loaner ${loan!.number}` }).waitFor();
    expect(await loanBySerial(loan!.serial)).toMatchObject({
      status: 'ISSUED',
      holder: { id: pupil.id },
      dueDate: '2031-03-14',
    });

    const history = page.getByRole('region', { name: `History of loaner ${loan!.number}` });
    const row = (what: RegExp) => history.getByRole('row').filter({ hasText: what });
    await row(new RegExp(`Issued to ${pupil.name}, due back`))
      .filter({ hasText: 'Desmond Desk' })
      .waitFor();

    await page.getByRole('button', { name: `Return loaner ${loan!.number}` }).click();
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
      .getByRole('link', { name: new RegExp(`^Loaner ${issued.number} `) })
      .first()
      .click();
    await page.getByRole('heading', { name: `Loaner ${issued.number}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/loans/${issued.number}`);
    await page.context().close();
  });

  it('lets a new school add its first cart of 30 loaners by scanning, then rename the group (empty states offer it)', async () => {
    // South has every module on and nothing in its pool.
    const email = 'pool-admin@south.example';
    await web.server.desk(
      ['user', 'create', 'south', email, '--name', 'Sam South', '--role', 'school-admin', '--password-stdin'],
      PASSWORD,
    );
    const south = { email, password: PASSWORD, name: 'Sam South' };
    const { page, context } = await openPage(web.browser, `${web.server.url}/loans/bookings`);
    await signIn(page, south, 'south');
    await page.getByText('There is no loan group to book from.').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loans', exact: true }).click();
    await page.getByText('The pool has no loaners yet.').waitFor();
    await page.locator('p.empty').getByRole('link', { name: 'Add loaners' }).click();
    await page.getByRole('heading', { name: 'Add loaners' }).waitFor();

    // No group yet: a new one is offered and must be named.
    expect(await page.getByLabel('Loan group').inputValue()).toBe('');
    await page.getByLabel('Kind').selectOption('IPAD');
    const serials = Array.from({ length: 30 }, (_, i) => `SOUTH-${String(i + 1).padStart(2, '0')}`);
    // As a scanner types: each serial, then Enter, which in this field starts the next line.
    await page.getByLabel('Serial numbers').focus();
    for (const serial of [...serials, serials[3]!]) {
      await page.keyboard.type(serial);
      await page.keyboard.press('Enter');
    }
    await page.getByRole('button', { name: 'Add 31 loaners' }).click();
    await page.getByText('Name the new loan group').waitFor();
    await page.getByLabel('Name of the new group').fill('Cart 12');
    await page.getByRole('button', { name: 'Add 31 loaners' }).click();
    // The repeated serial is named by its line; nothing was added.
    await expect
      .poll(() => page.locator('.field-error').allTextContents())
      .toContainEqual('Line 31: repeats line 4 (SOUTH-04)');
    const lines = await page.getByLabel('Serial numbers').inputValue();
    await page.getByLabel('Serial numbers').fill(lines.replace(/SOUTH-04\n?$/, ''));
    await page.getByRole('button', { name: 'Add 30 loaners' }).click();
    await expect
      .poll(() => page.locator('.notices').textContent())
      .toMatch(/30 loaners added to Cart 12: numbers 1 to 30/);
    await expect.poll(() => page.locator(ROWS).count()).toBe(30);

    const login = await fetch(`${web.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant-slug': 'south' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const inventory = (await (
      await fetch(`${web.server.url}/api/loans/inventory?pageSize=100`, {
        headers: { authorization: `Bearer ${token}`, 'x-tenant-slug': 'south' },
      })
    ).json()) as { loans: { number: number; serial: string; kind: string; status: string; groupName: string }[] };
    expect(inventory.loans.map((l) => [l.number, l.serial, l.kind, l.status, l.groupName])).toEqual(
      serials.map((serial, i) => [i + 1, serial, 'IPAD', 'AVAILABLE', 'Cart 12']),
    );

    // The group is renamed where it was made.
    await page.goto(`${web.server.url}/loans/add`);
    await page.getByRole('button', { name: 'Rename Cart 12' }).click();
    await page.getByLabel('New name for Cart 12').fill('Cart 12 (Science)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Rename Cart 12 (Science)' }).waitFor();

    // The whole cart is taken out of service for the summer, confirmed, and comes back.
    const groupRow = page.getByRole('row').filter({ hasText: 'Cart 12 (Science)' });
    await page.getByRole('button', { name: 'Withdraw all of Cart 12 (Science)' }).click();
    const asked = page.getByRole('dialog', { name: 'Withdraw all of Cart 12 (Science)?' });
    expect(await asked.textContent()).toContain('30 loaners in the pool become unavailable');
    await asked.getByRole('button', { name: 'Withdraw all' }).click();
    await expect
      .poll(() => page.locator('.notices').textContent())
      .toMatch(/30 loaners of Cart 12 \(Science\) withdrawn/);
    await expect.poll(() => groupRow.locator('td').nth(2).textContent()).toMatch(/^30$/);
    expect(await page.getByRole('button', { name: 'Withdraw all of Cart 12 (Science)' }).count()).toBe(0);
    const pool = async () =>
      (
        (await (
          await fetch(`${web.server.url}/api/loans/inventory?pageSize=100`, {
            headers: { authorization: `Bearer ${token}`, 'x-tenant-slug': 'south' },
          })
        ).json()) as { loans: { status: string }[] }
      ).loans.map((l) => l.status);
    expect(new Set(await pool())).toEqual(new Set(['UNAVAILABLE']));
    await page.getByRole('button', { name: 'Restore all of Cart 12 (Science)' }).click();
    await page
      .getByRole('dialog', { name: 'Restore all of Cart 12 (Science)?' })
      .getByRole('button', { name: 'Restore all' })
      .click();
    await expect
      .poll(() => page.locator('.notices').textContent())
      .toMatch(/30 loaners of Cart 12 \(Science\) restored/);
    expect(new Set(await pool())).toEqual(new Set(['AVAILABLE']));

    // A unit's serial corrected on its page; another school's serial or a taken one is said beside it.
    await page.goto(`${web.server.url}/loans/1`);
    await page.getByRole('button', { name: 'Correct serial or group' }).click();
    const correct = page.getByRole('form', { name: 'Correct loaner 1' });
    await correct.getByLabel('Serial').fill('SOUTH-02');
    await correct.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => correct.getByRole('alert').textContent()).toMatch(/SOUTH-02 is already loaner 2/);
    await correct.getByLabel('Serial').fill('SOUTH-01A');
    await correct.getByRole('button', { name: 'Save' }).click();
    await page.locator('dd.serial', { hasText: 'SOUTH-01A' }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: /Corrected: serial/ })
      .filter({ hasText: 'Sam South' })
      .waitFor();
    await context.close();
  }, 60_000);

  it('Home, Loans and the scan desk pass axe in both themes at 1280 and 390 px', async () => {
    await web.check(admin, '/', 'home', (p) => p.getByRole('list', { name: 'Loaner pool' }).waitFor());
    await web.check(admin, '/loans?status=ISSUED', 'loans', (p) => p.locator(ROWS).first().waitFor());
    await web.check(desk, '/loans/scan', 'scan-desk', async (p) => {
      await p.getByLabel('Scan a person or a loan').waitFor();
      await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('scan-input');
      await p.keyboard.type('NO-SUCH-SERIAL');
      await p.keyboard.press('Enter');
      await p.locator(NEWEST_SCAN).waitFor();
    });
    const issued = (await loans({ status: 'ISSUED', pageSize: 1 })).loans[0]!;
    await Promise.all([
      web.check(admin, '/loans/add', 'loans-add', (p) => p.getByRole('region', { name: 'Loan groups' }).waitFor()),
      web.check(admin, `/loans/${issued.number}`, 'loan', (p) =>
        p.getByRole('button', { name: `Return loaner ${issued.number}` }).waitFor(),
      ),
    ]);
  }, 120_000);
});
