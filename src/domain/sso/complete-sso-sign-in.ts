import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { OpenIdError, OpenIdProvider, type OpenIdFailure } from '../../ports/openid-provider.js';
import type { Repositories } from '../../ports/repositories.js';
import { SecretBox } from '../../ports/secret-box.js';
import { Secrets } from '../../ports/secrets.js';
import { SessionTokens } from '../../ports/session-tokens.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { openSession, signedInto, type SignedIn } from '../identity/open-session.js';
import type { Session } from '../identity/session.js';
import type { UserCredentials } from '../identity/user.js';
import { DomainError } from '../shared/errors.js';
import { recordChange } from '../shared/record-change.js';
import { personByAddress } from '../people/own-person.js';
import { openPortalSession } from '../portal/portal-sign-in.js';
import { portalSetting } from '../portal/portal-setting.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import type { SsoRefusal } from './refusals.js';
import { safeReturnTo } from './return-to.js';
import { recordRefusal, type SsoRefusalRecord } from './sso-refusal-audit.js';
import { emailForBinding, type IdTokenClaims, type SsoProvider } from './sso-provider.js';

/** The callback as it reached Desk: the provider's query string, and the state this browser kept. */
export interface SsoCallback {
  /** The query string as received, without `?`: `code`, `state`, `iss`, or `error`... */
  readonly query: string;
  /** The `desk_sso` cookie: the state of the sign-in this browser started. */
  readonly cookieState: string | undefined;
}

export type SsoOutcome =
  | { readonly kind: 'signed_in'; readonly signedIn: SignedIn; readonly returnTo: string }
  /** A sign-in started for the portal: a requester's session (the `desk_portal` cookie). */
  | {
      readonly kind: 'portal';
      readonly portal: { readonly token: string; readonly expiresAt: string };
      readonly returnTo: string;
    }
  | { readonly kind: 'refused'; readonly reason: SsoRefusal; readonly returnTo: string };

/** Longer than any state Desk makes (43 characters): not one of ours, no lookup. */
const MAX_STATE_LENGTH = 200;

const REASON_OF: Record<OpenIdFailure, SsoRefusal> = {
  invalid_issuer: 'invalid_response',
  unreachable: 'provider_unreachable',
  provider_error: 'provider_error',
  invalid_response: 'invalid_response',
};

/** How a sign-in that got as far as the provider's answer ended, decided in one transaction. */
type Decision =
  { readonly user: UserCredentials; readonly session: Session } | ({ readonly refused: true } & SsoRefusalRecord);

/**
 * Finishes a single sign-on when the provider sends the browser back, and signs the person in as the
 * existing, active Desk user the provider's account stands for — or refuses, saying why.
 *
 * 1. The state in the query names a pending sign-in, which is spent first, whatever follows: a
 *    replayed callback URL finds it spent and signs nobody in. It must also be the state this
 *    browser kept (the cookie, compared in constant time), or the sign-in was started elsewhere.
 * 2. An `error` from the provider (the person cancelled) is refused as `provider_error`.
 * 3. The port redeems the code (PKCE verifier, redirect URI, nonce) and verifies the ID token.
 * 4. A binding of the account (`iss` + `sub`) names the user, whose e-mail address is then never
 *    consulted: a renamed or recycled mailbox at the provider cannot sign in as someone else.
 *    Without one, the verified e-mail address of sso-provider.ts's `emailForBinding` must be an
 *    active user's who is bound to no other account of that issuer; the account is bound to them
 *    (audited `auth.sso_bound`). No user is ever created: staff are invited first.
 * 5. A session is opened as a password sign-in opens one.
 *
 * Every refusal is audited `auth.sso_refused` in the school's log when the state named a school
 * (an unknown state names none), writes no session, and goes back to the sign-in's `returnTo`.
 */
