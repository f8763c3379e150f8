import type { Loan, LoanKind, LoanRow, LoanStatus } from '../../domain/loans/loan.js';
import type { Page, PageRequest } from '../../domain/shared/paging.js';

export interface LoanFilter {
  /** The authorised pool: only loans of these groups; null = the whole tenant. */
  readonly poolGroupIds: readonly string[] | null;
  readonly status?: LoanStatus | undefined;
  readonly groupId?: string | undefined;
  readonly kind?: LoanKind | undefined;
  readonly userGroup?: string | undefined;
  readonly holderId?: string | undefined;
  /** Literal, case-insensitive substring of serial, holder name or group name... */
  readonly q?: string | undefined;
  /** ...or, when q is a whole number, the loan with that number. */
  readonly qNumber?: number | undefined;
  /** When set: ISSUED loans with a due date before this date (the tenant's today). */
  readonly overdueBefore?: string | undefined;
  /** When set: ISSUED loans due on exactly this date (the console's "due today"). */
  readonly dueOn?: string | undefined;
}

export interface LoanCounts {
  readonly total: number;
  readonly available: number;
  readonly issued: number;
  /** ISSUED with a due date before `today`. */
  readonly overdue: number;
  /** ISSUED with no due date. */
  readonly withoutDueDate: number;
}

export interface GroupLoanCounts extends LoanCounts {
  readonly groupId: string;
}

export abstract class LoanRepository {
  /**
   * Duplicate serial or number within the tenant → conflict. Numbers must have been taken with
   * `TenantRepository.takeNumber(s)`: inserting does not advance the counter. A holder must already
   * be stored (adapters index the holder's name for `q` when a loan is stored or changes holder).
   */
  abstract insertMany(tenantId: string, loans: readonly Loan[]): Promise<void>;
  abstract findByNumber(tenantId: string, number: number, opts?: { forUpdate?: boolean }): Promise<LoanRow | null>;
  abstract findBySerial(tenantId: string, serial: string, opts?: { forUpdate?: boolean }): Promise<LoanRow | null>;
  /** Loans with these serials, in no particular order. */
  abstract findBySerials(tenantId: string, serials: readonly string[]): Promise<LoanRow[]>;
  /**
   * Versioned update of everything but id and number: serial, group, status, holder, userGroup,
   * issuedAt and dueDate. The summary's counts and free-text search follow in the same transaction.
   * Duplicate serial → conflict.
   */
  abstract update(tenantId: string, loan: Loan): Promise<boolean>;
  /** Ordered by number ascending. */
  abstract list(tenantId: string, filter: LoanFilter, page: PageRequest): Promise<Page<LoanRow>>;
  /** Every match, ordered by number, at most `limit` rows; `total` counts all matches. */
  abstract listAll(tenantId: string, filter: LoanFilter, limit: number): Promise<Page<LoanRow>>;
  /** Up to `limit` matches numbered above `after` (0: from the start), by number, without a total. */
  abstract scan(tenantId: string, filter: LoanFilter, after: number, limit: number): Promise<LoanRow[]>;
  /** Counts over the pool alone (no other filter). */
  abstract counts(tenantId: string, poolGroupIds: readonly string[] | null, today: string): Promise<LoanCounts>;
  /**
   * The counts of `counts`, one row per group of the pool (null: every group) that has loans, in no
   * particular order: a group without loans has no row. Read from the same tallies, in one query.
   */
  abstract countsByGroup(
    tenantId: string,
    poolGroupIds: readonly string[] | null,
    today: string,
  ): Promise<GroupLoanCounts[]>;
  /** Loans currently held by the person, ordered by number. */
  abstract listHeldBy(tenantId: string, personId: string): Promise<LoanRow[]>;
  abstract count(tenantId: string): Promise<number>;
}
