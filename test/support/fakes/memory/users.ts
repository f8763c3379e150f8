import type { Role } from '../../../../src/domain/access/permissions.js';
import type { User, UserCredentials } from '../../../../src/domain/identity/user.js';
import type { Page, PageRequest } from '../../../../src/domain/shared/paging.js';
import type { UserRepository } from '../../../../src/ports/repositories/users.js';
import { compare, copy, emptyState, findRow, insertOwned, MemoryState, pageOf, replaceOwned, rowsOf } from './store.js';

const withoutHash = ({ passwordHash: _hash, ...user }: UserCredentials): User => user;

export class MemoryUserRepository implements UserRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(tenantId: string, user: User, passwordHash: string | null): Promise<void> {
    insertOwned(this.state.users, tenantId, [{ ...user, passwordHash }], { 'e-mail': (u) => u.email.toLowerCase() });
  }

  async findById(tenantId: string, id: string): Promise<UserCredentials | null> {
    return copy(findRow(this.state.users, tenantId, id));
  }

  async findByEmail(tenantId: string, email: string): Promise<UserCredentials | null> {
    const wanted = email.toLowerCase();
    return copy(rowsOf(this.state.users, tenantId).find((u) => u.email.toLowerCase() === wanted) ?? null);
  }

  async findActiveAdminsByEmail(email: string): Promise<{ tenantId: string; user: User }[]> {
    const wanted = email.toLowerCase();
    return this.state.users
      .filter(({ row: u }) => u.active && u.role === 'school-admin' && u.email.toLowerCase() === wanted)
      .map(({ tenantId, row }) => ({ tenantId, user: copy(withoutHash(row)) }));
  }

  async setPasswordHash(tenantId: string, userId: string, hash: string): Promise<void> {
    this.state.users = this.state.users.map((o) =>
      o.tenantId === tenantId && o.row.id === userId ? { tenantId, row: { ...o.row, passwordHash: hash } } : o,
    );
  }

  async listActiveByRole(tenantId: string, role: Role): Promise<User[]> {
    return rowsOf(this.state.users, tenantId)
      .filter((u) => u.active && u.role === role)
      .sort((a, b) => compare(a.email, b.email))
      .map((u) => copy(withoutHash(u)));
  }

  async findByIds(tenantId: string, ids: readonly string[]): Promise<User[]> {
    const wanted = new Set(ids);
    return rowsOf(this.state.users, tenantId)
      .filter((u) => wanted.has(u.id))
      .map((u) => copy(withoutHash(u)));
  }

  async list(tenantId: string, page: PageRequest): Promise<Page<User>> {
    const users = rowsOf(this.state.users, tenantId)
      .sort((a, b) => compare(a.email, b.email))
      .map(withoutHash);
    return pageOf(users, page);
  }

  async withPassword(tenantId: string, ids: readonly string[]): Promise<string[]> {
    return rowsOf(this.state.users, tenantId)
      .filter((u) => ids.includes(u.id) && u.passwordHash !== null)
      .map((u) => u.id);
  }

  async update(tenantId: string, user: User): Promise<boolean> {
    const replaced = replaceOwned(this.state.users, tenantId, [{ ...user, passwordHash: null }], {}, (stored) => ({
      ...stored,
      name: user.name,
      role: user.role,
      loanGroupIds: [...user.loanGroupIds],
      active: user.active,
    }));
    return replaced === 1;
  }
}
