import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../../ports/clock.js';
import { IdGenerator } from '../../../ports/id-generator.js';
import type { Repositories } from '../../../ports/repositories.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { PERSON_KINDS } from '../../people/person-kinds.js';
import type { Actor } from '../../shared/actor.js';
import { invalid, invalidField, notFound, type Problem } from '../../shared/errors.js';
import { auditActor, recordChange } from '../../shared/record-change.js';
import type { UseCase } from '../../shared/use-case.js';
import { id, positiveInt } from '../../shared/validation.js';
import { TICKET_PRIORITIES } from '../ticket-states.js';
import {
  ASSIGNMENTS,
  routingName,
  routingRuleSchema,
  teamSchema,
  ticketCategorySchema,
  type RoutingRule,
  type StoredTeam,
  type Team,
  type TicketCategory,
} from './routing.js';

/**
 * A school's help-desk routing, kept by the staff who work the desk (`ticket.manage`) and read by
 * anyone who sees the queue (`ticket.view`): categories, teams with their members, and the rules
 * that send a new ticket to a team. Each change is audited; none is an event (nothing outside Desk
 * acts on them).
 */

const VIEW = ['module.servicedesk', 'ticket.view'] as const;
const MANAGE = ['module.servicedesk', 'ticket.manage'] as const;
const empty = z.object({}).strict();

export const categoryListSchema = z.object({ categories: z.array(ticketCategorySchema) });
export const categoryResultSchema = z.object({ category: ticketCategorySchema });
export const teamListSchema = z.object({ teams: z.array(teamSchema) });
export const teamResultSchema = z.object({ team: teamSchema });
export const ruleListSchema = z.object({ rules: z.array(routingRuleSchema) });
export const ruleResultSchema = z.object({ rule: routingRuleSchema });

@injectable()
export class ListTicketCategories implements UseCase<typeof empty, z.output<typeof categoryListSchema>> {
  static readonly required = VIEW;
  static readonly input = empty;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor) {
    return { categories: await this.uow.read((r) => r.ticketRouting.listCategories(actor.tenant.id)) };
  }
}

export const createCategoryInput = z.object({ name: routingName() }).strict();

@injectable()
export class CreateTicketCategory implements UseCase<typeof createCategoryInput, { category: TicketCategory }> {
  static readonly required = MANAGE;
  static readonly input = createCategoryInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof createCategoryInput>) {
    const at = this.clock.now().toISOString();
    const category: TicketCategory = { id: this.ids.next(), name: input.name, createdAt: at };
    return this.uow.transaction(async (repos) => {
      await repos.ticketRouting.insertCategory(actor.tenant.id, category);
      await recordChange(repos, this.ids, {
        tenantId: actor.tenant.id,
        actor: auditActor(actor),
        action: 'ticket_category.create',
        target: `ticket_category:${category.id}`,
        at,
        details: { name: category.name },
      });
      return { category };
    });
  }
}

/** Teams as the API shows them: each member by name, in turn order. */
async function teamViews(repos: Repositories, tenantId: string, teams: readonly StoredTeam[]): Promise<Team[]> {
  const ids = [...new Set(teams.flatMap((t) => t.members.map((m) => m.personId)))];
  const names = new Map((ids.length ? await repos.people.findByIds(tenantId, ids) : []).map((p) => [p.id, p.name]));
  return teams.map((t) => ({
    id: t.id,
    name: t.name,
    members: t.members.map((m) => ({ ...m, name: names.get(m.personId) ?? 'A former member of staff' })),
    createdAt: t.createdAt,
  }));
}

/**
 * The members a team is given: staff of the school, not archived, each once, in the order given;
 * those in `awayIds` (which must be members) take no ticket in turn until they are back.
 */
async function teamMembers(
  repos: Repositories,
  tenantId: string,
  memberIds: readonly string[],
  awayIds: readonly string[],
): Promise<StoredTeam['members']> {
  const problems: Problem[] = [];
  const people = new Map((await repos.people.findByIds(tenantId, memberIds)).map((p) => [p.id, p]));
  memberIds.forEach((personId, i) => {
    const person = people.get(personId);
    if (memberIds.indexOf(personId) !== i) problems.push({ path: `memberIds.${i}`, message: 'is given twice' });
    else if (!person) problems.push({ path: `memberIds.${i}`, message: 'is no person of this school' });
    else if (person.kind !== 'STAFF') problems.push({ path: `memberIds.${i}`, message: `${person.name} is not staff` });
    else if (person.archivedAt !== null) {
      problems.push({ path: `memberIds.${i}`, message: `${person.name} is archived (a leaver)` });
    }
  });
  awayIds.forEach((personId, i) => {
    if (!memberIds.includes(personId)) problems.push({ path: `awayIds.${i}`, message: 'is not a member of the team' });
  });
  if (problems.length > 0) throw invalid(problems);
  const away = new Set(awayIds);
  return memberIds.map((personId) => ({ personId, available: !away.has(personId) }));
}

@injectable()
export class ListTeams implements UseCase<typeof empty, z.output<typeof teamListSchema>> {
  static readonly required = VIEW;
  static readonly input = empty;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor) {
    const tenantId = actor.tenant.id;
    return this.uow.read(async (r) => ({
      teams: await teamViews(r, tenantId, await r.ticketRouting.listTeams(tenantId)),
    }));
  }
}

const memberIdsField = () =>
  z.array(id()).max(100).describe('The members of staff (person ids), in the order tickets go round them');
const awayIdsField = () =>
  z.array(id()).max(100).describe('Members who are away: they keep their place but take no ticket in turn');

