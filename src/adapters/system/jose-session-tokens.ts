import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../ports/clock.js';
import { SessionTokens, type SessionClaims } from '../../ports/session-tokens.js';

const ISSUER = 'desk';
const AUDIENCE = 'desk-console';
/** Verified tokens remembered at once (sessions of one deployment; the oldest make room). */
const MAX_REMEMBERED = 10_000;

/**
 * Console session tokens as HS256 JWTs signed with JWT_SECRET (jose). The token names the session;
 * the session row decides whether it still works, so logout needs no token blacklist. Issue and
 * expiry times come from the same Clock as everything else, so tokens and sessions never disagree.
 */
export class JoseSessionTokens extends SessionTokens {
  /**
   * The secret as a WebCrypto key, imported once: given raw bytes, jose would import them again for
   * every token it signs or verifies, and every console request verifies one.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    super();
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(this.clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key);
  }

  /**
   * A token verified once stays verified until it expires: the same bytes under the same secret give
   * the same claims, and only the clock can change the answer. So a console that sends its token with
   * every request costs one HMAC (a WebCrypto job on the thread pool) per token, not per request; the
   * expiry is still checked against the clock every time. Whether the session still exists is not
   * this adapter's question (AuthenticateSession asks the session row).
   */
  private readonly verified = new Map<string, { readonly claims: SessionClaims; readonly expiresAtMs: number }>();

  async verify(token: string): Promise<SessionClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (this.clock.now().getTime() < known.expiresAtMs) return known.claims;
      this.verified.delete(token);
      return null;
    }
    const verified = await this.verifyNow(token);
    if (verified?.expiresAtMs != null) {
      if (this.verified.size >= MAX_REMEMBERED) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims: verified.claims, expiresAtMs: verified.expiresAtMs });
    }
    return verified?.claims ?? null;
  }

  private async verifyNow(token: string): Promise<{ claims: SessionClaims; expiresAtMs: number | null } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.clock.now(),
      });
      const { sub, tid, sid, exp } = payload as { sub?: unknown; tid?: unknown; sid?: unknown; exp?: unknown };
      if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string') return null;
      // Our tokens always carry exp; one without (signed with the secret elsewhere) is not remembered.
      const expiresAtMs = typeof exp === 'number' ? exp * 1000 : null;
      return { claims: { userId: sub, tenantId: tid, sessionId: sid }, expiresAtMs };
    } catch {
      return null; // malformed, tampered, wrong secret or expired: all simply "no session"
    }
  }
}
