import type { AccountEntry, Coverage, OutstandingBalance } from '../../domain/accounts/account-entry.js';
import type { Page, PageRequest } from '../../domain/shared/paging.js';

/**
 * Pupils' accounts: their entries (charges, payments, waivers; appended, never changed) and their
 * insurance cover per school year. Writes to one person's account are expected to hold that
 * person's row lock (`people.findById(…, { forUpdate: true })`), which is what makes `seq` and the
 * checks on the balance and the year's claims safe against a concurrent write.
 */
export abstract class AccountRepository {
  /** Appends an entry, numbered after the person's last one. */
  abstract append(tenantId: string, entry: AccountEntry): Promise<void>;
  /** Minor units the person owes: charges − payments − waivers (0 without entries). */
  abstract balance(tenantId: string, personId: string): Promise<number>;
  /** A person's entries, newest first (the last recorded first). */
  abstract entriesOf(tenantId: string, personId: string): Promise<AccountEntry[]>;
  /** One entry by id, or null. */
  abstract findEntry(tenantId: string, id: string): Promise<AccountEntry | null>;
  /** The sum of the waivers recorded against one charge (0 when none). */
  abstract waivedOf(tenantId: string, chargeId: string): Promise<number>;
  /** How many charges on the person used an insurance claim of that school year. */
  abstract claimsUsed(tenantId: string, personId: string, schoolYear: string): Promise<number>;
  /**
   * The people whose balance is above 0, with it and the date of their oldest charge not yet
   * settled (payments and waivers settle charges oldest first), ordered by that date, then name, then id.
   */
  abstract outstanding(tenantId: string, page: PageRequest): Promise<Page<OutstandingBalance>>;
  /** The person's cover for that school year, or null. */
  abstract coverageOf(tenantId: string, personId: string, schoolYear: string): Promise<Coverage | null>;
  /** Sets the person's cover for its school year (replacing the plan of one already set). */
  abstract putCoverage(tenantId: string, coverage: Coverage): Promise<void>;
  /** Removes the person's cover for that year; false when there was none. */
  abstract deleteCoverage(tenantId: string, personId: string, schoolYear: string): Promise<boolean>;
}
