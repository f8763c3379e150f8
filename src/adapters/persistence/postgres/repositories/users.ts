import type { Role } from '../../../../domain/access/permissions.js';
import type { User, UserCredentials } from '../../../../domain/identity/user.js';
import type { UserRepository } from '../../../../ports/repositories.js';
import { mapUniqueViolation, query, queryOne, type Queryable } from '../sql.js';

interface UserRecord {
  id: string;
  tenant_id: string;
  email: string;
  name: string;
  role: Role;
  loan_group_ids: string[];
  password_hash: string | null;
  active: boolean;
  created_at: string;
}

const SELECT = `SELECT id, tenant_id, email, name, role, loan_group_ids, password_hash, active, created_at
  FROM users`;

const toUser = (r: UserRecord): User => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  loanGroupIds: r.loan_group_ids,
  active: r.active,
  createdAt: r.created_at,
});

const toCredentials = (r: UserRecord): UserCredentials => ({ ...toUser(r), passwordHash: r.password_hash });

const UNIQUES = { users_tenant_email_key: 'user e-mail', users_pkey: 'user id' };

export class PgUserRepository implements UserRepository {
  constructor(private readonly db: Queryable) {}

  async create(tenantId: string, user: User, passwordHash: string | null): Promise<void> {
    const sql = `INSERT INTO users (id, tenant_id, email, name, role, loan_group_ids, password_hash, active, created_at)
      VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)`;
    // JSON text: pg would send a JS array as a Postgres array, not as JSON.
    const values = [user.id, tenantId, user.email, user.name, user.role, JSON.stringify(user.loanGroupIds)];
    await mapUniqueViolation(query(this.db, sql, [...values, passwordHash, user.active, user.createdAt]), UNIQUES);
  }

  async findById(tenantId: string, id: string): Promise<UserCredentials | null> {
    const row = await queryOne<UserRecord>(this.db, `${SELECT} WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return row && toCredentials(row);
  }

  async findByEmail(tenantId: string, email: string): Promise<UserCredentials | null> {
    const sql = `${SELECT} WHERE tenant_id = $1 AND email = $2`;
    const row = await queryOne<UserRecord>(this.db, sql, [tenantId, email]);
    return row && toCredentials(row);
  }

  async findActiveAdminsByEmail(email: string): Promise<{ tenantId: string; user: User }[]> {
    const sql = `${SELECT} WHERE email = $1 AND role = 'school-admin' AND active ORDER BY tenant_id COLLATE "C", id COLLATE "C"`;
    const { rows } = await query<UserRecord>(this.db, sql, [email]);
    return rows.map((r) => ({ tenantId: r.tenant_id, user: toUser(r) }));
  }

  async setPasswordHash(tenantId: string, userId: string, hash: string): Promise<void> {
    await query(this.db, 'UPDATE users SET password_hash = $3 WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      userId,
      hash,
    ]);
  }
}
