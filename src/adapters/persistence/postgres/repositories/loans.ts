import type { Loan, LoanRow } from '../../../../domain/loans/loan.js';
import type { GroupLoanCounts, LoanCounts, LoanFilter, LoanRepository } from '../../../../ports/repositories/loans.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import { nearerEnd } from '../../paging.js';
import {
  count,
  fromKeys,
  insertMany,
  mapUniqueViolation,
  pageBounds,
  query,
  queryOne,
  Where,
  type Column,
  type Queryable,
} from '../sql.js';
import { loanWhere, tallyWhere } from './loan-filter.js';

// Aliased to the domain's names, so rows are LoanRows. Left joins: a loan whose group or holder row is
// missing is still listed (with an empty group name).
const COLUMNS = `l.id, l.number, l.kind, l.serial, l.group_id AS "groupId", l.status, l.holder_id AS "holderId",
  l.user_group AS "userGroup", l.issued_at AS "issuedAt", l.due_date AS "dueDate", l.version,
  coalesce(g.name, '') AS "groupName", p.name AS "holderName"`;
const NAMES = `LEFT JOIN loan_groups g ON g.tenant_id = l.tenant_id AND g.id = l.group_id
  LEFT JOIN people p ON p.tenant_id = l.tenant_id AND p.id = l.holder_id`;
const SELECT = `SELECT ${COLUMNS} FROM loans l ${NAMES}`;

const columns = (tenantId: string): Column<Loan>[] => [
  ['id', 'text', (l) => l.id],
  ['tenant_id', 'text', () => tenantId],
  ['number', 'int', (l) => l.number],
  ['kind', 'text', (l) => l.kind],
  ['serial', 'text', (l) => l.serial],
  ['group_id', 'text', (l) => l.groupId],
  ['status', 'text', (l) => l.status],
  ['holder_id', 'text', (l) => l.holderId],
  ['user_group', 'text', (l) => l.userGroup],
  ['issued_at', 'text', (l) => l.issuedAt],
  ['due_date', 'text', (l) => l.dueDate],
  ['version', 'int', (l) => l.version],
];

const UNIQUES = {
  loans_tenant_number_key: 'loan number',
  loans_tenant_serial_key: 'loan with serial',
  loans_pkey: 'loan id',
};

/**
 * The holder's and group's names a new loan carries for free-text search, looked up per row by primary
 * key (a join could hash all of the tenant's people for a few thousand loans).
 */
const NAMES_OF_NEW = {
  holder_name: '(SELECT p.name FROM people p WHERE p.tenant_id = u.tenant_id AND p.id = u.holder_id)',
  group_name: '(SELECT g.name FROM loan_groups g WHERE g.tenant_id = u.tenant_id AND g.id = u.group_id)',
};

/** The LoanCounts of a set of tally rows; `today` is the placeholder of the tenant's today. */
const countSums = (today: string): string => {
  const sum = (condition: string) => `coalesce(sum(n) FILTER (WHERE ${condition}), 0)::int`;
  return `coalesce(sum(n), 0)::int AS total,
    ${sum(`status = 'AVAILABLE'`)} AS available,
    ${sum(`status = 'ISSUED'`)} AS issued,
    ${sum(`status = 'ISSUED' AND due_date <> '' AND due_date < ${today}`)} AS overdue,
    ${sum(`status = 'ISSUED' AND due_date = ''`)} AS "withoutDueDate"`;
};

/** Loans stored by one repository (one transaction) before the planner's statistics are refreshed. */
const ANALYZE_FIRST_AFTER = 10_000;

export class PgLoanRepository implements LoanRepository {
  /** Rows this repository inserted, and the count at which it next refreshes the statistics. */
  private inserted = 0;
  private analyzeAt = ANALYZE_FIRST_AFTER;

  constructor(private readonly db: Queryable) {}

  /**
   * With the holder's and group's names. Seeding stores loans a few thousand per call, so statistics
   * are refreshed as this repository's total doubles (10,000, 20,000, 40,000, ...), not per call: the
   * planner never plans a 200,000-loan tenant as an empty table.
   */
  async insertMany(tenantId: string, loans: readonly Loan[]): Promise<void> {
    await insertMany(this.db, 'loans', columns(tenantId), loans, UNIQUES, { derived: NAMES_OF_NEW, analyze: false });
    this.inserted += loans.length;
    if (this.inserted >= this.analyzeAt) {
      this.analyzeAt = this.inserted * 2;
      await query(this.db, 'ANALYZE loans');
    }
  }

  findByNumber(tenantId: string, number: number, opts: { forUpdate?: boolean } = {}): Promise<LoanRow | null> {
    return this.findOne('l.number = $2', [tenantId, number], opts.forUpdate);
  }

  findBySerial(tenantId: string, serial: string, opts: { forUpdate?: boolean } = {}): Promise<LoanRow | null> {
    return this.findOne('l.serial = $2', [tenantId, serial], opts.forUpdate);
  }

  private async findOne(condition: string, values: unknown[], forUpdate = false): Promise<LoanRow | null> {
    // OF l: lock the loan row only, not the group or the holder.
    const sql = `${SELECT} WHERE l.tenant_id = $1 AND ${condition}${forUpdate ? ' FOR UPDATE OF l' : ''}`;
    return queryOne<LoanRow>(this.db, sql, values);
  }

