/**
 * Service targets in a real browser (issue 30, point 5): a school administrator sets the desk's
 * hours and a priority's targets on Settings → Help desk (the server's messages beside the fields it
 * names, the minutes stored as typed in hours), adds and removes a closure day and imports the
 * school's calendar file; a ticket's page says when its first answer and resolution are due, and
 * that the clock is paused while it waits on the requester; the queue lists a ticket past its
 * target with "Past target only", in due order. The pages pass the accessibility and layout checks.
 */
import Sqlite from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useConsole, warnIfBrowserSkipped, type ConsoleApi, type ConsoleUser } from './support.js';

warnIfBrowserSkipped();

const CRLF = '\r\n';
const year = new Date().getFullYear();

/** The school's calendar as its information system exports it: two all-day events, CRLF lines. */
const CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//North High//Calendar//EN',
  'BEGIN:VEVENT',
  `UID:winter-break-${year}@north.example`,
  `DTSTAMP:${year}0101T000000Z`,
  `DTSTART;VALUE=DATE:${year}1221`,
  `DTEND;VALUE=DATE:${year + 1}0104`,
  'SUMMARY:Winter break',
  'END:VEVENT',
  'BEGIN:VEVENT',
  `UID:founders-day-${year}@north.example`,
  `DTSTAMP:${year}0101T000000Z`,
  `DTSTART;VALUE=DATE:${year}0612`,
  `DTEND;VALUE=DATE:${year}0613`,
  "SUMMARY:Founders' day",
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join(CRLF);

/** A calendar date as the console says it (en-GB in these tests): `21 Dec 2026`. */
const dateInWords = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** An instant as the page itself formats it: the browser's Intl, in the school's time zone. */
let schoolTimeZone = 'UTC';
const instantInWords = (page: Page, iso: string) =>
  page.evaluate(
    ([at, timeZone]) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(at)),
    [iso, schoolTimeZone] as const,
  );

