/**
 * The help desk's e-mail to requesters in a real browser (issue 30, point 3), against `desk serve`
 * and the loopback SMTP server: a school administrator changes the school's e-mail settings on
 * Settings → Help desk (the server's message beside the field it names, kept after a reload); a
 * technician opens a ticket for a person with an e-mail address, answers it and resolves it on its
 * page, and the page lists each message (the acknowledgement, the reply, the resolution) until it
 * reads "Sent …", as the SMTP server received them; an internal note adds none, and a read-only
 * user's page never asks for them. Both pages pass the accessibility and layout checks.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../support/smtp.js';
import { browserAvailable, useConsole, warnIfBrowserSkipped, type ConsoleApi, type ConsoleUser } from './support.js';

warnIfBrowserSkipped();

/** An instant as the page itself formats it: the browser's Intl, in the school's time zone. */
let schoolTimeZone = 'UTC';
const instantInWords = (page: Page, iso: string) =>
  page.evaluate(
    ([at, timeZone]) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(at)),
    [iso, schoolTimeZone] as const,
  );

/** A received message's body, its quoted-printable soft line breaks undone. */
const bodyOf = (m: ReceivedMail) => m.raw.slice(m.raw.indexOf('\r\n\r\n') + 4).replace(/=\r\n/g, '');

