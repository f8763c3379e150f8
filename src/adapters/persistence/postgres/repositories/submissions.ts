import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { Submission } from '../../../../domain/submissions/submission.js';
import type { SubmissionRepository, SubmissionSearch } from '../../../../ports/repositories.js';
import { pageOf, count, insertMany, query, queryOne, Where, type Column, type Queryable } from '../sql.js';

interface SubmissionRecord {
  id: string;
  number: number;
  serial: string;
  description: string;
  reporter_id: string | null;
  assignee_id: string | null;
  status: Submission['status'];
  coverage: Submission['coverage'];
  cost_minor: number | null;
  created_at: string;
  updated_at: string;
  version: number;
}

const SELECT = `SELECT id, number, serial, description, reporter_id, assignee_id, status, coverage, cost_minor,
  created_at, updated_at, version FROM submissions`;

const toSubmission = (r: SubmissionRecord): Submission => ({
  id: r.id,
  number: r.number,
  serial: r.serial,
  description: r.description,
  reporterId: r.reporter_id,
  assigneeId: r.assignee_id,
  status: r.status,
  coverage: r.coverage,
  costMinor: r.cost_minor,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  version: r.version,
});

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
    const sql = `${SELECT} WHERE tenant_id = $1 AND ${condition}${forUpdate ? ' FOR UPDATE' : ''}`;
    const row = await queryOne<SubmissionRecord>(this.db, sql, values);
    return row && toSubmission(row);
  }

  async update(tenantId: string, s: Submission): Promise<boolean> {
    const sql = `UPDATE submissions SET assignee_id = $4, status = $5, coverage = $6, cost_minor = $7,
      updated_at = $8, version = version + 1 WHERE tenant_id = $1 AND id = $2 AND version = $3`;
    const values = [tenantId, s.id, s.version, s.assigneeId, s.status, s.coverage, s.costMinor, s.updatedAt];
    return (await query(this.db, sql, values)).rowCount === 1;
  }

  async search(tenantId: string, search: SubmissionSearch, page: PageRequest): Promise<Page<Submission>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (search.status) where.add('status = ?', search.status);
    if (search.serial) where.add('serial = ?', search.serial);
    if (search.assigneeId) where.add('assignee_id = ?', search.assigneeId);
    if (search.personId) {
      const p = where.param(search.personId);
      where.add(`(reporter_id = ${p} OR assignee_id = ${p})`);
    }
    if (search.q) where.contains(search.q, ['description', 'serial']);
    return pageOf(this.db, {
      select: SELECT,
      from: 'submissions',
      where,
      orderBy: 'number DESC',
      page,
      map: toSubmission,
    });
  }

  count(tenantId: string): Promise<number> {
    return count(this.db, 'FROM submissions WHERE tenant_id = $1', [tenantId]);
  }
}
