import type { Role } from '../../../../domain/access/permissions.js';
import type { User, UserCredentials } from '../../../../domain/identity/user.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { UserRepository } from '../../../../ports/repositories/users.js';
import { conflictOf, inJson, json, pageOf, parseJson, Where, type Sql } from '../sql.js';

const COLUMNS = `id, email, name, role, loan_group_ids AS loanGroupIds, active, created_at AS createdAt`;

type UserRow = Omit<User, 'loanGroupIds' | 'active'> & { loanGroupIds: string; active: number };

// JSON text and 0/1 back to the domain's array and boolean.
const toUser = (row: UserRow): User => ({
  ...row,
  loanGroupIds: parseJson<string[]>(row.loanGroupIds),
  active: row.active === 1,
});

export class SqliteUserRepository implements UserRepository {
  constructor(private readonly sql: Sql) {}

  async create(tenantId: string, user: User, passwordHash: string | null): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO users (id, tenant_id, email, name, role, loan_group_ids, password_hash, active, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        user.id,
        tenantId,
        user.email,
        user.name,
        user.role,
        json(user.loanGroupIds),
        passwordHash,
        user.active ? 1 : 0,
        user.createdAt,
      );
    } catch (error) {
      throw conflictOf(error, 'user', { email: user.email, id: user.id });
    }
  }

  // forUpdate needs nothing here: the caller's BEGIN IMMEDIATE already holds the database's write lock.
  async findById(tenantId: string, id: string): Promise<UserCredentials | null> {
    const row = this.sql.get<UserRow & { passwordHash: string | null }>(
      `SELECT ${COLUMNS}, password_hash AS passwordHash FROM users WHERE tenant_id = ? AND id = ?`,
      tenantId,
      id,
    );
    return row && { ...toUser(row), passwordHash: row.passwordHash };
  }

  async findByEmail(tenantId: string, email: string): Promise<UserCredentials | null> {
    const row = this.sql.get<UserRow & { passwordHash: string | null }>(
      `SELECT ${COLUMNS}, password_hash AS passwordHash FROM users WHERE tenant_id = ? AND email = ?`,
      tenantId,
      email,
    );
    return row && { ...toUser(row), passwordHash: row.passwordHash };
  }

  async findActiveAdminsByEmail(email: string): Promise<{ tenantId: string; user: User }[]> {
    const rows = this.sql.all<UserRow & { tenantId: string }>(
      `SELECT tenant_id AS tenantId, ${COLUMNS} FROM users
       WHERE email = ? AND role = 'school-admin' AND active = 1 ORDER BY tenant_id, id`,
      email,
    );
    return rows.map(({ tenantId, ...row }) => ({ tenantId, user: toUser(row) }));
  }

  async setPasswordHash(tenantId: string, userId: string, hash: string): Promise<void> {
    this.sql.run('UPDATE users SET password_hash = ? WHERE tenant_id = ? AND id = ?', hash, tenantId, userId);
  }

  async list(tenantId: string, page: PageRequest): Promise<Page<User>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    const rows = pageOf<UserRow>(this.sql, { columns: COLUMNS, from: 'users', where, orderBy: 'email', page });
    return { items: rows.items.map(toUser), total: rows.total };
  }

  async withPassword(tenantId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = this.sql.all<{ id: string }>(
      `SELECT id FROM users WHERE tenant_id = ? AND ${inJson('id')} AND password_hash IS NOT NULL`,
      tenantId,
      json(ids),
    );
    return rows.map((r) => r.id);
  }

  async update(tenantId: string, user: User): Promise<boolean> {
    const { changes } = this.sql.run(
      'UPDATE users SET name = ?, role = ?, loan_group_ids = ?, active = ? WHERE tenant_id = ? AND id = ?',
      user.name,
      user.role,
      json(user.loanGroupIds),
      user.active ? 1 : 0,
      tenantId,
      user.id,
    );
    return changes === 1;
  }

  // forUpdate needs nothing here: the caller's BEGIN IMMEDIATE already holds the database's write lock.
  async listActiveByRole(tenantId: string, role: Role): Promise<User[]> {
    const rows = this.sql.all<UserRow>(
      `SELECT ${COLUMNS} FROM users WHERE tenant_id = ? AND role = ? AND active = 1 ORDER BY email`,
      tenantId,
      role,
    );
    return rows.map(toUser);
  }
}