  async update(tenantId: string, loan: Loan): Promise<boolean> {
    // The holder's and group's names go with them (free-text search reads them from the loan); the
    // tally triggers move the loan between counts.
    const sql = `UPDATE loans SET status = $4, holder_id = $5, user_group = $6, issued_at = $7, due_date = $8,
      serial = $9, group_id = $10,
      holder_name = (SELECT name FROM people WHERE tenant_id = $1 AND id = $5),
      group_name = (SELECT name FROM loan_groups WHERE tenant_id = $1 AND id = $10), version = version + 1
      WHERE tenant_id = $1 AND id = $2 AND version = $3`;
    const values = [
      tenantId,
      loan.id,
      loan.version,
      loan.status,
      loan.holderId,
      loan.userGroup,
      loan.issuedAt,
      loan.dueDate,
      loan.serial,
      loan.groupId,
    ];
    const { rowCount } = await mapUniqueViolation(query(this.db, sql, values), UNIQUES);
    return rowCount === 1;
  }

  async findBySerials(tenantId: string, serials: readonly string[]): Promise<LoanRow[]> {
    if (serials.length === 0) return [];
    const sql = `SELECT ${COLUMNS} ${fromKeys('loans', 'l', 'serial')} ${NAMES}`;
    return (await query<LoanRow>(this.db, sql, [tenantId, [...new Set(serials)]])).rows;
  }

  async scan(tenantId: string, filter: LoanFilter, after: number, limit: number): Promise<LoanRow[]> {
    const where = loanWhere(tenantId, filter).add('l.number > ?', after);
    const n = where.param(limit);
    // The page's numbers first (from the indexes), then its rows and names.
    const sql = `SELECT ${COLUMNS}
      FROM (SELECT l.number FROM loans l ${where} ORDER BY l.number LIMIT ${n}) paged
      JOIN loans l ON l.tenant_id = $1 AND l.number = paged.number ${NAMES}
      ORDER BY l.number`;
    return (await query<LoanRow>(this.db, sql, where.params)).rows;
  }

  /**
   * Where the tallies can answer, the total comes first, so that the page is read from the nearer end
   * of the matches (an OFFSET then skips at most half of them). Otherwise (free text, holder, class)
   * one query finds the matches once and returns the page with their count. The page's numbers are
   * found first and the rows and names joined onto that page only.
   */
  async list(tenantId: string, filter: LoanFilter, page: PageRequest): Promise<Page<LoanRow>> {
    const where = loanWhere(tenantId, filter);
    const { limit, offset } = pageBounds(page);
    const rows = async (order: 'ASC' | 'DESC', n: number, skip: number, counted = false) => {
      // Numbers, not ids: the status, kind and number indexes answer the page without the table.
      const sql = `SELECT ${COLUMNS}${counted ? ', paged.total' : ''}
        FROM (SELECT l.number${counted ? ', count(*) OVER () AS total' : ''} FROM loans l ${where}
              ORDER BY l.number ${order} LIMIT ${n} OFFSET ${skip}) paged
        JOIN loans l ON l.tenant_id = $1 AND l.number = paged.number ${NAMES}
        ORDER BY l.number`;
      return (await query<LoanRow & { total?: number }>(this.db, sql, where.params)).rows;
    };

    const tally = tallyWhere(tenantId, filter);
    if (tally) {
      const total = await this.sum(tally.table, tally.where);
      const at = nearerEnd(total, limit, offset);
      return { items: at.limit ? await rows(at.order, at.limit, at.offset) : [], total };
    }
    const found = limit ? await rows('ASC', limit, offset, true) : [];
    // A page past the end has no row to carry the count.
    const total = found.length ? Number(found[0]!.total) : await count(this.db, `FROM loans l ${where}`, where.params);
    // The count rides on every row: drop it from the items.
    return { items: found.map(({ total: _, ...row }) => row), total };
  }

  listAll(tenantId: string, filter: LoanFilter, limit: number): Promise<Page<LoanRow>> {
    return this.list(tenantId, filter, { page: 1, pageSize: limit });
  }

  private async sum(table: string, where: { toString(): string; params: unknown[] }): Promise<number> {
    const sql = `SELECT coalesce(sum(n), 0)::int AS n FROM ${table} ${where}`;
    return (await queryOne<{ n: number }>(this.db, sql, where.params))!.n;
  }

  async counts(tenantId: string, poolGroupIds: readonly string[] | null, today: string): Promise<LoanCounts> {
    const { table, where } = tallyWhere(tenantId, { poolGroupIds })!; // a pool alone is always answerable
    const sql = `SELECT ${countSums(where.param(today))} FROM ${table} ${where}`;
    return (await queryOne<LoanCounts>(this.db, sql, where.params))!;
  }

  async countsByGroup(
    tenantId: string,
    poolGroupIds: readonly string[] | null,
    today: string,
  ): Promise<GroupLoanCounts[]> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (poolGroupIds) where.add('group_id = ANY(?::text[])', poolGroupIds);
    const sql = `SELECT group_id AS "groupId", ${countSums(where.param(today))}
      FROM loan_tallies ${where} GROUP BY group_id HAVING sum(n) > 0`;
    return (await query<GroupLoanCounts>(this.db, sql, where.params)).rows;
  }

  async listHeldBy(tenantId: string, personId: string): Promise<LoanRow[]> {
    const sql = `${SELECT} WHERE l.tenant_id = $1 AND l.holder_id = $2 ORDER BY l.number`;
    return (await query<LoanRow>(this.db, sql, [tenantId, personId])).rows;
  }

  count(tenantId: string): Promise<number> {
    return count(this.db, 'FROM loans WHERE tenant_id = $1', [tenantId]);
  }
}
