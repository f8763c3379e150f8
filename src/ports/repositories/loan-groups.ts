import type { LoanGroup } from '../../domain/loans/loan.js';

export abstract class LoanGroupRepository {
  /** Duplicate name within the tenant → conflict. */
  abstract insertMany(tenantId: string, groups: readonly LoanGroup[]): Promise<void>;
  /** `forUpdate` locks the group: bookings of it (and issues that check them) queue on it. */
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<LoanGroup | null>;
  /** Groups with these names (compared exactly), in no particular order. */
  abstract findByNames(tenantId: string, names: readonly string[]): Promise<LoanGroup[]>;
  /** Ordered by name. */
  abstract list(tenantId: string): Promise<LoanGroup[]>;
  /** False when there is no such group; a name another group has → conflict. Loans follow it for search. */
  abstract rename(tenantId: string, id: string, name: string): Promise<boolean>;
}
