import type { Page, PageRequest } from '../../../../src/domain/shared/paging.js';
import type { Submission } from '../../../../src/domain/submissions/submission.js';
import type { SubmissionRepository, SubmissionSearch } from '../../../../src/ports/repositories/submissions.js';
import {
  contains,
  copy,
  emptyState,
  findRow,
  insertOwned,
  matches,
  MemoryState,
  pageOf,
  rowsOf,
  updateVersioned,
} from './store.js';

export class MemorySubmissionRepository implements SubmissionRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, submissions: readonly Submission[]): Promise<void> {
    insertOwned(this.state.submissions, tenantId, submissions, { 'submission number': (s) => s.number });
  }

  async findById(tenantId: string, id: string): Promise<Submission | null> {
    return copy(findRow(this.state.submissions, tenantId, id));
  }

  async findByNumber(tenantId: string, number: number): Promise<Submission | null> {
    return copy(rowsOf(this.state.submissions, tenantId).find((s) => s.number === number) ?? null);
  }

  async update(tenantId: string, submission: Submission): Promise<boolean> {
    return updateVersioned(this.state.submissions, tenantId, submission, (stored) => ({
      ...stored,
      assigneeId: submission.assigneeId,
      status: submission.status,
      coverage: submission.coverage,
      costMinor: submission.costMinor,
      updatedAt: submission.updatedAt,
    }));
  }

  async search(tenantId: string, search: SubmissionSearch, page: PageRequest): Promise<Page<Submission>> {
    return pageOf(this.matching(tenantId, search), page);
  }

  async scan(tenantId: string, search: SubmissionSearch, before: number | null, limit: number): Promise<Submission[]> {
    return this.matching(tenantId, search)
      .filter((s) => before === null || s.number < before)
      .slice(0, limit)
      .map(copy);
  }

  private matching(tenantId: string, search: SubmissionSearch): Submission[] {
    const { q, personId, reporterId } = search;
    return rowsOf(this.state.submissions, tenantId)
      .filter((s) => matches(search.status, s.status) && matches(search.serial, s.serial))
      .filter((s) => matches(search.assigneeId, s.assigneeId ?? undefined))
      .filter((s) => personId === undefined || s.reporterId === personId || s.assigneeId === personId)
      .filter((s) => reporterId === undefined || s.reporterId === reporterId)
      .filter((s) => q === undefined || contains(s.description, q) || contains(s.serial, q))
      .sort((a, b) => b.number - a.number);
  }

  async count(tenantId: string): Promise<number> {
    return rowsOf(this.state.submissions, tenantId).length;
  }
}
