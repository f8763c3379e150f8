import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { lookupOf } from '../identity/access-lookups.js';
import type { Actor } from '../shared/actor.js';
import { invalidField, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { parseBody } from '../shared/validation.js';
import { requireSchoolAdministrator } from './module-switches.js';
import { toSchoolView, validateNewTenant, type SchoolDetails, type SchoolView } from './tenant.js';

export const updateTenantInput = z
  .object({
    name: z.string().max(1000).optional(),
    /** The whole list of the school's host names: it replaces the list it had. */
    hosts: z.array(z.string().max(300)).max(50).optional(),
    timeZone: z.string().max(100).optional(),
    currency: z.string().max(10).optional(),
  })
  .strict();

const FIELDS = ['name', 'hosts', 'timeZone', 'currency'] as const;

/** Whether a field is unchanged; host names are a set (the store keeps no order of its own). */
const same = (a: SchoolDetails[keyof SchoolDetails], b: SchoolDetails[keyof SchoolDetails]): boolean =>
  Array.isArray(a) && Array.isArray(b) ? JSON.stringify([...a].sort()) === JSON.stringify([...b].sort()) : a === b;

/**
 * Changes what a school says of itself after creation (`desk tenant update`): its name, time zone,
 * currency and host names, each judged as `tenant create` judges it; the slug stays, since every
 * address and sign-in names it. Only what is given changes; giving nothing is refused. The operator
 * at the CLI, or a school administrator. Audited `tenant.update` with each changed field's old and
 * new value; every process sees the change from its next request (AccessLookups), a host name taken
 * away within the host rule's 5 s memory of it. Who the caller is decides before the input is read,
 * as a missing permission would (as SetModules does): `input` admits anything, and `execute` parses
 * it once the caller is known to be allowed.
 */
@injectable()
export class UpdateTenant implements UseCase<z.ZodUnknown, { school: SchoolView }> {
  static readonly required = [] as const;
  static readonly input = z.unknown();

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, body: unknown): Promise<{ school: SchoolView }> {
    requireSchoolAdministrator(actor, "changes the school's name, time zone, currency and host names");
    const input = parseBody(updateTenantInput, body);
    if (FIELDS.every((f) => input[f] === undefined)) {
      throw invalidField('body', 'give at least one of name, hosts, timeZone, currency');
    }
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const tenant = await repos.tenants.findById(actor.tenant.id);
      if (!tenant) throw notFound('tenant', actor.tenant.slug);
      // A field not given (absent, or undefined as the CLI passes an option it was not given) stays.
      const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      const { slug: _slug, ...next } = validateNewTenant({ ...tenant, ...given, slug: tenant.slug });
      const changed = FIELDS.filter((f) => !same(tenant[f], next[f]));
      if (changed.length === 0) return { school: toSchoolView(tenant) };
      await repos.tenants.update(tenant.id, next);
      await repos.accessChanges.changed([lookupOf.tenant(tenant.id)]);
      await recordChange(repos, this.ids, {
        tenantId: tenant.id,
        actor: auditActor(actor),
        action: 'tenant.update',
        target: `tenant:${tenant.slug}`,
        at,
        details: Object.fromEntries(changed.map((f) => [f, { from: tenant[f], to: next[f] }])),
      });
      return { school: toSchoolView({ ...tenant, ...next }) };
    });
  }
}
