/**
 * People and devices in a real browser (issue 13, points 4 and 8): adding a person with a bad e-mail
 * address (the server's message beside the field, then the person stored), correcting one, a
 * profile showing a loan issued through the API, the list's search and page surviving a reload,
 * registering a device with a field error and assigning it (its history says so), what a teacher is
 * not offered, and every page checked for accessibility in both themes at both widths.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useConsole, warnIfBrowserSkipped, type ConsoleApi, type ConsoleUser } from './support.js';

warnIfBrowserSkipped();

interface Person {
  id: string;
  name: string;
  email: string | null;
  userGroup: string | null;
}

describe.skipIf(!browserAvailable)('people and devices in the console', () => {
  const web = useConsole();
  let admin: ConsoleUser;
  let teacher: ConsoleUser;
  /** The records API as the administrator, outside the browser: to set things up and to check what is stored. */
  let call: ConsoleApi['send'];

  const personNamed = async (name: string): Promise<Person | undefined> =>
    (await call<{ people: Person[] }>('GET', `/api/people?q=${encodeURIComponent(name)}`)).json.people.find(
      (p) => p.name === name,
    );

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    teacher = await web.server.user('teacher', { name: 'Tom Teacher' });
    call = (await web.api(admin)).send;
  }, 120_000);

  it('adds a person: a bad e-mail address is refused beside its field, then the person is stored', async () => {
    // The server's own words for this address, to find beside the field.
    const refused = await call<{ errors: { pointer: string; detail: string }[] }>('POST', '/api/people', {
      name: 'Nobody',
      kind: 'PUPIL',
      email: 'not-an-address',
    });
    expect(refused.status).toBe(400);
    const message = refused.json.errors.find((e) => e.pointer === '/email')!.detail;

    const { page } = await web.open(admin, '/people');
    try {
      await page.getByRole('link', { name: 'New person' }).click();
      await page.getByRole('heading', { name: 'New person' }).waitFor();
      await page.getByLabel('Name').fill('Zoë Quill');
      await page.getByLabel('E-mail').fill('not-an-address');
      await page.getByLabel('Class or department').fill('8C');
      await page.getByRole('button', { name: 'Add person' }).click();
      const email = page.getByLabel('E-mail');
      await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await email.getAttribute('aria-describedby'))!;
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(message);
      // The keyboard is taken to the field, so its message is read out.
      await expect.poll(() => page.locator('input[type=email]:focus').count()).toBe(1);
      expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBeNull();

      await email.fill('Zoe.Quill@North.example');
      await page.getByRole('button', { name: 'Add person' }).click();
      await page.getByRole('heading', { name: 'Zoë Quill' }).waitFor();
      const stored = await personNamed('Zoë Quill');
      expect(stored).toMatchObject({ email: 'zoe.quill@north.example', userGroup: '8C' });
      expect(new URL(page.url()).pathname).toBe(`/people/${stored!.id}`);
    } finally {
      await page.context().close();
    }
  });

  it('corrects a person, and archives and restores them, each confirmed', async () => {
    const { json: body } = await call<{ person: Person }>('POST', '/api/people', { name: 'Ed Itable', kind: 'STAFF' });
    const { page } = await web.open(admin, `/people/${body.person.id}`);
    try {
      await page.getByRole('link', { name: 'Edit' }).click();
      await page.getByRole('heading', { name: 'Edit Ed Itable' }).waitFor();
      await page.getByLabel('Class or department').fill('Science');
      await page.getByLabel('External id').fill('MIS-ED-1');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('heading', { name: 'Ed Itable' }).waitFor();
      await expect.poll(() => page.locator('.facts').first().textContent()).toContain('Science');
      expect(await personNamed('Ed Itable')).toMatchObject({ userGroup: 'Science' });

      await page.getByRole('button', { name: 'Archive' }).click();
      const dialog = page.getByRole('dialog', { name: 'Archive Ed Itable?' });
      await dialog.getByRole('button', { name: 'Archive' }).click();
      await page.getByRole('button', { name: 'Restore' }).waitFor();
      expect(
        (await call<{ person: { archivedAt: string | null } }>('GET', `/api/people/${body.person.id}`)).json.person
          .archivedAt,
      ).not.toBeNull();
      await page.getByRole('button', { name: 'Restore' }).click();
      await page.getByRole('dialog', { name: 'Restore Ed Itable?' }).getByRole('button', { name: 'Restore' }).click();
      await page.getByRole('button', { name: 'Archive' }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('shows the loans a person holds on their profile, and a loan issued meanwhile without a reload', async () => {
    const { json: body } = await call<{ person: Person }>('POST', '/api/people', {
      name: 'Lena Loaner',
      kind: 'PUPIL',
    });
    const available = await call<{ loans: { number: number; serial: string }[] }>(
      'GET',
      '/api/loans/inventory?status=AVAILABLE&pageSize=2',
    );
    const [first, second] = available.json.loans;
    const issued = await call('POST', `/api/loans/${first!.number}/issue`, { holderId: body.person.id, dueDate: null });
    expect(issued.status).toBe(200);
    const { page } = await web.open(admin, `/people/${body.person.id}`);
    try {
      const loans = page.getByRole('region', { name: 'Loans held by Lena Loaner' });
      await expect.poll(() => loans.textContent()).toContain(first!.serial);
      await expect.poll(() => page.locator('.live').textContent()).toBe('Live');
      await call('POST', `/api/loans/${second!.number}/issue`, { holderId: body.person.id });
      await expect.poll(() => loans.textContent(), { timeout: 10_000 }).toContain(second!.serial);
    } finally {
      await page.context().close();
    }
  });

  it('goes to the lists with g d and g p, and keeps the search and the page in the address through a reload', async () => {
    const { page } = await web.open(admin, '/');
    try {
      // `g d` and `g p` go to the two lists.
      await page.keyboard.press('g');
      await page.keyboard.press('d');
      await page.getByRole('heading', { name: 'Devices' }).waitFor();
      await page.keyboard.press('g');
      await page.keyboard.press('p');
      await page.getByRole('region', { name: 'People' }).waitFor();
      await page.getByLabel('Search people').fill('a');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('a');
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Pages of people' }).textContent())
        .toContain('page 2 of');
      const rows = await page.getByRole('region', { name: 'People' }).locator('tbody tr').allTextContents();
      await page.reload();
      await page.getByRole('region', { name: 'People' }).waitFor();
      expect(await page.getByLabel('Search people').inputValue()).toBe('a');
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Pages of people' }).textContent())
        .toContain('page 2 of');
      expect(await page.getByRole('region', { name: 'People' }).locator('tbody tr').allTextContents()).toEqual(rows);
      // Filters: staff only, in the address too.
      await page.getByLabel('Kind').selectOption('STAFF');
      await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('STAFF');
      expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    } finally {
      await page.context().close();
    }
  });

  it('registers a device (a field error first), assigns it to a person found by search, and its history says so', async () => {
    await call('POST', '/api/people', { name: 'Hal Holder', kind: 'STAFF', userGroup: 'Maths' });
    const { page } = await web.open(admin, '/devices');
    try {
      await page.getByRole('link', { name: 'New device' }).click();
      await page.getByLabel('Serial').fill('WEB-TEST-0001');
      await page.getByRole('button', { name: 'Register device' }).click();
      const kind = page.getByLabel('Kind');
      await expect.poll(() => kind.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`[id="${await kind.getAttribute('aria-describedby')}"]`).textContent()).toMatch(/\w/);
      await kind.fill('LAPTOP');
      await page.getByLabel('Purchase cost (EUR)').fill('499.99');
      await page.getByRole('button', { name: 'Register device' }).click();
      await page.getByRole('heading', { name: 'Device WEB-TEST-0001' }).waitFor();
      expect(await page.locator('.facts').textContent()).toContain('€499.99');

      // Only the moves the state machine allows from IN_STOCK are offered.
      const moves = await page.getByLabel('Move to').locator('option').allTextContents();
      expect(moves).toEqual(['Choose a status', 'In use', 'In repair', 'Retired']);

      await page.getByLabel('Assign to').fill('Hal Hold');
      await page.getByRole('button', { name: 'Hal Holder' }).click();
      const history = page.getByRole('region', { name: 'History of device WEB-TEST-0001' });
      await expect.poll(() => history.textContent(), { timeout: 10_000 }).toContain('Assigned to Hal Holder');
      await expect.poll(() => page.locator('.facts').textContent()).toContain('In use');
      const stored = await call<{ devices: { assignedPersonId: string; status: string }[] }>(
        'GET',
        '/api/devices?q=WEB-TEST-0001',
      );
      expect(stored.json.devices[0]).toMatchObject({ status: 'IN_USE' });
      expect(stored.json.devices[0]!.assignedPersonId).toBe((await personNamed('Hal Holder'))!.id);

      // Into repair: the history adds the move, and the offered moves change with the status.
      await page.getByLabel('Move to').selectOption('IN_REPAIR');
      await page.getByRole('button', { name: 'Change status' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Change status' }).click();
      await expect.poll(() => history.textContent()).toContain('Status In use → In repair');
      // The record and its history reload side by side: wait for the record's answer too.
      await expect
        .poll(() => page.getByLabel('Move to').locator('option').allTextContents())
        .toEqual(['Choose a status', 'In use', 'In stock', 'Retired']);
    } finally {
      await page.context().close();
    }
  });

  it('offers a teacher the people they may see, but no "New person" and no devices', async () => {
    const { page } = await web.open(teacher, '/people');
    try {
      await page.getByRole('region', { name: 'People' }).waitFor();
      expect(await page.getByRole('link', { name: 'New person' }).count()).toBe(0);
      const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
      expect(links).toContain('People');
      expect(links).not.toContain('Devices');
      await page.goto(`${web.server.schoolUrl}/people/new`);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(await page.getByLabel('Name').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('has accessible people and device pages in both themes, at both widths', async () => {
    const someone = (await call<{ people: Person[] }>('GET', '/api/people?pageSize=1')).json.people[0]!;
    const device = (
      await call<{ devices: { id: string; serial: string }[] }>('GET', '/api/devices?status=IN_USE&pageSize=1')
    ).json.devices[0]!;
    const heading = (name: string) => (page: Page) => page.getByRole('heading', { name }).waitFor();
    await Promise.all([
      web.check(admin, '/people', 'people', (p) => p.getByRole('region', { name: 'People' }).waitFor()),
      web.check(admin, `/people/${someone.id}`, 'person', heading(someone.name)),
      web.check(admin, '/people/new', 'person-new', heading('New person')),
      web.check(admin, '/devices', 'devices', (p) => p.getByRole('region', { name: 'Devices' }).waitFor()),
      web.check(admin, `/devices/${device.id}`, 'device', async (p) => {
        await p.getByRole('heading', { name: `Device ${device.serial}` }).waitFor();
        await expect.poll(() => p.locator('.loading').count()).toBe(0);
      }),
    ]);
  }, 180_000);
});