export const createTeamInput = z
  .object({ name: routingName(), memberIds: memberIdsField(), awayIds: awayIdsField().optional() })
  .strict();

@injectable()
export class CreateTeam implements UseCase<typeof createTeamInput, { team: Team }> {
  static readonly required = MANAGE;
  static readonly input = createTeamInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof createTeamInput>) {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const members = await teamMembers(repos, tenantId, input.memberIds, input.awayIds ?? []);
      const team: StoredTeam = { id: this.ids.next(), name: input.name, members, lastTurn: -1, createdAt: at };
      await repos.ticketRouting.insertTeam(tenantId, team);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'team.create',
        target: `team:${team.id}`,
        at,
        details: { name: team.name, memberIds: input.memberIds, awayIds: input.awayIds ?? [] },
      });
      return { team: (await teamViews(repos, tenantId, [team]))[0]! };
    });
  }
}

export const updateTeamInput = z
  .object({
    id: id(),
    name: routingName().optional(),
    memberIds: memberIdsField().optional(),
    awayIds: awayIdsField().optional(),
  })
  .strict();

/**
 * Renames a team, changes its members, or marks who is away. Members left out keep no turn; one
 * who stays keeps their place, so the turn carries on from where it was.
 */
@injectable()
export class UpdateTeam implements UseCase<typeof updateTeamInput, { team: Team }> {
  static readonly required = MANAGE;
  static readonly input = updateTeamInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof updateTeamInput>) {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const current = await repos.ticketRouting.findTeam(tenantId, input.id, { forUpdate: true });
      if (!current) throw notFound('team', input.id);
      const memberIds = input.memberIds ?? current.members.map((m) => m.personId);
      // Away as given (each must be a member), else as it was for the members who stay.
      const awayIds =
        input.awayIds ??
        current.members.filter((m) => !m.available && memberIds.includes(m.personId)).map((m) => m.personId);
      const members = await teamMembers(repos, tenantId, memberIds, awayIds);
      // The turn stays with the member it was with, wherever they now stand.
      const last = current.members[current.lastTurn]?.personId;
      const lastTurn = last ? members.findIndex((m) => m.personId === last) : -1;
      const next: StoredTeam = { ...current, name: input.name ?? current.name, members, lastTurn };
      if (!(await repos.ticketRouting.updateTeam(tenantId, next))) throw notFound('team', input.id);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'team.update',
        target: `team:${current.id}`,
        at,
        details: {
          from: { name: current.name, memberIds: current.members.map((m) => m.personId) },
          to: { name: next.name, memberIds },
          awayIds: members.filter((m) => !m.available).map((m) => m.personId),
        },
      });
      return { team: (await teamViews(repos, tenantId, [next]))[0]! };
    });
  }
}

@injectable()
export class ListRoutingRules implements UseCase<typeof empty, z.output<typeof ruleListSchema>> {
  static readonly required = VIEW;
  static readonly input = empty;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor) {
    return { rules: await this.uow.read((r) => r.ticketRouting.listRules(actor.tenant.id)) };
  }
}

export const createRuleInput = z
  .object({
    categoryId: id().nullable().optional().describe('Only tickets of this category; absent or null: any'),
    requesterKind: z.enum(PERSON_KINDS).nullable().optional().describe('Only tickets asked by a PUPIL or by STAFF'),
    priority: z.enum(TICKET_PRIORITIES).nullable().optional().describe('Only tickets of this priority'),
    teamId: id().describe('The team the ticket goes to'),
    assignment: z
      .enum(ASSIGNMENTS)
      .describe("round_robin: to the team's next available member in turn; pick_up: left for a member to take"),
    position: positiveInt(10_000).optional().describe('Where it is tried (lowest first); default: after the last'),
  })
  .strict();

@injectable()
export class CreateRoutingRule implements UseCase<typeof createRuleInput, { rule: RoutingRule }> {
  static readonly required = MANAGE;
  static readonly input = createRuleInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof createRuleInput>) {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      if (!(await repos.ticketRouting.findTeam(tenantId, input.teamId))) {
        throw invalidField('teamId', 'is no team of this school');
      }
      if (input.categoryId && !(await repos.ticketRouting.findCategory(tenantId, input.categoryId))) {
        throw invalidField('categoryId', 'is no ticket category of this school');
      }
      const rules = await repos.ticketRouting.listRules(tenantId);
      const rule: RoutingRule = {
        id: this.ids.next(),
        position: input.position ?? Math.max(0, ...rules.map((r) => r.position)) + 1,
        categoryId: input.categoryId ?? null,
        requesterKind: input.requesterKind ?? null,
        priority: input.priority ?? null,
        teamId: input.teamId,
        assignment: input.assignment,
        createdAt: at,
      };
      await repos.ticketRouting.insertRule(tenantId, rule);
      const { id: _, createdAt: __, ...details } = rule;
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'routing_rule.create',
        target: `routing_rule:${rule.id}`,
        at,
        details,
      });
      return { rule };
    });
  }
}

export const deleteRuleInput = z.object({ id: id() }).strict();

@injectable()
export class DeleteRoutingRule implements UseCase<typeof deleteRuleInput, void> {
  static readonly required = MANAGE;
  static readonly input = deleteRuleInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof deleteRuleInput>): Promise<void> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const rule = (await repos.ticketRouting.listRules(tenantId)).find((r) => r.id === input.id);
      if (!rule || !(await repos.ticketRouting.deleteRule(tenantId, input.id)))
        throw notFound('routing rule', input.id);
      const { id: _, createdAt: __, ...details } = rule;
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'routing_rule.delete',
        target: `routing_rule:${rule.id}`,
        at,
        details,
      });
    });
  }
}
