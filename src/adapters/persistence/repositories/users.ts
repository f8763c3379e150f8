import type { Role } from '../../../domain/access/permissions.js';
import type { User, UserCredentials } from '../../../domain/identity/user.js';
import type { Page, PageRequest } from '../../../domain/shared/paging.js';
import type { UserRepository } from '../../../ports/repositories/users.js';
import { json, parseJson, type Db } from '../sql/db.js';

const COLUMNS = 'id, email, name, role, loan_group_ids AS "loanGroupIds", active, created_at AS "createdAt"';

/** loan_group_ids is JSON text or jsonb (read as text), active SQLite's 0/1 or a boolean. */
type UserRow = Omit<User, 'loanGroupIds' | 'active'> & { loanGroupIds: string; active: number | boolean };
type CredentialsRow = UserRow & { passwordHash: string | null };

const toUser = ({ loanGroupIds, active, ...row }: UserRow): User => ({
  ...row,
  loanGroupIds: parseJson<string[]>(loanGroupIds),
  active: Boolean(active),
});

const toCredentials = (row: CredentialsRow | null): UserCredentials | null =>
  row && { ...toUser(row), passwordHash: row.passwordHash };

/** Staff accounts (their password hash, role, loan pool and whether active), on either dialect. */
export class SqlUserRepository implements UserRepository {
  /** By e-mail, bytewise (SQLite's BINARY, Postgres's "C"). */
  private readonly byEmail: string;

  constructor(private readonly db: Db) {
    this.byEmail = db.bytewise('email');
  }

  async create(tenantId: string, user: User, passwordHash: string | null): Promise<void> {
    const sql = `INSERT INTO users (id, tenant_id, email, name, role, loan_group_ids, password_hash, active, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const values = [user.id, tenantId, user.email, user.name, user.role, json(user.loanGroupIds), passwordHash];
    await this.db.conflicts(() => this.db.run(sql, [...values, user.active, user.createdAt]), 'user', {
      email: user.email,
      id: user.id,
    });
  }

  async findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<UserCredentials | null> {
    const lock = opts.forUpdate ? this.db.lock() : '';
    const sql = `SELECT ${COLUMNS}, password_hash AS "passwordHash" FROM users WHERE tenant_id = ? AND id = ?${lock}`;
    return toCredentials(await this.db.one<CredentialsRow>(sql, [tenantId, id]));
  }

  async findByEmail(tenantId: string, email: string): Promise<UserCredentials | null> {
    const sql = `SELECT ${COLUMNS}, password_hash AS "passwordHash" FROM users WHERE tenant_id = ? AND email = ?`;
    return toCredentials(await this.db.one<CredentialsRow>(sql, [tenantId, email]));
  }

  async findActiveAdminsByEmail(email: string): Promise<{ tenantId: string; user: User }[]> {
    const order = `${this.db.bytewise('tenant_id')}, ${this.db.bytewise('id')}`;
    const sql = `SELECT tenant_id AS "tenantId", ${COLUMNS} FROM users
      WHERE email = ? AND role = 'school-admin' AND active = TRUE ORDER BY ${order}`;
    const rows = await this.db.all<UserRow & { tenantId: string }>(sql, [email]);
    return rows.map(({ tenantId, ...row }) => ({ tenantId, user: toUser(row) }));
  }

  async listActiveByRole(tenantId: string, role: Role, opts: { forUpdate?: boolean } = {}): Promise<User[]> {
    const lock = opts.forUpdate ? this.db.lock() : '';
    const sql = `SELECT ${COLUMNS} FROM users WHERE tenant_id = ? AND role = ? AND active = TRUE
      ORDER BY ${this.byEmail}${lock}`;
    return (await this.db.all<UserRow>(sql, [tenantId, role])).map(toUser);
  }

  async list(tenantId: string, page: PageRequest): Promise<Page<User>> {
    const where = this.db.where().add('tenant_id = ?', tenantId);
    const rows = await this.db.page<UserRow>({ columns: COLUMNS, from: 'users', where, orderBy: this.byEmail, page });
    return { items: rows.items.map(toUser), total: rows.total };
  }

  async findByIds(tenantId: string, ids: readonly string[]): Promise<User[]> {
    if (ids.length === 0) return [];
    const sql = `SELECT ${COLUMNS} FROM users WHERE tenant_id = ? AND ${this.db.in('id')}`;
    return (await this.db.all<UserRow>(sql, [tenantId, this.db.list(ids)])).map(toUser);
  }

  async withPassword(tenantId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const sql = `SELECT id FROM users WHERE tenant_id = ? AND ${this.db.in('id')} AND password_hash IS NOT NULL`;
    return this.db.column<string>(sql, [tenantId, this.db.list(ids)]);
  }

  async update(tenantId: string, user: User): Promise<boolean> {
    const sql = 'UPDATE users SET name = ?, role = ?, loan_group_ids = ?, active = ? WHERE tenant_id = ? AND id = ?';
    const values = [user.name, user.role, json(user.loanGroupIds), user.active, tenantId, user.id];
    return (await this.db.run(sql, values)) === 1;
  }

  async setPasswordHash(tenantId: string, userId: string, hash: string): Promise<void> {
    await this.db.run('UPDATE users SET password_hash = ? WHERE tenant_id = ? AND id = ?', [hash, tenantId, userId]);
  }
}
