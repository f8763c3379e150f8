import type { RegisteredClient } from '../../../../domain/oauth/clients.js';
import type { Authorization, Grant, GrantRevocation } from '../../../../domain/oauth/grant.js';
import type { StoredToken } from '../../../../domain/oauth/tokens.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type {
  Approval,
  GrantFilter,
  GrantRepository,
  OAuthAuthorizationRepository,
  OAuthClientRepository,
  OAuthTokenRepository,
} from '../../../../ports/repositories/oauth.js';
import { count, mapUniqueViolation, pageOf, query, queryOne, Where, type Queryable } from '../sql.js';

const lock = (opts?: { forUpdate?: boolean }) => (opts?.forUpdate ? ' FOR UPDATE' : '');
const jsonOrNull = (value: unknown) => (value === null ? null : JSON.stringify(value));

export class PgOAuthClientRepository implements OAuthClientRepository {
  constructor(private readonly db: Queryable) {}

  async create(c: RegisteredClient): Promise<void> {
    const sql = 'INSERT INTO oauth_clients (id, name, redirect_uris, created_at) VALUES ($1, $2, $3::jsonb, $4)';
    const values = [c.id, c.name, JSON.stringify(c.redirectUris), c.createdAt];
    await mapUniqueViolation(query(this.db, sql, values), { oauth_clients_pkey: 'client id' });
  }

  async findById(id: string): Promise<RegisteredClient | null> {
    const row = await queryOne<Omit<RegisteredClient, 'kind'>>(
      this.db,
      'SELECT id, name, redirect_uris AS "redirectUris", created_at AS "createdAt" FROM oauth_clients WHERE id = $1',
      [id],
    );
    return row && { ...row, kind: 'registered' };
  }

  async countSince(since: string): Promise<number> {
    return count(this.db, 'FROM oauth_clients WHERE created_at >= $1', [since]);
  }
}

const AUTHORIZATION_COLUMNS = `id, tenant_id AS "tenantId", issuer, client_id AS "clientId",
  client_name AS "clientName", client_host AS "clientHost", redirect_uri AS "redirectUri", state,
  code_challenge AS "codeChallenge", requested_scopes AS "requestedScopes", resource, created_at AS "createdAt",
  expires_at AS "expiresAt", decided_at AS "decidedAt", user_id AS "userId", scopes, code_hash AS "codeHash",
  code_expires_at AS "codeExpiresAt", code_used_at AS "codeUsedAt", grant_id AS "grantId"`;

export class PgOAuthAuthorizationRepository implements OAuthAuthorizationRepository {
  constructor(private readonly db: Queryable) {}

  async create(a: Authorization): Promise<void> {
    const sql = `INSERT INTO oauth_authorizations (id, tenant_id, issuer, client_id, client_name, client_host,
        redirect_uri, state, code_challenge, requested_scopes, resource, created_at, expires_at, decided_at, user_id,
        scopes, code_hash, code_expires_at, code_used_at, grant_id)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16::jsonb, $17, $18, $19, $20)`;
    const values = [
      a.id,
      a.tenantId,
      a.issuer,
      a.clientId,
      a.clientName,
      a.clientHost,
      a.redirectUri,
      a.state,
      a.codeChallenge,
      jsonOrNull(a.requestedScopes),
      a.resource,
      a.createdAt,
      a.expiresAt,
      a.decidedAt,
      a.userId,
      jsonOrNull(a.scopes),
      a.codeHash,
      a.codeExpiresAt,
      a.codeUsedAt,
      a.grantId,
    ];
    await mapUniqueViolation(query(this.db, sql, values), {
      oauth_authorizations_pkey: 'authorization id',
      oauth_authorizations_code_hash_key: 'authorization code',
    });
  }

  async findById(id: string, opts?: { forUpdate?: boolean }): Promise<Authorization | null> {
    return queryOne<Authorization>(
      this.db,
      `SELECT ${AUTHORIZATION_COLUMNS} FROM oauth_authorizations WHERE id = $1${lock(opts)}`,
      [id],
    );
  }

  async findByCodeHash(codeHash: string, opts?: { forUpdate?: boolean }): Promise<Authorization | null> {
    return queryOne<Authorization>(
      this.db,
      `SELECT ${AUTHORIZATION_COLUMNS} FROM oauth_authorizations WHERE code_hash = $1${lock(opts)}`,
      [codeHash],
    );
  }

  async decide(id: string, at: string, approval: Approval | null): Promise<boolean> {
    const sql = `UPDATE oauth_authorizations SET decided_at = $2, tenant_id = coalesce($3, tenant_id), user_id = $4,
        scopes = $5::jsonb, code_hash = $6, code_expires_at = $7
      WHERE id = $1 AND decided_at IS NULL`;
    const values = [
      id,
      at,
      approval?.tenantId ?? null,
      approval?.userId ?? null,
      approval ? JSON.stringify(approval.scopes) : null,
      approval?.codeHash ?? null,
      approval?.codeExpiresAt ?? null,
    ];
    return (await query(this.db, sql, values)).rowCount === 1;
  }

