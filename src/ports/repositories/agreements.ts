import type { Agreement } from '../../domain/people/agreement.js';

/**
 * Pupils' acceptable-use agreements, one row per recording: recording again for the same school year
 * adds a row (the history of who recorded what stays), and the newest recorded is the one that counts.
 */
export abstract class AgreementRepository {
  abstract record(tenantId: string, agreement: Agreement): Promise<void>;
  /** The agreement that counts for this person and school year (the newest `recordedAt`, then id), or null. */
  abstract findForYear(tenantId: string, personId: string, schoolYear: string): Promise<Agreement | null>;
  /**
   * The agreement that counts for each of these people in this school year (exports); a person without
   * one is absent from the map. Any number of ids: the adapter splits them as its database needs.
   */
  abstract forPeople(
    tenantId: string,
    personIds: readonly string[],
    schoolYear: string,
  ): Promise<Map<string, Agreement>>;
}
