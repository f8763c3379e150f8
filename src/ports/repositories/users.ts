import type { Role } from '../../domain/access/permissions.js';
import type { User, UserCredentials } from '../../domain/identity/user.js';
import type { Page, PageRequest } from '../../domain/shared/paging.js';

export abstract class UserRepository {
  /** Duplicate e-mail within the tenant → conflict. */
  abstract create(tenantId: string, user: User, passwordHash: string | null): Promise<void>;
  /** `forUpdate` locks the row (see the contract above): a change of the user reads it that way. */
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<UserCredentials | null>;
  abstract findByEmail(tenantId: string, email: string): Promise<UserCredentials | null>;
  /** Cross-tenant: active school administrators with this e-mail, with their tenant ids. */
  abstract findActiveAdminsByEmail(email: string): Promise<{ tenantId: string; user: User }[]>;
  abstract setPasswordHash(tenantId: string, userId: string, hash: string): Promise<void>;
  /**
   * The tenant's active users with this role, ordered by e-mail. `forUpdate` locks their rows: the
   * last active school administrator is checked that way before a demotion or deactivation.
   */
  abstract listActiveByRole(tenantId: string, role: Role, opts?: { forUpdate?: boolean }): Promise<User[]>;
  /** Every user of the tenant, ordered by e-mail. */
  abstract list(tenantId: string, page: PageRequest): Promise<Page<User>>;
  /** Users (inactive too) with these ids, in no particular order (an unknown id is left out). */
  abstract findByIds(tenantId: string, ids: readonly string[]): Promise<User[]>;
  /** Of these users, the ids of those who have a password set, in no particular order. */
  abstract withPassword(tenantId: string, ids: readonly string[]): Promise<string[]>;
  /** Writes name, role, loan groups and active; false when there is no such user. */
  abstract update(tenantId: string, user: User): Promise<boolean>;
}
