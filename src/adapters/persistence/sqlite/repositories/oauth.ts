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
import { conflictOf, json, pageOf, parseJson, Where, type Sql } from '../sql.js';

// Write transactions hold the database's write lock from BEGIN IMMEDIATE, so `forUpdate` needs nothing here.

interface ClientRow {
  id: string;
  name: string;
  redirectUris: string;
  createdAt: string;
}

export class SqliteOAuthClientRepository implements OAuthClientRepository {
  constructor(private readonly sql: Sql) {}

  async create(c: RegisteredClient): Promise<void> {
    try {
      this.sql.run(
        'INSERT INTO oauth_clients (id, name, redirect_uris, created_at) VALUES (?, ?, ?, ?)',
        c.id,
        c.name,
        json(c.redirectUris),
        c.createdAt,
      );
    } catch (error) {
      throw conflictOf(error, 'client', { id: c.id });
    }
  }

  async findById(id: string): Promise<RegisteredClient | null> {
    const row = this.sql.get<ClientRow>(
      'SELECT id, name, redirect_uris AS redirectUris, created_at AS createdAt FROM oauth_clients WHERE id = ?',
      id,
    );
    return row && { ...row, redirectUris: parseJson<string[]>(row.redirectUris), kind: 'registered' };
  }

  async countSince(since: string): Promise<number> {
    return this.sql.number('SELECT count(*) FROM oauth_clients WHERE created_at >= ?', since);
  }
}

type AuthorizationRow = Omit<Authorization, 'requestedScopes' | 'scopes'> & {
  requestedScopes: string | null;
  scopes: string | null;
};

const AUTHORIZATION_COLUMNS = `id, tenant_id AS tenantId, issuer, client_id AS clientId, client_name AS clientName,
  client_host AS clientHost, redirect_uri AS redirectUri, state, code_challenge AS codeChallenge,
  requested_scopes AS requestedScopes, resource, created_at AS createdAt, expires_at AS expiresAt,
  decided_at AS decidedAt, user_id AS userId, scopes, code_hash AS codeHash, code_expires_at AS codeExpiresAt,
  code_used_at AS codeUsedAt, grant_id AS grantId`;

const toAuthorization = (row: AuthorizationRow | null): Authorization | null =>
  row && {
    ...row,
    requestedScopes: parseJson<string[] | null>(row.requestedScopes),
    scopes: parseJson<Authorization['scopes']>(row.scopes),
  };

export class SqliteOAuthAuthorizationRepository implements OAuthAuthorizationRepository {
  constructor(private readonly sql: Sql) {}

  async create(a: Authorization): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO oauth_authorizations (id, tenant_id, issuer, client_id, client_name, client_host, redirect_uri,
           state, code_challenge, requested_scopes, resource, created_at, expires_at, decided_at, user_id, scopes,
           code_hash, code_expires_at, code_used_at, grant_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        a.id,
        a.tenantId,
        a.issuer,
        a.clientId,
        a.clientName,
        a.clientHost,
        a.redirectUri,
        a.state,
        a.codeChallenge,
        a.requestedScopes === null ? null : json(a.requestedScopes),
        a.resource,
        a.createdAt,
        a.expiresAt,
        a.decidedAt,
        a.userId,
        a.scopes === null ? null : json(a.scopes),
        a.codeHash,
        a.codeExpiresAt,
        a.codeUsedAt,
        a.grantId,
      );
    } catch (error) {
      throw conflictOf(error, 'authorization', { id: a.id });
    }
  }

  async findById(id: string): Promise<Authorization | null> {
    return toAuthorization(
      this.sql.get<AuthorizationRow>(`SELECT ${AUTHORIZATION_COLUMNS} FROM oauth_authorizations WHERE id = ?`, id),
    );
  }

  async findByCodeHash(codeHash: string): Promise<Authorization | null> {
    return toAuthorization(
      this.sql.get<AuthorizationRow>(
        `SELECT ${AUTHORIZATION_COLUMNS} FROM oauth_authorizations WHERE code_hash = ?`,
        codeHash,
      ),
    );
  }

  async decide(id: string, at: string, approval: Approval | null): Promise<boolean> {
    const result = this.sql.run(
      `UPDATE oauth_authorizations SET decided_at = ?, tenant_id = coalesce(?, tenant_id), user_id = ?, scopes = ?,
         code_hash = ?, code_expires_at = ?
       WHERE id = ? AND decided_at IS NULL`,
      at,
      approval?.tenantId ?? null,
      approval?.userId ?? null,
      approval ? json(approval.scopes) : null,
      approval?.codeHash ?? null,
      approval?.codeExpiresAt ?? null,
      id,
    );
    return result.changes === 1;
  }

  async useCode(id: string, at: string, grantId: string): Promise<boolean> {
    const result = this.sql.run(
      'UPDATE oauth_authorizations SET code_used_at = ?, grant_id = ? WHERE id = ? AND code_used_at IS NULL',
      at,
      grantId,
      id,
    );
    return result.changes === 1;
  }

  async deleteExpired(before: string): Promise<number> {
    return this.sql.run(
      `DELETE FROM oauth_authorizations
       WHERE expires_at < ? AND (code_expires_at IS NULL OR code_expires_at < ?)`,
      before,
      before,
    ).changes;
  }
}

