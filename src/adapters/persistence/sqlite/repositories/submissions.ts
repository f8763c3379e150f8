import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { Submission } from '../../../../domain/submissions/submission.js';
import type { SubmissionRepository, SubmissionSearch } from '../../../../ports/repositories/submissions.js';
import { count, insertMany, pageOf, Where, type Column, type Sql } from '../sql.js';

const COLUMNS = `id, number, serial, description, reporter_id AS reporterId, assignee_id AS assigneeId, status,
  coverage, cost_minor AS costMinor, created_at AS createdAt, updated_at AS updatedAt, version`;

const columns = (tenantId: string): Column<Submission>[] => [
  ['id', (s) => s.id],
  ['tenant_id', () => tenantId],
  ['number', (s) => s.number],
  ['serial', (s) => s.serial],
  ['description', (s) => s.description],
  ['reporter_id', (s) => s.reporterId],
  ['assignee_id', (s) => s.assigneeId],
  ['status', (s) => s.status],
  ['coverage', (s) => s.coverage],
  ['cost_minor', (s) => s.costMinor],
  ['created_at', (s) => s.createdAt],
  ['updated_at', (s) => s.updatedAt],
  ['version', (s) => s.version],
];

function searchWhere(tenantId: string, search: SubmissionSearch): Where {
  const where = new Where().add('tenant_id = ?', tenantId);
  if (search.status) where.add('status = ?', search.status);
  if (search.serial) where.add('serial = ?', search.serial);
  if (search.assigneeId) where.add('assignee_id = ?', search.assigneeId);
  if (search.personId) where.add('(reporter_id = ? OR assignee_id = ?)', search.personId, search.personId);
  if (search.q) where.contains(search.q, ['description', 'serial']);
  return where;
}

export class SqliteSubmissionRepository implements SubmissionRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, submissions: readonly Submission[]): Promise<void> {
    insertMany(this.sql, 'submissions', columns(tenantId), submissions, 'submission');
  }

  // No row lock needed: the caller's BEGIN IMMEDIATE already holds the database's write lock.
  async findById(tenantId: string, id: string): Promise<Submission | null> {
    return this.sql.get<Submission>(`SELECT ${COLUMNS} FROM submissions WHERE tenant_id = ? AND id = ?`, tenantId, id);
  }

  async findByNumber(tenantId: string, number: number): Promise<Submission | null> {
    return this.sql.get<Submission>(
      `SELECT ${COLUMNS} FROM submissions WHERE tenant_id = ? AND number = ?`,
      tenantId,
      number,
    );
  }

  async update(tenantId: string, s: Submission): Promise<boolean> {
    const result = this.sql.run(
      `UPDATE submissions SET assignee_id = ?, status = ?, coverage = ?, cost_minor = ?, updated_at = ?,
         version = version + 1
       WHERE tenant_id = ? AND id = ? AND version = ?`,
      s.assigneeId,
      s.status,
      s.coverage,
      s.costMinor,
      s.updatedAt,
      tenantId,
      s.id,
      s.version,
    );
    return result.changes === 1;
  }

  async search(tenantId: string, search: SubmissionSearch, page: PageRequest): Promise<Page<Submission>> {
    const where = searchWhere(tenantId, search);
    return pageOf<Submission>(this.sql, { columns: COLUMNS, from: 'submissions', where, orderBy: 'number DESC', page });
  }

  async scan(tenantId: string, search: SubmissionSearch, before: number | null, limit: number): Promise<Submission[]> {
    const where = searchWhere(tenantId, search);
    if (before !== null) where.add('number < ?', before);
    return this.sql.all<Submission>(
      `SELECT ${COLUMNS} FROM submissions ${where} ORDER BY number DESC LIMIT ?`,
      ...where.params,
      limit,
    );
  }

  async count(tenantId: string): Promise<number> {
    return count(this.sql, 'FROM submissions WHERE tenant_id = ?', [tenantId]);
  }
}
