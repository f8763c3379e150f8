import type {
  Mailbox,
  MailReceipt,
  TicketAttachment,
  UnreadableMessage,
} from '../../../domain/tickets/mail-in/mailbox.js';
import type { MailboxRepository } from '../../../ports/repositories/mailboxes.js';
import type { Db } from '../sql/db.js';

const MAILBOX = `id, address, host, port, username, secret, processed_folder AS "processedFolder",
  unknown_senders AS "unknownSenders", max_message_bytes AS "maxMessageBytes", max_file_bytes AS "maxFileBytes",
  uid_validity AS "uidValidity", last_uid AS "lastUid", last_checked_at AS "lastCheckedAt", last_error AS "lastError",
  created_at AS "createdAt"`;
const RECEIPT = `mailbox_id AS "mailboxId", uid_validity AS "uidValidity", uid, message_id AS "messageId", outcome,
  ticket_id AS "ticketId", received_at AS "receivedAt"`;
const ATTACHMENT = `id, ticket_id AS "ticketId", comment_id AS "commentId", name, content_type AS "contentType", size,
  created_at AS "createdAt"`;

/** Bytes as both drivers give them back (better-sqlite3 and pg: a Buffer; a Uint8Array is wrapped). */
const bytes = (v: unknown): Buffer => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array));

/** Mailboxes, receipts, unreadable mail, attachments and a ticket's addresses, on either dialect. */
export class SqlMailboxRepository implements MailboxRepository {
  constructor(private readonly db: Db) {}