const fact = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`);

describe.skipIf(!browserAvailable)('service targets in a browser', () => {
  const web = useConsole();
  let admin: ConsoleUser;
  let adminApi: ConsoleApi;
  /** The ticket waiting on its requester (the third test's), for the page checks. */
  let pendingId = '';

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    adminApi = await web.api(admin);
    schoolTimeZone = (await adminApi.get('/api/auth/me')).json.tenant.timeZone;
  }, 120_000);

  /** Changes a ticket's stored due times as the clock would have left them (the server's own database). */
  const storeTimes = (ticketId: string, set: Record<string, string | null>) => {
    const db = new Sqlite(join(web.server.dir, 'data', 'desk.sqlite'), { timeout: 10_000 });
    try {
      const columns = Object.keys(set);
      db.prepare(`UPDATE tickets SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`).run(
        ...columns.map((c) => set[c]),
        ticketId,
      );
      // The service-target job leaves it alone while the test looks (it would find nothing to send).
      db.prepare('UPDATE ticket_clocks SET next_check_at = NULL WHERE id = ?').run(ticketId);
    } finally {
      db.close();
    }
  };

  it("sets the desk's hours and a priority's targets, with the server's messages beside the fields, kept after a reload", async () => {
    const { page, context } = await web.open(admin, '/settings/helpdesk');
    try {
      await page.getByRole('heading', { name: 'Desk hours', level: 2 }).waitFor();
      const day = (name: string) => page.getByRole('group', { name, exact: true });
      await day('Monday').getByLabel('Opens', { exact: true }).fill('07:30');
      await day('Monday').getByLabel('Closes', { exact: true }).fill('15:00');
      // Open on Saturday until midnight: 00:00 in the field, the server's 24:00.
      await day('Saturday').getByLabel('Open', { exact: true }).check();
      await day('Saturday').getByLabel('Opens', { exact: true }).fill('09:00');
      await day('Saturday').getByLabel('Closes', { exact: true }).fill('00:00');
      // Thursday closing before it opens: the server names Thursday's closing time.
      await day('Thursday').getByLabel('Opens', { exact: true }).fill('12:00');
      await day('Thursday').getByLabel('Closes', { exact: true }).fill('09:00');
      await page.getByRole('button', { name: 'Save desk hours' }).click();
      const thursdayCloses = day('Thursday').getByLabel('Closes', { exact: true });
      await expect.poll(() => thursdayCloses.getAttribute('aria-invalid')).toBe('true');
      expect(await day('Thursday').locator('.field-error').textContent()).toBe('must be after the time it opens');
      expect(await day('Monday').locator('.field-error').count()).toBe(0);

      await thursdayCloses.fill('16:30');
      await day('Thursday').getByLabel('Opens', { exact: true }).fill('08:00');
      await page.getByRole('button', { name: 'Save desk hours' }).click();
      await page.locator('.notice', { hasText: 'Desk hours saved' }).waitFor();
      const hours = (await adminApi.get('/api/settings/business-hours')).json;
      expect(hours).toMatchObject({
        monday: { opens: '07:30', closes: '15:00' },
        thursday: { opens: '08:00', closes: '16:30' },
        saturday: { opens: '09:00', closes: '24:00' },
        sunday: null,
      });

      // Targets in hours: 0:45 and 2.5 stored as 45 and 150 minutes; an empty field is no target.
      const priority = (name: string) => page.getByRole('group', { name, exact: true });
      await priority('Urgent').getByLabel('First answer within (hours)').fill('soon');
      await page.getByRole('button', { name: 'Save service targets' }).click();
      await priority('Urgent')
        .locator('.field-error', { hasText: 'Enter hours, such as 1.5 or 1:30, or leave it empty' })
        .waitFor();
      await priority('Urgent').getByLabel('First answer within (hours)').fill('0:45');
      await priority('Urgent').getByLabel('Resolved within (hours)').fill('2.5');
      await priority('Low').getByLabel('Resolved within (hours)').fill('');
      await page.getByRole('button', { name: 'Save service targets' }).click();
      await page.locator('.notice', { hasText: 'Service targets saved' }).waitFor();
      const targets = (await adminApi.get('/api/settings/service-targets')).json;
      expect(targets).toMatchObject({
        enabled: true,
        URGENT: { firstResponseMinutes: 45, resolutionMinutes: 150 },
        NORMAL: { firstResponseMinutes: 240, resolutionMinutes: 1530 },
        LOW: { firstResponseMinutes: 510, resolutionMinutes: null },
      });

      await page.reload();
      await day('Monday').getByLabel('Opens', { exact: true }).waitFor();
      expect(await day('Monday').getByLabel('Opens', { exact: true }).inputValue()).toBe('07:30');
      expect(await day('Monday').getByLabel('Closes', { exact: true }).inputValue()).toBe('15:00');
      expect(await day('Saturday').getByLabel('Open', { exact: true }).isChecked()).toBe(true);
      expect(await day('Saturday').getByLabel('Closes', { exact: true }).inputValue()).toBe('00:00');
      expect(await day('Sunday').getByLabel('Open', { exact: true }).isChecked()).toBe(false);
      expect(await day('Sunday').getByLabel('Opens', { exact: true }).isDisabled()).toBe(true);
      expect(await priority('Urgent').getByLabel('First answer within (hours)').inputValue()).toBe('0:45');
      expect(await priority('Urgent').getByLabel('Resolved within (hours)').inputValue()).toBe('2.5');
      expect(await priority('Normal').getByLabel('Resolved within (hours)').inputValue()).toBe('25.5');
      expect(await priority('Low').getByLabel('Resolved within (hours)').inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  it("adds a closure day and removes it, and imports the school's calendar file", async () => {
    const { page, context } = await web.open(admin, '/settings/helpdesk');
    try {
      const section = page.getByRole('region', { name: 'Closure days', exact: true });
      await section.getByText('No closure days yet').waitFor();
      await section.getByLabel('Name', { exact: true }).fill('Teacher training day');
      await section.getByLabel('First day', { exact: true }).fill(`${year + 1}-03-05`);
      await section.getByRole('button', { name: 'Add closure day' }).click();
      const table = page.getByRole('region', { name: "The school's closure days", exact: true });
      const training = table.getByRole('row').filter({ hasText: 'Teacher training day' });
      await training.waitFor();
      const when = dateInWords(`${year + 1}-03-05`);
      expect(await training.getByRole('cell').allTextContents()).toEqual([
        'Teacher training day',
        when,
        'Added by hand',
        'Remove',
      ]);

      await page
        .getByRole('button', { name: `Remove the closure day Teacher training day, ${when}`, exact: true })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove closure day' }).click();
      await section.getByText('No closure days yet').waitFor();
      expect((await adminApi.get('/api/closure-days')).json.closureDays).toEqual([]);

      // A file that is not a calendar: the server's reason beside the field, nothing imported.
      const file = page.getByLabel('Import calendar file (.ics)', { exact: true });
      await file.setInputFiles({ name: 'notes.ics', mimeType: 'text/calendar', buffer: Buffer.from('Dear parents,') });
      await section
        .locator('.field-error', {
          hasText: 'notes.ics was not imported: not an iCalendar file: it must start with BEGIN:VCALENDAR',
        })
        .waitFor();
      expect(await file.getAttribute('aria-invalid')).toBe('true');

      await file.setInputFiles({ name: 'north.ics', mimeType: 'text/calendar', buffer: Buffer.from(CALENDAR) });
      const done = section.locator('.closure-import-done', { hasText: /^Imported 2 closure days from / });
      await done.waitFor();
      expect(await done.textContent()).toMatch(
        /^Imported 2 closure days from \d{1,2} \w{3,4} \d{4} to \d{1,2} \w{3,4} \d{4}; (no due times moved|1 ticket's due times moved|\d+ tickets' due times moved)$/,
      );
      expect(await section.locator('.field-error').count()).toBe(0);
      const winter = `${dateInWords(`${year}-12-21`)} – ${dateInWords(`${year + 1}-01-03`)}`;
      await table.getByRole('row').filter({ hasText: 'Winter break' }).filter({ hasText: winter }).waitFor();
      await table
        .getByRole('row')
        .filter({ hasText: "Founders' day" })
        .filter({ hasText: dateInWords(`${year}-06-12`) })
        .filter({ hasText: 'Calendar file' })
        .waitFor();
      const stored = (await adminApi.get('/api/closure-days')).json.closureDays;
      expect(stored.map((d: any) => [d.name, d.startsOn, d.endsOn, d.uid])).toEqual([
        ["Founders' day", `${year}-06-12`, `${year}-06-12`, `founders-day-${year}@north.example`],
        ['Winter break', `${year}-12-21`, `${year + 1}-01-03`, `winter-break-${year}@north.example`],
      ]);
    } finally {
      await context.close();
    }
  });

  it("shows a ticket's first answer and resolution due, and the resolution paused while it waits on the requester", async () => {
    const opened = await adminApi.send('POST', '/api/tickets', {
      subject: 'Printer in the library',
      body: 'Jams on every page',
    });
    expect(opened.status).toBe(201);
    const ticket = opened.json.ticket;
    pendingId = ticket.id;
    expect(ticket.firstResponseDueAt).not.toBeNull();
    expect(ticket.resolutionDueAt).not.toBeNull();
    const { page, context } = await web.open(admin, `/tickets/${ticket.id}`);
    try {
      await page.getByRole('heading', { name: `Ticket ${ticket.number}`, level: 1 }).waitFor();
      expect(await fact(page, 'First answer').textContent()).toBe(
        `Due ${await instantInWords(page, ticket.firstResponseDueAt)}`,
      );
      expect(await fact(page, 'Resolution due').textContent()).toBe(await instantInWords(page, ticket.resolutionDueAt));

      // Waiting on the requester: answered, and the resolution clock stopped where it was.
      expect((await adminApi.send('PATCH', `/api/tickets/${ticket.id}`, { status: 'OPEN' })).status).toBe(200);
      const pending = await adminApi.send('PATCH', `/api/tickets/${ticket.id}`, { status: 'PENDING' });
      expect(pending.status).toBe(200);
      const now = pending.json.ticket;
      await page.reload();
      await fact(page, 'Resolution due').waitFor();
      expect(await fact(page, 'Resolution due').textContent()).toBe(
        `Paused — waiting on the requester (was due ${await instantInWords(page, now.resolutionDueAt)})`,
      );
      expect(await fact(page, 'First answer').textContent()).toBe(
        `Answered ${await instantInWords(page, now.firstRespondedAt)}`,
      );
      expect(await page.getByText('Past target').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('lists a ticket past its target with "Past target only", in due order, and marks it on its page', async () => {
    const opened = await adminApi.send('POST', '/api/tickets', {
      subject: 'Projector dead before exams',
      body: 'The hall projector does not turn on',
      priority: 'URGENT',
    });
    expect(opened.status).toBe(201);
    const ticket = opened.json.ticket;
    // Its first answer was due an hour ago (as a ticket left unanswered would be).
    const due = new Date(Date.now() - 3600_000).toISOString();
    storeTimes(ticket.id, { first_response_due_at: due, due_at: due });

    const { page, context } = await web.open(admin, '/tickets');
    try {
      const rows = page.getByRole('region', { name: 'Tickets' }).locator('tbody tr');
      await rows.first().waitFor();
      await page.getByLabel('Past target only', { exact: true }).check();
      await expect.poll(() => new URL(page.url()).searchParams.get('breached')).toBe('true');
      const row = rows.filter({ hasText: 'Projector dead before exams' });
      await row.waitFor();
      expect(await row.locator('td[data-label="Due"]').textContent()).toBe(
        `${await instantInWords(page, due)} Past target`,
      );
      // Every ticket listed is past a running due time; the one waiting on its requester is not among them.
      await expect.poll(() => rows.filter({ hasText: 'Printer in the library' }).count()).toBe(0);
      for (const cell of await rows.locator('td[data-label="Due"]').all()) {
        expect(await cell.textContent()).toContain('Past target');
      }

      const sorted = page.waitForResponse((r) => /\/api\/tickets\?.*sort=due/.test(r.url()));
      await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Due soonest' });
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('due');
      const answer = await (await sorted).json();
      expect(answer.tickets.length).toBeGreaterThan(0);
      // The rows as the server ordered them: the earliest due time first.
      const order = answer.tickets.map((t: any) => `Ticket ${t.number}`);
      await expect.poll(() => rows.locator('td[data-label="Ticket"]').allTextContents()).toEqual(order);
      const times = await rows
        .locator('td[data-label="Due"] time')
        .evaluateAll((ts) => ts.map((t) => Date.parse(t.getAttribute('datetime')!)));
      expect(times).toEqual([...times].sort((a, b) => a - b));

      await row.getByRole('link', { name: `Ticket ${ticket.number}` }).click();
      await page.getByRole('heading', { name: `Ticket ${ticket.number}`, level: 1 }).waitFor();
      expect(await fact(page, 'First answer').textContent()).toBe(`Due ${await instantInWords(page, due)} Past target`);

      // Answered since, after it was due: late, and no longer past a target.
      const answered = new Date(Date.now() - 60_000).toISOString();
      storeTimes(ticket.id, { first_responded_at: answered, due_at: ticket.resolutionDueAt });
      await page.reload();
      await fact(page, 'First answer').waitFor();
      expect(await fact(page, 'First answer').textContent()).toBe(
        `Answered ${await instantInWords(page, answered)} late`,
      );
    } finally {
      await context.close();
    }
  });

  it('passes the accessibility and layout checks', async () => {
    await web.check(admin, '/settings/helpdesk', 'helpdesk-service-targets', (p) =>
      p.getByRole('region', { name: "The school's closure days", exact: true }).waitFor(),
    );
    await web.check(admin, '/tickets?breached=true&sort=due', 'tickets-past-target', (p) =>
      p.getByRole('region', { name: 'Tickets' }).locator('tbody tr').first().waitFor(),
    );
    await web.check(admin, `/tickets/${pendingId}`, 'ticket-paused', (p) =>
      fact(p, 'Resolution due').getByText('Paused').waitFor(),
    );
  }, 180_000);
});
