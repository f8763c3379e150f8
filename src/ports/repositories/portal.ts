import type { PortalSession, SignInLink } from '../../domain/portal/requester.js';

/** The portal's sign-in links and sessions (issue 30, point 1). Tokens are kept only as hashes. */
export abstract class PortalRepository {
  abstract createLink(tenantId: string, link: SignInLink): Promise<void>;
  /**
   * Cross-tenant (the token names its school): spends the link if it is unused and not expired at
   * `at`, in one statement, so of two uses at once one wins. Null when it is unknown, used or expired.
   */
  abstract takeLink(tokenHash: string, at: string): Promise<{ tenantId: string; link: SignInLink } | null>;
  /** The links of this person made at or after `since` (how many were asked for lately). */
  abstract countLinksSince(tenantId: string, personId: string, since: string): Promise<number>;
  abstract createSession(tenantId: string, session: PortalSession, tokenHash: string): Promise<void>;
  /** Cross-tenant (the cookie names its school): the session whose token has this hash. */
  abstract findSession(tokenHash: string): Promise<{ tenantId: string; session: PortalSession } | null>;
  /** Ends a session; false when there is none or it was already ended. */
  abstract revokeSession(tenantId: string, id: string, at: string): Promise<boolean>;
  /** Ends every live session of a person (archived); how many it ended. */
  abstract revokeSessionsOf(tenantId: string, personId: string, at: string): Promise<number>;
  /** Forgets links and sessions that ended before `before`. */
  abstract prune(tenantId: string, before: string): Promise<number>;
}