type GrantRow = Omit<Grant, 'scopes'> & { scopes: string };

const GRANT_COLUMNS = `id, user_id AS userId, client_id AS clientId, client_name AS clientName,
  client_host AS clientHost, scopes, resource, created_at AS createdAt, last_used_at AS lastUsedAt,
  revoked_at AS revokedAt`;

const toGrant = (row: GrantRow): Grant => ({ ...row, scopes: parseJson<Grant['scopes']>(row.scopes) });

export class SqliteGrantRepository implements GrantRepository {
  constructor(private readonly sql: Sql) {}

  async create(tenantId: string, g: Grant): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO oauth_grants (id, tenant_id, user_id, client_id, client_name, client_host, scopes, resource,
           created_at, last_used_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        g.id,
        tenantId,
        g.userId,
        g.clientId,
        g.clientName,
        g.clientHost,
        json(g.scopes),
        g.resource,
        g.createdAt,
        g.lastUsedAt,
        g.revokedAt,
      );
    } catch (error) {
      throw conflictOf(error, 'grant', { id: g.id });
    }
  }

  async findById(tenantId: string, id: string): Promise<Grant | null> {
    const row = this.sql.get<GrantRow>(
      `SELECT ${GRANT_COLUMNS} FROM oauth_grants WHERE tenant_id = ? AND id = ?`,
      tenantId,
      id,
    );
    return row && toGrant(row);
  }

  async list(tenantId: string, filter: GrantFilter, page: PageRequest): Promise<Page<Grant>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (filter.userId !== undefined) where.add('user_id = ?', filter.userId);
    if (!filter.includeRevoked) where.add('revoked_at IS NULL');
    const rows = pageOf<GrantRow>(this.sql, {
      columns: GRANT_COLUMNS,
      from: 'oauth_grants',
      where,
      orderBy: 'created_at DESC, id DESC',
      page,
    });
    return { items: rows.items.map(toGrant), total: rows.total };
  }

  async revoke(tenantId: string, id: string, at: string, reason: GrantRevocation): Promise<boolean> {
    return (
      this.sql.run(
        'UPDATE oauth_grants SET revoked_at = ?, revoked_reason = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL',
        at,
        reason,
        tenantId,
        id,
      ).changes === 1
    );
  }

  async revokeAllOf(tenantId: string, userId: string, at: string, reason: GrantRevocation): Promise<string[]> {
    return this.sql
      .all<{ id: string }>(
        `UPDATE oauth_grants SET revoked_at = ?, revoked_reason = ?
         WHERE tenant_id = ? AND user_id = ? AND revoked_at IS NULL RETURNING id`,
        at,
        reason,
        tenantId,
        userId,
      )
      .map((r) => r.id);
  }

  async touch(tenantId: string, id: string, at: string): Promise<void> {
    this.sql.run('UPDATE oauth_grants SET last_used_at = ? WHERE tenant_id = ? AND id = ?', at, tenantId, id);
  }
}

type TokenRow = Omit<StoredToken, 'scopes'> & { scopes: string };

const TOKEN_COLUMNS = `hash, tenant_id AS tenantId, grant_id AS grantId, kind, scopes, created_at AS createdAt,
  expires_at AS expiresAt, used_at AS usedAt`;

export class SqliteOAuthTokenRepository implements OAuthTokenRepository {
  constructor(private readonly sql: Sql) {}

  async create(t: StoredToken): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO oauth_tokens (hash, tenant_id, grant_id, kind, scopes, created_at, expires_at, used_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        t.hash,
        t.tenantId,
        t.grantId,
        t.kind,
        json(t.scopes),
        t.createdAt,
        t.expiresAt,
        t.usedAt,
      );
    } catch (error) {
      throw conflictOf(error, 'token', {});
    }
  }

  async findByHash(hash: string): Promise<StoredToken | null> {
    const row = this.sql.get<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM oauth_tokens WHERE hash = ?`, hash);
    return row && { ...row, scopes: parseJson<string[]>(row.scopes) };
  }

  async markUsed(tenantId: string, hash: string, at: string): Promise<boolean> {
    return (
      this.sql.run(
        'UPDATE oauth_tokens SET used_at = ? WHERE tenant_id = ? AND hash = ? AND used_at IS NULL',
        at,
        tenantId,
        hash,
      ).changes === 1
    );
  }

  async deleteExpired(tenantId: string, grantId: string, before: string): Promise<number> {
    return this.sql.run(
      'DELETE FROM oauth_tokens WHERE tenant_id = ? AND grant_id = ? AND expires_at < ?',
      tenantId,
      grantId,
      before,
    ).changes;
  }
}
