import type { Session } from '../../domain/identity/session.js';

export abstract class SessionRepository {
  abstract create(tenantId: string, session: Session): Promise<void>;
  abstract findById(tenantId: string, id: string): Promise<Session | null>;
  /** Sets revokedAt if not yet revoked; false when no such session or already revoked. */
  abstract revoke(tenantId: string, id: string, at: string): Promise<boolean>;
  /** Revokes every session of the user not yet revoked (a deactivated user); the ids of those it revoked. */
  abstract revokeAllOf(tenantId: string, userId: string, at: string): Promise<string[]>;
}
