import { offsetOf, type Page, type PageRequest } from '../../../../domain/shared/paging.js';
import type { Submission } from '../../../../domain/submissions/submission.js';
import type { SubmissionRepository, SubmissionSearch } from '../../../../ports/repositories.js';
import { conflictOf, containsText, Where, type Sql } from '../sql.js';

const COLUMNS = `id, number, serial, description, reporter_id AS reporterId, assignee_id AS assigneeId, status,
  coverage, cost_minor AS costMinor, created_at AS createdAt, updated_at AS updatedAt, version`;

export class SqliteSubmissionRepository implements SubmissionRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, submissions: readonly Submission[]): Promise<void> {
    const insert = this.sql.statement(
      `INSERT INTO submissions (id, tenant_id, number, serial, description, reporter_id, assignee_id, status,
         coverage, cost_minor, created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.sql.atomic(() => {
      for (const s of submissions) {
        try {
          insert.run(
            s.id,
            tenantId,
            s.number,
            s.serial,
            s.description,
            s.reporterId,
            s.assigneeId,
            s.status,
            s.coverage,
            s.costMinor,
            s.createdAt,
            s.updatedAt,
            s.version,
          );
        } catch (error) {
          throw conflictOf(error, 'submission', { number: s.number, id: s.id });
        }
      }
    });
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
    const where = new Where().add('tenant_id = ?', tenantId);
    if (search.status) where.add('status = ?', search.status);
    if (search.serial) where.add('serial = ?', search.serial);
    if (search.assigneeId) where.add('assignee_id = ?', search.assigneeId);
    if (search.personId) where.add('(reporter_id = ? OR assignee_id = ?)', search.personId, search.personId);
    if (search.q) where.add(...containsText(['description', 'serial'], search.q));
    const items = this.sql.all<Submission>(
      `SELECT ${COLUMNS} FROM submissions ${where.sql} ORDER BY number DESC LIMIT ? OFFSET ?`,
      ...where.params,
      page.pageSize,
      offsetOf(page),
    );
    const total = this.sql.number(`SELECT count(*) FROM submissions ${where.sql}`, ...where.params);
    return { items, total };
  }

  async count(tenantId: string): Promise<number> {
    return this.sql.number('SELECT count(*) FROM submissions WHERE tenant_id = ?', tenantId);
  }
}
