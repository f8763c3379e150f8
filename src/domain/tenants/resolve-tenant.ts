import { inject, injectable } from 'inversify';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import { isHostName, isSlug, type Tenant } from './tenant.js';

/**
 * Finds the tenant a request or command runs in: by slug or by one of its host names. Values from
 * outside (x-tenant-slug, Host, Origin) that cannot be a slug or a host name find nothing without
 * asking the database.
 */
@injectable()
export class ResolveTenant {
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async bySlug(slug: string): Promise<Tenant> {
    const tenant = isSlug(slug) ? await this.uow.read((r) => r.tenants.findBySlug(slug)) : null;
    if (!tenant) throw notFound('tenant', slug);
    return tenant;
  }

  /** Null when the host is not a tenant's (it may still be one of the deployment's public hosts). */
  async byHost(host: string): Promise<Tenant | null> {
    const name = host.toLowerCase();
    return isHostName(name) ? this.uow.read((r) => r.tenants.findByHost(name)) : null;
  }
}
