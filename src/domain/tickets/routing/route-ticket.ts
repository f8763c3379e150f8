import type { Repositories } from '../../../ports/repositories.js';
import type { PersonKind } from '../../people/person-kinds.js';
import { notFound } from '../../shared/errors.js';
import type { TicketPriority } from '../ticket-states.js';
import { matchingRule, nextInTurn, type RoutingRule } from './routing.js';

/** Where a new ticket goes, and which rule said so (null: no rule matched; it waits in the queue). */
export interface Route {
  readonly teamId: string | null;
  readonly assigneeId: string | null;
  readonly rule: Pick<RoutingRule, 'id' | 'assignment'> | null;
}

/** A category the ticket names: one of the school's, or not found. */
export async function schoolCategory(repos: Repositories, tenantId: string, categoryId: string): Promise<void> {
  if (!(await repos.ticketRouting.findCategory(tenantId, categoryId))) throw notFound('ticket category', categoryId);
}

/**
 * Routes a new ticket inside the caller's transaction: the first matching rule picks the team, and
 * for `round_robin` the team's next available member who is still staff and not archived gets it
 * (their turn is taken: the team's row is locked, so two tickets at once go to two members). With
 * nobody available, or for `pick_up`, the ticket stays with the team unassigned.
 */
export async function routeTicket(
  repos: Repositories,
  tenantId: string,
  facts: { categoryId: string | null; requesterKind: PersonKind | null; priority: TicketPriority },
): Promise<Route> {
  const rule = matchingRule(await repos.ticketRouting.listRules(tenantId), facts);
  if (!rule) return { teamId: null, assigneeId: null, rule: null };
  const team = await repos.ticketRouting.findTeam(tenantId, rule.teamId, { forUpdate: true });
  if (!team) return { teamId: null, assigneeId: null, rule: null };
  const chosen = { id: rule.id, assignment: rule.assignment };
  if (rule.assignment === 'pick_up') return { teamId: team.id, assigneeId: null, rule: chosen };

  // A member who left the staff or the school since they joined the team is passed over.
  const people = await repos.people.findByIds(
    tenantId,
    team.members.map((m) => m.personId),
  );
  const working = new Set(people.filter((p) => p.kind === 'STAFF' && p.archivedAt === null).map((p) => p.id));
  const eligible = {
    ...team,
    members: team.members.map((m) => ({ ...m, available: m.available && working.has(m.personId) })),
  };
  const turn = nextInTurn(eligible);
  if (!turn) return { teamId: team.id, assigneeId: null, rule: chosen };
  await repos.ticketRouting.takeTurn(tenantId, team.id, turn.position);
  return { teamId: team.id, assigneeId: turn.personId, rule: chosen };
}
