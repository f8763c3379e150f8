/**
 * Single sign-on's storage: each school's OpenID provider, the bindings of Desk users to the
 * provider's accounts, and the sign-ins in progress. The repository contract of
 * src/ports/repositories.ts holds (tenant first, `null` for a missing row, a duplicate is a
 * `conflict`), pinned by test/persistence/sso.contract.ts on SQLite, Postgres and the memory fake.
 */
import type { PendingSignIn, SsoBinding } from '../../domain/sso/sso-binding.js';
import type { SsoProvider } from '../../domain/sso/sso-provider.js';

/** A school's provider: at most one per tenant. */
export abstract class SsoProviderRepository {
  abstract find(tenantId: string): Promise<SsoProvider | null>;
  /** Stores the tenant's provider, replacing the one it had. */
  abstract save(tenantId: string, provider: SsoProvider): Promise<void>;
  /** False when the tenant had none. Its bindings stay (a provider added again matches them). */
  abstract remove(tenantId: string): Promise<boolean>;
}

/**
 * Which provider account (issuer + subject) signs in which user. Unique per (tenant, issuer,
 * subject), and per (tenant, user, issuer): a user has at most one account at an issuer. Either
 * duplicate → conflict.
 */
export abstract class SsoBindingRepository {
  abstract create(tenantId: string, binding: SsoBinding): Promise<void>;
  abstract findBySubject(tenantId: string, issuer: string, subject: string): Promise<SsoBinding | null>;
  abstract findByUser(tenantId: string, userId: string, issuer: string): Promise<SsoBinding | null>;
  /** Records a sign-in through the binding; false when there is no such binding. */
  abstract touch(tenantId: string, issuer: string, subject: string, at: string): Promise<boolean>;
  /** Removes the user's bindings (at every issuer); the number removed. */
  abstract removeForUser(tenantId: string, userId: string): Promise<number>;
}

/** Sign-ins started and not yet come back, keyed by the SHA-256 hash of their `state`. */
export abstract class PendingSignInRepository {
  /** A state hash stored already → conflict. */
  abstract create(tenantId: string, signIn: PendingSignIn): Promise<void>;
  /**
   * Cross-tenant (the state identifies its school): the sign-in with this state hash, whatever its
   * condition, and whether this very call spent it. Spending is atomic: of any number of callers
   * (any connection, any instance) exactly one gets `taken: true`, and only while the sign-in is
   * unused and expires after `at`; it is marked used at `at`. Null when there is no such sign-in.
   */
  abstract take(
    stateHash: string,
    at: string,
  ): Promise<{ tenantId: string; signIn: PendingSignIn; taken: boolean } | null>;
  /** Deletes the tenant's sign-ins that expired before `before`; how many. */
  abstract prune(tenantId: string, before: string): Promise<number>;
}
