import type { Reminder, ReminderChange, ReminderStatus } from '../../../domain/reminders/reminder.js';
import type { ReminderRepository } from '../../../ports/repositories/reminders.js';
import { json, parseJson, type Column, type Db } from '../sql/db.js';

const COLUMNS = `id, loan_id AS "loanId", loan_number AS "loanNumber", holder_id AS "holderId", issued_at AS "issuedAt",
  kind, sequence, run_date AS "runDate", recipients, status, attempts, next_attempt_at AS "nextAttemptAt",
  claimed_at AS "claimedAt", last_error AS "lastError", created_at AS "createdAt", sent_at AS "sentAt",
  requested_by AS "requestedBy"`;

type Row = Omit<Reminder, 'recipients'> & { readonly recipients: string };
const toReminder = ({ recipients, ...row }: Row): Reminder => ({ ...row, recipients: parseJson<string[]>(recipients) });

const columns = (tenantId: string): Column<Reminder>[] => [
  ['id', 'text', (r) => r.id],
  ['tenant_id', 'text', () => tenantId],
  ['loan_id', 'text', (r) => r.loanId],
  ['loan_number', 'int', (r) => r.loanNumber],
  ['holder_id', 'text', (r) => r.holderId],
  ['issued_at', 'text', (r) => r.issuedAt],
  ['kind', 'text', (r) => r.kind],
  ['sequence', 'int', (r) => r.sequence],
  ['run_date', 'text', (r) => r.runDate],
  ['recipients', 'jsonb', (r) => json(r.recipients)],
  ['status', 'text', (r) => r.status],
  ['attempts', 'int', (r) => r.attempts],
  ['next_attempt_at', 'text', (r) => r.nextAttemptAt],
  ['claimed_at', 'text', (r) => r.claimedAt],
  ['last_error', 'text', (r) => r.lastError],
  ['created_at', 'text', (r) => r.createdAt],
  ['sent_at', 'text', (r) => r.sentAt],
  ['requested_by', 'text', (r) => r.requestedBy],
];

/** The unique key of one reminder of one issue of a loan: planning it again stores nothing. */
const ISSUE_KEY = ['tenant_id', 'loan_id', 'issued_at', 'kind', 'sequence'];

// The change's fields and their columns, in a fixed order so the statement text repeats.
const CHANGE_COLUMNS: readonly (readonly [keyof ReminderChange, string])[] = [
  ['status', 'status'],
  ['attempts', 'attempts'],
  ['nextAttemptAt', 'next_attempt_at'],
  ['claimedAt', 'claimed_at'],
  ['lastError', 'last_error'],
  ['sentAt', 'sent_at'],
];

/** Reminder e-mails of loans, one row per reminder of one issue, their recipients as JSON, on either dialect. */
export class SqlReminderRepository implements ReminderRepository {
  constructor(private readonly db: Db) {}

  /** A page of planned reminders in one statement on Postgres (Db.insertNew). */
  insertNew(tenantId: string, reminders: readonly Reminder[]): Promise<Reminder[]> {
    if (reminders.length === 0) return Promise.resolve([]);
    return this.db.insertNew('reminders', columns(tenantId), reminders, ISSUE_KEY, 'reminder');
  }

  async listForLoans(tenantId: string, loanIds: readonly string[]): Promise<Map<string, Reminder[]>> {
    const byLoan = new Map<string, Reminder[]>();
    if (loanIds.length === 0) return byLoan;
    const rows = await this.db.all<Row>(
      `SELECT ${COLUMNS} FROM reminders WHERE tenant_id = ? AND ${this.db.in('loan_id')}
       ORDER BY loan_id, created_at, sequence`,
      [tenantId, this.db.list([...new Set(loanIds)])],
    );
    for (const row of rows) {
      const list = byLoan.get(row.loanId) ?? [];
      list.push(toReminder(row));
      byLoan.set(row.loanId, list);
    }
    return byLoan;
  }

  listForLoan(tenantId: string, loanId: string, limit: number): Promise<Reminder[]> {
    return this.list('WHERE tenant_id = ? AND loan_id = ? ORDER BY created_at DESC, sequence DESC LIMIT ?', [
      tenantId,
      loanId,
      limit,
    ]);
  }

  async findById(tenantId: string, id: string): Promise<Reminder | null> {
    const row = await this.db.one<Row>(`SELECT ${COLUMNS} FROM reminders WHERE tenant_id = ? AND id = ?`, [
      tenantId,
      id,
    ]);
    return row && toReminder(row);
  }

  listDue(tenantId: string, now: string, limit: number): Promise<Reminder[]> {
    return this.list(
      `WHERE tenant_id = ? AND status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
      [tenantId, now, limit],
    );
  }

  listClaimedBefore(tenantId: string, before: string): Promise<Reminder[]> {
    return this.list(`WHERE tenant_id = ? AND status = 'sending' AND claimed_at < ? ORDER BY claimed_at`, [
      tenantId,
      before,
    ]);
  }

  async transition(tenantId: string, id: string, from: ReminderStatus, change: ReminderChange): Promise<boolean> {
    const set = CHANGE_COLUMNS.filter(([field]) => field in change);
    if (set.length === 0) return false;
    const sql = `UPDATE reminders SET ${set.map(([, column]) => `${column} = ?`).join(', ')}
      WHERE tenant_id = ? AND id = ? AND status = ?`;
    const changed = await this.db.run(sql, [...set.map(([field]) => change[field] ?? null), tenantId, id, from]);
    return changed === 1;
  }

  private async list(whereOrderLimit: string, params: readonly unknown[]): Promise<Reminder[]> {
    return (await this.db.all<Row>(`SELECT ${COLUMNS} FROM reminders ${whereOrderLimit}`, params)).map(toReminder);
  }
}
