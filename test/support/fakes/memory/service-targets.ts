import type { Ticket } from '../../../../src/domain/tickets/ticket.js';
import type { ClosureDay } from '../../../../src/domain/tickets/service-targets/closure-day.js';
import type { TicketClock } from '../../../../src/domain/tickets/service-targets/clock.js';
import type { ClosureDayRepository } from '../../../../src/ports/repositories/closure-days.js';
import type { ClockedRow, TicketClockRepository } from '../../../../src/ports/repositories/ticket-clocks.js';
import { compare, copy, emptyState, findRow, MemoryState, rowsOf } from './store.js';

/** The ticket's fields a clocked row carries, as the SQL join selects them. */
const clocked = (t: Ticket): ClockedRow['ticket'] => ({
  id: t.id,
  number: t.number,
  subject: t.subject,
  status: t.status,
  priority: t.priority,
  teamId: t.teamId,
  assigneeId: t.assigneeId,
  createdAt: t.createdAt,
  firstRespondedAt: t.firstRespondedAt,
  firstResponseDueAt: t.firstResponseDueAt,
  resolutionDueAt: t.resolutionDueAt,
});

/** Tickets' service clocks in memory: a clock's key is its ticket's id, as in the databases. */
export class MemoryTicketClockRepository implements TicketClockRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  private at(tenantId: string, ticketId: string): number {
    return this.state.ticketClocks.findIndex((o) => o.tenantId === tenantId && o.row.ticketId === ticketId);
  }

  async find(tenantId: string, ticketId: string): Promise<TicketClock | null> {
    const i = this.at(tenantId, ticketId);
    return i < 0 ? null : copy(this.state.ticketClocks[i]!.row);
  }

  async insertMany(tenantId: string, clocks: readonly TicketClock[]): Promise<void> {
    this.state.ticketClocks.push(...clocks.map((row) => ({ tenantId, row: copy(row) })));
  }

  async save(tenantId: string, clock: TicketClock): Promise<void> {
    const i = this.at(tenantId, clock.ticketId);
    if (i < 0) this.state.ticketClocks.push({ tenantId, row: copy(clock) });
    else this.state.ticketClocks[i] = { tenantId, row: copy(clock) };
  }

  async due(now: string, limit: number): Promise<{ tenantId: string; ticketId: string }[]> {
    return this.state.ticketClocks
      .filter((o) => o.row.nextCheckAt !== null && o.row.nextCheckAt <= now)
      .sort((a, b) => compare(a.row.nextCheckAt!, b.row.nextCheckAt!))
      .slice(0, limit)
      .map((o) => ({ tenantId: o.tenantId, ticketId: o.row.ticketId }));
  }

  async findRow(tenantId: string, ticketId: string): Promise<ClockedRow | null> {
    const ticket = findRow(this.state.tickets, tenantId, ticketId);
    const clock = await this.find(tenantId, ticketId);
    return ticket && clock ? { ticket: clocked(ticket), clock } : null;
  }

  async listActive(tenantId: string): Promise<ClockedRow[]> {
    const rows: ClockedRow[] = [];
    for (const t of rowsOf(this.state.tickets, tenantId)) {
      if (t.status === 'CLOSED' || (t.firstRespondedAt !== null && !['NEW', 'OPEN'].includes(t.status))) continue;
      const clock = await this.find(tenantId, t.id);
      if (clock) rows.push({ ticket: clocked(t), clock });
    }
    return rows;
  }

  async saveRows(tenantId: string, rows: readonly ClockedRow[]): Promise<void> {
    for (const { ticket, clock } of rows) {
      const i = this.state.tickets.findIndex((o) => o.tenantId === tenantId && o.row.id === ticket.id);
      if (i < 0) continue;
      const stored = this.state.tickets[i]!;
      const { firstResponseDueAt, firstRespondedAt, resolutionDueAt } = ticket;
      this.state.tickets[i] = {
        tenantId,
        row: { ...stored.row, firstResponseDueAt, firstRespondedAt, resolutionDueAt },
      };
      await this.save(tenantId, clock);
    }
  }
}

/** A school's closure days in memory. */
export class MemoryClosureDayRepository implements ClosureDayRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async list(tenantId: string): Promise<ClosureDay[]> {
    return rowsOf(this.state.closureDays, tenantId)
      .sort((a, b) => compare(a.startsOn, b.startsOn) || compare(a.name, b.name) || compare(a.id, b.id))
      .map(copy);
  }

  async upsert(tenantId: string, days: readonly ClosureDay[]): Promise<void> {
    for (const d of days) {
      const i = this.state.closureDays.findIndex(
        (o) => o.tenantId === tenantId && d.uid !== null && o.row.uid === d.uid,
      );
      if (i < 0) this.state.closureDays.push({ tenantId, row: copy(d) });
      else {
        const stored = this.state.closureDays[i]!.row;
        this.state.closureDays[i] = {
          tenantId,
          row: { ...stored, name: d.name, startsOn: d.startsOn, endsOn: d.endsOn },
        };
      }
    }
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const i = this.state.closureDays.findIndex((o) => o.tenantId === tenantId && o.row.id === id);
    if (i < 0) return false;
    this.state.closureDays.splice(i, 1);
    return true;
  }
}
