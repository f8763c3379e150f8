/**
 * Desk's OAuth authorization server, on either dialect: the clients registered dynamically, the
 * authorization requests (what was asked, then what was allowed, as a one-use code's hash), the
 * grants a person made, and the access and refresh tokens (their hashes) issued under them.
 */
import type { RegisteredClient } from '../../../domain/oauth/clients.js';
import type { Authorization, Grant, GrantRevocation } from '../../../domain/oauth/grant.js';
import type { StoredToken } from '../../../domain/oauth/tokens.js';
import type { Page, PageRequest } from '../../../domain/shared/paging.js';
import type {
  Approval,
  GrantFilter,
  GrantRepository,
  OAuthAuthorizationRepository,
  OAuthClientRepository,
  OAuthTokenRepository,
} from '../../../ports/repositories/oauth.js';
import { json, parseJson, type Db } from '../sql/db.js';

// JSON columns (redirect_uris, scopes) are text on SQLite and jsonb on Postgres: written and read as text.
const jsonOrNull = (value: unknown) => (value === null ? null : json(value));

type ClientRow = Omit<RegisteredClient, 'kind' | 'redirectUris'> & { redirectUris: string };

export class SqlOAuthClientRepository implements OAuthClientRepository {
  constructor(private readonly db: Db) {}

  async create(c: RegisteredClient): Promise<void> {
    const sql = 'INSERT INTO oauth_clients (id, name, redirect_uris, created_at) VALUES (?, ?, ?, ?)';
    const values = [c.id, c.name, json(c.redirectUris), c.createdAt];
    await this.db.conflicts(() => this.db.run(sql, values), 'client', { id: c.id });
  }

  async findById(id: string): Promise<RegisteredClient | null> {
    const row = await this.db.one<ClientRow>(
      'SELECT id, name, redirect_uris AS "redirectUris", created_at AS "createdAt" FROM oauth_clients WHERE id = ?',
      [id],
    );
    return row && { ...row, redirectUris: parseJson<string[]>(row.redirectUris), kind: 'registered' };
  }

  countSince(since: string): Promise<number> {
    return this.db.count('FROM oauth_clients WHERE created_at >= ?', [since]);
  }
}

type AuthorizationRow = Omit<Authorization, 'requestedScopes' | 'scopes'> & {
  requestedScopes: string | null;
  scopes: string | null;
};

const AUTHORIZATION_COLUMNS = `id, tenant_id AS "tenantId", issuer, client_id AS "clientId",
  client_name AS "clientName", client_host AS "clientHost", redirect_uri AS "redirectUri", state,
  code_challenge AS "codeChallenge", requested_scopes AS "requestedScopes", resource, created_at AS "createdAt",
  expires_at AS "expiresAt", decided_at AS "decidedAt", user_id AS "userId", scopes, code_hash AS "codeHash",
  code_expires_at AS "codeExpiresAt", code_used_at AS "codeUsedAt", grant_id AS "grantId"`;

const toAuthorization = (row: AuthorizationRow | null): Authorization | null =>
  row && {
    ...row,
    requestedScopes: parseJson<string[] | null>(row.requestedScopes),
    scopes: parseJson<Authorization['scopes']>(row.scopes),
  };

export class SqlOAuthAuthorizationRepository implements OAuthAuthorizationRepository {
  constructor(private readonly db: Db) {}

