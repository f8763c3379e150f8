/** How the console shows a service-desk ticket, with the desk's state machine from the domain itself. */
import type { TicketPriority, TicketStatus } from '@desk/contract';
import { Badge, type BadgeVocabulary } from '../../ui/badge.js';

export { TICKET_MOVES, TICKET_PRIORITIES, TICKET_STATUSES } from '@desk/contract';
export type { TicketPriority, TicketStatus };

export type { Ticket, TicketComment } from '../../api/tickets.js';

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
