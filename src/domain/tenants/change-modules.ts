import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { MODULES, isModule, type ModuleName } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import { invalidField, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { lookupOf } from '../identity/access-lookups.js';
import { requireModuleChanger } from './module-switches.js';
import type { Tenant } from './tenant.js';

export const changeModulesInput = z
  .object({ enable: z.array(z.string()).optional(), disable: z.array(z.string()).optional() })
  .strict();

/**
 * Turns modules on or off for a tenant (`desk module enable|disable`): the operator at the CLI, or a
 * school administrator (module-switches.ts). Not a permission, since `module.*` is never a grant, but
 * who the caller is. The console's PUT /api/modules is SetModules.
 */
@injectable()
export class ChangeModules implements UseCase<typeof changeModulesInput, { modules: ModuleName[] }> {
  static readonly required = [] as const;
  static readonly input = changeModulesInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof changeModulesInput>): Promise<{ modules: ModuleName[] }> {
    requireModuleChanger(actor);
    const check = (names: string[], field: string): ModuleName[] =>
      names.map((m, i) => {
        if (!isModule(m)) throw invalidField(`${field}.${i}`, `unknown module "${m}"; modules: ${MODULES.join(', ')}`);
        return m;
      });
    const enable = check(input.enable ?? [], 'enable');
    const disable = check(input.disable ?? [], 'disable');
    const both = enable.find((m) => disable.includes(m));
    if (both) throw invalidField('disable', `module "${both}" is both enabled and disabled`);
    const at = this.clock.now().toISOString();
    const changed = await this.uow.transaction(async (repos) => {
      const tenant: Tenant | null = await repos.tenants.findById(actor.tenant.id);
      if (!tenant) throw notFound('tenant', actor.tenant.slug);
      const next = new Set(tenant.modules);
      enable.forEach((m) => next.add(m));
      disable.forEach((m) => next.delete(m));
      const modules = MODULES.filter((m) => next.has(m));
      await repos.tenants.setModules(tenant.id, modules);
      await repos.accessChanges.changed([lookupOf.tenant(tenant.id)]);
      await recordChange(repos, this.ids, {
        tenantId: tenant.id,
        actor: auditActor(actor),
        action: 'module.change',
        target: `tenant:${tenant.slug}`,
        at,
        details: { enabled: enable, disabled: disable, modules },
      });
      return { modules };
    });
    return changed;
  }
}
