import { inject, injectable } from 'inversify';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from './tenant.js';

/** Finds the tenant a request or command runs in: by slug or by one of its host names. */
@injectable()
export class ResolveTenant {
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async bySlug(slug: string): Promise<Tenant> {
    const tenant = await this.uow.read((r) => r.tenants.findBySlug(slug));
    if (!tenant) throw notFound('tenant', slug);
    return tenant;
  }

  /** Null when the host is not a tenant's (it may still be one of the deployment's public hosts). */
  byHost(host: string): Promise<Tenant | null> {
    return this.uow.read((r) => r.tenants.findByHost(host.toLowerCase()));
  }
}
