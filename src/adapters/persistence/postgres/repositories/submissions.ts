import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { Submission } from '../../../../domain/submissions/submission.js';
import type { SubmissionRepository, SubmissionSearch } from '../../../../ports/repositories/submissions.js';
import { pageOf, count, insertMany, query, queryOne, Where, type Column, type Queryable } from '../sql.js';

// Aliased to the domain's names, so rows are Submissions (bigint reads as a number: pg-database.ts).
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

const UNIQUES = { submissions_tenant_number_key: 'submission number', submissions_pkey: 'submission id' };

function searchWhere(tenantId: string, search: SubmissionSearch): Where {
  const where = new Where().add('tenant_id = ?', tenantId);
  if (search.status) where.add('status = ?', search.status);
  if (search.serial) where.add('serial = ?', search.serial);
  if (search.assigneeId) where.add('assignee_id = ?', search.assigneeId);
  if (search.personId) {
    const p = where.param(search.personId);
    where.add(`(reporter_id = ${p} OR assignee_id = ${p})`);
  }
  if (search.q) where.contains(search.q, ['description', 'serial']);
  return where;
}

export class PgSubmissionRepository implements SubmissionRepository {
  constructor(private readonly db: Queryable) {}

  insertMany(tenantId: string, submissions: readonly Submission[]): Promise<void> {
    return insertMany(this.db, 'submissions', columns(tenantId), submissions, UNIQUES);
  }

  findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<Submission | null> {
    return this.findOne('id = $2', [tenantId, id], opts.forUpdate);
  }

  findByNumber(tenantId: string, number: number, opts: { forUpdate?: boolean } = {}): Promise<Submission | null> {
    return this.findOne('number = $2', [tenantId, number], opts.forUpdate);
  }

  private async findOne(condition: string, values: unknown[], forUpdate = false): Promise<Submission | null> {
    const sql = `SELECT ${COLUMNS} FROM submissions WHERE tenant_id = $1 AND ${condition}${forUpdate ? ' FOR UPDATE' : ''}`;
    return queryOne<Submission>(this.db, sql, values);
  }

  async update(tenantId: string, s: Submission): Promise<boolean> {
    const sql = `UPDATE submissions SET assignee_id = $4, status = $5, coverage = $6, cost_minor = $7,
      updated_at = $8, version = version + 1 WHERE tenant_id = $1 AND id = $2 AND version = $3`;
    const values = [tenantId, s.id, s.version, s.assigneeId, s.status, s.coverage, s.costMinor, s.updatedAt];
    return (await query(this.db, sql, values)).rowCount === 1;
  }

  async search(tenantId: string, search: SubmissionSearch, page: PageRequest): Promise<Page<Submission>> {
    const where = searchWhere(tenantId, search);
    return pageOf<Submission>(this.db, { columns: COLUMNS, from: 'submissions', where, orderBy: 'number DESC', page });
  }

  async scan(tenantId: string, search: SubmissionSearch, before: number | null, limit: number): Promise<Submission[]> {
    const where = searchWhere(tenantId, search);
    if (before !== null) where.add('number < ?', before);
    const n = where.param(limit);
    const sql = `SELECT ${COLUMNS} FROM submissions ${where} ORDER BY number DESC LIMIT ${n}`;
    return (await query<Submission>(this.db, sql, where.params)).rows;
  }

  count(tenantId: string): Promise<number> {
    return count(this.db, 'FROM submissions WHERE tenant_id = $1', [tenantId]);
  }
}
