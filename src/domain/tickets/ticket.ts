import { z } from 'zod';
import { isoInstant, nullableText } from '../shared/validation.js';

export const TICKET_STATUSES = ['NEW', 'OPEN', 'PENDING', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** A service-desk ticket, as stored and as returned. Read only through the tools. */
export const ticketSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  requesterId: nullableText(),
  assigneeId: nullableText(),
  createdAt: isoInstant(),
  updatedAt: isoInstant(),
});
export type Ticket = z.output<typeof ticketSchema>;

export const ticketResultSchema = z.object({ ticket: ticketSchema });

/** A ticket event's data (SPEC §8: thin): which ticket and where it stands; never its text. */
export const ticketEventData = (t: Ticket) => ({
  ticket: { id: t.id, number: t.number, status: t.status, priority: t.priority, assigneeId: t.assigneeId },
});

/**
 * A comment on a ticket. An internal note is for the desk (ticket.manage) only: the requester and
 * anyone with ticket.view alone never see it, nor its event.
 */
export const ticketCommentSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  author: z.object({ type: z.enum(['user', 'apiKey', 'operator']), id: z.string(), name: z.string() }),
  body: z.string(),
  internal: z.boolean(),
  createdAt: isoInstant(),
});
export type TicketComment = z.output<typeof ticketCommentSchema>;
