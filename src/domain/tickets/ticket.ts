import { z } from 'zod';
import { conflict } from '../shared/errors.js';
import { isoInstant, nullableText } from '../shared/validation.js';
import { canMove, TICKET_MOVES, TICKET_PRIORITIES, TICKET_STATUSES } from './ticket-states.js';
import { stateInWords, statesInWords } from '../shared/words.js';
import { dueTimeFields } from './service-targets/clock.js';

/** A service-desk ticket, as stored and as returned. Read only through the tools; kept in the console. */
export const ticketSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  requesterId: nullableText(),
  assigneeId: nullableText(),
  categoryId: nullableText().describe('The category it is filed under (GET /api/ticket-categories), or null'),
  teamId: nullableText().describe('The team that works it (GET /api/teams), or null'),
  ...dueTimeFields,
  createdAt: isoInstant(),
  updatedAt: isoInstant(),
});
export type Ticket = z.output<typeof ticketSchema>;

export const ticketResultSchema = z.object({ ticket: ticketSchema });

/** A ticket event's data (SPEC §8: thin): which ticket and where it stands; never its text. */
export const ticketEventData = (
  t: Pick<Ticket, 'id' | 'number' | 'status' | 'priority' | 'assigneeId' | 'teamId'>,
) => ({
  ticket: {
    id: t.id,
    number: t.number,
    status: t.status,
    priority: t.priority,
    assigneeId: t.assigneeId,
    teamId: t.teamId,
  },
});

/**
 * A comment on a ticket. An internal note is for the desk (ticket.manage) only: the requester and
 * anyone with ticket.view alone never see it, nor its event.
 */
export const ticketCommentSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  // `person`: the requester (or another person of the school) by e-mail; `email`: an address the school
  // does not know, on a ticket opened from it.
  author: z.object({
    type: z.enum(['user', 'apiKey', 'operator', 'person', 'email']),
    id: z.string(),
    name: z.string(),
  }),
  body: z.string(),
  internal: z.boolean(),
  createdAt: isoInstant(),
});
export type TicketComment = z.output<typeof ticketCommentSchema>;

/** What adding a comment answers with: the comment as kept. */
export const ticketCommentResultSchema = z.object({ comment: ticketCommentSchema });

/** A comment's event data (SPEC §8: thin): which ticket, which comment, and whether it is an internal note. */
export const ticketCommentEventData = (t: Ticket, c: TicketComment) => ({
  ticket: { id: t.id, number: t.number },
  comment: { id: c.id, internal: c.internal },
});

// The desk's moves (the machine is in ticket-states.ts). Each function is pure: it returns the next
// ticket or throws `conflict`.

const closed = (t: Ticket) => conflict(`ticket ${t.number} is closed: a closed ticket does not change; open a new one`);

/** What the desk may change of a ticket (PATCH /tickets/:id). */
export type TicketChanges = Partial<Pick<Ticket, 'status' | 'priority' | 'assigneeId' | 'categoryId' | 'teamId'>>;
export const TICKET_FIELDS = ['status', 'priority', 'assigneeId', 'categoryId', 'teamId'] as const;

/**
 * Applies the desk's changes at `at`: a status move the machine allows, a priority, an assignee (or
 * null: nobody). Values equal to the ticket's own are no change; when nothing changes, the ticket
 * itself is returned (its `updatedAt` untouched). A CLOSED ticket takes no change at all.
 */
export function changeTicket(t: Ticket, changes: TicketChanges, at: string): Ticket {
  const changed = TICKET_FIELDS.filter((k) => changes[k] !== undefined && changes[k] !== t[k]);
  if (changed.length === 0) return t;
  if (t.status === 'CLOSED') throw closed(t);
  const to = changes.status;
  if (to !== undefined && to !== t.status && !canMove(t.status, to)) {
    const allowed = TICKET_MOVES[t.status];
    throw conflict(
      `ticket ${t.number} cannot go from ${stateInWords(t.status)} to ${stateInWords(to)}; from ${stateInWords(t.status)} it goes to ${statesInWords(allowed)}`,
    );
  }
  return { ...t, ...Object.fromEntries(changed.map((k) => [k, changes[k]])), updatedAt: at };
}

/** Refuses a comment on a CLOSED ticket (final: the conversation is over; a new ticket starts another). */
export function mustTakeComments(t: Ticket): void {
  if (t.status === 'CLOSED') throw closed(t);
}
