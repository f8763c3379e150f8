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
  'submission.created',
  'submission.assigned',
  'backup.failed',
  'monitor.down',
  'monitor.up',
  'webhook.test',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const isEventKind = (s: string): s is EventKind => (EVENT_KINDS as readonly string[]).includes(s);

/** The kinds a webhook may subscribe to: every stored kind (`webhook.test` is sent on request). */
export const SUBSCRIBABLE_KINDS = EVENT_KINDS.filter((k) => k !== 'webhook.test');

/**
 * What a subscriber (a stream, a webhook's creator) must hold to see an event of a kind: the view
 * permission and module of the records it is about; deployment events (backups, monitors) need
 * `event.subscribe` alone. (A key's stream also needs `event.subscribe` to open at all.)
 */
const VISIBILITY: Readonly<Record<EventKind, readonly (Permission | `module.${ModuleName}`)[]>> = {
  'loan.issued': ['module.loans', 'loan.view'],
  'loan.returned': ['module.loans', 'loan.view'],
  'loan.withdrawn': ['module.loans', 'loan.view'],
  'loan.restored': ['module.loans', 'loan.view'],
  'submission.created': ['module.repairs', 'repair.view'],
  'submission.assigned': ['module.repairs', 'repair.view'],
  'backup.failed': ['event.subscribe'],
  'monitor.down': ['event.subscribe'],
  'monitor.up': ['event.subscribe'],
  'webhook.test': ['event.subscribe'],
};

/** Whether a holder of `permissions` (effective: grants plus modules) may see events of `kind`. */
export const maySee = (permissions: ReadonlySet<string>, kind: EventKind): boolean =>
  VISIBILITY[kind].every((p) => permissions.has(p));

/** Who receives an event: the effective permissions, and the loan pool (null: the whole tenant). */
export interface EventAudience {
  readonly permissions: ReadonlySet<string>;
  readonly loanGroupIds: readonly string[] | null;
}

/**
 * Whether this audience may receive this event: its kind (maySee) and, for a loan event, the loan's
 * group in the audience's pool — a teacher follows the loans of their own groups only, as in the
 * inventory.
 */
export function mayReceive(
  audience: EventAudience,
  event: { kind: EventKind; payload: Readonly<Record<string, unknown>> },
): boolean {
  if (!maySee(audience.permissions, event.kind)) return false;
  if (audience.loanGroupIds === null || !event.kind.startsWith('loan.')) return true;
  const groupId = (event.payload.loan as { groupId?: unknown } | undefined)?.groupId;
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
