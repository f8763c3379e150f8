import type { SsoAudience } from './sso-binding.js';
import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { OpenIdError, OpenIdProvider } from '../../ports/openid-provider.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Tenant } from '../tenants/tenant.js';
import type { SsoRefusal } from './refusals.js';
import { safeReturnTo } from './return-to.js';
import { recordRefusal } from './sso-refusal-audit.js';
import { SSO_SCOPE, SSO_SIGN_IN_KEPT_MS, SSO_SIGN_IN_TTL_MS } from './sso-provider.js';

/** Random bytes in each of state, nonce and PKCE verifier (256 bits; the verifier is 43 characters). */
const RANDOM_BYTES = 32;

export type SsoStart =
  /** Send the browser to `url`; keep `state` in this browser (the `desk_sso` cookie) until `expiresAt`. */
  | { readonly kind: 'redirect'; readonly url: string; readonly state: string; readonly expiresAt: string }
  /** Nothing started: back to `returnTo`, saying why. */
  | { readonly kind: 'refused'; readonly reason: SsoRefusal; readonly returnTo: string };

/**
 * Starts a single sign-on at the school's provider (the authorization code flow with PKCE S256,
 * `state` and `nonce`): three fresh random values, the pending sign-in stored under the hash of its
 * state for ten minutes, and the provider's authorization URL. An unknown school and a school
 * without a provider answer alike (`not_configured`), revealing nothing about which schools exist;
 * neither is audited, since nothing was attempted. A provider that cannot be reached is refused
 * before anything is stored, and audited.
 *
 * `redirectUri` is the callback on the origin the person is on (the school's host, or PUBLIC_URL's):
 * the one registered at the provider, and where the browser's cookie lives.
 */
@injectable()
export class StartSsoSignIn {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Secrets) private readonly secrets: Secrets,
    @inject(OpenIdProvider) private readonly openId: OpenIdProvider,
  ) {}

  async execute(
    tenant: Tenant | null,
    request: { returnTo?: unknown; redirectUri: string; audience?: SsoAudience },
  ): Promise<SsoStart> {
    const returnTo = safeReturnTo(request.returnTo);
    const provider = tenant && (await this.uow.read((r) => r.ssoProviders.find(tenant.id)));
    if (!tenant || !provider) return { kind: 'refused', reason: 'not_configured', returnTo };

    const [state, nonce, codeVerifier] = [1, 2, 3].map(() => this.secrets.randomToken(RANDOM_BYTES)) as [
      string,
      string,
      string,
    ];
    const now = this.clock.now();
    let url: string;
    try {
      url = await this.openId.authorizationUrl(
        { issuer: provider.issuer, clientId: provider.clientId },
        { redirectUri: request.redirectUri, scope: SSO_SCOPE, state, nonce, codeVerifier },
      );
    } catch (e) {
      if (!(e instanceof OpenIdError)) throw e;
      const reason: SsoRefusal = e.reason === 'unreachable' ? 'provider_unreachable' : 'invalid_response';
      await this.uow.transaction((repos) =>
        recordRefusal(repos, this.ids, tenant.id, now.toISOString(), {
          reason,
          issuer: provider.issuer,
          detail: e.message,
        }),
      );
      return { kind: 'refused', reason, returnTo };
    }
    const expiresAt = new Date(now.getTime() + SSO_SIGN_IN_TTL_MS).toISOString();
    await this.uow.transaction(async (repos) => {
      // Expired sign-ins go as new ones come (one indexed delete, no sweeper to run), an hour late so a
      // callback replayed that long after is still recognised, and audited in the school's log.
      await repos.pendingSignIns.prune(tenant.id, new Date(now.getTime() - SSO_SIGN_IN_KEPT_MS).toISOString());
      await repos.pendingSignIns.create(tenant.id, {
        stateHash: this.secrets.hash(state),
        nonce,
        codeVerifier,
        redirectUri: request.redirectUri,
        returnTo,
        audience: request.audience ?? 'console',
        createdAt: now.toISOString(),
        expiresAt,
        usedAt: null,
      });
    });
    return { kind: 'redirect', url, state, expiresAt };
  }
}
