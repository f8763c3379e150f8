import type { Page, PageRequest } from '../../../domain/shared/paging.js';
import type { Submission } from '../../../domain/submissions/submission.js';
import type { SubmissionRepository, SubmissionSearch } from '../../../ports/repositories/submissions.js';
import type { Column, Db } from '../sql/db.js';

const COLUMNS = `id, number, serial, description, reporter_id AS "reporterId", assignee_id AS "assigneeId", status,
  coverage, cost_minor AS "costMinor", created_at AS "createdAt", updated_at AS "updatedAt", version`;

const columns = (tenantId: string): Column<Submission>[] => [
  ['id', 'text', (s) => s.id],
  ['tenant_id', 'text', () => tenantId],
  ['number', 'int', (s) => s.number],
  ['serial', 'text', (s) => s.serial],
  ['description', 'text', (s) => s.description],
  ['reporter_id', 'text', (s) => s.reporterId],
  ['assignee_id', 'text', (s) => s.assigneeId],
  ['status', 'text', (s) => s.status],
  ['coverage', 'text', (s) => s.coverage],
  ['cost_minor', 'bigint', (s) => s.costMinor],
  ['created_at', 'text', (s) => s.createdAt],
  ['updated_at', 'text', (s) => s.updatedAt],
  ['version', 'int', (s) => s.version],
];

/**
 * Repair submissions lodged against a serial (the fault, who reported and who handles it, its status,
 * cover and cost, and the version that guards changes), on either dialect; newest first.
 */
export class SqlSubmissionRepository implements SubmissionRepository {
  constructor(private readonly db: Db) {}

  insertMany(tenantId: string, submissions: readonly Submission[]): Promise<void> {
    return this.db.insertMany('submissions', columns(tenantId), submissions, 'submission');
  }

  findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<Submission | null> {
    return this.findOne('id = ?', [tenantId, id], opts.forUpdate);
  }

  findByNumber(tenantId: string, number: number, opts: { forUpdate?: boolean } = {}): Promise<Submission | null> {
    return this.findOne('number = ?', [tenantId, number], opts.forUpdate);
  }

  private findOne(condition: string, params: unknown[], forUpdate = false): Promise<Submission | null> {
    const lock = forUpdate ? this.db.lock() : '';
    const sql = `SELECT ${COLUMNS} FROM submissions WHERE tenant_id = ? AND ${condition}${lock}`;
    return this.db.one<Submission>(sql, params);
  }

  async update(tenantId: string, s: Submission): Promise<boolean> {
    const sql = `UPDATE submissions SET assignee_id = ?, status = ?, coverage = ?, cost_minor = ?, updated_at = ?,
      version = version + 1 WHERE tenant_id = ? AND id = ? AND version = ?`;
    const params = [s.assigneeId, s.status, s.coverage, s.costMinor, s.updatedAt, tenantId, s.id, s.version];
    return (await this.db.run(sql, params)) === 1;
  }

  search(tenantId: string, search: SubmissionSearch, page: PageRequest): Promise<Page<Submission>> {
    const where = this.searchWhere(tenantId, search);
    return this.db.page<Submission>({ columns: COLUMNS, from: 'submissions', where, orderBy: 'number DESC', page });
  }

  scan(tenantId: string, search: SubmissionSearch, before: number | null, limit: number): Promise<Submission[]> {
    const where = this.searchWhere(tenantId, search);
    if (before !== null) where.add('number < ?', before);
    const sql = `SELECT ${COLUMNS} FROM submissions ${where} ORDER BY number DESC LIMIT ?`;
    return this.db.all<Submission>(sql, [...where.params, limit]);
  }

  count(tenantId: string): Promise<number> {
    return this.db.count('FROM submissions WHERE tenant_id = ?', [tenantId]);
  }

  private searchWhere(tenantId: string, search: SubmissionSearch) {
    const where = this.db.where().add('tenant_id = ?', tenantId);
    if (search.status) where.add('status = ?', search.status);
    if (search.serial) where.add('serial = ?', search.serial);
    if (search.assigneeId) where.add('assignee_id = ?', search.assigneeId);
    if (search.personId) where.add('(reporter_id = ? OR assignee_id = ?)', search.personId, search.personId);
    if (search.reporterId) where.add('reporter_id = ?', search.reporterId);
    if (search.q) where.contains(search.q, ['description', 'serial']);
    return where;
  }
}
