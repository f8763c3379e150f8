import type { Repositories } from '../../ports/repositories.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import { viaOf, type Actor } from './actor.js';
import type { EventKind } from '../events/event.js';
import type { AuditActorType } from '../audit/audit-entry.js';

/**
 * Writes the audit entry and (when the change has an event kind) the outbox event of a change, in
 * the caller's transaction: the change, its audit line and its event commit or vanish together.
 * The event's number is taken last, just before the commit, because taking it holds the tenant's
 * event counter until then (that is what makes events commit in id order: see OutboxEvent).
 */
export async function recordChange(
  repos: Repositories,
  ids: IdGenerator,
  change: {
    tenantId: string;
    actor: { type: AuditActorType; id: string; via?: string };
    action: string;
    target: string;
    at: string;
    details?: Record<string, unknown>;
    event?: { kind: EventKind; payload: Record<string, unknown> };
  },
): Promise<void> {
  await repos.audit.record(change.tenantId, {
    id: ids.next(),
    actor: change.actor,
    action: change.action,
    target: change.target,
    at: change.at,
    details: change.details ?? {},
  });
  if (change.event) await appendEvent(repos, ids, change.tenantId, { ...change.event, occurredAt: change.at });
}

/** Appends one event to the tenant's outbox in the caller's transaction, numbered from its counter. */
export async function appendEvent(
  repos: Repositories,
  ids: IdGenerator,
  tenantId: string,
  event: { kind: EventKind; occurredAt: string; payload: Record<string, unknown> },
): Promise<number> {
  const eventId = await repos.tenants.takeNumber(tenantId, 'event');
  await repos.outbox.append(tenantId, { id: ids.next(), eventId, ...event });
  return eventId;
}

/** Who an audit entry names: the principal, and the app it acted through when there is one. */
export const auditActor = (actor: Actor): { type: AuditActorType; id: string; via?: string } => {
  const via = viaOf(actor);
  return { type: actor.principal.type, id: actor.principal.id, ...(via ? { via: via.clientName } : {}) };
};
