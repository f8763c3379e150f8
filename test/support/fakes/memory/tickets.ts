import type { Page, PageRequest } from '../../../../src/domain/shared/paging.js';
import type { Ticket, TicketComment } from '../../../../src/domain/tickets/ticket.js';
import type { TeamLoad, TicketRepository, TicketSearch } from '../../../../src/ports/repositories/tickets.js';
import { nextDueAt } from '../../../../src/domain/tickets/service-targets/clock.js';
import {
  compare,
  contains,
  copy,
  emptyState,
  findRow,
  insertOwned,
  matches,
  MemoryState,
  pageOf,
  replaceOwned,
  rowsOf,
} from './store.js';

export class MemoryTicketRepository implements TicketRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, tickets: readonly Ticket[]): Promise<void> {
    insertOwned(this.state.tickets, tenantId, tickets, { 'ticket number': (t) => t.number });
  }

  async findById(tenantId: string, id: string): Promise<Ticket | null> {
    return copy(findRow(this.state.tickets, tenantId, id));
  }

  async findByNumber(tenantId: string, number: number): Promise<Ticket | null> {
    return copy(rowsOf(this.state.tickets, tenantId).find((t) => t.number === number) ?? null);
  }

  async search(tenantId: string, search: TicketSearch, page: PageRequest): Promise<Page<Ticket>> {
    return pageOf(this.matching(tenantId, search), page);
  }

  async scan(tenantId: string, search: TicketSearch, before: number | null, limit: number): Promise<Ticket[]> {
    return this.matching(tenantId, search)
      .filter((t) => before === null || t.number < before)
      .slice(0, limit)
      .map(copy);
  }

  async update(tenantId: string, ticket: Ticket): Promise<boolean> {
    return (
      replaceOwned(this.state.tickets, tenantId, [ticket], {}, (stored, next) => ({
        ...next,
        number: stored.number,
        createdAt: stored.createdAt,
      })) === 1
    );
  }

  async loadByTeam(now: string): Promise<TeamLoad[]> {
    const load = new Map<string | null, { open: number; breached: number }>();
    for (const { row: t } of this.state.tickets) {
      if (!['NEW', 'OPEN', 'PENDING'].includes(t.status)) continue;
      const team = load.get(t.teamId) ?? { open: 0, breached: 0 };
      const due = nextDueAt(t);
      load.set(t.teamId, { open: team.open + 1, breached: team.breached + (due !== null && due <= now ? 1 : 0) });
    }
    return [...load].map(([teamId, n]) => ({ teamId, ...n }));
  }

  async addComment(tenantId: string, comment: TicketComment): Promise<void> {
    insertOwned(this.state.ticketComments, tenantId, [comment]);
  }

  async listComments(
    tenantId: string,
    ticketId: string,
    opts: { includeInternal: boolean },
    page: PageRequest,
  ): Promise<Page<TicketComment>> {
    // Oldest first; a stable sort keeps comments of one instant in the order they were added.
    const found = rowsOf(this.state.ticketComments, tenantId)
      .filter((c) => c.ticketId === ticketId && (opts.includeInternal || !c.internal))
      .sort((a, b) => compare(a.createdAt, b.createdAt));
    return pageOf(found, page);
  }

  private matching(tenantId: string, search: TicketSearch): Ticket[] {
    const { q, personId, requester } = search;
    return rowsOf(this.state.tickets, tenantId)
      .filter((t) => matches(search.status, t.status))
      .filter((t) => matches(search.assigneeId, t.assigneeId ?? undefined))
      .filter((t) => matches(search.teamId, t.teamId ?? undefined))
      .filter((t) => matches(search.categoryId, t.categoryId ?? undefined))
      .filter((t) => personId === undefined || t.requesterId === personId || t.assigneeId === personId)
      .filter(
        (t) =>
          requester === undefined ||
          t.requesterId === requester.personId ||
          this.state.mailIn.addresses.some(
            (o) => o.tenantId === tenantId && o.row.ticketId === t.id && o.row.address === requester.address,
          ),
      )
      .filter((t) => q === undefined || contains(t.subject, q) || contains(t.body, q))
      .filter((t) => search.updatedBefore === undefined || t.updatedAt < search.updatedBefore)
      .filter((t) => search.dueBy === undefined || (nextDueAt(t) ?? '\uffff') <= search.dueBy)
      .sort((a, b) => {
        if (search.sort !== 'due') return b.number - a.number;
        const [x, y] = [nextDueAt(a), nextDueAt(b)];
        if (x !== y) return x === null ? 1 : y === null ? -1 : compare(x, y);
        return b.number - a.number;
      });
  }
}
