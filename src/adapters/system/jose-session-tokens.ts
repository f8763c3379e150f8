import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../ports/clock.js';
import { SessionTokens, type SessionClaims } from '../../ports/session-tokens.js';

const ISSUER = 'desk';
const AUDIENCE = 'desk-console';

/**
 * Console session tokens as HS256 JWTs signed with JWT_SECRET (jose). The token names the session;
 * the session row decides whether it still works, so logout needs no token blacklist. Issue and
 * expiry times come from the same Clock as everything else, so tokens and sessions never disagree.
 */
export class JoseSessionTokens extends SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    super();
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(this.clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.clock.now(),
      });
      const { sub, tid, sid } = payload as { sub?: unknown; tid?: unknown; sid?: unknown };
      if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string') return null;
      return { userId: sub, tenantId: tid, sessionId: sid };
    } catch {
      return null; // malformed, tampered, wrong secret or expired: all simply "no session"
    }
  }
}
