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
});
export type Ticket = z.output<typeof ticketSchema>;

export const ticketResultSchema = z.object({ ticket: ticketSchema });