  async useCode(id: string, at: string, grantId: string): Promise<boolean> {
    const sql = `UPDATE oauth_authorizations SET code_used_at = $2, grant_id = $3
      WHERE id = $1 AND code_used_at IS NULL`;
    return (await query(this.db, sql, [id, at, grantId])).rowCount === 1;
  }

  async deleteExpired(before: string): Promise<number> {
    const sql = `DELETE FROM oauth_authorizations
      WHERE expires_at < $1 AND (code_expires_at IS NULL OR code_expires_at < $1)`;
    return (await query(this.db, sql, [before])).rowCount ?? 0;
  }
}

const GRANT_COLUMNS = `id, user_id AS "userId", client_id AS "clientId", client_name AS "clientName",
  client_host AS "clientHost", scopes, resource, created_at AS "createdAt", last_used_at AS "lastUsedAt",
  revoked_at AS "revokedAt"`;

export class PgGrantRepository implements GrantRepository {
  constructor(private readonly db: Queryable) {}

  async create(tenantId: string, g: Grant): Promise<void> {
    const sql = `INSERT INTO oauth_grants (id, tenant_id, user_id, client_id, client_name, client_host, scopes,
        resource, created_at, last_used_at, revoked_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11)`;
    const values = [
      g.id,
      tenantId,
      g.userId,
      g.clientId,
      g.clientName,
      g.clientHost,
      JSON.stringify(g.scopes),
      g.resource,
      g.createdAt,
      g.lastUsedAt,
      g.revokedAt,
    ];
    await mapUniqueViolation(query(this.db, sql, values), { oauth_grants_pkey: 'grant id' });
  }

  async findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Grant | null> {
    return queryOne<Grant>(
      this.db,
      `SELECT ${GRANT_COLUMNS} FROM oauth_grants WHERE tenant_id = $1 AND id = $2${lock(opts)}`,
      [tenantId, id],
    );
  }

  async list(tenantId: string, filter: GrantFilter, page: PageRequest): Promise<Page<Grant>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (filter.userId !== undefined) where.add('user_id = ?', filter.userId);
    if (!filter.includeRevoked) where.add('revoked_at IS NULL');
    return pageOf<Grant>(this.db, {
      columns: GRANT_COLUMNS,
      from: 'oauth_grants',
      where,
      orderBy: 'created_at DESC, id COLLATE "C" DESC',
      page,
    });
  }

  async revoke(tenantId: string, id: string, at: string, reason: GrantRevocation): Promise<boolean> {
    const sql = `UPDATE oauth_grants SET revoked_at = $3, revoked_reason = $4
      WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL`;
    return (await query(this.db, sql, [tenantId, id, at, reason])).rowCount === 1;
  }

  async revokeAllOf(tenantId: string, userId: string, at: string, reason: GrantRevocation): Promise<string[]> {
    const sql = `UPDATE oauth_grants SET revoked_at = $3, revoked_reason = $4
      WHERE tenant_id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id`;
    return (await query<{ id: string }>(this.db, sql, [tenantId, userId, at, reason])).rows.map((r) => r.id);
  }

  async touch(tenantId: string, id: string, at: string): Promise<void> {
    await query(this.db, 'UPDATE oauth_grants SET last_used_at = $3 WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      id,
      at,
    ]);
  }
}

const TOKEN_COLUMNS = `hash, tenant_id AS "tenantId", grant_id AS "grantId", kind, scopes, created_at AS "createdAt",
  expires_at AS "expiresAt", used_at AS "usedAt"`;

export class PgOAuthTokenRepository implements OAuthTokenRepository {
  constructor(private readonly db: Queryable) {}

  async create(t: StoredToken): Promise<void> {
    const sql = `INSERT INTO oauth_tokens (hash, tenant_id, grant_id, kind, scopes, created_at, expires_at, used_at)
      VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)`;
    const values = [
      t.hash,
      t.tenantId,
      t.grantId,
      t.kind,
      JSON.stringify(t.scopes),
      t.createdAt,
      t.expiresAt,
      t.usedAt,
    ];
    await mapUniqueViolation(query(this.db, sql, values), { oauth_tokens_pkey: 'token' });
  }

  async findByHash(hash: string, opts?: { forUpdate?: boolean }): Promise<StoredToken | null> {
    return queryOne<StoredToken>(this.db, `SELECT ${TOKEN_COLUMNS} FROM oauth_tokens WHERE hash = $1${lock(opts)}`, [
      hash,
    ]);
  }

  async markUsed(tenantId: string, hash: string, at: string): Promise<boolean> {
    const sql = 'UPDATE oauth_tokens SET used_at = $3 WHERE tenant_id = $1 AND hash = $2 AND used_at IS NULL';
    return (await query(this.db, sql, [tenantId, hash, at])).rowCount === 1;
  }

  async deleteExpired(tenantId: string, grantId: string, before: string): Promise<number> {
    const sql = 'DELETE FROM oauth_tokens WHERE tenant_id = $1 AND grant_id = $2 AND expires_at < $3';
    return (await query(this.db, sql, [tenantId, grantId, before])).rowCount ?? 0;
  }
}
