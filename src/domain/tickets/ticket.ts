export const TICKET_STATUSES = ['NEW', 'OPEN', 'PENDING', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** A service-desk ticket. Read only through the tools. */
export interface Ticket {
  readonly id: string;
  readonly number: number;
  readonly subject: string;
  readonly body: string;
  readonly status: TicketStatus;
  readonly priority: TicketPriority;
  readonly requesterId: string | null;
  readonly assigneeId: string | null;
  readonly createdAt: string;
}
