import type { Role } from '../../../../domain/access/permissions.js';
import type { User, UserCredentials } from '../../../../domain/identity/user.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { UserRepository } from '../../../../ports/repositories/users.js';
import { mapUniqueViolation, pageOf, query, queryOne, Where, type Queryable } from '../sql.js';

// loan_group_ids is jsonb and active boolean: pg reads both as the domain has them.
const COLUMNS = 'id, email, name, role, loan_group_ids AS "loanGroupIds", active, created_at AS "createdAt"';

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

  async findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<UserCredentials | null> {
    const lock = opts.forUpdate ? ' FOR UPDATE' : '';
    const sql = `SELECT ${COLUMNS}, password_hash AS "passwordHash" FROM users WHERE tenant_id = $1 AND id = $2${lock}`;
    return queryOne<UserCredentials>(this.db, sql, [tenantId, id]);
  }

  async findByEmail(tenantId: string, email: string): Promise<UserCredentials | null> {
    const sql = `SELECT ${COLUMNS}, password_hash AS "passwordHash" FROM users WHERE tenant_id = $1 AND email = $2`;
    return queryOne<UserCredentials>(this.db, sql, [tenantId, email]);
  }

  async findActiveAdminsByEmail(email: string): Promise<{ tenantId: string; user: User }[]> {
    const sql = `SELECT tenant_id AS "tenantId", ${COLUMNS} FROM users
      WHERE email = $1 AND role = 'school-admin' AND active ORDER BY tenant_id COLLATE "C", id COLLATE "C"`;
    const { rows } = await query<User & { tenantId: string }>(this.db, sql, [email]);
    return rows.map(({ tenantId, ...user }) => ({ tenantId, user }));
  }

  async listActiveByRole(tenantId: string, role: Role, opts: { forUpdate?: boolean } = {}): Promise<User[]> {
    const lock = opts.forUpdate ? ' FOR UPDATE' : '';
    const sql = `SELECT ${COLUMNS} FROM users WHERE tenant_id = $1 AND role = $2 AND active
      ORDER BY email COLLATE "C"${lock}`;
    return (await query<User>(this.db, sql, [tenantId, role])).rows;
  }

  list(tenantId: string, page: PageRequest): Promise<Page<User>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    return pageOf<User>(this.db, { columns: COLUMNS, from: 'users', where, orderBy: 'email COLLATE "C"', page });
  }

  async withPassword(tenantId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const sql = 'SELECT id FROM users WHERE tenant_id = $1 AND id = ANY($2::text[]) AND password_hash IS NOT NULL';
    return (await query<{ id: string }>(this.db, sql, [tenantId, ids])).rows.map((r) => r.id);
  }

  async update(tenantId: string, user: User): Promise<boolean> {
    const sql = `UPDATE users SET name = $3, role = $4, loan_group_ids = $5::jsonb, active = $6
      WHERE tenant_id = $1 AND id = $2`;
    const values = [tenantId, user.id, user.name, user.role, JSON.stringify(user.loanGroupIds), user.active];
    return (await query(this.db, sql, values)).rowCount === 1;
  }

  async setPasswordHash(tenantId: string, userId: string, hash: string): Promise<void> {
    await query(this.db, 'UPDATE users SET password_hash = $3 WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      userId,
      hash,
    ]);
  }
}
