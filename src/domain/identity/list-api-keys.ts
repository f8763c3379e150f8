import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import type { ApiKey } from './api-key.js';

export const listApiKeysInput = z.object({}).strict();

/** The tenant's keys: never the key itself, only its prefix and metadata. */
@injectable()
export class ListApiKeys implements UseCase<typeof listApiKeysInput, { apiKeys: ApiKey[] }> {
  static readonly required = ['apikey.manage'] as const;
  static readonly input = listApiKeysInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor): Promise<{ apiKeys: ApiKey[] }> {
    return { apiKeys: await this.uow.read((r) => r.apiKeys.list(actor.tenant.id)) };
  }
}
