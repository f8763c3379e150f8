import type { StaffMailChoice, TicketMailKind, TicketMessage } from '../../../domain/tickets/mail/ticket-message.js';
import type { TicketMessageRepository } from '../../../ports/repositories/ticket-messages.js';
import { json, parseJson, type Db } from '../sql/db.js';

const COLUMNS = `id, ticket_id AS "ticketId", kind, message_id AS "messageId", in_reply_to AS "inReplyTo",
  refs, recipients, subject, body, auto_submitted AS "autoSubmitted", comment_id AS "commentId", status,
  attempts, next_attempt_at AS "nextAttemptAt", sent_at AS "sentAt", error, created_at AS "createdAt"`;

type Row = Omit<TicketMessage, 'references' | 'to' | 'text'> & { refs: string; recipients: string; body: string };

const toMessage = ({ refs, recipients, body, ...m }: Row): TicketMessage => ({
  ...m,
  references: parseJson<string[]>(refs),
  to: parseJson<string[]>(recipients),
  text: body,
});

/** A ticket's e-mail, on either dialect. */
export class SqlTicketMessageRepository implements TicketMessageRepository {
  constructor(private readonly db: Db) {}

  async insert(tenantId: string, m: TicketMessage): Promise<void> {
    const sql = `INSERT INTO ticket_messages (id, tenant_id, ticket_id, kind, message_id, in_reply_to, refs, recipients,
      subject, body, auto_submitted, comment_id, status, attempts, next_attempt_at, sent_at, error, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const params = [m.id, tenantId, m.ticketId, m.kind, m.messageId, m.inReplyTo, json(m.references), json(m.to)];
    const rest = [m.subject, m.text, m.autoSubmitted, m.commentId, m.status, m.attempts, m.nextAttemptAt, m.sentAt];
    await this.db.conflicts(() => this.db.run(sql, [...params, ...rest, m.error, m.createdAt]), 'ticket message', {
      id: m.id,
    });
  }

  async ticketOfMessage(
    tenantId: string,
    messageIds: readonly string[],
  ): Promise<{ ticketId: string; kind: TicketMailKind } | null> {
    if (messageIds.length === 0) return null;
    return this.db.one<{ ticketId: string; kind: TicketMailKind }>(
      `SELECT ticket_id AS "ticketId", kind FROM ticket_messages WHERE tenant_id = ? AND ${this.db.in('message_id')}
       ORDER BY created_at DESC LIMIT 1`,
      [tenantId, this.db.list(messageIds)],
    );
  }

  async staffChoices(tenantId: string, personIds: readonly string[]): Promise<StaffMailChoice[]> {
    if (personIds.length === 0) return [];
    const rows = await this.db.all<{
      personId: string;
      newTickets: number | boolean;
      replies: number | boolean;
      updatedAt: string;
    }>(
      `SELECT person_id AS "personId", new_tickets AS "newTickets", replies, updated_at AS "updatedAt"
       FROM staff_ticket_mail WHERE tenant_id = ? AND ${this.db.in('person_id')}`,
      [tenantId, this.db.list(personIds)],
    );
    return rows.map((r) => ({ ...r, newTickets: Boolean(r.newTickets), replies: Boolean(r.replies) }));
  }

  async saveStaffChoice(tenantId: string, c: StaffMailChoice): Promise<void> {
    await this.db.run(
      `INSERT INTO staff_ticket_mail (tenant_id, person_id, new_tickets, replies, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id, person_id) DO UPDATE SET new_tickets = excluded.new_tickets,
         replies = excluded.replies, updated_at = excluded.updated_at`,
      [tenantId, c.personId, c.newTickets, c.replies, c.updatedAt],
    );
  }

  async listForTicket(tenantId: string, ticketId: string): Promise<TicketMessage[]> {
    const rows = await this.db.all<Row>(
      `SELECT ${COLUMNS} FROM ticket_messages WHERE tenant_id = ? AND ticket_id = ?
       ORDER BY created_at, ${this.db.insertOrder}`,
      [tenantId, ticketId],
    );
    return rows.map(toMessage);
  }

  async claimDue(now: string, limit: number): Promise<{ tenantId: string; message: TicketMessage }[]> {
    const rows = await this.db.all<Row & { tenantId: string; ord: number }>(
      `UPDATE ticket_messages SET status = 'sending', attempts = attempts + 1, claimed_at = ?
       WHERE id IN (SELECT id FROM ticket_messages WHERE status = 'pending' AND next_attempt_at <= ?
                    ORDER BY next_attempt_at LIMIT ?${this.db.lockSkipLocked})
       RETURNING tenant_id AS "tenantId", ${this.db.insertOrder} AS ord, ${COLUMNS}`,
      [now, now, limit],
    );
    // RETURNING keeps no order: sent as they were written, so a thread arrives in its order.
    return rows
      .sort((a, b) => (a.nextAttemptAt ?? '').localeCompare(b.nextAttemptAt ?? '') || Number(a.ord) - Number(b.ord))
      .map(({ tenantId, ord: _, ...row }) => ({ tenantId, message: toMessage(row) }));
  }

  async finish(
    tenantId: string,
    id: string,
    r: Pick<TicketMessage, 'status' | 'sentAt' | 'error' | 'nextAttemptAt'>,
  ): Promise<void> {
    await this.db.run(
      `UPDATE ticket_messages SET status = ?, sent_at = ?, error = ?, next_attempt_at = ?, claimed_at = NULL
       WHERE tenant_id = ? AND id = ?`,
      [r.status, r.sentAt, r.error, r.nextAttemptAt, tenantId, id],
    );
  }

  failAbandoned(before: string): Promise<number> {
    return this.db.run(
      `UPDATE ticket_messages SET status = 'failed', claimed_at = NULL,
         error = 'the sender stopped while handing it over: it may or may not have gone'
       WHERE status = 'sending' AND claimed_at < ?`,
      [before],
    );
  }
}