  async insert(tenantId: string, m: Mailbox): Promise<void> {
    const sql = `INSERT INTO mailboxes (id, tenant_id, address, host, port, username, secret, processed_folder,
      unknown_senders, max_message_bytes, max_file_bytes, uid_validity, last_uid, last_checked_at, last_error, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const params = [m.id, tenantId, m.address, m.host, m.port, m.username, m.secret, m.processedFolder];
    const rest = [m.unknownSenders, m.maxMessageBytes, m.maxFileBytes, m.uidValidity, m.lastUid, m.lastCheckedAt];
    await this.db.conflicts(() => this.db.run(sql, [...params, ...rest, m.lastError, m.createdAt]), 'mailbox', {
      address: m.address,
    });
  }

  list(tenantId: string): Promise<Mailbox[]> {
    return this.db.all<Mailbox>(`SELECT ${MAILBOX} FROM mailboxes WHERE tenant_id = ? ORDER BY address`, [tenantId]);
  }

  async listAll(): Promise<{ tenantId: string; mailbox: Mailbox }[]> {
    const rows = await this.db.all<Mailbox & { tenantId: string }>(
      `SELECT tenant_id AS "tenantId", ${MAILBOX} FROM mailboxes ORDER BY tenant_id, address`,
    );
    return rows.map(({ tenantId, ...mailbox }) => ({ tenantId, mailbox }));
  }

  find(tenantId: string, id: string): Promise<Mailbox | null> {
    return this.db.one<Mailbox>(`SELECT ${MAILBOX} FROM mailboxes WHERE tenant_id = ? AND id = ?`, [tenantId, id]);
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM mailboxes WHERE tenant_id = ? AND id = ?', [tenantId, id])) === 1;
  }

  async recordProgress(
    tenantId: string,
    id: string,
    p: Pick<Mailbox, 'uidValidity' | 'lastUid' | 'lastCheckedAt' | 'lastError'>,
  ): Promise<void> {
    await this.db.run(
      `UPDATE mailboxes SET uid_validity = ?, last_uid = ?, last_checked_at = ?, last_error = ? WHERE tenant_id = ? AND id = ?`,
      [p.uidValidity, p.lastUid, p.lastCheckedAt, p.lastError, tenantId, id],
    );
  }

  findReceipt(mailboxId: string, uidValidity: string, uid: number): Promise<MailReceipt | null> {
    return this.db.one<MailReceipt>(
      `SELECT ${RECEIPT} FROM mail_receipts WHERE mailbox_id = ? AND uid_validity = ? AND uid = ?`,
      [mailboxId, uidValidity, uid],
    );
  }

  async insertReceipt(tenantId: string, r: MailReceipt): Promise<boolean> {
    const changed = await this.db.run(
      `INSERT INTO mail_receipts (mailbox_id, uid_validity, uid, tenant_id, message_id, outcome, ticket_id, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (mailbox_id, uid_validity, uid) DO NOTHING`,
      [r.mailboxId, r.uidValidity, r.uid, tenantId, r.messageId, r.outcome, r.ticketId, r.receivedAt],
    );
    return changed === 1;
  }

  async ticketOfReceived(tenantId: string, messageIds: readonly string[]): Promise<string | null> {
    if (messageIds.length === 0) return null;
    const row = await this.db.one<{ ticketId: string }>(
      `SELECT ticket_id AS "ticketId" FROM mail_receipts
       WHERE tenant_id = ? AND ${this.db.in('message_id')} AND ticket_id IS NOT NULL ORDER BY received_at DESC LIMIT 1`,
      [tenantId, this.db.list(messageIds)],
    );
    return row?.ticketId ?? null;
  }

  async insertUnreadable(tenantId: string, m: UnreadableMessage): Promise<void> {
    await this.db.run(
      `INSERT INTO unreadable_mail (id, tenant_id, mailbox_id, uid_validity, uid, reason, raw, size, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [m.id, tenantId, m.mailboxId, m.uidValidity, m.uid, m.reason, m.raw, m.raw.length, m.receivedAt],
    );
  }

  listUnreadable(tenantId: string): Promise<(Omit<UnreadableMessage, 'raw'> & { size: number })[]> {
    return this.db.all(
      `SELECT id, mailbox_id AS "mailboxId", uid_validity AS "uidValidity", uid, reason, size, received_at AS "receivedAt"
       FROM unreadable_mail WHERE tenant_id = ? ORDER BY received_at DESC, id`,
      [tenantId],
    );
  }

  async insertAttachment(tenantId: string, a: TicketAttachment, content: Buffer): Promise<void> {
    await this.db.run(
      `INSERT INTO ticket_attachments (id, tenant_id, ticket_id, comment_id, name, content_type, size, content, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [a.id, tenantId, a.ticketId, a.commentId, a.name, a.contentType, a.size, content, a.createdAt],
    );
  }

  async insertHtml(tenantId: string, ticketId: string, commentId: string | null, html: string): Promise<void> {
    await this.db.run('INSERT INTO ticket_html (tenant_id, ticket_id, comment_id, html) VALUES (?, ?, ?, ?)', [
      tenantId,
      ticketId,
      commentId ?? '',
      html,
    ]);
  }

  async htmlOf(tenantId: string, ticketId: string): Promise<{ commentId: string | null; html: string }[]> {
    const rows = await this.db.all<{ commentId: string; html: string }>(
      'SELECT comment_id AS "commentId", html FROM ticket_html WHERE tenant_id = ? AND ticket_id = ?',
      [tenantId, ticketId],
    );
    return rows.map((r) => ({ commentId: r.commentId === '' ? null : r.commentId, html: r.html }));
  }

  listAttachments(tenantId: string, ticketId: string): Promise<TicketAttachment[]> {
    return this.db.all<TicketAttachment>(
      `SELECT ${ATTACHMENT} FROM ticket_attachments WHERE tenant_id = ? AND ticket_id = ? ORDER BY created_at, id`,
      [tenantId, ticketId],
    );
  }

  async attachmentContent(
    tenantId: string,
    ticketId: string,
    id: string,
  ): Promise<{ attachment: TicketAttachment; content: Buffer } | null> {
    const row = await this.db.one<TicketAttachment & { content: unknown }>(
      `SELECT ${ATTACHMENT}, content FROM ticket_attachments WHERE tenant_id = ? AND ticket_id = ? AND id = ?`,
      [tenantId, ticketId, id],
    );
    if (!row) return null;
    const { content, ...attachment } = row;
    return { attachment, content: bytes(content) };
  }

  async addTicketAddresses(tenantId: string, ticketId: string, addresses: readonly string[]): Promise<void> {
    for (const address of new Set(addresses)) {
      await this.db.run(
        `INSERT INTO ticket_addresses (tenant_id, ticket_id, address) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
        [tenantId, ticketId, address],
      );
    }
  }

  ticketAddresses(tenantId: string, ticketId: string): Promise<string[]> {
    return this.db.column<string>(
      `SELECT address FROM ticket_addresses WHERE tenant_id = ? AND ticket_id = ? ORDER BY address`,
      [tenantId, ticketId],
    );
  }
}
