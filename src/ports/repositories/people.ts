import type { Person, PersonKind } from '../../domain/people/person.js';
import type { Page, PageRequest } from '../../domain/shared/paging.js';

export interface PersonSearch {
  /** Literal, case-insensitive substring of name, e-mail or external id. */
  readonly q: string;
  readonly kind?: PersonKind | undefined;
  readonly userGroup?: string | undefined;
  readonly limit: number;
}

export interface PersonFilter {
  /** Literal, case-insensitive substring of name, e-mail or external id. */
  readonly q?: string | undefined;
  readonly kind?: PersonKind | undefined;
  readonly userGroup?: string | undefined;
  /** Archived people are left out unless this is true. */
  readonly includeArchived?: boolean | undefined;
}

/** Where a scan resumes: after this person in (name, id) order. */
export interface PersonCursor {
  readonly name: string;
  readonly id: string;
}

export abstract class PersonRepository {
  /** Duplicate external id within the tenant → conflict. */
  abstract insertMany(tenantId: string, people: readonly Person[]): Promise<void>;
  /** Any person of the tenant, archived or not. `forUpdate` locks the row (see the contract above). */
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Person | null>;
  /** The tool's search: never archived people. Ordered by name, then id. */
  abstract search(tenantId: string, search: PersonSearch): Promise<Person[]>;
  /** The console list: ordered by name, then id. */
  abstract list(tenantId: string, filter: PersonFilter, page: PageRequest): Promise<Page<Person>>;
  /**
   * Up to `limit` people matching `filter` after `after` (null: from the start), in (name, id) order,
   * without a total: what an export streams and `--archive-missing` walks, at any size.
   */
  abstract scan(tenantId: string, filter: PersonFilter, after: PersonCursor | null, limit: number): Promise<Person[]>;
  /** People (archived too) with these ids, in no particular order (an unknown id is left out). */
  abstract findByIds(tenantId: string, ids: readonly string[]): Promise<Person[]>;
  /** People (archived too) with these external ids, in no particular order. */
  abstract findByExternalIds(tenantId: string, externalIds: readonly string[]): Promise<Person[]>;
  /** People (archived too) with these e-mail addresses (compared exactly), in no particular order. */
  abstract findByEmails(tenantId: string, emails: readonly string[]): Promise<Person[]>;
  /**
   * Writes every field but the id (name, e-mail, kind, userGroup, externalId, archivedAt); false when
   * there is no such person. Duplicate external id → conflict. Loans follow a new name for search.
   */
  abstract update(tenantId: string, person: Person): Promise<boolean>;
  /** `update` for many people at once (imports); the count of rows written. */
  abstract updateMany(tenantId: string, people: readonly Person[]): Promise<number>;
  abstract count(tenantId: string): Promise<number>;
}
