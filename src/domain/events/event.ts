/** Event kinds of SPEC §8. Each is written to the outbox in the transaction of the change. */
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
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export interface NewOutboxEvent {
  readonly kind: EventKind;
  readonly occurredAt: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** A stored event. `seq` increases with every event across the deployment (delivery order). */
export interface OutboxEvent extends NewOutboxEvent {
  readonly id: string;
  readonly seq: number;
}
