import type { Reminder, ReminderChange, ReminderStatus } from '../../../../domain/reminders/reminder.js';
import type { ReminderRepository } from '../../../../ports/repositories/reminders.js';
import { query, queryOne, type Queryable } from '../sql.js';

const COLUMNS = `id, loan_id AS "loanId", loan_number AS "loanNumber", holder_id AS "holderId", issued_at AS "issuedAt",
  kind, sequence, run_date AS "runDate", recipients, status, attempts, next_attempt_at AS "nextAttemptAt",
  claimed_at AS "claimedAt", last_error AS "lastError", created_at AS "createdAt", sent_at AS "sentAt",
  requested_by AS "requestedBy"`;

// jsonb arrives parsed; copied so a caller never holds the driver's object.
const toReminder = (row: Reminder): Reminder => ({ ...row, recipients: [...row.recipients] });

const CHANGE_COLUMNS: readonly (readonly [keyof ReminderChange, string])[] = [
  ['status', 'status'],
  ['attempts', 'attempts'],
  ['nextAttemptAt', 'next_attempt_at'],
  ['claimedAt', 'claimed_at'],
  ['lastError', 'last_error'],
  ['sentAt', 'sent_at'],
];

export class PgReminderRepository implements ReminderRepository {
  constructor(private readonly db: Queryable) {}

  async insertNew(tenantId: string, reminders: readonly Reminder[]): Promise<Reminder[]> {
    if (reminders.length === 0) return [];
    // One statement for the batch; the unique key drops what is already planned.
    const { rows } = await query<{ id: string }>(
      this.db,
      `INSERT INTO reminders (id, tenant_id, loan_id, loan_number, holder_id, issued_at, kind, sequence, run_date,
         recipients, status, attempts, next_attempt_at, claimed_at, last_error, created_at, sent_at, requested_by)
       SELECT r.id, $1, r.loan_id, r.loan_number, r.holder_id, r.issued_at, r.kind, r.sequence, r.run_date,
         r.recipients::jsonb, r.status, r.attempts, r.next_attempt_at, r.claimed_at, r.last_error, r.created_at,
         r.sent_at, r.requested_by
       FROM unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[],
         $10::text[], $11::text[], $12::int[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[],
         $18::text[])
         AS r(id, loan_id, loan_number, holder_id, issued_at, kind, sequence, run_date, recipients, status, attempts,
           next_attempt_at, claimed_at, last_error, created_at, sent_at, requested_by)
       ON CONFLICT (tenant_id, loan_id, issued_at, kind, sequence) DO NOTHING
       RETURNING id`,
      [
        tenantId,
        reminders.map((r) => r.id),
        reminders.map((r) => r.loanId),
        reminders.map((r) => r.loanNumber),
        reminders.map((r) => r.holderId),
        reminders.map((r) => r.issuedAt),
        reminders.map((r) => r.kind),
        reminders.map((r) => r.sequence),
        reminders.map((r) => r.runDate),
        reminders.map((r) => JSON.stringify(r.recipients)),
        reminders.map((r) => r.status),
        reminders.map((r) => r.attempts),
        reminders.map((r) => r.nextAttemptAt),
        reminders.map((r) => r.claimedAt),
        reminders.map((r) => r.lastError),
        reminders.map((r) => r.createdAt),
        reminders.map((r) => r.sentAt),
        reminders.map((r) => r.requestedBy),
      ],
    );
    const stored = new Set(rows.map((r) => r.id));
    return reminders.filter((r) => stored.has(r.id));
  }

  async listForLoans(tenantId: string, loanIds: readonly string[]): Promise<Map<string, Reminder[]>> {
    const byLoan = new Map<string, Reminder[]>();
    if (loanIds.length === 0) return byLoan;
    const { rows } = await query<Reminder>(
      this.db,
      `SELECT ${COLUMNS} FROM reminders WHERE tenant_id = $1 AND loan_id = ANY($2::text[])
       ORDER BY loan_id, created_at, sequence`,
      [tenantId, [...new Set(loanIds)]],
    );
    for (const row of rows) {
      const list = byLoan.get(row.loanId) ?? [];
      list.push(toReminder(row));
      byLoan.set(row.loanId, list);
    }
    return byLoan;
  }

  async listForLoan(tenantId: string, loanId: string, limit: number): Promise<Reminder[]> {
    const { rows } = await query<Reminder>(
      this.db,
      `SELECT ${COLUMNS} FROM reminders WHERE tenant_id = $1 AND loan_id = $2
       ORDER BY created_at DESC, sequence DESC LIMIT $3`,
      [tenantId, loanId, limit],
    );
    return rows.map(toReminder);
  }

  async findById(tenantId: string, id: string): Promise<Reminder | null> {
    const row = await queryOne<Reminder>(this.db, `SELECT ${COLUMNS} FROM reminders WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
    ]);
    return row ? toReminder(row) : null;
  }

  async listDue(tenantId: string, now: string, limit: number): Promise<Reminder[]> {
    const { rows } = await query<Reminder>(
      this.db,
      `SELECT ${COLUMNS} FROM reminders
       WHERE tenant_id = $1 AND status = 'pending' AND next_attempt_at <= $2
       ORDER BY next_attempt_at, id LIMIT $3`,
      [tenantId, now, limit],
    );
    return rows.map(toReminder);
  }

  async listClaimedBefore(tenantId: string, before: string): Promise<Reminder[]> {
    const { rows } = await query<Reminder>(
      this.db,
      `SELECT ${COLUMNS} FROM reminders WHERE tenant_id = $1 AND status = 'sending' AND claimed_at < $2
       ORDER BY claimed_at`,
      [tenantId, before],
    );
    return rows.map(toReminder);
  }

  async transition(tenantId: string, id: string, from: ReminderStatus, change: ReminderChange): Promise<boolean> {
    const set = CHANGE_COLUMNS.filter(([field]) => field in change);
    if (set.length === 0) return false;
    const n = set.length;
    const result = await query(
      this.db,
      `UPDATE reminders SET ${set.map(([, column], i) => `${column} = $${i + 1}`).join(', ')}
       WHERE tenant_id = $${n + 1} AND id = $${n + 2} AND status = $${n + 3}`,
      [...set.map(([field]) => change[field] ?? null), tenantId, id, from],
    );
    return result.rowCount === 1;
  }
}