@injectable()
export class CompleteSsoSignIn {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Secrets) private readonly secrets: Secrets,
    @inject(SecretBox) private readonly box: SecretBox,
    @inject(OpenIdProvider) private readonly openId: OpenIdProvider,
    @inject(SessionTokens) private readonly tokens: SessionTokens,
  ) {}

  async execute(callback: SsoCallback): Promise<SsoOutcome> {
    const params = new URLSearchParams(callback.query);
    const state = params.get('state') ?? '';
    const now = this.clock.now();
    const at = now.toISOString();
    if (state === '' || state.length > MAX_STATE_LENGTH) return { kind: 'refused', reason: 'state', returnTo: '/' };

    const found = await this.uow.transaction((r) => r.pendingSignIns.take(this.secrets.hash(state), at));
    if (!found) return { kind: 'refused', reason: 'state', returnTo: '/' };
    const { tenantId, signIn, taken } = found;
    const returnTo = safeReturnTo(signIn.returnTo);
    const provider = await this.uow.read((r) => r.ssoProviders.find(tenantId));
    const refuse = async (refusal: SsoRefusalRecord): Promise<SsoOutcome> => {
      await this.uow.transaction((r) => recordRefusal(r, this.ids, tenantId, at, refusal));
      return { kind: 'refused', reason: refusal.reason, returnTo };
    };
    const issuer = provider?.issuer ?? null;

    if (!taken) {
      return refuse({ reason: 'state', issuer, detail: signIn.usedAt ? 'already used' : 'expired' });
    }
    if (!callback.cookieState || !this.secrets.equal(callback.cookieState, state)) {
      return refuse({ reason: 'state', issuer, detail: 'not started in this browser' });
    }
    if (!provider) return refuse({ reason: 'not_configured', issuer });
    const error = params.get('error');
    if (error !== null) return refuse({ reason: 'provider_error', issuer, detail: error });

    let claims: IdTokenClaims;
    try {
      claims = await this.openId.complete(
        { issuer: provider.issuer, clientId: provider.clientId, clientSecret: this.box.open(provider.clientSecret) },
        {
          redirectUri: signIn.redirectUri,
          query: callback.query,
          state,
          nonce: signIn.nonce,
          codeVerifier: signIn.codeVerifier,
        },
      );
    } catch (e) {
      if (!(e instanceof OpenIdError)) throw e;
      return refuse({ reason: REASON_OF[e.reason], issuer, detail: e.providerCode ?? e.message });
    }

    if (signIn.audience === 'portal') return this.requester(tenantId, provider, claims, now, returnTo);
    const decision = await this.decide(tenantId, provider, claims, now);
    if ('refused' in decision) return { kind: 'refused', reason: decision.reason, returnTo };
    return {
      kind: 'signed_in',
      signedIn: await signedInto(this.tokens, tenantId, decision.session, decision.user),
      returnTo,
    };
  }

  /**
   * A portal sign-in: the verified address inside the school's domains names a person of the school
   * (not archived), whose portal session opens. No binding is kept: a requester is their address, as
   * they are when mail comes in; nothing is created.
   */
  private async requester(
    tenantId: string,
    provider: SsoProvider,
    claims: IdTokenClaims,
    now: Date,
    returnTo: string,
  ): Promise<SsoOutcome> {
    const at = now.toISOString();
    return this.uow.transaction(async (repos): Promise<SsoOutcome> => {
      const refuse = async (refusal: Omit<SsoRefusalRecord, 'issuer'>): Promise<SsoOutcome> => {
        await recordRefusal(repos, this.ids, tenantId, at, { ...refusal, issuer: claims.iss });
        return { kind: 'refused', reason: refusal.reason, returnTo };
      };
      const claimed = typeof claims.email === 'string' ? claims.email : undefined;
      const matched = emailForBinding(provider, claims);
      if ('refusal' in matched) return refuse({ reason: matched.refusal, email: claimed, subject: claims.sub });
      const setting = await readSchoolSetting(repos, tenantId, portalSetting);
      const person = setting.enabled ? await personByAddress(repos, tenantId, matched.email) : null;
      if (!person) return refuse({ reason: 'unknown_person', email: matched.email, subject: claims.sub });
      const portal = await openPortalSession(
        repos,
        { ids: this.ids, secrets: this.secrets },
        tenantId,
        person.id,
        'sso',
        now,
      );
      await recordChange(repos, this.ids, {
        tenantId,
        actor: { type: 'person', id: person.id, via: 'portal (sso)' },
        action: 'portal.sign_in',
        target: `person:${person.id}`,
        at,
        details: { via: 'sso', issuer: claims.iss },
      });
      return { kind: 'portal', portal, returnTo };
    });
  }

  /**
   * Who the account is, and their session, in one transaction. Two first sign-ins of one person at
   * once may both find no binding; the second to commit meets the first's binding as a conflict and
   * decides again, now finding it.
   */
  private async decide(tenantId: string, provider: SsoProvider, claims: IdTokenClaims, now: Date): Promise<Decision> {
    try {
      return await this.uow.transaction((r) => this.decideIn(r, tenantId, provider, claims, now));
    } catch (e) {
      if (!(e instanceof DomainError && e.code === 'conflict')) throw e;
      return this.uow.transaction((r) => this.decideIn(r, tenantId, provider, claims, now));
    }
  }

  private async decideIn(
    repos: Repositories,
    tenantId: string,
    provider: SsoProvider,
    claims: IdTokenClaims,
    now: Date,
  ): Promise<Decision> {
    const at = now.toISOString();
    const { iss: issuer, sub: subject } = claims;
    const refuse = async (refusal: Omit<SsoRefusalRecord, 'issuer'>): Promise<Decision> => {
      const record = { ...refusal, issuer };
      await recordRefusal(repos, this.ids, tenantId, at, record);
      return { refused: true, ...record };
    };
    const signIn = async (user: UserCredentials): Promise<Decision> => ({
      user,
      session: await openSession(repos, this.ids, tenantId, user.id, now),
    });

    // 1. A bound account is its user, whatever its e-mail address says today.
    const binding = await repos.ssoBindings.findBySubject(tenantId, issuer, subject);
    if (binding) {
      const user = await repos.users.findById(tenantId, binding.userId);
      if (!user) return refuse({ reason: 'unknown_user', subject });
      if (!user.active) return refuse({ reason: 'deactivated', subject, userId: user.id, email: user.email });
      await repos.ssoBindings.touch(tenantId, issuer, subject, at);
      return signIn(user);
    }

    // 2-3. A first sign-in: the e-mail address the provider vouches for, in the school's domains.
    const claimed = typeof claims.email === 'string' ? claims.email : undefined;
    const matched = emailForBinding(provider, claims);
    if ('refusal' in matched) return refuse({ reason: matched.refusal, email: claimed, subject });
    const { email } = matched;

    // 4. An active user of the school with that address, not bound to another account of this issuer.
    const user = await repos.users.findByEmail(tenantId, email);
    if (!user) return refuse({ reason: 'unknown_user', email, subject });
    if (!user.active) return refuse({ reason: 'deactivated', email, subject, userId: user.id });
    const other = await repos.ssoBindings.findByUser(tenantId, user.id, issuer);
    if (other) return refuse({ reason: 'subject_mismatch', email, subject, userId: user.id });

    // 5. Bound from now on, and signed in.
    await repos.ssoBindings.create(tenantId, {
      issuer,
      subject,
      userId: user.id,
      email,
      createdAt: at,
      lastSignInAt: at,
    });
    await recordChange(repos, this.ids, {
      tenantId,
      actor: { type: 'user', id: user.id },
      action: 'auth.sso_bound',
      target: `user:${user.id}`,
      at,
      details: { issuer, subject, email },
    });
    return signIn(user);
  }
}
