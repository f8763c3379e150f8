/**
 * Mail in, in a real browser (issue 30, point 2): a school administrator adds a mailbox on Settings →
 * Help desk (the server's message beside the field it names, a second mailbox of the same address
 * refused in plain words), finds it listed after a reload, tests it against a loopback port where
 * nothing listens and reads why beside its row, and removes it; the messages Desk could not read are
 * listed under it. A technician, who may not keep the school's mailboxes, never sees them. A ticket
 * whose mail brought files lists each as a download that works, and says which comments came by
 * e-mail. Both pages pass the accessibility and layout checks.
 */
import Sqlite from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useConsole, warnIfBrowserSkipped, type ConsoleApi, type ConsoleUser } from './support.js';

warnIfBrowserSkipped();

/** A loopback port that nothing listens on: bound for a moment, then let go. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** An instant as the page itself formats it: the browser's Intl, in the school's time zone. */
let schoolTimeZone = 'UTC';
const instantInWords = (page: Page, iso: string) =>
  page.evaluate(
    ([at, timeZone]) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(at)),
    [iso, schoolTimeZone] as const,
  );

describe.skipIf(!browserAvailable)('mailboxes and the files of a ticket in a browser', () => {
  const web = useConsole();
  let admin: ConsoleUser;
  let adminApi: ConsoleApi;
  let tech: ConsoleUser;
  let techApi: ConsoleApi;
  let port = 0;
  /** The third test's ticket, for the page checks. */
  let ticketId = '';

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    adminApi = await web.api(admin);
    schoolTimeZone = (await adminApi.get('/api/auth/me')).json.tenant.timeZone;
    tech = await web.server.user('technician', { name: 'Theo Tech' });
    techApi = await web.api(tech);
    port = await closedPort();
  }, 120_000);

  /** Changes the server's own database, as mail in would have left it. */
  const inDatabase = <T>(work: (db: Sqlite.Database) => T): T => {
    const db = new Sqlite(join(web.server.dir, 'data', 'desk.sqlite'), { timeout: 10_000 });
    try {
      return work(db);
    } finally {
      db.close();
    }
  };

  const addFile = (ticket: string, file: { name: string; type: string; content: Buffer; commentId?: string }) =>
    inDatabase((db) => {
      const { tenant_id } = db.prepare('SELECT tenant_id FROM tickets WHERE id = ?').get(ticket) as {
        tenant_id: string;
      };
      const id = randomUUID();
      db.prepare(
        `INSERT INTO ticket_attachments (id, tenant_id, ticket_id, comment_id, name, content_type, size, content, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        tenant_id,
        ticket,
        file.commentId ?? null,
        file.name,
        file.type,
        file.content.length,
        file.content,
        new Date().toISOString(),
      );
      return id;
    });

  const addMailComment = (
    ticket: string,
    author: { type: 'person' | 'email'; id: string; name: string },
    body: string,
  ) =>
    inDatabase((db) => {
      const { tenant_id } = db.prepare('SELECT tenant_id FROM tickets WHERE id = ?').get(ticket) as {
        tenant_id: string;
      };
      const id = randomUUID();
      db.prepare(
        `INSERT INTO ticket_comments (id, tenant_id, ticket_id, author_type, author_id, author_name, body, internal, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      ).run(id, tenant_id, ticket, author.type, author.id, author.name, body, new Date().toISOString());
      return id;
    });

  it('adds a mailbox, lists it after a reload, tests it, refuses the same address twice, and removes it', async () => {
    const { page, context } = await web.open(admin, '/settings/helpdesk');
    try {
      await page
        .getByRole('navigation', { name: 'Sections of this page' })
        .getByRole('link', { name: 'Mailboxes', exact: true })
        .click();
      const section = page.getByRole('region', { name: 'Mailboxes', exact: true });
      await section.getByText('No mailboxes yet', { exact: false }).waitFor();
      // What works with which provider, said plainly.
      expect(await section.locator('.mailbox-providers').textContent()).toContain('app password');
      expect(await section.locator('.mailbox-providers').textContent()).toContain(
        'Desk does not sign in with OAuth 2 yet',
      );
      const unreadable = page.getByRole('region', { name: 'Could not read', exact: true });
      await unreadable.getByText('Nothing waiting.', { exact: true }).waitFor();

      const form = page.getByRole('form', { name: 'Add a mailbox', exact: true });
      const address = form.getByLabel('Address', { exact: true });
      const server = form.getByLabel('Server', { exact: true });
      const portField = form.getByLabel('Port', { exact: true });
      const username = form.getByLabel('User name', { exact: true });
      const password = form.getByLabel('Password', { exact: true });
      const folder = form.getByLabel('Folder for read mail', { exact: true });
      expect(await portField.inputValue()).toBe('993');
      expect(await folder.inputValue()).toBe('Processed by Desk');
      expect(await password.getAttribute('type')).toBe('password');
      expect(await password.getAttribute('autocomplete')).toBe('new-password');
      expect(await form.getByLabel('Politely refused', { exact: true }).isChecked()).toBe(true);

      // A port that is not a number is named before anything is sent.
      await address.fill('helpdesk');
      await server.fill('127.0.0.1');
      await portField.fill('nine');
      await username.fill('helpdesk@north.example');
      await password.fill('app-password-1');
      await form.getByRole('button', { name: 'Add mailbox', exact: true }).click();
      await expect.poll(() => portField.getAttribute('aria-invalid')).toBe('true');
      expect(await form.locator('.field-error').allTextContents()).toEqual(['Enter a port number, from 1 to 65535']);

      // Not an address: the server's message beside the field, nothing added.
      await portField.fill(String(port));
      await form.getByRole('button', { name: 'Add mailbox', exact: true }).click();
      await expect.poll(() => address.getAttribute('aria-invalid')).toBe('true');
      const addressError = form.locator('.field-error');
      expect(await addressError.count()).toBe(1);
      expect(await addressError.textContent()).toMatch(/e-mail address/);
      expect(await address.getAttribute('aria-describedby')).toBe(await addressError.getAttribute('id'));
      expect(await portField.getAttribute('aria-invalid')).toBeNull();
      expect((await adminApi.get('/api/mailboxes')).json.mailboxes).toEqual([]);

      await address.fill('HelpDesk@north.example');
      await form.getByLabel('Opened as tickets without a requester', { exact: true }).check();
      await form.getByRole('button', { name: 'Add mailbox', exact: true }).click();
      await page.locator('.notice', { hasText: 'Mailbox helpdesk@north.example added' }).waitFor();
      // The form starts again, the password gone from it.
      expect(await password.inputValue()).toBe('');
      const stored = (await adminApi.get('/api/mailboxes')).json.mailboxes;
      expect(stored).toEqual([
        expect.objectContaining({
          address: 'helpdesk@north.example',
          host: '127.0.0.1',
          port,
          username: 'helpdesk@north.example',
          processedFolder: 'Processed by Desk',
          unknownSenders: 'open',
        }),
      ]);
      expect(JSON.stringify(stored)).not.toContain('app-password-1');

      await page.reload();
      const table = page.getByRole('region', { name: 'The mailboxes Desk reads', exact: true });
      const row = table.getByRole('row').filter({ hasText: 'helpdesk@north.example' });
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells.slice(0, 4)).toEqual([
        'helpdesk@north.example',
        `helpdesk@north.example@127.0.0.1:${port}`,
        'Processed by Desk',
        'Opened as tickets without a requester',
      ]);
      // Desk looks every half minute: not read yet, or already told that nothing answers there.
      expect(cells[4]).toMatch(/^(Not read yet|Could not read: nothing answers at that address and port)$/);
      expect(cells.slice(5)).toEqual(['Test', 'Remove']);

      // The test signs in as Desk would: nothing listens at that port, said beside the row.
      await page.getByRole('button', { name: 'Test helpdesk@north.example', exact: true }).click();
      await row
        .getByRole('status')
        .getByText('Could not sign in: nothing answers at that address and port', { exact: true })
        .waitFor();

      // A failed look and a message Desk could not read, as the mailbox's reader leaves them.
      const { id: mailboxId } = stored[0];
      const receivedAt = new Date(Date.now() - 3_600_000).toISOString();
      inDatabase((db) => {
        const { tenant_id } = db.prepare('SELECT tenant_id FROM mailboxes WHERE id = ?').get(mailboxId) as {
          tenant_id: string;
        };
        db.prepare('UPDATE mailboxes SET last_checked_at = ?, last_error = ? WHERE id = ?').run(
          new Date().toISOString(),
          'the server refused the user name or password',
          mailboxId,
        );
        db.prepare(
          `INSERT INTO unreadable_mail (id, tenant_id, mailbox_id, uid_validity, uid, reason, raw, size, received_at)
           VALUES (?, ?, ?, '1', 7, ?, ?, ?, ?)`,
        ).run(
          randomUUID(),
          tenant_id,
          mailboxId,
          "the message is 4 MB, over this mailbox's limit",
          Buffer.from('Subject: scans\r\n\r\n...'),
          3_500_000,
          receivedAt,
        );
      });
      await page.reload();
      await row.waitFor();
      expect(await row.locator('td[data-label="Last read"]').textContent()).toMatch(
        /^Could not read: (the server refused the user name or password|nothing answers at that address and port)$/,
      );
      const unread = page
        .getByRole('region', { name: 'Messages Desk could not read, newest first', exact: true })
        .getByRole('row')
        .filter({ hasText: 'over this mailbox' });
      await unread.waitFor();
      expect(await unread.getByRole('cell').allTextContents()).toEqual([
        await instantInWords(page, receivedAt),
        'helpdesk@north.example',
        "the message is 4 MB, over this mailbox's limit",
        '3.3 MB',
      ]);

      // The same address again: refused, said plainly, nothing added.
      await address.fill('helpdesk@north.example');
      await server.fill('imap.north.example');
      await username.fill('helpdesk@north.example');
      await password.fill('app-password-2');
      await form.getByRole('button', { name: 'Add mailbox', exact: true }).click();
      await form
        .getByRole('alert')
        .getByText(
          'Desk already reads helpdesk@north.example. To change how, remove it from the list above and add it again.',
          { exact: true },
        )
        .waitFor();
      expect((await adminApi.get('/api/mailboxes')).json.mailboxes).toHaveLength(1);

      await page.getByRole('button', { name: 'Remove the mailbox helpdesk@north.example', exact: true }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toContain('Stop reading helpdesk@north.example?');
      await dialog.getByRole('button', { name: 'Remove mailbox', exact: true }).click();
      await section.getByText('No mailboxes yet', { exact: false }).waitFor();
      expect((await adminApi.get('/api/mailboxes')).json.mailboxes).toEqual([]);
      // What it could not read stays listed, its mailbox gone.
      expect(await unread.locator('td[data-label="Mailbox"]').textContent()).toBe('A removed mailbox');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows a technician no mailboxes, and never asks for them', async () => {
    const { page, context } = await web.open(tech, '/');
    try {
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.goto(`${web.server.schoolUrl}/settings/helpdesk`);
      await page
        .getByRole('region', { name: 'E-mail to requesters', exact: true })
        .getByLabel('Days a reply can reopen a resolved ticket', { exact: true })
        .waitFor();
      const links = page.getByRole('navigation', { name: 'Sections of this page' }).getByRole('link');
      expect(await links.allTextContents()).not.toContain('Mailboxes');
      expect(await links.allTextContents()).toContain('E-mail to requesters');
      expect(await page.getByRole('heading', { name: 'Mailboxes' }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Mailboxes', exact: true }).count()).toBe(0);
      expect(asked).toContain('/api/settings/ticket-mail');
      expect(asked.filter((p) => p.startsWith('/api/mailboxes'))).toEqual([]);
      expect((await techApi.get('/api/mailboxes')).status).toBe(403);
    } finally {
      await context.close();
    }
  });

  it("lists a ticket's files as downloads that work, and the comments that came by e-mail", async () => {
    const made = await adminApi.send('POST', '/api/people', {
      name: 'Rita Requester',
      kind: 'STAFF',
      email: 'rita.requester@north.example',
    });
    expect(made.status).toBe(201);
    const rita = made.json.person;
    const opened = await techApi.send('POST', '/api/tickets', {
      subject: 'Printer shows an error',
      body: 'See the photo and the report',
      requesterId: rita.id,
    });
    expect(opened.status).toBe(201);
    const ticket = opened.json.ticket;
    ticketId = ticket.id;
    const report = Buffer.from('%PDF-1.4\n' + 'error report '.repeat(120));
    addFile(ticket.id, { name: 'printer error.pdf', type: 'application/pdf', content: report });
    const answer = addMailComment(
      ticket.id,
      { type: 'person', id: rita.id, name: rita.name },
      'Here is the photo you asked for.',
    );
    addFile(ticket.id, {
      name: 'photo.jpg',
      type: 'image/jpeg',
      content: Buffer.alloc(300_000, 7),
      commentId: answer,
    });
    const sams = addMailComment(
      ticket.id,
      { type: 'email', id: 'sam@elsewhere.example', name: 'Sam Sender' },
      'Same here in room 4.',
    );
    // How Sam's message looked, as the server's sanitizer keeps it.
    inDatabase((db) =>
      db
        .prepare(
          'INSERT INTO ticket_html (tenant_id, ticket_id, comment_id, html) SELECT tenant_id, id, ?, ? FROM tickets WHERE id = ?',
        )
        .run(sams, '<p>Same here in <b>room 4</b>.</p>', ticket.id),
    );

    const { page, context } = await web.open(tech, `/tickets/${ticket.id}`);
    try {
      const files = page.getByRole('region', { name: 'Files', exact: true });
      const rows = files.getByRole('region', { name: 'Files that came with this ticket, oldest first', exact: true });
      await rows.getByRole('row').filter({ hasText: 'photo.jpg' }).waitFor();
      const answerAt = (await techApi.get(`/api/tickets/${ticket.id}/comments`)).json.comments[0].createdAt;
      const body = rows.locator('tbody tr');
      expect(await Promise.all((await body.all()).map((r) => r.getByRole('cell').allTextContents()))).toEqual([
        ['printer error.pdf', 'PDF document', '1.5 KB', 'The ticket'],
        ['photo.jpg', 'JPEG image', '293 KB', `Comment by Rita Requester, ${await instantInWords(page, answerAt)}`],
      ]);

      // The link downloads the file itself, as an attachment, never shown in the page.
      const link = files.getByRole('link', { name: 'printer error.pdf', exact: true });
      const href = (await link.getAttribute('href'))!;
      expect(href).toMatch(new RegExp(`^/api/tickets/${ticket.id}/attachments/[^/]+$`));
      const got = await page.evaluate(async (address) => {
        const r = await fetch(address);
        return {
          status: r.status,
          disposition: r.headers.get('content-disposition'),
          type: r.headers.get('content-type'),
          text: await r.text(),
        };
      }, href);
      expect(got).toEqual({
        status: 200,
        disposition: `attachment; filename="printer error.pdf"; filename*=UTF-8''printer%20error.pdf`,
        type: 'application/pdf',
        text: report.toString(),
      });

      // Comments that came by e-mail say so, an unknown sender with their address.
      const ritas = page.getByRole('article', { name: 'Comment by Rita Requester', exact: true });
      expect(await ritas.locator('.ticket-comment-meta').textContent()).toMatch(/^\s*Rita Requester · by e-mail · /);
      const sam = page.getByRole('article', { name: 'Comment by Sam Sender', exact: true });
      expect(await sam.locator('.ticket-comment-meta').textContent()).toMatch(
        /^\s*Sam Sender \(sam@elsewhere\.example\) · by e-mail · /,
      );
      // Shown as it came by e-mail, and as plain text at a press.
      expect(await sam.locator('.mail-html b').textContent()).toBe('room 4');
      const asText = sam.getByRole('button', { name: 'Show as plain text', exact: true });
      await asText.click();
      await sam.getByRole('button', { name: 'Show as it came by e-mail', exact: true }).waitFor();
      expect(await sam.locator('.mail-html').count()).toBe(0);
      expect(await sam.locator('.ticket-comment-body').textContent()).toBe('Same here in room 4.');
      // Rita's came without HTML: her words only, and nothing to switch.
      expect(await ritas.getByRole('button').count()).toBe(0);

      // The files are looked at again with the conversation.
      addFile(ticket.id, { name: 'notes.txt', type: 'text/plain', content: Buffer.from('Toner low') });
      await page.getByLabel('Comment', { exact: true }).fill('Thanks: a new toner is on its way.');
      await page.getByRole('button', { name: 'Add comment', exact: true }).click();
      const mine = page.getByRole('article', { name: 'Comment by Theo Tech', exact: true });
      await mine.waitFor();
      expect(await mine.locator('.ticket-comment-meta').textContent()).not.toContain('by e-mail');
      await rows.getByRole('row').filter({ hasText: 'notes.txt' }).filter({ hasText: '9 bytes' }).waitFor();
    } finally {
      await context.close();
    }

    // A ticket without files shows no Files section.
    const plain = await techApi.send('POST', '/api/tickets', { subject: 'Mouse missing', body: 'Room 1.02' });
    const other = await web.open(tech, '/');
    try {
      const listed = other.page.waitForResponse((r) =>
        r.url().endsWith(`/api/tickets/${plain.json.ticket.id}/attachments`),
      );
      await other.page.goto(`${web.server.schoolUrl}/tickets/${plain.json.ticket.id}`);
      expect((await (await listed).json()).attachments).toEqual([]);
      await other.page.getByText('No comments yet.', { exact: true }).waitFor();
      expect(await other.page.getByRole('heading', { name: 'Files', exact: true }).count()).toBe(0);
    } finally {
      await other.context.close();
    }
  });

  it('passes the accessibility and layout checks', async () => {
    const added = await adminApi.send('POST', '/api/mailboxes', {
      address: 'it-office@north.example',
      host: '127.0.0.1',
      port,
      username: 'it-office@north.example',
      password: 'app-password-3',
    });
    expect(added.status).toBe(201);
    await web.check(admin, '/settings/helpdesk', 'helpdesk-mailboxes', (p) =>
      p
        .getByRole('region', { name: 'The mailboxes Desk reads', exact: true })
        .getByRole('button', { name: 'Test it-office@north.example', exact: true })
        .waitFor(),
    );
    await web.check(tech, `/tickets/${ticketId}`, 'ticket-files', (p) =>
      p
        .getByRole('region', { name: 'Files', exact: true })
        .getByRole('link', { name: 'photo.jpg', exact: true })
        .waitFor(),
    );
  }, 180_000);
});
