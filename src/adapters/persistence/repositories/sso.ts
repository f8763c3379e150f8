/**
 * Single sign-on, on either dialect: each school's OpenID provider (its client secret sealed), the
 * bindings of Desk users to the provider's accounts, and the sign-ins in progress (their state's hash).
 */
import type { PendingSignIn, SsoBinding } from '../../../domain/sso/sso-binding.js';
import type { SsoProvider } from '../../../domain/sso/sso-provider.js';
import type {
  PendingSignInRepository,
  SsoBindingRepository,
  SsoProviderRepository,
} from '../../../ports/repositories/sso.js';
import { json, parseJson, type Db } from '../sql/db.js';

const PROVIDER_COLUMNS = `issuer, client_id AS "clientId", client_secret AS "clientSecret", label, domains,
  passwords_allowed AS "passwordsAllowed", updated_at AS "updatedAt"`;

/** domains is JSON text or jsonb (read as text), passwords_allowed SQLite's 0/1 or a boolean. */
type ProviderRow = Omit<SsoProvider, 'domains' | 'passwordsAllowed'> & {
  domains: string;
  passwordsAllowed: number | boolean;
};

export class SqlSsoProviderRepository implements SsoProviderRepository {
  constructor(private readonly db: Db) {}

  async find(tenantId: string): Promise<SsoProvider | null> {
    const sql = `SELECT ${PROVIDER_COLUMNS} FROM sso_providers WHERE tenant_id = ?`;
    const row = await this.db.one<ProviderRow>(sql, [tenantId]);
    return (
      row && { ...row, domains: parseJson<string[]>(row.domains), passwordsAllowed: Boolean(row.passwordsAllowed) }
    );
  }

  async save(tenantId: string, p: SsoProvider): Promise<void> {
    const sql = `INSERT INTO sso_providers (tenant_id, issuer, client_id, client_secret, label, domains,
        passwords_allowed, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (tenant_id) DO UPDATE SET issuer = excluded.issuer, client_id = excluded.client_id,
        client_secret = excluded.client_secret, label = excluded.label, domains = excluded.domains,
        passwords_allowed = excluded.passwords_allowed, updated_at = excluded.updated_at`;
    const values = [tenantId, p.issuer, p.clientId, p.clientSecret, p.label, json(p.domains)];
    await this.db.run(sql, [...values, p.passwordsAllowed, p.updatedAt]);
  }

  async remove(tenantId: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM sso_providers WHERE tenant_id = ?', [tenantId])) === 1;
  }
}

const BINDING_COLUMNS = `issuer, subject, user_id AS "userId", email, created_at AS "createdAt",
  last_sign_in_at AS "lastSignInAt"`;

export class SqlSsoBindingRepository implements SsoBindingRepository {
  constructor(private readonly db: Db) {}

  /** Either key taken is a conflict: the account's (…, subject) or the user's at the issuer (…, issuer). */
  async create(tenantId: string, b: SsoBinding): Promise<void> {
    const sql = `INSERT INTO sso_bindings (tenant_id, issuer, subject, user_id, email, created_at, last_sign_in_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`;
    const values = [tenantId, b.issuer, b.subject, b.userId, b.email, b.createdAt, b.lastSignInAt];
    await this.db.conflicts(() => this.db.run(sql, values), 'single sign-on binding', {
      subject: b.subject,
      issuer: b.issuer,
    });
  }

  findBySubject(tenantId: string, issuer: string, subject: string): Promise<SsoBinding | null> {
    const sql = `SELECT ${BINDING_COLUMNS} FROM sso_bindings WHERE tenant_id = ? AND issuer = ? AND subject = ?`;
    return this.db.one<SsoBinding>(sql, [tenantId, issuer, subject]);
  }

  findByUser(tenantId: string, userId: string, issuer: string): Promise<SsoBinding | null> {
    const sql = `SELECT ${BINDING_COLUMNS} FROM sso_bindings WHERE tenant_id = ? AND user_id = ? AND issuer = ?`;
    return this.db.one<SsoBinding>(sql, [tenantId, userId, issuer]);
  }

  async touch(tenantId: string, issuer: string, subject: string, at: string): Promise<boolean> {
    const sql = 'UPDATE sso_bindings SET last_sign_in_at = ? WHERE tenant_id = ? AND issuer = ? AND subject = ?';
    return (await this.db.run(sql, [at, tenantId, issuer, subject])) === 1;
  }

  removeForUser(tenantId: string, userId: string): Promise<number> {
    return this.db.run('DELETE FROM sso_bindings WHERE tenant_id = ? AND user_id = ?', [tenantId, userId]);
  }
}

const SIGN_IN_COLUMNS = `tenant_id AS "tenantId", state_hash AS "stateHash", nonce, code_verifier AS "codeVerifier",
  redirect_uri AS "redirectUri", return_to AS "returnTo", audience, created_at AS "createdAt", expires_at AS "expiresAt",
  used_at AS "usedAt"`;

type SignInRow = PendingSignIn & { tenantId: string };

const split = ({ tenantId, ...signIn }: SignInRow) => ({ tenantId, signIn });

export class SqlPendingSignInRepository implements PendingSignInRepository {
  constructor(private readonly db: Db) {}

  async create(tenantId: string, s: PendingSignIn): Promise<void> {
    const sql = `INSERT INTO sso_sign_ins (state_hash, tenant_id, nonce, code_verifier, redirect_uri, return_to,
      audience, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const values = [s.stateHash, tenantId, s.nonce, s.codeVerifier, s.redirectUri, s.returnTo, s.audience, s.createdAt];
    // The state's hash is never shown, on either dialect (Postgres would report it).
    await this.db.conflicts(() => this.db.run(sql, [...values, s.expiresAt, s.usedAt]), 'pending sign-in', {
      state_hash: undefined,
    });
  }

  async take(
    stateHash: string,
    at: string,
  ): Promise<{ tenantId: string; signIn: PendingSignIn; taken: boolean } | null> {
    // One statement spends it. Of simultaneous takers one wins: SQLite's writer holds the database
    // lock; on Postgres a second UPDATE of the row waits for the first to commit, then finds used_at set.
    const taken = await this.db.one<SignInRow>(
      `UPDATE sso_sign_ins SET used_at = ? WHERE state_hash = ? AND used_at IS NULL AND expires_at > ?
       RETURNING ${SIGN_IN_COLUMNS}`,
      [at, stateHash, at],
    );
    if (taken) return { ...split(taken), taken: true };
    const row = await this.db.one<SignInRow>(`SELECT ${SIGN_IN_COLUMNS} FROM sso_sign_ins WHERE state_hash = ?`, [
      stateHash,
    ]);
    return row && { ...split(row), taken: false };
  }

  prune(tenantId: string, before: string): Promise<number> {
    return this.db.run('DELETE FROM sso_sign_ins WHERE tenant_id = ? AND expires_at < ?', [tenantId, before]);
  }
}
