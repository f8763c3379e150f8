import type { PortalSession, SignInLink } from '../../../domain/portal/requester.js';
import type { PortalRepository } from '../../../ports/repositories/portal.js';
import type { Db } from '../sql/db.js';

const LINK_COLUMNS =
  'tenant_id AS "tenantId", token_hash AS "tokenHash", person_id AS "personId", created_at AS "createdAt", expires_at AS "expiresAt", used_at AS "usedAt"';
const SESSION_COLUMNS =
  'tenant_id AS "tenantId", id, person_id AS "personId", via, created_at AS "createdAt", expires_at AS "expiresAt", revoked_at AS "revokedAt"';

type Owned<T> = T & { tenantId: string };
const split = <T>({ tenantId, ...rest }: Owned<T>) => ({ tenantId, value: rest as unknown as T });

/** The portal's sign-in links and sessions, on either dialect. */
export class SqlPortalRepository implements PortalRepository {
  constructor(private readonly db: Db) {}

  async createLink(tenantId: string, l: SignInLink): Promise<void> {
    const sql = `INSERT INTO portal_sign_in_links (token_hash, tenant_id, person_id, created_at, expires_at, used_at)
      VALUES (?, ?, ?, ?, ?, ?)`;
    await this.db.conflicts(
      () => this.db.run(sql, [l.tokenHash, tenantId, l.personId, l.createdAt, l.expiresAt, l.usedAt]),
      'sign-in link',
      { token_hash: undefined },
    );
  }

  async takeLink(tokenHash: string, at: string): Promise<{ tenantId: string; link: SignInLink } | null> {
    // One statement spends it: of two uses at once, the second finds used_at set (see sso.ts's take).
    const row = await this.db.one<Owned<SignInLink>>(
      `UPDATE portal_sign_in_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
       RETURNING ${LINK_COLUMNS}`,
      [at, tokenHash, at],
    );
    if (!row) return null;
    const { tenantId, value } = split<SignInLink>(row);
    return { tenantId, link: value };
  }

  async countLinksSince(tenantId: string, personId: string, since: string): Promise<number> {
    const n = await this.db.one<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM portal_sign_in_links WHERE tenant_id = ? AND person_id = ? AND created_at >= ?',
      [tenantId, personId, since],
    );
    return Number(n?.n ?? 0);
  }

  async createSession(tenantId: string, s: PortalSession, tokenHash: string): Promise<void> {
    const sql = `INSERT INTO portal_sessions (id, token_hash, tenant_id, person_id, via, created_at, expires_at, revoked_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
    const values = [s.id, tokenHash, tenantId, s.personId, s.via, s.createdAt, s.expiresAt, s.revokedAt];
    await this.db.conflicts(() => this.db.run(sql, values), 'portal session', { id: s.id });
  }

  /** On every portal request's path: one query by a unique index. */
  async findSession(tokenHash: string): Promise<{ tenantId: string; session: PortalSession } | null> {
    const row = await this.db.one<Owned<PortalSession>>(
      `SELECT ${SESSION_COLUMNS} FROM portal_sessions WHERE token_hash = ?`,
      [tokenHash],
    );
    if (!row) return null;
    const { tenantId, value } = split<PortalSession>(row);
    return { tenantId, session: value };
  }

  async revokeSession(tenantId: string, id: string, at: string): Promise<boolean> {
    const sql = 'UPDATE portal_sessions SET revoked_at = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL';
    return (await this.db.run(sql, [at, tenantId, id])) === 1;
  }

  revokeSessionsOf(tenantId: string, personId: string, at: string): Promise<number> {
    const sql =
      'UPDATE portal_sessions SET revoked_at = ? WHERE tenant_id = ? AND person_id = ? AND revoked_at IS NULL';
    return this.db.run(sql, [at, tenantId, personId]);
  }

  async prune(tenantId: string, before: string): Promise<number> {
    const links = await this.db.run('DELETE FROM portal_sign_in_links WHERE tenant_id = ? AND expires_at < ?', [
      tenantId,
      before,
    ]);
    const sessions = await this.db.run('DELETE FROM portal_sessions WHERE tenant_id = ? AND expires_at < ?', [
      tenantId,
      before,
    ]);
    return links + sessions;
  }
}
