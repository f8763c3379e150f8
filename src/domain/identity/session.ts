/**
 * A console session. The signed token (a JWT) carries only its id; every request checks the stored
 * session, so logout revokes at once and nothing about the user is trusted from the token itself.
 */
export interface Session {
  readonly id: string;
  readonly userId: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly revokedAt: string | null;
}

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export const sessionIsLive = (s: Session, now: string): boolean => s.revokedAt === null && s.expiresAt > now;
