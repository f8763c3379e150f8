import type { Page, PageRequest } from '../../domain/shared/paging.js';
import type { SubmissionStatus } from '../../domain/submissions/repair-states.js';
import type { Submission } from '../../domain/submissions/submission.js';

export interface SubmissionSearch {
  readonly status?: SubmissionStatus | undefined;
  readonly serial?: string | undefined;
  readonly assigneeId?: string | undefined;
  /** Also matches submissions whose reporter or assignee is this person (profile). */
  readonly personId?: string | undefined;
  /** Only submissions this person reported (the portal: a requester's own). */
  readonly reporterId?: string | undefined;
  /** Literal, case-insensitive substring of description or serial. */
  readonly q?: string | undefined;
}

export abstract class SubmissionRepository {
  abstract insertMany(tenantId: string, submissions: readonly Submission[]): Promise<void>;
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Submission | null>;
  abstract findByNumber(tenantId: string, number: number, opts?: { forUpdate?: boolean }): Promise<Submission | null>;
  /** Versioned update of assignee, status, coverage, cost and updatedAt. */
  abstract update(tenantId: string, submission: Submission): Promise<boolean>;
  /** Newest first: number descending. */
  abstract search(tenantId: string, search: SubmissionSearch, page: PageRequest): Promise<Page<Submission>>;
  /** Up to `limit` matches numbered below `before` (null: from the newest), newest first, without a total. */
  abstract scan(
    tenantId: string,
    search: SubmissionSearch,
    before: number | null,
    limit: number,
  ): Promise<Submission[]>;
  abstract count(tenantId: string): Promise<number>;
}
