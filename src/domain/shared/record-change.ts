import type { Repositories } from '../../ports/repositories.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { Actor } from './actor.js';
import type { EventKind } from '../events/event.js';
import type { AuditActorType } from '../audit/audit-entry.js';

/**
 * Writes the audit entry and (when the change has an event kind) the outbox event of a change, in
 * the caller's transaction: the change, its audit line and its event commit or vanish together.
 */
export async function recordChange(
  repos: Repositories,
  ids: IdGenerator,
  change: {
    tenantId: string;
    actor: { type: AuditActorType; id: string };
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
  if (change.event) {
    await repos.outbox.append(change.tenantId, {
      id: ids.next(),
      kind: change.event.kind,
      occurredAt: change.at,
      payload: change.event.payload,
    });
  }
}

export const auditActor = (actor: Actor) => ({ type: actor.principal.type, id: actor.principal.id });
