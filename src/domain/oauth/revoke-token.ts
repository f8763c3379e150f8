import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { lookupOf } from '../identity/access-lookups.js';
import { recordChange } from '../shared/record-change.js';
import { OAuthError } from './oauth-error.js';

/**
 * Token revocation (RFC 7009): an app gives up an access or refresh token, and with it the whole grant
 * (every token of it, at once: RFC 7009 allows it, and a person who disconnects an app expects
 * nothing of it to keep working). An unknown, expired or already revoked token is answered as a
 * success, as the RFC says. A `client_id`, when sent, must be the grant's (`unauthorized_client`).
 */
@injectable()
export class RevokeToken {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Secrets) private readonly secrets: Secrets,
  ) {}

  async execute(form: Readonly<Record<string, string>>): Promise<void> {
    const presented = form.token;
    if (!presented) throw new OAuthError('invalid_request', 'token is missing');
    const at = this.clock.now().toISOString();
    await this.uow.transaction(async (repos) => {
      const token = await repos.oauthTokens.findByHash(this.secrets.hash(presented));
      if (!token) return;
      const grant = await repos.grants.findById(token.tenantId, token.grantId, { forUpdate: true });
      if (!grant) return;
      if (form.client_id !== undefined && form.client_id !== grant.clientId) {
        throw new OAuthError('unauthorized_client', 'the token was issued to another client');
      }
      if (!(await repos.grants.revoke(token.tenantId, grant.id, at, 'token_revoked'))) return;
      await repos.accessChanges.changed([lookupOf.grant(token.tenantId, grant.id)]);
      await recordChange(repos, this.ids, {
        tenantId: token.tenantId,
        actor: { type: 'user', id: grant.userId, via: grant.clientName },
        action: 'oauth.grant_revoke',
        target: `oauthGrant:${grant.id}`,
        at,
        details: { reason: 'token_revoked', client: grant.clientName },
      });
    });
  }
}
