import type { Page, PageRequest } from '../../domain/shared/paging.js';
import type { TicketStatus } from '../../domain/tickets/ticket-states.js';
import type { Ticket, TicketComment } from '../../domain/tickets/ticket.js';

export interface TicketSearch {
  readonly status?: TicketStatus | undefined;
  /** Literal, case-insensitive substring of subject or body. */
  readonly q?: string | undefined;
  readonly assigneeId?: string | undefined;
  readonly teamId?: string | undefined;
  readonly categoryId?: string | undefined;
  /** Tickets this person requested or is assigned (a person's profile). */
  readonly personId?: string | undefined;
}

export abstract class TicketRepository {
  abstract insertMany(tenantId: string, tickets: readonly Ticket[]): Promise<void>;
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Ticket | null>;
  abstract findByNumber(tenantId: string, number: number): Promise<Ticket | null>;
  /** Newest first: number descending. */
  abstract search(tenantId: string, search: TicketSearch, page: PageRequest): Promise<Page<Ticket>>;
  /** Up to `limit` matches numbered below `before` (null: from the newest), newest first, without a total. */
  abstract scan(tenantId: string, search: TicketSearch, before: number | null, limit: number): Promise<Ticket[]>;
  /** Writes status, priority, assignee, requester, subject, body and updatedAt; false when there is no such ticket. */
  abstract update(tenantId: string, ticket: Ticket): Promise<boolean>;
  abstract addComment(tenantId: string, comment: TicketComment): Promise<void>;
  /** A ticket's comments, oldest first (then in the order they were added); internal notes only when asked. */
  abstract listComments(
    tenantId: string,
    ticketId: string,
    opts: { includeInternal: boolean },
    page: PageRequest,
  ): Promise<Page<TicketComment>>;
}
