import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { MODULES, isModule, type ModuleName } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import { invalid, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { parseBody } from '../shared/validation.js';
import { lookupOf } from '../identity/access-lookups.js';
import { moduleSwitches, requireModuleChanger } from './module-switches.js';

export const setModulesBody = z.object({ enabled: z.array(z.string().max(100)).max(MODULES.length * 2) }).strict();

type Modules = { modules: { name: ModuleName; enabled: boolean }[]; changeable: true };

/**
 * `PUT /api/modules {enabled}`: the complete list of the tenant's modules that are on; every other
 * one goes off. School administrators only (module-switches.ts). Who the caller is decides before the
 * body is read, as a missing permission would, so `input` admits anything and `execute` parses it
 * once the caller is known to be allowed. An unknown module is refused naming it (`enabled.<i>`).
 * Audited `module.change` (what went on, what went off) when something changes; every process
 * applies it from its next request (AccessLookups).
 */
@injectable()
export class SetModules implements UseCase<z.ZodUnknown, Modules> {
  static readonly required = [] as const;
  static readonly input = z.unknown();

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, body: unknown): Promise<Modules> {
    requireModuleChanger(actor);
    const { enabled } = parseBody(setModulesBody, body);
    const unknown = enabled.flatMap((m, n) =>
      isModule(m) ? [] : [{ path: `enabled.${n}`, message: `unknown module "${m}"; modules: ${MODULES.join(', ')}` }],
    );
    if (unknown.length > 0) throw invalid(unknown);
    const wanted = MODULES.filter((m) => enabled.includes(m));
    const at = this.clock.now().toISOString();
    const tenantId = actor.tenant.id;
    await this.uow.transaction(async (repos) => {
      const tenant = await repos.tenants.findById(tenantId);
      if (!tenant) throw notFound('tenant', actor.tenant.slug);
      const on = wanted.filter((m) => !tenant.modules.includes(m));
      const off = tenant.modules.filter((m) => !wanted.includes(m));
      if (on.length === 0 && off.length === 0) return false;
      await repos.tenants.setModules(tenantId, wanted);
      await repos.accessChanges.changed([lookupOf.tenant(tenantId)]);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'module.change',
        target: `tenant:${tenant.slug}`,
        at,
        details: { enabled: on, disabled: off, modules: wanted },
      });
      return true;
    });
    return { modules: moduleSwitches(wanted), changeable: true };
  }
}
