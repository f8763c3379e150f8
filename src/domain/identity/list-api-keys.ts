import { inject, injectable } from 'inversify';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { requirePermissions, type Actor } from '../shared/actor.js';
import type { ApiKey } from './api-key.js';

/** The tenant's keys: never the key itself, only its prefix and metadata. */
@injectable()
export class ListApiKeys {
  static readonly required = ['apikey.manage'] as const;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor): Promise<{ apiKeys: ApiKey[] }> {
    requirePermissions(actor, ListApiKeys.required);
    return { apiKeys: await this.uow.read((r) => r.apiKeys.list(actor.tenant.id)) };
  }
}
