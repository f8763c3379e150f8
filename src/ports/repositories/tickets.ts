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
  /**
   * The portal's "my tickets": those this person requested, and those whose addresses (ticket_addresses)
   * hold theirs (they filed it for a pupil, or were copied in by e-mail).
   */
  readonly requester?: { readonly personId: string; readonly address: string } | undefined;
  /** Only tickets with a running due time at or before this instant (now: those past a target). */
  readonly dueBy?: string | undefined;
  /** Only tickets unchanged since before this instant (updatedAt), for the follow-ups of waiting tickets. */
  readonly updatedBefore?: string | undefined;
  /** `newest` (default): number descending; `due`: earliest running due time first, none last. */
  readonly sort?: 'newest' | 'due' | undefined;
}

/** Tickets not resolved or closed, and those of them past a running due time, counted per team. */
export interface TeamLoad {
  readonly teamId: string | null;
  readonly open: number;
  readonly breached: number;
}

export abstract class TicketRepository {
  abstract insertMany(tenantId: string, tickets: readonly Ticket[]): Promise<void>;
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Ticket | null>;
  abstract findByNumber(tenantId: string, number: number): Promise<Ticket | null>;
  /** Newest first (number descending), or by due time (TicketSearch.sort). */
  abstract search(tenantId: string, search: TicketSearch, page: PageRequest): Promise<Page<Ticket>>;
  /** Up to `limit` matches numbered below `before` (null: from the newest), newest first, without a total. */
  abstract scan(tenantId: string, search: TicketSearch, before: number | null, limit: number): Promise<Ticket[]>;
  /** Writes status, priority, assignee, requester, subject, body and updatedAt; false when there is no such ticket. */
  abstract update(tenantId: string, ticket: Ticket): Promise<boolean>;
  abstract addComment(tenantId: string, comment: TicketComment): Promise<void>;
  /** Every tenant's open tickets per team, and how many are past a due time at `now` (the metrics). */
  abstract loadByTeam(now: string): Promise<TeamLoad[]>;
  /** A ticket's comments, oldest first (then in the order they were added); internal notes only when asked. */
  abstract listComments(
    tenantId: string,
    ticketId: string,
    opts: { includeInternal: boolean },
    page: PageRequest,
  ): Promise<Page<TicketComment>>;
}
