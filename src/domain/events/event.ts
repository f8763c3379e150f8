import type { ModuleName, Permission } from '../access/permissions.js';

/**
 * Event kinds of SPEC §8. A change's event is written to the outbox in the change's own transaction
 * (record-change.ts); deployment events (`backup.failed`, `monitor.*` of the disk) go to every tenant
 * with the events module. `webhook.test` is never stored: it is what `POST /webhooks/:id/test` sends.
 */
export const EVENT_KINDS = [
  'loan.issued',
  'loan.returned',
  'loan.withdrawn',
  'loan.restored',
  'loan.created',
  'loan.updated',
  'loan.reminded',
  'reservation.created',
  'reservation.cancelled',
  'reservation.fulfilled',
  'submission.created',
  'submission.assigned',
  'submission.status_changed',
  'person.created',
  'person.updated',
  'person.archived',
  'device.created',
  'device.updated',
  'ticket.created',
  'ticket.updated',
  'ticket.reopened',
  'ticket.commented',
  'ticket.replied',
  'ticket.sla_warning',
  'ticket.sla_breached',
  'cost.recorded',
  'charge.created',
  'payment.recorded',
  'import.completed',
  'backup.failed',
  'monitor.down',
  'monitor.up',
  'webhook.test',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const isEventKind = (s: string): s is EventKind => (EVENT_KINDS as readonly string[]).includes(s);

/** The kinds a webhook may subscribe to: every stored kind (`webhook.test` is sent on request). */
export const SUBSCRIBABLE_KINDS = EVENT_KINDS.filter((k) => k !== 'webhook.test');

type Requirement = readonly (Permission | `module.${ModuleName}`)[];

const LOANS: Requirement = ['module.loans', 'loan.view'];
const REPAIRS: Requirement = ['module.repairs', 'repair.view'];
const PEOPLE: Requirement = ['module.people', 'person.view'];
const DEVICES: Requirement = ['module.assets', 'device.view'];
const TICKETS: Requirement = ['module.servicedesk', 'ticket.view'];
// A pupil's account is not for every viewer of people: only those who keep it.
const ACCOUNTS: Requirement = ['module.people', 'charge.manage'];

/**
 * What a subscriber (a stream, a webhook's creator) must hold to see an event of a kind: the view
 * permission and module of the records it is about; deployment events (backups, monitors) need
 * `event.subscribe` alone. (A key's stream also needs `event.subscribe` to open at all.) Some
 * events ask more of their data (mayReceive): an internal note's `ticket.commented`, and
 * `import.completed` by what was imported.
 */
const VISIBILITY: Readonly<Record<EventKind, Requirement>> = {
  'loan.issued': LOANS,
  'loan.returned': LOANS,
  'loan.withdrawn': LOANS,
  'loan.restored': LOANS,
  'loan.created': LOANS,
  'loan.updated': LOANS,
  'loan.reminded': LOANS,
  'reservation.created': LOANS,
  'reservation.cancelled': LOANS,
  'reservation.fulfilled': LOANS,
  'submission.created': REPAIRS,
  'submission.assigned': REPAIRS,
  'submission.status_changed': REPAIRS,
  'person.created': PEOPLE,
  'person.updated': PEOPLE,
  'person.archived': PEOPLE,
  'device.created': DEVICES,
  'device.updated': DEVICES,
  'ticket.created': TICKETS,
  'ticket.updated': TICKETS,
  'ticket.reopened': TICKETS,
  'ticket.sla_warning': TICKETS,
  'ticket.sla_breached': TICKETS,
  'ticket.commented': TICKETS,
  'ticket.replied': TICKETS,
  'cost.recorded': ['module.costs', 'cost.view'],
  'charge.created': ACCOUNTS,
  'payment.recorded': ACCOUNTS,
  // Each import's data says what was imported; mayReceive holds it to that record's view permission.
  'import.completed': [],
  'backup.failed': ['event.subscribe'],
  'monitor.down': ['event.subscribe'],
  'monitor.up': ['event.subscribe'],
  'webhook.test': ['event.subscribe'],
};

/**
 * What a webhook's creator must hold to subscribe it to a kind: what a stream needs, except that a
 * webhook subscribed to `ticket.commented` is sent internal notes' events too (its deliveries are not
 * filtered per event), so it needs `ticket.manage`.
 */
const WEBHOOK_VISIBILITY: Partial<Record<EventKind, Requirement>> = {
  'ticket.commented': ['module.servicedesk', 'ticket.manage'],
};

/** Whether a holder of `permissions` (effective: grants plus modules) may see events of `kind`. */
export const maySee = (permissions: ReadonlySet<string>, kind: EventKind): boolean =>
  VISIBILITY[kind].every((p) => permissions.has(p));

/** Whether a holder of `permissions` may subscribe a webhook to `kind` (see WEBHOOK_VISIBILITY). */
export const maySubscribeWebhook = (permissions: ReadonlySet<string>, kind: EventKind): boolean =>
  maySee(permissions, kind) && (WEBHOOK_VISIBILITY[kind] ?? []).every((p) => permissions.has(p));

/** The kinds a holder of `permissions` may subscribe a webhook to, in catalogue order (the console's checkboxes). */
export const subscribableKinds = (permissions: ReadonlySet<string>): EventKind[] =>
  SUBSCRIBABLE_KINDS.filter((k) => maySubscribeWebhook(permissions, k));

/** What the data of an `import.completed` event names, and who may see each. */
const IMPORT_VISIBILITY: Readonly<Record<string, Requirement>> = {
  people: PEOPLE,
  devices: DEVICES,
  loans: LOANS,
};

/** Who receives an event: the effective permissions, and the loan pool (null: the whole tenant). */
export interface EventAudience {
  readonly permissions: ReadonlySet<string>;
  readonly loanGroupIds: readonly string[] | null;
}

/**
 * Whether this audience may receive this event: its kind (maySee), and what its data asks:
 * - a loan or reservation event: the loan's (booking's) group in the audience's pool (a teacher
 *   follows the loans of their own groups only, as in the inventory);
 * - an internal note's `ticket.commented`: `ticket.manage` (the desk's notes are for the desk);
 * - `import.completed`: the view permission and module of the records imported.
 */
export function mayReceive(
  audience: EventAudience,
  event: { kind: EventKind; payload: Readonly<Record<string, unknown>> },
): boolean {
  const { permissions } = audience;
  if (!maySee(permissions, event.kind)) return false;
  if (event.kind === 'ticket.commented') {
    const internal = (event.payload.comment as { internal?: unknown } | undefined)?.internal;
    return internal !== true || permissions.has('ticket.manage');
  }
  if (event.kind === 'import.completed') {
    const kind = (event.payload.import as { kind?: unknown } | undefined)?.kind;
    const required = typeof kind === 'string' ? IMPORT_VISIBILITY[kind] : undefined;
    return required !== undefined && required.every((p) => permissions.has(p));
  }
  if (audience.loanGroupIds === null) return true;
  const subject = event.kind.startsWith('loan.')
    ? 'loan'
    : event.kind.startsWith('reservation.')
      ? 'reservation'
      : null;
  if (subject === null) return true;
  const groupId = (event.payload[subject] as { groupId?: unknown } | undefined)?.groupId;
  return typeof groupId === 'string' && audience.loanGroupIds.includes(groupId);
}

/** An event to store: its kind, when it happened and its thin data (ids, numbers, statuses). */
export interface NewOutboxEvent {
  readonly kind: EventKind;
  readonly occurredAt: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

/**
 * A stored event. `eventId` is the tenant's own counter (1, 2, 3...): strictly increasing, and on
 * every database committed in that order, because taking the next number locks the tenant's counter
 * until the transaction ends. So a reader that has seen event n has seen every event before it, and
 * resuming "after n" never skips one. `id` is the event's UUID: the `webhook-id` of its deliveries.
 */
export interface OutboxEvent extends NewOutboxEvent {
  readonly id: string;
  readonly eventId: number;
}

/**
 * The body every surface sends for an event (webhooks, SSE): Standard Webhooks' `{type, timestamp,
 * data}`. The data is thin on purpose: enough to decide whether to fetch the record, never a name or
 * an e-mail address.
 */
export interface EventBody {
  readonly type: EventKind;
  readonly timestamp: string;
  readonly data: Readonly<Record<string, unknown>>;
}

export const eventBody = (event: NewOutboxEvent): EventBody => ({
  type: event.kind,
  timestamp: event.occurredAt,
  data: event.payload,
});
