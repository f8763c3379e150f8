import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { backToClient } from './begin-authorization.js';
import { decidable } from './consent.js';
import { grantableScopes } from './grant.js';
import { CODE_PREFIX, CODE_TTL_MS, TOKEN_BYTES } from './tokens.js';

export const decideAuthorizationInput = z.object({ id: id(), decision: z.enum(['allow', 'deny']) }).strict();

/** Where the browser goes next: back to the app, with a code or with `access_denied`. */
export const decisionSchema = z.object({
  redirectTo: z.string().describe("The app's redirect URI, with the code (allowed) or the error (denied)"),
});

/**
 * `POST /api/oauth/authorizations/:id {decision}`: the person's answer on the consent page. Allow gives
 * the app a one-use code for a minute, for what it asked that the person holds (audited
 * `oauth.authorize`); Deny sends it back with `access_denied`. Either way the answer goes back with
 * the app's `state` and Desk's `iss` (RFC 9207), and the request cannot be answered again.
 */
@injectable()
export class DecideAuthorization implements UseCase<typeof decideAuthorizationInput, { redirectTo: string }> {
  static readonly required = [] as const;
  static readonly input = decideAuthorizationInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Secrets) private readonly secrets: Secrets,
  ) {}

  async execute(actor: Actor, input: z.output<typeof decideAuthorizationInput>): Promise<{ redirectTo: string }> {
    const now = this.clock.now();
    const at = now.toISOString();
    const code = `${CODE_PREFIX}${this.secrets.randomToken(TOKEN_BYTES)}`;
    return this.uow.transaction(async (repos) => {
      const found = await repos.oauthAuthorizations.findById(input.id, { forUpdate: true });
      const a = decidable(found, actor, input.id, at);
      const common = { state: a.state, iss: a.issuer };
      if (input.decision === 'deny') {
        await repos.oauthAuthorizations.decide(a.id, at, null);
        return {
          redirectTo: backToClient(a.redirectUri, {
            error: 'access_denied',
            error_description: 'the person did not allow access',
            ...common,
          }),
        };
      }
      const scopes = grantableScopes(a.requestedScopes, actor.permissions);
      await repos.oauthAuthorizations.decide(a.id, at, {
        tenantId: actor.tenant.id,
        userId: actor.principal.id,
        scopes,
        codeHash: this.secrets.hash(code),
        codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
      });
      await recordChange(repos, this.ids, {
        tenantId: actor.tenant.id,
        actor: auditActor(actor),
        action: 'oauth.authorize',
        target: `oauthClient:${a.clientId}`,
        at,
        details: { client: a.clientName, clientHost: a.clientHost, scopes, redirectHost: new URL(a.redirectUri).host },
      });
      return { redirectTo: backToClient(a.redirectUri, { code, ...common }) };
    });
  }
}