describe.skipIf(!browserAvailable)('e-mail to requesters in a browser', () => {
  let smtp: TestSmtp;
  const env: Record<string, string> = { MAIL_FROM: 'desk@north.example' };
  // Before the console server starts (useConsole's beforeAll runs next): it reads SMTP_URL then.
  beforeAll(async () => {
    smtp = await startSmtp();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp?.close());
  const web = useConsole({ env });
  let admin: ConsoleUser;
  let adminApi: ConsoleApi;
  let tech: ConsoleUser;
  let techApi: ConsoleApi;
  let reader: ConsoleUser;
  let rita: { id: string; name: string; email: string };
  /** The second test's ticket, for the read-only user and the page checks. */
  let ticketId = '';

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    adminApi = await web.api(admin);
    schoolTimeZone = (await adminApi.get('/api/auth/me')).json.tenant.timeZone;
    tech = await web.server.user('technician', { name: 'Theo Tech' });
    techApi = await web.api(tech);
    reader = await web.server.user('read-only', { name: 'Rea Reader' });
    const made = await adminApi.send('POST', '/api/people', {
      name: 'Rita Requester',
      kind: 'STAFF',
      email: 'rita.requester@north.example',
    });
    expect(made.status).toBe(201);
    rita = made.json.person;
  }, 120_000);

  it("changes the school's e-mail to requesters, the server's message beside its field, kept after a reload", async () => {
    const { page, context } = await web.open(admin, '/settings/helpdesk');
    try {
      await page
        .getByRole('navigation', { name: 'Sections of this page' })
        .getByRole('link', { name: 'E-mail to requesters', exact: true })
        .click();
      const section = page.getByRole('region', { name: 'E-mail to requesters', exact: true });
      const enabled = section.getByLabel('E-mail requesters about their tickets', { exact: true });
      const acknowledge = section.getByLabel('Confirm each new ticket by e-mail, with its number', { exact: true });
      const reopen = section.getByLabel('Days a reply can reopen a resolved ticket', { exact: true });
      const remind = section.getByLabel('Days without an answer before one reminder', { exact: true });
      const close = section.getByLabel('Days without an answer before Desk closes the ticket', { exact: true });
      await remind.waitFor();
      // The school's defaults.
      expect(await enabled.isChecked()).toBe(true);
      expect(await acknowledge.isChecked()).toBe(true);
      expect([await reopen.inputValue(), await remind.inputValue(), await close.inputValue()]).toEqual([
        '7',
        '3',
        '10',
      ]);
      expect(await remind.getAttribute('type')).toBe('number');
      expect(await section.getByText('0 turns reminders off.').count()).toBe(1);

      // An empty count is named before anything is sent.
      await remind.fill('');
      await section.getByRole('button', { name: 'Save e-mail settings', exact: true }).click();
      await expect.poll(() => remind.getAttribute('aria-invalid')).toBe('true');
      expect(await section.locator('.field-error').allTextContents()).toEqual([
        'Enter a whole number of days, from 0 to 90',
      ]);

      await remind.fill('5');
      await acknowledge.uncheck();
      // More than the 90 days the server takes: its message beside the field, nothing saved.
      await close.fill('91');
      await section.getByRole('button', { name: 'Save e-mail settings', exact: true }).click();
      await expect.poll(() => close.getAttribute('aria-invalid')).toBe('true');
      const closeError = section.locator('.field-error');
      expect(await closeError.count()).toBe(1);
      expect(await closeError.textContent()).toMatch(/90/);
      expect(await close.getAttribute('aria-describedby')).toBe(await closeError.getAttribute('id'));
      expect(await remind.getAttribute('aria-invalid')).toBeNull();
      expect((await adminApi.get('/api/settings/ticket-mail')).json.waitingReminderDays).toBe(3);

      await close.fill('14');
      await section.getByRole('button', { name: 'Save e-mail settings', exact: true }).click();
      await page.locator('.notice', { hasText: 'E-mail to requesters saved' }).waitFor();
      expect((await adminApi.get('/api/settings/ticket-mail')).json).toEqual({
        enabled: true,
        acknowledge: false,
        reopenDays: 7,
        waitingReminderDays: 5,
        closeAfterDays: 14,
      });

      await page.reload();
      await remind.waitFor();
      expect(await remind.inputValue()).toBe('5');
      expect(await close.inputValue()).toBe('14');
      expect(await reopen.inputValue()).toBe('7');
      expect(await acknowledge.isChecked()).toBe(false);
      expect(await enabled.isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("lists the ticket's e-mail to its requester until each is sent, as the mail server received it; an internal note adds none", async () => {
    // Acknowledgements on again (the first test turned them off): a PUT of nothing is the defaults.
    expect((await adminApi.send('PUT', '/api/settings/ticket-mail', {})).status).toBe(200);
    const { page, context } = await web.open(tech, '/tickets/new');
    try {
      await page.getByLabel('Subject', { exact: true }).fill('Laptop will not charge');
      await page.getByLabel('What is needed', { exact: true }).fill('The charger light stays off');
      await page.getByRole('searchbox', { name: 'Asked by (optional)' }).fill(rita.name);
      await page.getByRole('button', { name: new RegExp(`^${rita.name}`) }).click();
      await page.getByRole('button', { name: 'Open the ticket', exact: true }).click();
      const heading = page.getByRole('heading', { name: /^Ticket \d+$/, level: 1 });
      await heading.waitFor();
      const number = Number((await heading.textContent())!.replace('Ticket ', ''));
      ticketId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      const mailOf = () => smtp.received.filter((m) => m.subject.includes(`[#${number}]`));

      const section = page.getByRole('region', { name: 'E-mail to the requester', exact: true });
      const rows = section.locator('tbody tr');
      const states = () => rows.locator('td[data-label="State"]').allTextContents();
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().locator('td[data-label="E-mail"]').textContent()).toBe('Acknowledgement');

      // A public reply: the requester's next e-mail.
      await page.getByLabel('Comment', { exact: true }).fill('Bring it to the IT office after lunch.');
      await page.getByRole('button', { name: 'Add comment', exact: true }).click();
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.nth(1).locator('td[data-label="E-mail"]').textContent()).toBe('Reply');

      // Resolved on the page: a third message, listed as soon as the status is saved.
      const status = page.getByLabel('Status', { exact: true });
      for (const to of ['Open', 'Resolved']) {
        await status.selectOption({ label: to });
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await expect.poll(() => page.locator('dt:text-is("Status") + dd').textContent()).toBe(to);
      }
      await expect.poll(() => rows.count()).toBe(3);

      // The ticket-mail job sends every ten seconds; the page looks again while any is on its way.
      await expect
        .poll(states, { timeout: 60_000, interval: 1_000 })
        .toEqual([expect.stringMatching(/^Sent /), expect.stringMatching(/^Sent /), expect.stringMatching(/^Sent /)]);
      const messages = (await techApi.get(`/api/tickets/${ticketId}/messages`)).json.messages;
      expect(messages.map((m: any) => [m.kind, m.status, m.to])).toEqual([
        ['received', 'sent', [rita.email]],
        ['reply', 'sent', [rita.email]],
        ['resolved', 'sent', [rita.email]],
      ]);
      const shown = await Promise.all(
        messages.map(async (m: any) => [
          { received: 'Acknowledgement', reply: 'Reply', resolved: 'Resolved' }[m.kind as string],
          rita.email,
          await instantInWords(page, m.createdAt),
          `Sent ${await instantInWords(page, m.sentAt)}`,
        ]),
      );
      expect(await Promise.all((await rows.all()).map((r) => r.getByRole('cell').allTextContents()))).toEqual(shown);

      await expect.poll(() => mailOf().length, { timeout: 10_000 }).toBe(3);
      const mail = mailOf();
      expect(mail.map((m) => [m.subject, m.to])).toEqual([
        [`[#${number}] Laptop will not charge`, [rita.email]],
        [`Re: [#${number}] Laptop will not charge`, [rita.email]],
        [`Re: [#${number}] Laptop will not charge`, [rita.email]],
      ]);
      expect(bodyOf(mail[1]!)).toContain('Bring it to the IT office after lunch.');

      // An internal note: the desk's own words, never e-mailed.
      await page.getByLabel('Internal note (only the IT team sees it)', { exact: true }).check();
      await page.getByLabel('Internal note', { exact: true }).fill('Battery swollen: order a new one');
      const reloaded = page.waitForResponse((r) => r.url().endsWith(`/api/tickets/${ticketId}/messages`));
      await page.getByRole('button', { name: 'Add internal note', exact: true }).click();
      await page.getByRole('article', { name: 'Internal note by Theo Tech', exact: true }).waitFor();
      expect((await (await reloaded).json()).messages).toHaveLength(3);
      expect(await rows.count()).toBe(3);
      expect((await techApi.get(`/api/tickets/${ticketId}/messages`)).json.messages).toHaveLength(3);
      expect(
        mailOf()
          .map((m) => m.raw)
          .join('\n'),
      ).not.toContain('Battery swollen');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('says "No e-mail yet" for a ticket without any, and never asks for them as a read-only user', async () => {
    const silent = await techApi.send('POST', '/api/tickets', { subject: 'Projector remote lost', body: 'Room 2.14' });
    expect(silent.status).toBe(201);
    const { page, context } = await web.open(tech, `/tickets/${silent.json.ticket.id}`);
    try {
      await page
        .getByRole('region', { name: 'E-mail to the requester', exact: true })
        .getByText('No e-mail yet.', { exact: true })
        .waitFor();
    } finally {
      await context.close();
    }

    const read = await web.open(reader, '/');
    try {
      const asked: string[] = [];
      read.page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await read.page.goto(`${web.server.schoolUrl}/tickets/${ticketId}`);
      await read.page.getByRole('heading', { name: 'Laptop will not charge', level: 2 }).waitFor();
      await read.page.getByRole('heading', { name: 'Conversation', level: 2 }).waitFor();
      expect(await read.page.getByRole('heading', { name: 'E-mail to the requester' }).count()).toBe(0);
      expect(asked).toContain(`/api/tickets/${ticketId}`);
      expect(asked.filter((p) => p.endsWith('/messages'))).toEqual([]);
    } finally {
      await read.context.close();
    }
  });

  it('keeps what a member of staff chose to hear of by e-mail, and tells one without a staff record why there is nothing to choose', async () => {
    const made = await adminApi.send('POST', '/api/people', { name: 'Theo Tech', kind: 'STAFF', email: tech.email });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const { page, context } = await web.open(tech, '/settings/helpdesk#my-mail-title');
    try {
      const section = page.getByRole('region', { name: 'My e-mail', exact: true });
      const fresh = section.getByLabel('E-mail me about each new ticket for my teams', { exact: true });
      const answers = section.getByLabel('E-mail me when someone answers on a ticket of my teams', { exact: true });
      await fresh.waitFor();
      expect([await fresh.isChecked(), await answers.isChecked()]).toEqual([false, false]);
      expect(await section.getByText('You are in no team yet', { exact: false }).count()).toBe(1);
      await fresh.check();
      await section.getByRole('button', { name: 'Save my e-mail', exact: true }).click();
      await page.locator('.notice', { hasText: 'Your e-mail choices saved' }).waitFor();
      expect((await techApi.get('/api/me/ticket-mail')).json).toMatchObject({ newTickets: true, replies: false });
      await page.reload();
      await fresh.waitFor();
      expect([await fresh.isChecked(), await answers.isChecked()]).toEqual([true, false]);
    } finally {
      await context.close();
    }
    const other = await web.open(admin, '/settings/helpdesk#my-mail-title');
    try {
      const section = other.page.getByRole('region', { name: 'My e-mail', exact: true });
      await section.getByText('not a member of staff of the school', { exact: false }).waitFor();
      expect(await section.getByRole('checkbox').count()).toBe(0);
    } finally {
      await other.context.close();
    }
  });

  it('passes the accessibility and layout checks', async () => {
    await web.check(admin, '/settings/helpdesk', 'helpdesk-ticket-mail', (p) =>
      p
        .getByRole('region', { name: 'E-mail to requesters', exact: true })
        .getByLabel('Days without an answer before Desk closes the ticket', { exact: true })
        .waitFor(),
    );
    await web.check(tech, `/tickets/${ticketId}`, 'ticket-mail', (p) =>
      p
        .getByRole('region', { name: 'E-mail to the requester', exact: true })
        .locator('td[data-label="State"]', { hasText: /^Sent / })
        .first()
        .waitFor(),
    );
  }, 180_000);
});
