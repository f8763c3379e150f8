/** What a session token carries: the session, the user and the tenant it belongs to. */
export interface SessionClaims {
  readonly sessionId: string;
  readonly userId: string;
  readonly tenantId: string;
}

/**
 * Signs and verifies console session tokens (JWTs signed with JWT_SECRET). `verify` answers null —
 * never throws — for a token that is malformed, tampered with, signed with another secret, or past
 * its expiry.
 */
export abstract class SessionTokens {
  abstract sign(claims: SessionClaims, expiresAt: Date): Promise<string>;
  abstract verify(token: string): Promise<SessionClaims | null>;
}
