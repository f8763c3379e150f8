import { z } from 'zod';
import type { Repositories } from '../../ports/repositories.js';
import { can, type Actor } from '../shared/actor.js';
import { auditEntrySchema, type AuditActorType, type AuditEntry } from './audit-entry.js';

/**
 * An audit entry with the words a person reads it by (issue 29, point 4 and 6): who acted, by name,
 * and the names of the records its details name by id (a holder, an assignee, a loan group). The
 * entry itself is unchanged beside them, so a program still reads the ids and codes.
 */
export const namedAuditEntrySchema = auditEntrySchema.extend({
  actor: auditEntrySchema.shape.actor.extend({
    name: z
      .string()
      .describe(
        "Who acted, in words: a member of staff's name, an API key's name, 'Command line' (an operator), 'Desk' (Desk itself) or 'Someone not signed in'",
      ),
  }),
  names: z
    .record(z.string(), z.string())
    .describe(
      "The names of the records this entry's target and details refer to by id (a person, a member of staff, a loan group, an API key), by id",
    ),
});
export type NamedAuditEntry = z.output<typeof namedAuditEntrySchema>;

/** What an actor that is not a record is called. */
const FIXED_NAMES: Partial<Record<AuditActorType, string>> = {
  operator: 'Command line',
  system: 'Desk',
  anonymous: 'Someone not signed in',
};

/** Said of a member of staff or key whose record is gone, so the line still reads. */
const UNKNOWN: Partial<Record<AuditActorType, string>> = {
  user: 'A former member of staff',
  apiKey: 'A deleted API key',
};

/** What a target names after its kind: `person:<id>` names the id, `loan:12` the number. */
const targetRef = (target: string): string => target.slice(target.indexOf(':') + 1);

/** Every string in an entry's details, a level or two deep: the candidates for an id to name. */
function stringsIn(value: unknown, depth = 0, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (value.length > 0 && value.length <= 100) out.add(value);
  } else if (depth < 3 && value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) stringsIn(v, depth + 1, out);
  }
  return out;
}

/**
 * Names a page of audit entries in a few reads (the tenant's users, people, loan groups and API keys
 * by id), whatever their details hold: any string of the details that is the id of one of those gets
 * its name. People are named only for a caller who may see people, or when `people` says this page
 * may name them (a loan's history names its holders to whoever may see the loan, as the loan does).
 */
export async function nameAuditEntries(
  repos: Repositories,
  actor: Actor,
  entries: readonly AuditEntry[],
  opts: { people?: boolean } = {},
): Promise<NamedAuditEntry[]> {
  const tenantId = actor.tenant.id;
  const candidates = new Set<string>();
  for (const e of entries) {
    candidates.add(e.actor.id);
    candidates.add(targetRef(e.target));
    stringsIn(e.details, 0, candidates);
  }
  const ids = [...candidates];
  const namePeople = opts.people === true || can(actor, ['module.people', 'person.view']);
  const [users, people, groups, keys] = await Promise.all([
    ids.length > 0 ? repos.users.findByIds(tenantId, ids) : [],
    namePeople && ids.length > 0 ? repos.people.findByIds(tenantId, ids) : [],
    repos.loanGroups.list(tenantId),
    repos.apiKeys.list(tenantId),
  ]);
  const known = new Map<string, string>();
  for (const g of groups) known.set(g.id, g.name);
  for (const k of keys) known.set(k.id, k.name);
  for (const p of people) known.set(p.id, p.name);
  for (const u of users) known.set(u.id, u.name);

  return entries.map((e) => {
    const names: Record<string, string> = {};
    for (const s of stringsIn(e.details).add(targetRef(e.target))) {
      const name = known.get(s);
      if (name !== undefined) names[s] = name;
    }
    const name = FIXED_NAMES[e.actor.type] ?? known.get(e.actor.id) ?? UNKNOWN[e.actor.type] ?? e.actor.id;
    return { ...e, actor: { ...e.actor, name }, details: { ...e.details }, names };
  });
}
