/** A service-desk ticket as the console reads it, with the desk's state machine from the domain itself. */
import type { TicketPriority, TicketStatus } from '@desk/contract';

export { TICKET_MOVES, TICKET_PRIORITIES, TICKET_STATUSES } from '@desk/contract';
export type { TicketPriority, TicketStatus };

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
