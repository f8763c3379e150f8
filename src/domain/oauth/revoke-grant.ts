import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { lookupOf } from '../identity/access-lookups.js';
import { can, type Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';

export const revokeGrantInput = z.object({ id: id() }).strict();

/**
 * `DELETE /api/oauth/grants/:id`: disconnects an app. A person may revoke their own grants; a school
 * administrator (`user.manage`) anyone's. Every token of the grant fails from its next request, on
 * every instance (AccessLookups). Someone else's grant, for a person who may not touch it, is "not
 * found" (its existence is not revealed). Audited `oauth.grant_revoke`.
 */
@injectable()
export class RevokeGrant implements UseCase<typeof revokeGrantInput, void> {
  static readonly required = [] as const;
  static readonly input = revokeGrantInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof revokeGrantInput>): Promise<void> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    await this.uow.transaction(async (repos) => {
      const grant = await repos.grants.findById(tenantId, input.id, { forUpdate: true });
      const mayRevoke = grant && (grant.userId === actor.principal.id || can(actor, ['user.manage']));
      if (!grant || grant.revokedAt !== null || !mayRevoke) throw notFound('connected app', input.id);
      await repos.grants.revoke(tenantId, grant.id, at, 'revoked');
      await repos.accessChanges.changed([lookupOf.grant(tenantId, grant.id)]);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'oauth.grant_revoke',
        target: `oauthGrant:${grant.id}`,
        at,
        details: { reason: 'revoked', client: grant.clientName, userId: grant.userId },
      });
    });
  }
}
