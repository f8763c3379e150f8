import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { checkClientMetadata, REGISTERED_CLIENT_PREFIX, type RegisteredClient } from './clients.js';
import { OAuthError } from './oauth-error.js';

/** Registrations the whole deployment takes in a day, whoever sends them (each address is limited too). */
export const REGISTRATIONS_PER_DAY = 5_000;

/** The RFC 7591 §3.2.1 answer: what was registered, with the values Desk chose. */
export interface ClientRegistration {
  readonly client_id: string;
  readonly client_id_issued_at: number;
  readonly client_name: string;
  readonly redirect_uris: readonly string[];
  readonly grant_types: readonly string[];
  readonly response_types: readonly string[];
  readonly token_endpoint_auth_method: 'none';
}

/**
 * Dynamic client registration (RFC 7591), the fallback for apps without a client ID metadata
 * document: public clients only (no secret; PKCE binds their codes), redirect URIs https or loopback
 * http. A registration names an app, nothing more: it grants no access until a person allows it.
 * Unnamed apps are named after their first redirect URI's host, so a person always sees something.
 */
@injectable()
export class RegisterClient {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(Secrets) private readonly secrets: Secrets,
  ) {}

  async execute(body: unknown): Promise<ClientRegistration> {
    const metadata = checkClientMetadata(body);
    const now = this.clock.now();
    const client: RegisteredClient = {
      id: `${REGISTERED_CLIENT_PREFIX}${this.secrets.randomToken(16)}`,
      name: metadata.client_name ?? new URL(metadata.redirect_uris[0]!).host,
      redirectUris: [...new Set(metadata.redirect_uris)],
      kind: 'registered',
      createdAt: now.toISOString(),
    };
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
    await this.uow.transaction(async (repos) => {
      if ((await repos.oauthClients.countSince(dayAgo)) >= REGISTRATIONS_PER_DAY) {
        throw new OAuthError('slow_down', 'this deployment takes no more registrations today; try again tomorrow');
      }
      await repos.oauthClients.create(client);
    });
    return {
      client_id: client.id,
      client_id_issued_at: Math.floor(now.getTime() / 1000),
      client_name: client.name,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
}
