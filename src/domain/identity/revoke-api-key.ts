import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { conflict, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { lookupOf, RecentLookups } from './recent-lookups.js';
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
    @inject(RecentLookups) private readonly lookups: RecentLookups,
  ) {}

  async execute(actor: Actor, input: z.output<typeof revokeApiKeyInput>): Promise<void> {
    const at = this.clock.now().toISOString();
    const tenantId = actor.tenant.id;
    const prefix = await this.uow.transaction(async (repos) => {
      const key = await repos.apiKeys.findById(tenantId, input.id);
      if (!key) throw notFound('API key', input.id);
      if (!(await repos.apiKeys.revoke(tenantId, input.id, at)))
        throw conflict(`API key ${input.id} is already revoked`);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'apikey.revoke',
        target: `apiKey:${key.id}`,
        at,
        details: { name: key.name, prefix: key.prefix },
      });
      return key.prefix;
    });
    // This process stops accepting the key at once; others within a second (RecentLookups).
    this.lookups.forget(lookupOf.apiKeys(prefix));
  }
}
