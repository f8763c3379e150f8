import { inject, injectable } from 'inversify';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { MODULES, PERMISSIONS } from '../access/permissions.js';
import { CreateApiKey } from '../identity/create-api-key.js';
import { CreateSetupLink } from '../identity/create-setup-link.js';
import { CreateUser } from '../identity/create-user.js';
import { ChangeModules } from '../tenants/change-modules.js';
import { CreateTenant } from '../tenants/create-tenant.js';
import { operatorActor } from '../tenants/operator-actor.js';
import { SeedDemo } from './seed-demo.js';
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
    // No invitation: the administrator's way in is the recovery link written next (.setup-link.html).
    await this.createUser.create(
      actor,
      admit(CreateUser, actor, { email: DEMO_TENANT.adminEmail, name: 'Demo Administrator', role: 'school-admin' }),
      async () => undefined,
    );
    const { path } = await this.createSetupLink.execute({ email: DEMO_TENANT.adminEmail, tenantSlug: tenant.slug });
    const { key } = await this.createApiKey.execute(
      actor,
      admit(CreateApiKey, actor, { name: 'demo read-only', scopes: PERMISSIONS.filter((p) => p.endsWith('.view')) }),
    );
    return { created: true, setupLinkPath: path, readOnlyKey: key };
  }
}
