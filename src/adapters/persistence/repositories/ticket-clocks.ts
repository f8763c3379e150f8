import type { TicketClock } from '../../../domain/tickets/service-targets/clock.js';
import type { ClockedRow, TicketClockRepository } from '../../../ports/repositories/ticket-clocks.js';
import type { Column, Db } from '../sql/db.js';
import { dueTimeColumns } from './tickets.js';

const CLOCK = `k.id AS "ticketId", k.used_minutes AS "usedMinutes", k.running_since AS "runningSince",
  k.notified, k.next_check_at AS "nextCheckAt"`;
const TICKET = `t.id, t.number, t.subject, t.status, t.priority, t.team_id AS "teamId", t.assignee_id AS "assigneeId",
  t.created_at AS "createdAt",
  t.first_responded_at AS "firstRespondedAt", t.first_response_due_at AS "firstResponseDueAt",
  t.resolution_due_at AS "resolutionDueAt"`;

const JOINED = `k.used_minutes AS "usedMinutes", k.running_since AS "runningSince", k.notified,
  k.next_check_at AS "nextCheckAt"`;
type Row = ClockedRow['ticket'] & Omit<TicketClock, 'ticketId'>;

const clockColumns = (tenantId: string): Column<TicketClock>[] => [
  ['id', 'text', (c) => c.ticketId],
  ['tenant_id', 'text', () => tenantId],
  ['used_minutes', 'int', (c) => c.usedMinutes],
  ['running_since', 'text', (c) => c.runningSince],
  ['notified', 'int', (c) => c.notified],
  ['next_check_at', 'text', (c) => c.nextCheckAt],
];
const CLOCK_WRITES = clockColumns('').filter(([name]) => name !== 'id' && name !== 'tenant_id');

/** Tickets' service clocks and the due times they set, on either dialect. A clock's id is its ticket's. */
export class SqlTicketClockRepository implements TicketClockRepository {
  constructor(private readonly db: Db) {}

  find(tenantId: string, ticketId: string): Promise<TicketClock | null> {
    return this.db.one<TicketClock>(`SELECT ${CLOCK} FROM ticket_clocks k WHERE k.tenant_id = ? AND k.id = ?`, [
      tenantId,
      ticketId,
    ]);
  }

  insertMany(tenantId: string, clocks: readonly TicketClock[]): Promise<void> {
    return this.db.insertMany('ticket_clocks', clockColumns(tenantId), clocks, 'ticket clock');
  }

  async save(tenantId: string, clock: TicketClock): Promise<void> {
    await this.db.run(
      `INSERT INTO ticket_clocks (id, tenant_id, used_minutes, running_since, notified, next_check_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET used_minutes = excluded.used_minutes, running_since = excluded.running_since,
         notified = excluded.notified, next_check_at = excluded.next_check_at`,
      [clock.ticketId, tenantId, clock.usedMinutes, clock.runningSince, clock.notified, clock.nextCheckAt],
    );
  }

  due(now: string, limit: number): Promise<{ tenantId: string; ticketId: string }[]> {
    return this.db.all(
      `SELECT tenant_id AS "tenantId", id AS "ticketId" FROM ticket_clocks
       WHERE next_check_at IS NOT NULL AND next_check_at <= ? ORDER BY next_check_at LIMIT ?`,
      [now, limit],
    );
  }

  async findRow(tenantId: string, ticketId: string, opts: { forUpdate?: boolean } = {}): Promise<ClockedRow | null> {
    const rows = await this.rows(`t.tenant_id = ? AND t.id = ?`, [tenantId, ticketId], opts.forUpdate ? 't' : null);
    return rows[0] ?? null;
  }

  listActive(tenantId: string): Promise<ClockedRow[]> {
    return this.rows(
      `t.tenant_id = ? AND t.status <> 'CLOSED' AND (t.first_responded_at IS NULL OR t.status IN ('NEW', 'OPEN'))`,
      [tenantId],
      null,
    );
  }

  async saveRows(tenantId: string, rows: readonly ClockedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.updateMany(
      'tickets',
      tenantId,
      dueTimeColumns<ClockedRow['ticket']>(),
      rows.map((r) => r.ticket),
      'ticket',
    );
    await this.db.updateMany(
      'ticket_clocks',
      tenantId,
      CLOCK_WRITES.map(([name, type, value]) => [name, type, (r: TicketClock & { id: string }) => value(r)] as const),
      rows.map((r) => ({ ...r.clock, id: r.clock.ticketId })),
      'ticket clock',
    );
  }

  private async rows(where: string, params: unknown[], lock: string | null): Promise<ClockedRow[]> {
    const found = await this.db.all<Row>(
      `SELECT ${TICKET}, ${JOINED} FROM tickets t JOIN ticket_clocks k ON k.tenant_id = t.tenant_id AND k.id = t.id
       WHERE ${where}${lock ? this.db.lock(lock) : ''}`,
      params,
    );
    return found.map(({ usedMinutes, runningSince, notified, nextCheckAt, ...ticket }) => ({
      ticket,
      clock: { ticketId: ticket.id, usedMinutes, runningSince, notified, nextCheckAt },
    }));
  }
}
