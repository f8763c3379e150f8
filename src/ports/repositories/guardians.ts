import type { Guardian } from '../../domain/people/guardian.js';

/** Pupils' guardians, kept in the order the school gave them (guardian 1, guardian 2…). */
export abstract class GuardianRepository {
  /** A person's guardians in order; none is an empty array. */
  abstract listFor(tenantId: string, personId: string): Promise<Guardian[]>;
  /**
   * The guardians of each of these people (exports, reminders), in order; a person without any is
   * absent from the map. Any number of ids: the adapter splits them as its database needs.
   */
  abstract listForPeople(tenantId: string, personIds: readonly string[]): Promise<Map<string, Guardian[]>>;
  /** Replaces a person's guardians with these, in this order (none: removes them all). */
  abstract replace(tenantId: string, personId: string, guardians: readonly Guardian[]): Promise<void>;
}
