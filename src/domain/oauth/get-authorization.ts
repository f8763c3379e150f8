import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { consentViewSchema, decidable, scopeView, type ConsentView } from './consent.js';
import { grantableScopes } from './grant.js';

export const getAuthorizationInput = z.object({ id: id() }).strict();

export const authorizationResultSchema = z.object({ authorization: consentViewSchema });

/**
 * `GET /api/oauth/authorizations/:id`: what the consent page shows the signed-in person — the app
 * (and, for one known by its metadata document, that document's host), where they will be sent back,
 * their school, and in words what the app would get: what it asked for that they hold.
 */
@injectable()
export class GetAuthorization implements UseCase<typeof getAuthorizationInput, { authorization: ConsentView }> {
  static readonly required = [] as const;
  static readonly input = getAuthorizationInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, input: z.output<typeof getAuthorizationInput>): Promise<{ authorization: ConsentView }> {
    const now = this.clock.now().toISOString();
    const found = await this.uow.read((r) => r.oauthAuthorizations.findById(input.id));
    const a = decidable(found, actor, input.id, now);
    return {
      authorization: {
        id: a.id,
        client: { id: a.clientId, name: a.clientName, host: a.clientHost },
        redirectHost: new URL(a.redirectUri).host,
        school: { slug: actor.tenant.slug, name: actor.tenant.name },
        scopes: scopeView(grantableScopes(a.requestedScopes, actor.permissions)),
        integrationsEnabled: actor.tenant.modules.includes('integrations'),
        expiresAt: a.expiresAt,
      },
    };
  }
}
