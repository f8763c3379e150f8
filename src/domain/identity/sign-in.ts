import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { PasswordHasher } from '../../ports/password-hasher.js';
import { RateLimiter, type RateLimitPolicy } from '../../ports/rate-limiter.js';
import { SessionTokens } from '../../ports/session-tokens.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { DomainError } from '../shared/errors.js';
import { exactText, parseInput, text } from '../shared/validation.js';
import { passwordSignInAllowed } from '../sso/sso-provider.js';
import type { Tenant } from '../tenants/tenant.js';
import { openSession, signedInto, type SignedIn } from './open-session.js';
import { PASSWORD_MAX_LENGTH, normaliseEmail } from './user.js';

/** Not `emailInput`: a malformed address is simply not anyone's, and answers like a wrong password. */
export const signInInput = z.object({ email: text(1, 320), password: exactText(1, PASSWORD_MAX_LENGTH) }).strict();

/**
 * Failed sign-ins allowed in 15 minutes (docs/decisions.md, Identity and access). The lock falls on
 * the guesser, not the owner: ten for one account from one address, fifty from one address over all
 * accounts, and for one account over every address only a ceiling ten times higher, which a guesser
 * reaches only from ten addresses or more (each address adds at most its ten).
 */
export const SIGN_IN_POLICIES = {
  /** One account, from one source address. */
  account: { name: 'login-account', limit: 10, windowSeconds: 900 },
  /** One source address, whatever the accounts. */
  address: { name: 'login-address', limit: 50, windowSeconds: 900 },
  /** One account, from every address together: what stops guessing spread over many addresses. */
  accountEverywhere: { name: 'login-account-all', limit: 100, windowSeconds: 900 },
} as const satisfies Record<string, RateLimitPolicy>;

/** A policy and the subject an attempt is counted for under it. */
type Counted = readonly [RateLimitPolicy, string];

/** Too many failed attempts: refused without checking the password. */
export class TooManyAttempts extends DomainError {
  /** `policies`: the names of the SIGN_IN_POLICIES that refused (for the refusal metrics). */
  constructor(
    readonly retryAfterSeconds: number,
    readonly policies: readonly string[],
  ) {
    super('rate_limited', 'too many failed sign-in attempts; try again later');
  }
}

/**
 * Signs a console user in: checks the password (memory-hard hash, the same work for unknown
 * addresses), opens a 12-hour session and returns a token naming it. Only failures count towards
 * the limits of SIGN_IN_POLICIES (each attempt is counted first and refunded on success), kept in
 * the shared rate-limit store. At a school whose OpenID provider has passwords off, only
 * school administrators get past a correct password (their way in while the provider is down);
 * everyone else is told to use the provider — after the password check, so a guess learns nothing.
 */
@injectable()
export class SignIn {
  #decoy: Promise<string> | null = null;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(SessionTokens) private readonly tokens: SessionTokens,
    @inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  async execute(tenant: Tenant, input: z.input<typeof signInInput>, from: { address: string }): Promise<SignedIn> {
    const { email, password } = parseInput(signInInput, input);
    const account = `${tenant.id}:${normaliseEmail(email)}`;
    const fromHere: Counted[] = [
      [SIGN_IN_POLICIES.account, `${account}|${from.address}`],
      [SIGN_IN_POLICIES.address, from.address],
    ];
    const everywhere: Counted = [SIGN_IN_POLICIES.accountEverywhere, account];
    // Count the attempt before checking the password, so simultaneous guesses cannot all slip past the
    // limit while the (slow) hash is checked; a successful sign-in gives its count back. The count
    // over every address comes only after this address's own limits let the attempt through, so a
    // guesser hammering at its lock adds nothing to it: one address adds at most ten.
    await this.count(fromHere);
    await this.count([everywhere]);

    const [user, provider] = await this.uow.read((r) =>
      Promise.all([r.users.findByEmail(tenant.id, normaliseEmail(email)), r.ssoProviders.find(tenant.id)]),
    );
    // Verify against a decoy hash when there is no usable one, so timing does not reveal accounts.
    const hash = user?.passwordHash ?? (await this.decoyHash());
    const matches = await this.hasher.verify(password, hash);
    if (!user || !user.active || !user.passwordHash || !matches)
      throw new DomainError('unauthorized', 'wrong e-mail or password');
    // The password was right: not a guess, so it does not count against the limits either way.
    await Promise.all([...fromHere, everywhere].map(([policy, subject]) => this.limiter.refund(policy, subject)));
    if (!passwordSignInAllowed(provider, user.role)) {
      throw new DomainError(
        'forbidden',
        `${tenant.name} signs its staff in with ${provider!.label}: use "Sign in with ${provider!.label}" instead of a password`,
      );
    }

    const session = await this.uow.transaction((r) => openSession(r, this.ids, tenant.id, user.id, this.clock.now()));
    return signedInto(this.tokens, tenant.id, session, user);
  }

  /** Counts one attempt under each policy; throws TooManyAttempts naming those that refused it. */
  private async count(policies: readonly Counted[]): Promise<void> {
    const decisions = await Promise.all(policies.map(([policy, subject]) => this.limiter.consume(policy, subject)));
    const refused = decisions.flatMap((d, i) => (d.allowed ? [] : [{ ...d, policy: policies[i]![0].name }]));
    if (refused.length > 0) {
      throw new TooManyAttempts(
        Math.max(...refused.map((d) => d.resetSeconds)),
        refused.map((d) => d.policy),
      );
    }
  }

  private decoyHash(): Promise<string> {
    this.#decoy ??= this.hasher.hash('not anyone’s password');
    return this.#decoy;
  }
}
