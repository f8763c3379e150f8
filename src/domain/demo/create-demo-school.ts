import { inject, injectable } from 'inversify';
import { CreatePerson } from '../people/create-person.js';
import { CreateTicket } from '../tickets/create-ticket.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { MODULES, PERMISSIONS } from '../access/permissions.js';
import { CreateApiKey } from '../identity/create-api-key.js';
import { CreateSetupLink } from '../identity/create-setup-link.js';
import { CreateUser } from '../identity/create-user.js';
import { ChangeModules } from '../tenants/change-modules.js';
import { CreateTenant } from '../tenants/create-tenant.js';
import { operatorActor } from '../tenants/operator-actor.js';
import { SeedDemo } from './seed-demo.js';
import { CreateRoutingRule, CreateTeam, CreateTicketCategory } from '../tickets/routing/manage-routing.js';
import type { Actor } from '../shared/actor.js';
import { Clock } from '../../ports/clock.js';
import { addDays, dateInZone } from '../shared/dates.js';
import { CreateClosureDay } from '../tickets/service-targets/closure-days.js';
import { admit } from '../shared/use-case.js';

export const DEMO_TENANT = { slug: 'demo', name: 'Demo School', adminEmail: 'admin@demo.school' } as const;

export type DemoSchoolResult =
  | { readonly created: false }
  | { readonly created: true; readonly setupLinkPath: string; readonly readOnlyKey: string };

/**
 * Demo mode (SPEC §2): on an empty database, a tenant `demo` with every module on, school-size data,
 * an administrator with a setup link and a read-only API key. Does nothing when any tenant exists.
 */
@injectable()
export class CreateDemoSchool {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CreateTenant) private readonly createTenant: CreateTenant,
    @inject(ChangeModules) private readonly changeModules: ChangeModules,
    @inject(SeedDemo) private readonly seedDemo: SeedDemo,
    @inject(CreateUser) private readonly createUser: CreateUser,
    @inject(CreateSetupLink) private readonly createSetupLink: CreateSetupLink,
    @inject(CreateApiKey) private readonly createApiKey: CreateApiKey,
    @inject(CreateTicketCategory) private readonly createCategory: CreateTicketCategory,
    @inject(CreateTeam) private readonly createTeam: CreateTeam,
    @inject(CreateRoutingRule) private readonly createRule: CreateRoutingRule,
    @inject(CreateClosureDay) private readonly createClosure: CreateClosureDay,
    @inject(CreatePerson) private readonly createPerson: CreatePerson,
    @inject(CreateTicket) private readonly createTicket: CreateTicket,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<DemoSchoolResult> {
    if ((await this.uow.read((r) => r.tenants.list())).length > 0) return { created: false };
    const tenant = await this.createTenant.execute({
      slug: DEMO_TENANT.slug,
      name: DEMO_TENANT.name,
      hosts: [],
      timeZone: 'UTC',
      currency: 'EUR',
    });
    // The use cases it composes are admitted as every caller's are (their defaults and normalisation too).
    const operator = operatorActor(tenant);
    const { modules } = await this.changeModules.execute(
      operator,
      admit(ChangeModules, operator, { enable: [...MODULES] }),
    );
    const actor = operatorActor({ ...tenant, modules });
    await this.seedDemo.execute(actor, admit(SeedDemo, actor, { size: 'school' }));
    await this.helpDesk(actor);
    // No invitation: the administrator's way in is the recovery link written next (.setup-link.html).
    await this.createUser.create(
      actor,
      admit(CreateUser, actor, { email: DEMO_TENANT.adminEmail, name: 'Demo Administrator', role: 'school-admin' }),
      async () => undefined,
    );
    await this.ownRequests(actor);
    const { path } = await this.createSetupLink.execute({ email: DEMO_TENANT.adminEmail, tenantSlug: tenant.slug });
    const { key } = await this.createApiKey.execute(
      actor,
      admit(CreateApiKey, actor, { name: 'demo read-only', scopes: PERMISSIONS.filter((p) => p.endsWith('.view')) }),
    );
    return { created: true, setupLinkPath: path, readOnlyKey: key };
  }

  /**
   * A help desk to try (issue 30): five categories, two teams of the school's staff, rules sending
   * network and classroom AV tickets to one team in turn and everything else to the other, and a
   * few closure days ahead (a training day, a half term, the winter holidays) that the service
   * targets' default hours skip. Only the demo school has it: the seed sizes the tests use start
   * with no routing and no closures.
   */
  private async helpDesk(actor: Actor): Promise<void> {
    const category = async (name: string) =>
      (await this.createCategory.execute(actor, admit(CreateTicketCategory, actor, { name }))).category.id;
    const [, , network, av] = [
      await category('Devices'),
      await category('Accounts and passwords'),
      await category('Network'),
      await category('Classroom AV'),
      await category('Software'),
    ];
    const staff = await this.uow.read(async (r) =>
      (await r.people.list(actor.tenant.id, { kind: 'STAFF' }, { page: 1, pageSize: 4 })).items.map((p) => p.id),
    );
    const team = async (name: string, memberIds: string[]) =>
      (await this.createTeam.execute(actor, admit(CreateTeam, actor, { name, memberIds }))).team.id;
    const deviceDesk = await team('Device desk', staff.slice(0, 2));
    const networkAv = await team('Network and AV', staff.slice(2, 4));
    for (const categoryId of [network, av]) {
      await this.createRule.execute(
        actor,
        admit(CreateRoutingRule, actor, { categoryId, teamId: networkAv, assignment: 'round_robin' }),
      );
    }
    await this.createRule.execute(
      actor,
      admit(CreateRoutingRule, actor, { teamId: deviceDesk, assignment: 'round_robin' }),
    );
    const today = dateInZone(this.clock.now(), actor.tenant.timeZone);
    const year = Number(today.slice(0, 4)) + (today.slice(5) > '12-20' ? 1 : 0);
    const closures = [
      { name: 'Staff training day', startsOn: addDays(today, 10) },
      { name: 'Half term', startsOn: addDays(today, 40), endsOn: addDays(today, 44) },
      { name: 'Winter holidays', startsOn: `${year}-12-21`, endsOn: `${year + 1}-01-01` },
    ];
    for (const c of closures) await this.createClosure.execute(actor, admit(CreateClosureDay, actor, c));
  }

  /**
   * The administrator is a member of staff of the school too (a person with their address), with two
   * requests of their own, so `/portal` opened from the console shows what a requester sees.
   */
  private async ownRequests(actor: Actor): Promise<void> {
    const { person } = await this.createPerson.execute(
      actor,
      admit(CreatePerson, actor, { name: 'Demo Administrator', email: DEMO_TENANT.adminEmail, kind: 'STAFF' }),
    );
    for (const [subject, body] of [
      ['Visualiser in room 12 shows no picture', 'The projector says "no signal" whichever input I choose.'],
      ['New starter needs an account', 'Our new teaching assistant starts on Monday and needs a Desk account.'],
    ] as const) {
      await this.createTicket.execute(actor, admit(CreateTicket, actor, { subject, body, requesterId: person.id }));
    }
  }
}