  async create(a: Authorization): Promise<void> {
    const sql = `INSERT INTO oauth_authorizations (id, tenant_id, issuer, client_id, client_name, client_host,
        redirect_uri, state, code_challenge, requested_scopes, resource, created_at, expires_at, decided_at, user_id,
        scopes, code_hash, code_expires_at, code_used_at, grant_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
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
    // A code's hash is never shown, on either dialect (Postgres would report it).
    await this.db.conflicts(() => this.db.run(sql, values), 'authorization', { id: a.id, code_hash: undefined });
  }

  async findById(id: string, opts: { forUpdate?: boolean } = {}): Promise<Authorization | null> {
    const lock = opts.forUpdate ? this.db.lock() : '';
    const sql = `SELECT ${AUTHORIZATION_COLUMNS} FROM oauth_authorizations WHERE id = ?${lock}`;
    return toAuthorization(await this.db.one<AuthorizationRow>(sql, [id]));
  }

  async findByCodeHash(codeHash: string, opts: { forUpdate?: boolean } = {}): Promise<Authorization | null> {
    const lock = opts.forUpdate ? this.db.lock() : '';
    const sql = `SELECT ${AUTHORIZATION_COLUMNS} FROM oauth_authorizations WHERE code_hash = ?${lock}`;
    return toAuthorization(await this.db.one<AuthorizationRow>(sql, [codeHash]));
  }

  async decide(id: string, at: string, approval: Approval | null): Promise<boolean> {
    const sql = `UPDATE oauth_authorizations SET decided_at = ?, tenant_id = coalesce(?, tenant_id), user_id = ?,
        scopes = ?, code_hash = ?, code_expires_at = ?
      WHERE id = ? AND decided_at IS NULL`;
    const values = [
      at,
      approval?.tenantId ?? null,
      approval?.userId ?? null,
      approval ? json(approval.scopes) : null,
      approval?.codeHash ?? null,
      approval?.codeExpiresAt ?? null,
      id,
    ];
    return (await this.db.run(sql, values)) === 1;
  }

  async useCode(id: string, at: string, grantId: string): Promise<boolean> {
    const sql = 'UPDATE oauth_authorizations SET code_used_at = ?, grant_id = ? WHERE id = ? AND code_used_at IS NULL';
    return (await this.db.run(sql, [at, grantId, id])) === 1;
  }

  deleteExpired(before: string): Promise<number> {
    const sql = `DELETE FROM oauth_authorizations
      WHERE expires_at < ? AND (code_expires_at IS NULL OR code_expires_at < ?)`;
    return this.db.run(sql, [before, before]);
  }
}

type GrantRow = Omit<Grant, 'scopes'> & { scopes: string };

const GRANT_COLUMNS = `id, user_id AS "userId", client_id AS "clientId", client_name AS "clientName",
  client_host AS "clientHost", scopes, resource, created_at AS "createdAt", last_used_at AS "lastUsedAt",
  revoked_at AS "revokedAt"`;

const toGrant = (row: GrantRow): Grant => ({ ...row, scopes: parseJson<Grant['scopes']>(row.scopes) });

export class SqlGrantRepository implements GrantRepository {
  /** Newest first, then by id bytewise: the order of the (tenant_id, [user_id,] created_at, id) indexes. */
  private readonly newestFirst: string;

  constructor(private readonly db: Db) {
    this.newestFirst = `created_at DESC, ${db.bytewise('id')} DESC`;
  }

  async create(tenantId: string, g: Grant): Promise<void> {
    const sql = `INSERT INTO oauth_grants (id, tenant_id, user_id, client_id, client_name, client_host, scopes,
        resource, created_at, last_used_at, revoked_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const values = [g.id, tenantId, g.userId, g.clientId, g.clientName, g.clientHost, json(g.scopes), g.resource];
    await this.db.conflicts(() => this.db.run(sql, [...values, g.createdAt, g.lastUsedAt, g.revokedAt]), 'grant', {
      id: g.id,
    });
  }

  async findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<Grant | null> {
    const lock = opts.forUpdate ? this.db.lock() : '';
    const sql = `SELECT ${GRANT_COLUMNS} FROM oauth_grants WHERE tenant_id = ? AND id = ?${lock}`;
    const row = await this.db.one<GrantRow>(sql, [tenantId, id]);
    return row && toGrant(row);
  }

  async list(tenantId: string, filter: GrantFilter, page: PageRequest): Promise<Page<Grant>> {
    const where = this.db.where().add('tenant_id = ?', tenantId);
    if (filter.userId !== undefined) where.add('user_id = ?', filter.userId);
    if (!filter.includeRevoked) where.add('revoked_at IS NULL');
    const rows = await this.db.page<GrantRow>({
      columns: GRANT_COLUMNS,
      from: 'oauth_grants',
      where,
      orderBy: this.newestFirst,
      page,
    });
    return { items: rows.items.map(toGrant), total: rows.total };
  }

  async revoke(tenantId: string, id: string, at: string, reason: GrantRevocation): Promise<boolean> {
    const sql = `UPDATE oauth_grants SET revoked_at = ?, revoked_reason = ?
      WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL`;
    return (await this.db.run(sql, [at, reason, tenantId, id])) === 1;
  }

  revokeAllOf(tenantId: string, userId: string, at: string, reason: GrantRevocation): Promise<string[]> {
    const sql = `UPDATE oauth_grants SET revoked_at = ?, revoked_reason = ?
      WHERE tenant_id = ? AND user_id = ? AND revoked_at IS NULL RETURNING id`;
    return this.db.column<string>(sql, [at, reason, tenantId, userId]);
  }

  async touch(tenantId: string, id: string, at: string): Promise<void> {
    await this.db.run('UPDATE oauth_grants SET last_used_at = ? WHERE tenant_id = ? AND id = ?', [at, tenantId, id]);
  }
}

type TokenRow = Omit<StoredToken, 'scopes'> & { scopes: string };

const TOKEN_COLUMNS = `hash, tenant_id AS "tenantId", grant_id AS "grantId", kind, scopes, created_at AS "createdAt",
  expires_at AS "expiresAt", used_at AS "usedAt"`;

export class SqlOAuthTokenRepository implements OAuthTokenRepository {
  constructor(private readonly db: Db) {}

  async create(t: StoredToken): Promise<void> {
    const sql = `INSERT INTO oauth_tokens (hash, tenant_id, grant_id, kind, scopes, created_at, expires_at, used_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
    const values = [t.hash, t.tenantId, t.grantId, t.kind, json(t.scopes), t.createdAt, t.expiresAt, t.usedAt];
    // A token's hash is never shown, on either dialect (Postgres would report it).
    await this.db.conflicts(() => this.db.run(sql, values), 'token', { hash: undefined });
  }

  /** On the path of every request an OAuth bearer makes: one query by primary key. */
  async findByHash(hash: string, opts: { forUpdate?: boolean } = {}): Promise<StoredToken | null> {
    const lock = opts.forUpdate ? this.db.lock() : '';
    const row = await this.db.one<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM oauth_tokens WHERE hash = ?${lock}`, [hash]);
    return row && { ...row, scopes: parseJson<string[]>(row.scopes) };
  }

  async markUsed(tenantId: string, hash: string, at: string): Promise<boolean> {
    const sql = 'UPDATE oauth_tokens SET used_at = ? WHERE tenant_id = ? AND hash = ? AND used_at IS NULL';
    return (await this.db.run(sql, [at, tenantId, hash])) === 1;
  }

  deleteExpired(tenantId: string, grantId: string, before: string): Promise<number> {
    const sql = 'DELETE FROM oauth_tokens WHERE tenant_id = ? AND grant_id = ? AND expires_at < ?';
    return this.db.run(sql, [tenantId, grantId, before]);
  }
}
