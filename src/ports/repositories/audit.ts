import type { AuditEntry } from '../../domain/audit/audit-entry.js';
import type { Page, PageRequest } from '../../domain/shared/paging.js';

export interface AuditQuery {
  /** The actor's id (a user id, an API key id, `cli`...). */
  readonly actorId?: string | undefined;
  readonly action?: string | undefined;
  /** Entries about any of these targets (`device:<id>`, `loan:12`...). */
  readonly targets?: readonly string[] | undefined;
  /** Inclusive range of instants (ISO 8601 UTC); either end may be open. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

export abstract class AuditRepository {
  abstract record(tenantId: string, entry: AuditEntry): Promise<void>;
  /** Newest first (`at` descending, then the later-recorded entry first). */
  abstract list(tenantId: string, opts: { limit: number; action?: string }): Promise<AuditEntry[]>;
  /** Newest first, as `list`, filtered and paged. */
  abstract search(tenantId: string, query: AuditQuery, page: PageRequest): Promise<Page<AuditEntry>>;
}
