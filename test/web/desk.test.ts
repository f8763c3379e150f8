/**
 * Repairs and tickets in a real browser (issue 13, points 4 and 8): a repair walked through its moves
 * to resolved with a cost (a bad amount shown beside the field; the stored status and cost read back
 * through the API), a ticket assigned, moved, commented on and given an internal note marked as such;
 * what someone without ticket.manage sees (no internal-note box, and never the note through the API);
 * a ticket opened through the API appearing on an open list page; and each page checked for
 * accessibility in both themes at both widths.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  screenshot,
  useConsole,
  warnIfBrowserSkipped,
  type ConsoleApi,
  type ConsoleUser,
} from './support.js';

warnIfBrowserSkipped();

describe.skipIf(!browserAvailable)('repairs and tickets in a browser', () => {
  const web = useConsole();
  let tech: ConsoleUser;
  let teacher: ConsoleUser;
  let reader: ConsoleUser;
  let techApi: ConsoleApi;
  let teacherApi: ConsoleApi;
  let readerApi: ConsoleApi;
  /** The technician's own person record (same e-mail): who "me" is on the desk's records. */
  let theo: { id: string; name: string };
  let serial: string;
  let deviceId: string;

  beforeAll(async () => {
    const admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    tech = await web.server.user('technician', { name: 'Theo Tech', email: 'theo@north.example' });
    teacher = await web.server.user('teacher', { name: 'Tom Teacher' });
    reader = await web.server.user('read-only', { name: 'Rita Reader' });
    [techApi, teacherApi, readerApi] = await Promise.all([web.api(tech), web.api(teacher), web.api(reader)]);
    const adminApi = await web.api(admin);
    const person = await adminApi.send('POST', '/api/people', {
      name: 'Theo Tech',
      kind: 'STAFF',
      email: 'theo@north.example',
    });
    expect(person.status).toBe(201);
    theo = person.json.person;
    const devices = await techApi.get('/api/devices?status=IN_USE&pageSize=1');
    serial = devices.json.devices[0].serial;
    deviceId = devices.json.devices[0].id;
  }, 120_000);

  const fact = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`);

  it('walks a repair from reported to resolved with its cost; a bad amount is named beside the field', async () => {
    const { page, context, problems } = await web.open(tech, '/repairs/new');
    try {
      await page.getByRole('heading', { name: 'Report a repair' }).waitFor();
      // A serial typed but not chosen is said to be typed; one Desk does not know is named at the field.
      const field = page.getByRole('searchbox', { name: 'Device' });
      await field.fill('NOT-A-SERIAL-9');
      await page.getByText('Typed: NOT-A-SERIAL-9 (none of the matches is chosen)').waitFor();
      await page.getByLabel('What is wrong').fill('The screen stays black');
      await page.getByRole('button', { name: 'Report the repair' }).click();
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      expect(
        await page.locator(`[id="${(await field.getAttribute('aria-describedby'))!.split(' ')[0]}"]`).textContent(),
      ).toBe('No device or loaner of this school has the serial NOT-A-SERIAL-9.');
      await field.fill(serial);
      await page.getByRole('button', { name: new RegExp(`^${serial}`) }).click();
      await page.getByText(new RegExp(`^Chosen: ${serial}`)).waitFor();
      await page.getByRole('button', { name: 'Report the repair' }).click();
      await page.getByRole('heading', { name: /^Repair \d+$/ }).waitFor();
      const id = new URL(page.url()).pathname.split('/').pop()!;
      expect(await fact(page, 'Status').textContent()).toBe('New');
      // From NEW: into repair (whoever takes it is assigned), or closed.
      expect(await page.getByLabel('New status').locator('option').allTextContents()).toEqual([
        'In repair (assigned to you)',
        'Closed (no repair needed)',
      ]);

      // With the keyboard: Enter takes the only match, then sends the form.
      const staff = page.getByLabel('Member of staff', { exact: true });
      await staff.fill('Theo Tech');
      await page.getByRole('button', { name: /^Theo Tech/ }).waitFor();
      await staff.press('Enter');
      await page.getByText(/^Chosen: Theo Tech/).waitFor();
      await staff.press('Enter');
      await expect.poll(() => fact(page, 'Assigned to').textContent()).toBe('Theo Tech');
      await expect.poll(() => fact(page, 'Status').textContent()).toBe('Assigned');
      expect(await page.getByLabel('New status').locator('option').allTextContents()).toEqual([
        'In repair',
        'Closed (no repair needed)',
      ]);

      await page.getByLabel('New status').selectOption('IN_REPAIR');
      await page.getByRole('button', { name: 'Move to in repair' }).click();
      await expect.poll(() => fact(page, 'Status').textContent()).toBe('In repair');
      expect(await page.getByLabel('New status').locator('option').allTextContents()).toEqual(['Resolved']);

      // The device's page says it is under repair, with a link back to this repair.
      await page.goto(`${web.server.schoolUrl}/devices/${deviceId}`);
      const notice = page.getByRole('status').filter({ hasText: 'Under repair' });
      await notice.waitFor();
      await notice.getByRole('link', { name: /^Repair \d+$/ }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/repairs/${id}`);
      await expect.poll(() => fact(page, 'Status').textContent()).toBe('In repair');

      // Not money: the form says so beside the amount, and nothing is sent.
      const amount = page.getByLabel('Cost (EUR)');
      await amount.fill('twelve');
      await page.getByLabel('Who pays').selectOption('WARRANTY');
      await page.getByRole('button', { name: 'Resolve the repair' }).click();
      await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByText(/Enter the cost in EUR/).isVisible()).toBe(true);
      // Money the server refuses (below 0): its own words, beside the field it named (`cost/amountMinor`).
      await amount.fill('-5');
      await page.getByRole('button', { name: 'Resolve the repair' }).click();
      await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
      const described = await amount.getAttribute('aria-describedby');
      const message = await page.locator(`[id="${described}"]`).textContent();
      expect(message).not.toMatch(/Enter the cost/);
      expect(message).toBeTruthy();
      expect((await techApi.get(`/api/submissions/${id}`)).json.submission.status).toBe('IN_REPAIR');

      await amount.fill('125.50');
      await page.getByRole('button', { name: 'Resolve the repair' }).click();
      await expect.poll(() => fact(page, 'Status').textContent()).toBe('Resolved');
      expect(await fact(page, 'Cost').textContent()).toBe('€125.50');
      expect(await fact(page, 'Who pays').textContent()).toBe('Warranty');
      expect(await page.getByLabel('New status').locator('option').allTextContents()).toEqual(['Closed']);

      const stored = (await techApi.get(`/api/submissions/${id}`)).json.submission;
      expect(stored).toMatchObject({ status: 'RESOLVED', costMinor: 12550, coverage: 'WARRANTY', assigneeId: theo.id });
      const costs = (await techApi.get('/api/costs?type=REPAIR&pageSize=100')).json.costs;
      expect(costs).toContainEqual(
        expect.objectContaining({ amountMinor: 12550, coverage: 'WARRANTY', source: `submission:${stored.number}` }),
      );
      // The story, in words, with who and when.
      const story = page.getByRole('region', { name: `History of repair ${stored.number}` });
      const line = (what: RegExp) => story.getByRole('row').filter({ hasText: what }).filter({ hasText: 'Theo Tech' });
      await line(/^.*In repair → Resolved; cost €125\.50 \(Warranty pays\)/).waitFor();
      await line(/Assigned → In repair/).waitFor();
      await line(/Assigned to Theo Tech/).waitFor();
      await line(/Reported/).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('takes a new repair of a loaner straight into repair: the loaner leaves the pool, its page says so, and it comes back', async () => {
    const loaner = (await techApi.get('/api/loans/inventory?status=AVAILABLE&pageSize=1')).json.loans[0];
    const lodged = await techApi.send('POST', '/api/submissions', {
      serial: loaner.serial,
      description: 'Hinge cracked',
    });
    expect(lodged.status).toBe(201);
    const repair = lodged.json.submission;
    const { page, context } = await web.open(tech, `/repairs/${repair.id}`);
    try {
      await page.getByLabel('New status').selectOption('IN_REPAIR');
      await page.getByLabel('Note (optional)').fill('Sent to the repairer');
      await page.getByRole('button', { name: 'Move to in repair' }).click();
      await expect.poll(() => fact(page, 'Status').textContent()).toBe('In repair');
      expect(await fact(page, 'Assigned to').textContent()).toBe('Theo Tech');
      await page
        .getByRole('region', { name: `History of repair ${repair.number}` })
        .getByRole('row')
        .filter({ hasText: 'New → In repair; taken by Theo Tech: “Sent to the repairer”' })
        .waitFor();

      // The loaner's page: out of the pool, with a link to the repair; no Issue.
      await page.goto(`${web.server.schoolUrl}/loans/${loaner.number}`);
      const notice = page.getByRole('status').filter({ hasText: 'Under repair' });
      await notice.waitFor();
      expect(await notice.textContent()).toContain('cannot be issued until the repair is resolved');
      expect(await fact(page, 'Status').textContent()).toMatch(/Unavailable/);
      expect(await page.getByRole('button', { name: `Issue loaner ${loaner.number}` }).count()).toBe(0);
      const inPool = (await techApi.get(`/api/loans/inventory?q=${loaner.serial}`)).json.loans[0];
      expect(inPool.status).toBe('UNAVAILABLE');
      await notice.getByRole('link', { name: `Repair ${repair.number}` }).click();
      await page.getByRole('heading', { name: `Repair ${repair.number}` }).waitFor();

      await page.getByLabel('Cost (EUR)').fill('0');
      await page.getByLabel('Who pays').selectOption('SCHOOL');
      await page.getByRole('button', { name: 'Resolve the repair' }).click();
      await expect.poll(() => fact(page, 'Status').textContent()).toBe('Resolved');
      await expect
        .poll(async () => (await techApi.get(`/api/loans/inventory?q=${loaner.serial}`)).json.loans[0].status)
        .toBe('AVAILABLE');
      await page.goto(`${web.server.schoolUrl}/loans/${loaner.number}`);
      await page.getByRole('button', { name: `Issue loaner ${loaner.number}` }).waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Under repair' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('assigns a ticket, moves it, and adds a comment and an internal note, the note marked as such', async () => {
    const { page, context, problems } = await web.open(tech, '/tickets/new');
    try {
      await page.getByLabel('Subject').fill('Projector in 2.14 shows no picture');
      await page.getByLabel('What is needed').fill('No HDMI signal since Monday');
      await page.getByLabel('Priority').selectOption('HIGH');
      await page.getByRole('button', { name: 'Open the ticket' }).click();
      await page.getByRole('heading', { name: /^Ticket \d+$/ }).waitFor();
      const id = new URL(page.url()).pathname.split('/').pop()!;

      await page.getByRole('button', { name: 'Assign to me' }).click();
      await expect.poll(() => fact(page, 'Assigned to').textContent()).toBe('Theo Tech');
      // Only the moves the ticket can make from NEW are offered.
      expect(await page.getByLabel('Status', { exact: true }).locator('option').allTextContents()).toEqual([
        'New (now)',
        'Open',
      ]);
      await page.getByLabel('Status', { exact: true }).selectOption('OPEN');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => fact(page, 'Status').textContent()).toBe('Open');

      await page.getByLabel('Comment').fill('We are on our way with a new cable');
      await page.getByRole('button', { name: 'Add comment' }).click();
      await page.getByRole('article', { name: 'Comment by Theo Tech' }).waitFor();
      await page.getByLabel('Internal note (only the IT team sees it)').check();
      await page.getByLabel('Internal note', { exact: true }).fill('Cable was cut; charge the department');
      await page.getByRole('button', { name: 'Add internal note' }).click();
      const note = page.getByRole('article', { name: 'Internal note by Theo Tech' });
      await note.waitFor();
      expect(await note.getByText('Internal note', { exact: true }).isVisible()).toBe(true);
      expect(await note.locator('xpath=..').getAttribute('class')).toContain('ticket-comment-internal');
      await screenshot(page, 'ticket-thread-1280-light');
      const comment = page.getByRole('article', { name: 'Comment by Theo Tech' });
      expect(await comment.getByText('Internal note', { exact: true }).count()).toBe(0);

      const ticket = (await techApi.get(`/api/tickets/${id}`)).json.ticket;
      expect(ticket).toMatchObject({ status: 'OPEN', priority: 'HIGH', assigneeId: theo.id });
      const desk = (await techApi.get(`/api/tickets/${id}/comments`)).json.comments;
      expect(desk.map((c: { internal: boolean }) => c.internal)).toEqual([false, true]);

      // "Assigned to me" lists it.
      await page.goto(`${web.server.schoolUrl}/tickets?mine=1`);
      await page.getByRole('link', { name: `Ticket ${ticket.number}` }).waitFor();
      expect(await page.getByLabel('Assigned to me').isChecked()).toBe(true);
      expect(problems).toEqual([]);

      // Without ticket.manage: no internal-note box, and the note never reaches them.
      const read = await web.open(reader, `/tickets/${id}`);
      try {
        await read.page.getByRole('article', { name: 'Comment by Theo Tech' }).waitFor();
        expect(await read.page.getByText('Cable was cut').count()).toBe(0);
        expect(await read.page.getByLabel(/Internal note/).count()).toBe(0);
      } finally {
        await read.context.close();
      }
      const teacherView = await web.open(teacher, `/tickets/${id}`);
      try {
        await teacherView.page.getByRole('heading', { level: 1 }).waitFor();
        expect(await teacherView.page.getByText('Cable was cut').count()).toBe(0);
        expect(await teacherView.page.getByLabel(/Internal note/).count()).toBe(0);
      } finally {
        await teacherView.context.close();
      }
      const readerComments = await readerApi.get(`/api/tickets/${id}/comments`);
      expect(readerComments.status).toBe(200);
      expect(readerComments.json.comments.map((c: { internal: boolean }) => c.internal)).toEqual([false]);
      expect(readerComments.json.total).toBe(1);
      expect((await teacherApi.get(`/api/tickets/${id}/comments`)).status).toBe(403);
      expect((await teacherApi.send('POST', `/api/tickets/${id}/comments`, { body: 'x', internal: true })).status).toBe(
        403,
      );
    } finally {
      await context.close();
    }
  });

  it('shows a ticket opened through the API on an open list page, without a reload', async () => {
    const { page, context, problems } = await web.open(tech, '/tickets');
    try {
      await page.getByRole('heading', { name: 'Tickets' }).waitFor();
      await page.getByRole('region', { name: 'Tickets' }).waitFor();
      await expect.poll(() => page.locator('.live').textContent()).toBe('Live');
      const opened = await techApi.send('POST', '/api/tickets', {
        subject: 'Smartboard in 1.05 does not wake up',
        body: 'Since the update',
      });
      expect(opened.status).toBe(201);
      await page.getByRole('link', { name: `Ticket ${opened.json.ticket.number}` }).waitFor({ timeout: 10_000 });
      expect(await page.getByText('Smartboard in 1.05 does not wake up').isVisible()).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offers a teacher the way to report a repair and open a ticket, and nothing of the queues', async () => {
    const { page, context } = await web.open(teacher, '/tickets');
    try {
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Repairs' }).isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: 'Tickets' }).isVisible()).toBe(true);
      await page.getByRole('link', { name: 'New ticket' }).click();
      await page.getByLabel('Subject').fill('Printer in the staff room jams');
      await page.getByLabel('What is needed').fill('Every second page');
      expect(await page.getByLabel(/Asked by/).count()).toBe(0);
      await page.getByRole('button', { name: 'Open the ticket' }).click();
      await page.getByRole('heading', { name: 'Ticket opened' }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('passes the accessibility and layout checks on the list and detail pages', async () => {
    const repair = (await techApi.get('/api/submissions?pageSize=1')).json.submissions[0];
    const ticket = (await techApi.get('/api/tickets?pageSize=1')).json.tickets[0];
    const rows = (page: Page) => page.getByRole('region').locator('tbody tr').first().waitFor();
    await web.check(tech, '/repairs', 'repairs', rows);
    await web.check(tech, `/repairs/${repair.id}`, 'repair', (page) =>
      page.getByRole('heading', { name: `Repair ${repair.number}` }).waitFor(),
    );
    await web.check(tech, '/tickets', 'tickets', rows);
    await web.check(tech, `/tickets/${ticket.id}`, 'ticket', (page) =>
      page.getByRole('heading', { name: 'Conversation' }).waitFor(),
    );
  }, 240_000);
});
