import type { Loan, LoanRow } from '../../../../domain/loans/loan.js';
import type { Page } from '../../../../domain/shared/paging.js';
import type { LoanFilter } from '../../../../ports/repositories/loans.js';
import { nearerEnd } from '../../paging.js';
import {
  LOAN_COLUMNS,
  LOAN_NAMES,
  loanWhere,
  tallyTotal,
  type LoanQueries,
  type SqlPart,
} from '../../repositories/loans.js';
import type { PgDb } from '../pg-db.js';

/**
 * The expression of the loans_search_trgm_idx index (migration 0004): the serial and the holder's and
 * group's names the loan carries (each field keeps its own collation).
 */
const SEARCH_TEXT = `((l.serial COLLATE "default") || ' ' || coalesce(l.holder_name, '') || ' ' || coalesce(l.group_name, ''))`;

/**
 * The holder's and group's names a new loan carries for free-text search, looked up per row by primary
 * key (a join could hash all of the tenant's people for a few thousand loans).
 */
const NAMES_OF_NEW = {
  holder_name: '(SELECT p.name FROM people p WHERE p.tenant_id = u.tenant_id AND p.id = u.holder_id)',
  group_name: '(SELECT g.name FROM loan_groups g WHERE g.tenant_id = u.tenant_id AND g.id = u.group_id)',
};

/** Loans stored by one repository (one transaction) before the planner's statistics are refreshed. */
const ANALYZE_FIRST_AFTER = 10_000;

/** The rows and names of the loans a subquery of numbers (`paged`) finds, by number. */
const pagedRows = (numbers: string, extra = '') => `SELECT ${LOAN_COLUMNS}${extra}
  FROM (${numbers}) paged
  JOIN loans l ON l.tenant_id = ? AND l.number = paged.number ${LOAN_NAMES}
  ORDER BY l.number`;

/** LIMIT and OFFSET go into the page's text (not parameters): whole numbers, checked. */
const whole = (n: number): number => {
  const w = Math.trunc(n);
  if (!(w >= 0)) throw new Error(`invalid page bound ${n}`);
  return w;
};

/**
 * Postgres's part of the loans (../../repositories/loans.ts). Tallies are kept by trigger (migrations
 * 0002 and 0004); a loan carries its holder's and group's names for the trigram search, set as it is
 * stored or changes (triggers follow renames); statistics are refreshed as a load grows; and a page is
 * its numbers, cut off an index, joined to their rows in one statement.
 */
export class PgLoanQueries implements LoanQueries {
  readonly insert = { derived: NAMES_OF_NEW, analyze: false };
  /** Rows this repository inserted, and the count at which it next refreshes the statistics. */
  private stored = 0;
  private analyzeAt = ANALYZE_FIRST_AFTER;

  constructor(private readonly db: PgDb) {}

  /**
   * Seeding stores loans a few thousand per call, so statistics are refreshed as this repository's
   * total doubles (10,000, 20,000, 40,000, ...), not per call: the planner never plans a 200,000-loan
   * tenant as an empty table.
   */
  async inserted(_tenantId: string, loans: readonly Loan[]): Promise<void> {
    this.stored += loans.length;
    if (this.stored < this.analyzeAt) return;
    this.analyzeAt = this.stored * 2;
    await this.db.run('ANALYZE loans');
  }

  /** The names go with a new holder or group; the tally triggers move the loan between counts. */
  updating(tenantId: string, loan: Loan, write: (set?: SqlPart) => Promise<boolean>): Promise<boolean> {
    return write({
      sql: `, holder_name = (SELECT name FROM people WHERE tenant_id = ? AND id = ?),
        group_name = (SELECT name FROM loan_groups WHERE tenant_id = ? AND id = ?)`,
      params: [tenantId, loan.holderId, tenantId, loan.groupId],
    });
  }

  scan(tenantId: string, filter: LoanFilter, after: number, limit: number): Promise<LoanRow[]> {
    const where = this.where(tenantId, filter).add('l.number > ?', after);
    const sql = pagedRows(`SELECT l.number FROM loans l ${where} ORDER BY l.number LIMIT ?`);
    return this.db.all<LoanRow>(sql, [...where.params, limit, tenantId]);
  }

  /**
   * Where the tallies can answer, the total comes first, so that the page is read from the nearer end
   * of the matches (an OFFSET then skips at most half of them). Otherwise (free text, holder, class)
   * one query finds the matches once and returns the page with their count. The page's numbers come
   * from the indexes (status, kind and number answer them without the table), its rows and names are
   * joined onto that page only.
   */
  async page(tenantId: string, filter: LoanFilter, pageSize: number, from: number): Promise<Page<LoanRow>> {
    const [limit, offset] = [whole(pageSize), whole(from)];
    const where = this.where(tenantId, filter);
    const rows = (order: 'ASC' | 'DESC', n: number, skip: number, counted = false) => {
      const window = counted ? ', count(*) OVER () AS total' : '';
      const numbers = `SELECT l.number${window} FROM loans l ${where}
        ORDER BY l.number ${order} LIMIT ${n} OFFSET ${skip}`;
      return this.db.all<LoanRow & { total?: number }>(pagedRows(numbers, counted ? ', paged.total' : ''), [
        ...where.params,
        tenantId,
      ]);
    };

    const tally = tallyTotal(this.db, tenantId, filter);
    if (tally) {
      const total = await this.count(tally);
      const at = nearerEnd(total, limit, offset);
      return { items: at.limit ? await rows(at.order, at.limit, at.offset) : [], total };
    }
    const found = limit ? await rows('ASC', limit, offset, true) : [];
    // A page past the end has no row to carry the count.
    const counted = { sql: `SELECT CAST(count(*) AS INTEGER) AS n FROM loans l ${where}`, params: where.params };
    const total = found.length ? found[0]!.total! : await this.count(counted);
    // The count rides on every row: drop it from the items.
    return { items: found.map(({ total: _, ...row }) => row), total };
  }

  /** The `n` of a statement's one row. */
  private async count(statement: SqlPart): Promise<number> {
    return (await this.db.one<{ n: number }>(statement.sql, statement.params))!.n;
  }

  /**
   * A filter's WHERE over `loans l`, free text included: the trigram index finds the loans whose
   * serial, holder name or group name contain q (all three are on the loan row), and a whole number
   * also matches the loan with that number. Nothing joins people or groups.
   */
  private where(tenantId: string, f: LoanFilter) {
    const where = loanWhere(this.db, tenantId, f);
    if (!f.q) return where;
    // Shorter than a trigram, q cannot use the index: test the fields alone.
    const indexed = [...f.q].length < 3 ? undefined : SEARCH_TEXT;
    const text = this.db.containsText(f.q, ['l.serial', 'l.holder_name', 'l.group_name'], indexed);
    if (f.qNumber === undefined) return where.add(text.sql, ...text.params);
    return where.add(`(${text.sql} OR l.number = ?)`, ...text.params, f.qNumber);
  }
}
