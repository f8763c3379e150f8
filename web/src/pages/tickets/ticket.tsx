/** A service-desk ticket as the console reads it, with the desk's state machine from the domain itself. */
import type { TicketPriority, TicketStatus } from '@desk/contract';
import { Badge, type BadgeVocabulary } from '../../ui/badge.js';

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

export const TICKET_STATUS: BadgeVocabulary<TicketStatus> = {
  label: STATUS_LABEL,
  tone: { RESOLVED: 'ok', CLOSED: 'ok', PENDING: 'warn' },
};

export const TICKET_PRIORITY: BadgeVocabulary<TicketPriority> = {
  label: PRIORITY_LABEL,
  tone: { URGENT: 'danger', HIGH: 'warn' },
};

export const TicketStatusBadge = (props: { status: TicketStatus }) => <Badge of={TICKET_STATUS} value={props.status} />;

export const PriorityBadge = (props: { priority: TicketPriority }) => (
  <Badge of={TICKET_PRIORITY} value={props.priority} />
);
