import type { Loan, LoanRow } from '../../../../domain/loans/loan.js';
import type { Page } from '../../../../domain/shared/paging.js';
import type { LoanFilter } from '../../../../ports/repositories/loans.js';
import { LOAN_COLUMNS, LOAN_NAMES, loanWhere, tallyTotal, type LoanQueries } from '../../repositories/loans.js';
import { SqliteDb } from '../sqlite-db.js';
import { count, pageNearerEnd, type Sql } from '../sql.js';
import { LoanSearch } from './loan-search.js';
import { LoanTallies, type TallyKey } from './loan-tallies.js';

const tallyKey = (l: Loan): TallyKey => ({ groupId: l.groupId, status: l.status, kind: l.kind, dueDate: l.dueDate });

/**
 * SQLite's part of the loans (../../repositories/loans.ts): the tallies and the search index, kept
 * in the loans' own savepoint (loan-tallies.ts, loan-search.ts), and the inventory read through them
 * synchronously, a page's numbers first and then their rows.
 */
export class SqliteLoanQueries implements LoanQueries {
  readonly insert = {};
  private readonly sql: Sql;
  private readonly tallies: LoanTallies;
  private readonly search: LoanSearch;

  constructor(private readonly db: SqliteDb) {
    this.sql = db.sql;
    this.tallies = new LoanTallies(this.sql);
    this.search = new LoanSearch(db);
  }

  async inserted(tenantId: string, loans: readonly Loan[]): Promise<void> {
    this.tallies.add(
      tenantId,
      loans.map((l) => [tallyKey(l), 1] as const),
    );
    this.search.index(
      tenantId,
      loans.map((l) => l.number),
    );
  }

  async updating(tenantId: string, loan: Loan, write: () => Promise<boolean>): Promise<boolean> {
    // The stored version names one state: read it to move the loan between tallies.
    const before = this.sql.get<TallyKey>(
      `SELECT group_id AS groupId, status, kind, due_date AS dueDate FROM loans
       WHERE tenant_id = ? AND id = ? AND version = ?`,
      tenantId,
      loan.id,
      loan.version,
    );
    if (!before || !(await write())) return false;
    this.tallies.add(tenantId, [
      [before, -1],
      [{ ...before, groupId: loan.groupId, status: loan.status, dueDate: loan.dueDate }, 1],
    ]);
    this.search.refresh(tenantId, loan);
    return true;
  }

  async scan(tenantId: string, filter: LoanFilter, after: number, limit: number): Promise<LoanRow[]> {
    if (filter.q) return this.rows(tenantId, this.search.scan(tenantId, { ...filter, q: filter.q }, after, limit));
    const where = loanWhere(this.db, tenantId, filter).add('l.number > ?', after);
    const sql = `SELECT l.number FROM loans l ${where} ORDER BY l.number LIMIT ?`;
    return this.rows(tenantId, this.sql.column<number>(sql, ...where.params, limit));
  }

  /** One page and the total, read in one transaction so that they agree. */
  async page(tenantId: string, filter: LoanFilter, limit: number, offset: number): Promise<Page<LoanRow>> {
    return this.sql.atomic(() => {
      const { numbers, total } = filter.q
        ? this.search.search(tenantId, { ...filter, q: filter.q }, limit, offset)
        : this.numbers(tenantId, filter, limit, offset);
      return { items: this.rows(tenantId, numbers), total };
    });
  }

  /** The loans of these numbers, by number, each looked up through (tenant_id, number). */
  private rows(tenantId: string, numbers: readonly number[]): LoanRow[] {
    if (numbers.length === 0) return [];
    return this.sql.all<LoanRow>(
      `SELECT ${LOAN_COLUMNS} FROM loans l ${LOAN_NAMES}
       WHERE l.tenant_id = ? AND ${this.db.in('l.number')} ORDER BY l.number`,
      tenantId,
      this.db.list(numbers),
    );
  }

  /**
   * Without q: the total from the tallies where they can answer (else counted), then the page's
   * numbers from an index in number order, read from the nearer end. A pool is a teacher's few groups:
   * `+l.number` makes SQLite read those groups' index ranges and sort them, rather than walk the whole
   * tenant in number order.
   */
  private numbers(tenantId: string, filter: LoanFilter, limit: number, offset: number) {
    const where = loanWhere(this.db, tenantId, filter);
    const q = {
      column: 'l.number',
      fromWhere: `FROM loans l ${where}`,
      params: where.params,
      orderBy: filter.poolGroupIds ? '+l.number' : 'l.number',
    };
    const tally = tallyTotal(this.db, tenantId, filter);
    const total = tally ? this.sql.number(tally.sql, ...tally.params) : count(this.sql, q.fromWhere, q.params);
    return { numbers: pageNearerEnd<number>(this.sql, q, total, limit, offset), total };
  }
}
