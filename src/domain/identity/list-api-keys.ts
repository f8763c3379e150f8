import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { grantableScopes, PERMISSIONS } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { apiKeySchema } from './api-key.js';

export const listApiKeysInput = z.object({}).strict();

/** The school's keys, and the scopes the caller may give a new one. */
export const apiKeyListSchema = z.object({
  apiKeys: z.array(apiKeySchema),
  grantableScopes: z.array(z.enum(PERMISSIONS)).describe('The scopes the caller may give a new key (what they hold)'),
});
type ApiKeyList = z.output<typeof apiKeyListSchema>;

/**
 * The tenant's keys: never the key itself, only its prefix and metadata; and the scopes the caller
 * may give a new key (the permissions they hold), so a form offers exactly what CreateApiKey accepts.
 */
@injectable()
export class ListApiKeys implements UseCase<typeof listApiKeysInput, ApiKeyList> {
  static readonly required = ['apikey.manage'] as const;
  static readonly input = listApiKeysInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor): Promise<ApiKeyList> {
    const apiKeys = await this.uow.read((r) => r.apiKeys.list(actor.tenant.id));
    return { apiKeys, grantableScopes: grantableScopes(actor.permissions) };
  }
}
