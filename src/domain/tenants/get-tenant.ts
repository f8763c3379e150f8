import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { requireSchoolAdministrator } from './module-switches.js';
import { toSchoolView, type SchoolView } from './tenant.js';

export const getTenantInput = z.object({}).strict();

/**
 * The school as its settings page shows it (`GET /api/school`): its slug, name, time zone, currency
 * and host names, read fresh. For those who may change them (UpdateTenant): school administrators.
 */
@injectable()
export class GetTenant implements UseCase<typeof getTenantInput, { school: SchoolView }> {
  static readonly required = [] as const;
  static readonly input = getTenantInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor): Promise<{ school: SchoolView }> {
    requireSchoolAdministrator(actor, "sees the school's own settings");
    const tenant = await this.uow.read((repos) => repos.tenants.findById(actor.tenant.id));
    if (!tenant) throw notFound('tenant', actor.tenant.slug);
    return { school: toSchoolView(tenant) };
  }
}
