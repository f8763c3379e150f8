import type { PendingSignIn, SsoBinding } from '../../../../domain/sso/sso-binding.js';
import type { SsoProvider } from '../../../../domain/sso/sso-provider.js';
import type {
  PendingSignInRepository,
  SsoBindingRepository,
  SsoProviderRepository,
} from '../../../../ports/repositories/sso.js';
import { mapUniqueViolation, query, queryOne, type Queryable } from '../sql.js';

// domains is jsonb and passwords_allowed boolean: pg returns them as an array and a boolean.
const PROVIDER_COLUMNS = `issuer, client_id AS "clientId", client_secret AS "clientSecret", label, domains,
  passwords_allowed AS "passwordsAllowed", updated_at AS "updatedAt"`;

export class PgSsoProviderRepository implements SsoProviderRepository {
  constructor(private readonly db: Queryable) {}

  async find(tenantId: string): Promise<SsoProvider | null> {
    const sql = `SELECT ${PROVIDER_COLUMNS} FROM sso_providers WHERE tenant_id = $1`;
    return queryOne<SsoProvider>(this.db, sql, [tenantId]);
  }

  async save(tenantId: string, p: SsoProvider): Promise<void> {
    const sql = `INSERT INTO sso_providers (tenant_id, issuer, client_id, client_secret, label, domains,
        passwords_allowed, updated_at)
      VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)
      ON CONFLICT (tenant_id) DO UPDATE SET issuer = excluded.issuer, client_id = excluded.client_id,
        client_secret = excluded.client_secret, label = excluded.label, domains = excluded.domains,
        passwords_allowed = excluded.passwords_allowed, updated_at = excluded.updated_at`;
    const values = [tenantId, p.issuer, p.clientId, p.clientSecret, p.label, JSON.stringify(p.domains)];
    await query(this.db, sql, [...values, p.passwordsAllowed, p.updatedAt]);
  }

  async remove(tenantId: string): Promise<boolean> {
    return (await query(this.db, 'DELETE FROM sso_providers WHERE tenant_id = $1', [tenantId])).rowCount === 1;
  }
}

const BINDING_COLUMNS = `issuer, subject, user_id AS "userId", email, created_at AS "createdAt",
  last_sign_in_at AS "lastSignInAt"`;

const BINDING_UNIQUES = {
  sso_bindings_pkey: 'single sign-on binding of that account',
  sso_bindings_user_key: 'single sign-on binding of that user at that issuer',
};

export class PgSsoBindingRepository implements SsoBindingRepository {
  constructor(private readonly db: Queryable) {}

  async create(tenantId: string, b: SsoBinding): Promise<void> {
    const sql = `INSERT INTO sso_bindings (tenant_id, issuer, subject, user_id, email, created_at, last_sign_in_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7)`;
    const values = [tenantId, b.issuer, b.subject, b.userId, b.email, b.createdAt, b.lastSignInAt];
    await mapUniqueViolation(query(this.db, sql, values), BINDING_UNIQUES);
  }

  async findBySubject(tenantId: string, issuer: string, subject: string): Promise<SsoBinding | null> {
    const sql = `SELECT ${BINDING_COLUMNS} FROM sso_bindings WHERE tenant_id = $1 AND issuer = $2 AND subject = $3`;
    return queryOne<SsoBinding>(this.db, sql, [tenantId, issuer, subject]);
  }

  async findByUser(tenantId: string, userId: string, issuer: string): Promise<SsoBinding | null> {
    const sql = `SELECT ${BINDING_COLUMNS} FROM sso_bindings WHERE tenant_id = $1 AND user_id = $2 AND issuer = $3`;
    return queryOne<SsoBinding>(this.db, sql, [tenantId, userId, issuer]);
  }

  async touch(tenantId: string, issuer: string, subject: string, at: string): Promise<boolean> {
    const sql = `UPDATE sso_bindings SET last_sign_in_at = $4 WHERE tenant_id = $1 AND issuer = $2 AND subject = $3`;
    return (await query(this.db, sql, [tenantId, issuer, subject, at])).rowCount === 1;
  }

  async removeForUser(tenantId: string, userId: string): Promise<number> {
    const sql = 'DELETE FROM sso_bindings WHERE tenant_id = $1 AND user_id = $2';
    return (await query(this.db, sql, [tenantId, userId])).rowCount ?? 0;
  }
}

const SIGN_IN_COLUMNS = `tenant_id AS "tenantId", state_hash AS "stateHash", nonce, code_verifier AS "codeVerifier",
  redirect_uri AS "redirectUri", return_to AS "returnTo", created_at AS "createdAt", expires_at AS "expiresAt",
  used_at AS "usedAt"`;

type SignInRow = PendingSignIn & { tenantId: string };

const split = ({ tenantId, ...signIn }: SignInRow) => ({ tenantId, signIn });

export class PgPendingSignInRepository implements PendingSignInRepository {
  constructor(private readonly db: Queryable) {}

  async create(tenantId: string, s: PendingSignIn): Promise<void> {
    const sql = `INSERT INTO sso_sign_ins (state_hash, tenant_id, nonce, code_verifier, redirect_uri, return_to,
      created_at, expires_at, used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;
    const values = [s.stateHash, tenantId, s.nonce, s.codeVerifier, s.redirectUri, s.returnTo];
    await mapUniqueViolation(query(this.db, sql, [...values, s.createdAt, s.expiresAt, s.usedAt]), {
      sso_sign_ins_pkey: 'pending sign-in',
    });
  }

  async take(
    stateHash: string,
    at: string,
  ): Promise<{ tenantId: string; signIn: PendingSignIn; taken: boolean } | null> {
    // A second UPDATE of the row waits for the first to commit, then finds used_at set: one winner.
    const sql = `UPDATE sso_sign_ins SET used_at = $2 WHERE state_hash = $1 AND used_at IS NULL AND expires_at > $2
      RETURNING ${SIGN_IN_COLUMNS}`;
    const taken = await queryOne<SignInRow>(this.db, sql, [stateHash, at]);
    if (taken) return { ...split(taken), taken: true };
    const row = await queryOne<SignInRow>(
      this.db,
      `SELECT ${SIGN_IN_COLUMNS} FROM sso_sign_ins WHERE state_hash = $1`,
      [stateHash],
    );
    return row && { ...split(row), taken: false };
  }

  async prune(tenantId: string, before: string): Promise<number> {
    const sql = 'DELETE FROM sso_sign_ins WHERE tenant_id = $1 AND expires_at < $2';
    return (await query(this.db, sql, [tenantId, before])).rowCount ?? 0;
  }
}
