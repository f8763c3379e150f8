import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { recordChange } from '../shared/record-change.js';
import { validateNewTenant, type NewTenant, type Tenant } from './tenant.js';

/** Creates an institution with every module off. Operator only (there is no tenant yet to act in). */
@injectable()
export class CreateTenant {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(input: NewTenant): Promise<Tenant> {
    const valid = validateNewTenant(input);
    const at = this.clock.now().toISOString();
    const tenant: Tenant = { id: this.ids.next(), ...valid, modules: [], createdAt: at };
    await this.uow.transaction(async (repos) => {
      await repos.tenants.create(tenant);
      await recordChange(repos, this.ids, {
        tenantId: tenant.id,
        actor: { type: 'operator', id: 'cli' },
        action: 'tenant.create',
        target: `tenant:${tenant.slug}`,
        at,
        details: { hosts: tenant.hosts, timeZone: tenant.timeZone, currency: tenant.currency },
      });
    });
    return tenant;
  }
}
