/** A service-desk ticket as the console reads it, and the desk's state machine (src/domain/tickets/ticket.ts). */

export const TICKET_STATUSES = ['NEW', 'OPEN', 'PENDING', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

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
  readonly updatedAt: string;
}

export interface TicketComment {
  readonly id: string;
  readonly ticketId: string;
  readonly author: { readonly type: string; readonly id: string; readonly name: string };
  readonly body: string;
  readonly internal: boolean;
  readonly createdAt: string;
}

export const STATUS_LABEL: Readonly<Record<TicketStatus, string>> = {
  NEW: 'New',
  OPEN: 'Open',
  PENDING: 'Pending',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
};

export const PRIORITY_LABEL: Readonly<Record<TicketPriority, string>> = {
  LOW: 'Low',
  NORMAL: 'Normal',
  HIGH: 'High',
  URGENT: 'Urgent',
};

/** Where a ticket may go from each status: NEW → OPEN → PENDING ↔ OPEN → RESOLVED → CLOSED, RESOLVED → OPEN. */
export const TICKET_MOVES: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  NEW: ['OPEN'],
  OPEN: ['PENDING', 'RESOLVED'],
  PENDING: ['OPEN'],
  RESOLVED: ['CLOSED', 'OPEN'],
  CLOSED: [],
};

export function TicketStatusBadge(props: { status: TicketStatus }) {
  const tone =
    props.status === 'RESOLVED' || props.status === 'CLOSED'
      ? ' badge-ok'
      : props.status === 'PENDING'
        ? ' badge-warn'
        : '';
  return <span class={`badge${tone}`}>{STATUS_LABEL[props.status]}</span>;
}

export function PriorityBadge(props: { priority: TicketPriority }) {
  const tone = props.priority === 'URGENT' ? ' badge-danger' : props.priority === 'HIGH' ? ' badge-warn' : '';
  return <span class={`badge${tone}`}>{PRIORITY_LABEL[props.priority]}</span>;
}
