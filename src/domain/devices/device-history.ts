import { z } from 'zod';
import type { Repositories } from '../../ports/repositories.js';
import { AUDIT_ACTOR_TYPES, type AuditEntry } from '../audit/audit-entry.js';
import { inPool } from '../loans/loan-ref.js';
import { can, type Actor } from '../shared/actor.js';
import type { Page, PageRequest } from '../shared/paging.js';
import { isoInstant } from '../shared/validation.js';
import type { Device } from './device.js';

const ACTOR_TYPES = AUDIT_ACTOR_TYPES;

/**
 * One line of a device's history: an audit entry about the device (`device:<id>`), about the loaner
 * with the same serial (`loan:<number>`) or about a repair submission of that serial
 * (`submission:<number>`). The actor's name is today's (a user's or a key's), left out when unknown.
 */
export const historyEntrySchema = z.object({
  at: isoInstant(),
  action: z.string().describe('device.create, device.assign, loan.issue, submission.create, ...'),
  target: z.string().describe('What the entry is about: device:<id>, loan:<number> or submission:<number>'),
  actor: z.object({ type: z.enum(ACTOR_TYPES), id: z.string(), name: z.string().optional() }),
  details: z.record(z.string(), z.unknown()),
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;

/** At most this many submissions of one serial are followed into the history (the newest). */
const SUBMISSIONS_FOLLOWED = 500;

/**
 * What a device's history covers for this caller: the device itself; the loaner with its serial
 * when the caller may see loans (module and permission) and that loaner is in their pool; the
 * repair submissions of its serial when they may see repairs.
 */
async function historyTargets(repos: Repositories, actor: Actor, device: Device): Promise<string[]> {
  const tenantId = actor.tenant.id;
  const targets = [`device:${device.id}`];
  if (can(actor, ['module.loans', 'loan.view'])) {
    const loan = await repos.loans.findBySerial(tenantId, device.serial);
    if (loan && inPool(actor, loan.groupId)) targets.push(`loan:${loan.number}`);
  }
  if (can(actor, ['module.repairs', 'repair.view'])) {
    const { items } = await repos.submissions.search(
      tenantId,
      { serial: device.serial },
      { page: 1, pageSize: SUBMISSIONS_FOLLOWED },
    );
    targets.push(...items.map((s) => `submission:${s.number}`));
  }
  return targets;
}

/** Names the actors of a page of entries, each looked up once: users and keys by their current name. */
async function actorNames(repos: Repositories, tenantId: string, entries: readonly AuditEntry[]) {
  const names = new Map<string, string | null>();
  for (const { actor } of entries) {
    const key = `${actor.type}:${actor.id}`;
    if (names.has(key)) continue;
    if (actor.type === 'user') names.set(key, (await repos.users.findById(tenantId, actor.id))?.name ?? null);
    else if (actor.type === 'apiKey') names.set(key, (await repos.apiKeys.findById(tenantId, actor.id))?.name ?? null);
    else if (actor.type === 'operator') names.set(key, 'operator (CLI)');
    else names.set(key, null);
  }
  return names;
}

/** A page of the device's history, newest first (the audit trail's order). */
export async function readDeviceHistory(
  repos: Repositories,
  actor: Actor,
  device: Device,
  page: PageRequest,
): Promise<Page<HistoryEntry>> {
  const tenantId = actor.tenant.id;
  const targets = await historyTargets(repos, actor, device);
  const found = await repos.audit.search(tenantId, { targets }, page);
  const names = await actorNames(repos, tenantId, found.items);
  return {
    total: found.total,
    items: found.items.map((e): HistoryEntry => {
      const name = names.get(`${e.actor.type}:${e.actor.id}`);
      return {
        at: e.at,
        action: e.action,
        target: e.target,
        actor: { type: e.actor.type, id: e.actor.id, ...(name ? { name } : {}) },
        details: { ...e.details },
      };
    }),
  };
}
