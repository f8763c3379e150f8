import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { conflict, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { lookupOf } from './access-lookups.js';
import { id } from '../shared/validation.js';

export const revokeApiKeyInput = z.object({ id: id() }).strict();

/** Revokes a key at once; a revoked key never works again. */
@injectable()
export class RevokeApiKey implements UseCase<typeof revokeApiKeyInput, void> {
  static readonly required = ['apikey.manage'] as const;
  static readonly input = revokeApiKeyInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof revokeApiKeyInput>): Promise<void> {
    const at = this.clock.now().toISOString();
    const tenantId = actor.tenant.id;
    await this.uow.transaction(async (repos) => {
      const key = await repos.apiKeys.findById(tenantId, input.id);
      if (!key) throw notFound('API key', input.id);
      if (!(await repos.apiKeys.revoke(tenantId, input.id, at)))
        throw conflict(`API key ${input.id} is already revoked`);
      // Every process refuses the key from its next request on (AccessLookups).
      await repos.accessChanges.changed([lookupOf.apiKeys(key.prefix)]);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'apikey.revoke',
        target: `apiKey:${key.id}`,
        at,
        details: { name: key.name, prefix: key.prefix },
      });
    });
  }
}
