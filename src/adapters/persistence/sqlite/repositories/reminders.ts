import type { Reminder, ReminderChange, ReminderStatus } from '../../../../domain/reminders/reminder.js';
import type { ReminderRepository } from '../../../../ports/repositories/reminders.js';
import { inJson, json, parseJson, type Sql } from '../sql.js';

const COLUMNS = `id, loan_id AS loanId, loan_number AS loanNumber, holder_id AS holderId, issued_at AS issuedAt,
  kind, sequence, run_date AS runDate, recipients, status, attempts, next_attempt_at AS nextAttemptAt,
  claimed_at AS claimedAt, last_error AS lastError, created_at AS createdAt, sent_at AS sentAt,
  requested_by AS requestedBy`;

type Row = Omit<Reminder, 'recipients'> & { recipients: string; tenantId?: string };
const toReminder = ({ recipients, ...row }: Row): Reminder => ({ ...row, recipients: parseJson<string[]>(recipients) });

// The change's fields and their columns, in a fixed order so the statement text (and its cache) repeats.
const CHANGE_COLUMNS: readonly (readonly [keyof ReminderChange, string])[] = [
  ['status', 'status'],
  ['attempts', 'attempts'],
  ['nextAttemptAt', 'next_attempt_at'],
  ['claimedAt', 'claimed_at'],
  ['lastError', 'last_error'],
  ['sentAt', 'sent_at'],
];

export class SqliteReminderRepository implements ReminderRepository {
  constructor(private readonly sql: Sql) {}

  async insertNew(tenantId: string, reminders: readonly Reminder[]): Promise<Reminder[]> {
    const insert = this.sql.statement(
      `INSERT INTO reminders (id, tenant_id, loan_id, loan_number, holder_id, issued_at, kind, sequence, run_date,
         recipients, status, attempts, next_attempt_at, claimed_at, last_error, created_at, sent_at, requested_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id, loan_id, issued_at, kind, sequence) DO NOTHING`,
    );
    return this.sql.atomic(() =>
      reminders.filter(
        (r) =>
          insert.run(
            r.id,
            tenantId,
            r.loanId,
            r.loanNumber,
            r.holderId,
            r.issuedAt,
            r.kind,
            r.sequence,
            r.runDate,
            json(r.recipients),
            r.status,
            r.attempts,
            r.nextAttemptAt,
            r.claimedAt,
            r.lastError,
            r.createdAt,
            r.sentAt,
            r.requestedBy,
          ).changes === 1,
      ),
    );
  }

  async listForLoans(tenantId: string, loanIds: readonly string[]): Promise<Map<string, Reminder[]>> {
    const byLoan = new Map<string, Reminder[]>();
    if (loanIds.length === 0) return byLoan;
    const rows = this.sql.all<Row>(
      `SELECT ${COLUMNS} FROM reminders WHERE tenant_id = ? AND ${inJson('loan_id')}
       ORDER BY loan_id, created_at, sequence`,
      tenantId,
      json([...new Set(loanIds)]),
    );
    for (const row of rows) {
      const list = byLoan.get(row.loanId) ?? [];
      list.push(toReminder(row));
      byLoan.set(row.loanId, list);
    }
    return byLoan;
  }

  async listForLoan(tenantId: string, loanId: string, limit: number): Promise<Reminder[]> {
    return this.sql
      .all<Row>(
        `SELECT ${COLUMNS} FROM reminders WHERE tenant_id = ? AND loan_id = ?
         ORDER BY created_at DESC, sequence DESC LIMIT ?`,
        tenantId,
        loanId,
        limit,
      )
      .map(toReminder);
  }

  async findById(tenantId: string, id: string): Promise<Reminder | null> {
    const row = this.sql.get<Row>(`SELECT ${COLUMNS} FROM reminders WHERE tenant_id = ? AND id = ?`, tenantId, id);
    return row ? toReminder(row) : null;
  }

  async listDue(tenantId: string, now: string, limit: number): Promise<Reminder[]> {
    return this.sql
      .all<Row>(
        `SELECT ${COLUMNS} FROM reminders
         WHERE tenant_id = ? AND status = 'pending' AND next_attempt_at <= ?
         ORDER BY next_attempt_at, id LIMIT ?`,
        tenantId,
        now,
        limit,
      )
      .map(toReminder);
  }

  async listClaimedBefore(tenantId: string, before: string): Promise<Reminder[]> {
    return this.sql
      .all<Row>(
        `SELECT ${COLUMNS} FROM reminders WHERE tenant_id = ? AND status = 'sending' AND claimed_at < ? ORDER BY claimed_at`,
        tenantId,
        before,
      )
      .map(toReminder);
  }

  async transition(tenantId: string, id: string, from: ReminderStatus, change: ReminderChange): Promise<boolean> {
    const set = CHANGE_COLUMNS.filter(([field]) => field in change);
    if (set.length === 0) return false;
    const result = this.sql.run(
      `UPDATE reminders SET ${set.map(([, column]) => `${column} = ?`).join(', ')}
       WHERE tenant_id = ? AND id = ? AND status = ?`,
      ...set.map(([field]) => change[field] ?? null),
      tenantId,
      id,
      from,
    );
    return result.changes === 1;
  }
}
