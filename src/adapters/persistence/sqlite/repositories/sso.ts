import type { PendingSignIn, SsoBinding } from '../../../../domain/sso/sso-binding.js';
import type { SsoProvider } from '../../../../domain/sso/sso-provider.js';
import type {
  PendingSignInRepository,
  SsoBindingRepository,
  SsoProviderRepository,
} from '../../../../ports/repositories/sso.js';
import { conflictOf, json, parseJson, type Sql } from '../sql.js';

const PROVIDER_COLUMNS = `issuer, client_id AS clientId, client_secret AS clientSecret, label, domains,
  passwords_allowed AS passwordsAllowed, updated_at AS updatedAt`;

type ProviderRow = Omit<SsoProvider, 'domains' | 'passwordsAllowed'> & { domains: string; passwordsAllowed: number };

export class SqliteSsoProviderRepository implements SsoProviderRepository {
  constructor(private readonly sql: Sql) {}

  async find(tenantId: string): Promise<SsoProvider | null> {
    const row = this.sql.get<ProviderRow>(
      `SELECT ${PROVIDER_COLUMNS} FROM sso_providers WHERE tenant_id = ?`,
      tenantId,
    );
    return row && { ...row, domains: parseJson<string[]>(row.domains), passwordsAllowed: row.passwordsAllowed === 1 };
  }

  async save(tenantId: string, p: SsoProvider): Promise<void> {
    this.sql.run(
      `INSERT INTO sso_providers (tenant_id, issuer, client_id, client_secret, label, domains, passwords_allowed, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id) DO UPDATE SET issuer = excluded.issuer, client_id = excluded.client_id,
         client_secret = excluded.client_secret, label = excluded.label, domains = excluded.domains,
         passwords_allowed = excluded.passwords_allowed, updated_at = excluded.updated_at`,
      tenantId,
      p.issuer,
      p.clientId,
      p.clientSecret,
      p.label,
      json(p.domains),
      p.passwordsAllowed ? 1 : 0,
      p.updatedAt,
    );
  }

  async remove(tenantId: string): Promise<boolean> {
    return this.sql.run('DELETE FROM sso_providers WHERE tenant_id = ?', tenantId).changes === 1;
  }
}

const BINDING_COLUMNS = `issuer, subject, user_id AS userId, email, created_at AS createdAt, last_sign_in_at AS lastSignInAt`;

export class SqliteSsoBindingRepository implements SsoBindingRepository {
  constructor(private readonly sql: Sql) {}

  async create(tenantId: string, b: SsoBinding): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO sso_bindings (tenant_id, issuer, subject, user_id, email, created_at, last_sign_in_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        tenantId,
        b.issuer,
        b.subject,
        b.userId,
        b.email,
        b.createdAt,
        b.lastSignInAt,
      );
    } catch (error) {
      throw conflictOf(error, 'single sign-on binding', { subject: b.subject, issuer: b.issuer });
    }
  }

  async findBySubject(tenantId: string, issuer: string, subject: string): Promise<SsoBinding | null> {
    return this.sql.get<SsoBinding>(
      `SELECT ${BINDING_COLUMNS} FROM sso_bindings WHERE tenant_id = ? AND issuer = ? AND subject = ?`,
      tenantId,
      issuer,
      subject,
    );
  }

  async findByUser(tenantId: string, userId: string, issuer: string): Promise<SsoBinding | null> {
    return this.sql.get<SsoBinding>(
      `SELECT ${BINDING_COLUMNS} FROM sso_bindings WHERE tenant_id = ? AND user_id = ? AND issuer = ?`,
      tenantId,
      userId,
      issuer,
    );
  }

  async touch(tenantId: string, issuer: string, subject: string, at: string): Promise<boolean> {
    const result = this.sql.run(
      'UPDATE sso_bindings SET last_sign_in_at = ? WHERE tenant_id = ? AND issuer = ? AND subject = ?',
      at,
      tenantId,
      issuer,
      subject,
    );
    return result.changes === 1;
  }

  async removeForUser(tenantId: string, userId: string): Promise<number> {
    return this.sql.run('DELETE FROM sso_bindings WHERE tenant_id = ? AND user_id = ?', tenantId, userId).changes;
  }
}

const SIGN_IN_COLUMNS = `state_hash AS stateHash, nonce, code_verifier AS codeVerifier, redirect_uri AS redirectUri,
  return_to AS returnTo, created_at AS createdAt, expires_at AS expiresAt, used_at AS usedAt`;

type SignInRow = PendingSignIn & { tenantId: string };

const split = ({ tenantId, ...signIn }: SignInRow) => ({ tenantId, signIn });

export class SqlitePendingSignInRepository implements PendingSignInRepository {
  constructor(private readonly sql: Sql) {}

  async create(tenantId: string, s: PendingSignIn): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO sso_sign_ins (state_hash, tenant_id, nonce, code_verifier, redirect_uri, return_to, created_at,
           expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        s.stateHash,
        tenantId,
        s.nonce,
        s.codeVerifier,
        s.redirectUri,
        s.returnTo,
        s.createdAt,
        s.expiresAt,
        s.usedAt,
      );
    } catch (error) {
      throw conflictOf(error, 'pending sign-in', {});
    }
  }

  async take(
    stateHash: string,
    at: string,
  ): Promise<{ tenantId: string; signIn: PendingSignIn; taken: boolean } | null> {
    // One statement: the writer holds the database lock, so of simultaneous takers one spends it.
    const taken = this.sql.get<SignInRow>(
      `UPDATE sso_sign_ins SET used_at = ? WHERE state_hash = ? AND used_at IS NULL AND expires_at > ?
       RETURNING tenant_id AS tenantId, ${SIGN_IN_COLUMNS}`,
      at,
      stateHash,
      at,
    );
    if (taken) return { ...split(taken), taken: true };
    const row = this.sql.get<SignInRow>(
      `SELECT tenant_id AS tenantId, ${SIGN_IN_COLUMNS} FROM sso_sign_ins WHERE state_hash = ?`,
      stateHash,
    );
    return row && { ...split(row), taken: false };
  }

  async prune(tenantId: string, before: string): Promise<number> {
    return this.sql.run('DELETE FROM sso_sign_ins WHERE tenant_id = ? AND expires_at < ?', tenantId, before).changes;
  }
}
