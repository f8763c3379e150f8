import { inject, injectable } from 'inversify';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Tenant } from './tenant.js';

/** Every school of the deployment, by slug (`desk tenant list`). Operator only, as CreateTenant is. */
@injectable()
export class ListTenants {
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  execute(): Promise<Tenant[]> {
    return this.uow.read((repos) => repos.tenants.list());
  }
}
