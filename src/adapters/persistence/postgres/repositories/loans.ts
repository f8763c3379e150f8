import type { Loan, LoanRow } from '../../../../domain/loans/loan.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import { LoanRepository, type LoanCounts, type LoanFilter } from '../../../../ports/repositories.js';
import { count, insertMany, limitOffset, query, queryOne, type Column, type Queryable } from '../sql.js';
import { matchingLoans, tallyWhere } from './loan-filter.js';

interface LoanRecord {
  id: string;
  number: number;
  kind: Loan['kind'];
  serial: string;
  group_id: string;
  status: Loan['status'];
  holder_id: string | null;
  user_group: string | null;
  issued_at: string | null;
  due_date: string | null;
  version: number;
  group_name: string | null;
  holder_name: string | null;
}

// Left joins: a loan whose group or holder row is missing is still listed (with an empty group name).
const SELECT = `SELECT l.id, l.number, l.kind, l.serial, l.group_id, l.status, l.holder_id, l.user_group,
    l.issued_at, l.due_date, l.version, g.name AS group_name, p.name AS holder_name
  FROM loans l
  LEFT JOIN loan_groups g ON g.tenant_id = l.tenant_id AND g.id = l.group_id
  LEFT JOIN people p ON p.tenant_id = l.tenant_id AND p.id = l.holder_id`;

const toLoanRow = (r: LoanRecord): LoanRow => ({
  id: r.id,
  number: r.number,
  kind: r.kind,
  serial: r.serial,
  groupId: r.group_id,
  status: r.status,
  holderId: r.holder_id,
  userGroup: r.user_group,
  issuedAt: r.issued_at,
  dueDate: r.due_date,
  version: r.version,
  groupName: r.group_name ?? '',
  holderName: r.holder_name,
});

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
  loans_tenant_serial_key: 'loan serial',
  loans_pkey: 'loan id',
};

export class PgLoanRepository extends LoanRepository {
  constructor(private readonly db: Queryable) {
    super();
  }

  insertMany(tenantId: string, loans: readonly Loan[]): Promise<void> {
    return insertMany(this.db, 'loans', columns(tenantId), loans, UNIQUES);
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
    const row = await queryOne<LoanRecord>(this.db, sql, values);
    return row && toLoanRow(row);
  }

  async update(tenantId: string, loan: Loan): Promise<boolean> {
    const sql = `UPDATE loans SET status = $4, holder_id = $5, user_group = $6, issued_at = $7, due_date = $8,
      version = version + 1 WHERE tenant_id = $1 AND id = $2 AND version = $3`;
    const { rowCount } = await query(this.db, sql, [
      tenantId,
      loan.id,
      loan.version,
      loan.status,
      loan.holderId,
      loan.userGroup,
      loan.issuedAt,
      loan.dueDate,
    ]);
    return rowCount === 1;
  }

  async list(tenantId: string, filter: LoanFilter, page: PageRequest): Promise<Page<LoanRow>> {
    const matches = matchingLoans(tenantId, filter);
    // Page the matching (id, number) pairs first, then join names onto that page only: a deep page
    // skips index entries, not joined rows.
    const sql = `${SELECT}
      JOIN (SELECT id FROM (${matches.sql}) m ORDER BY number ${limitOffset(page)}) paged ON paged.id = l.id
      ORDER BY l.number`;
    const [items, total] = await Promise.all([
      query<LoanRecord>(this.db, sql, matches.params),
      this.total(tenantId, filter, matches),
    ]);
    return { items: items.rows.map(toLoanRow), total };
  }

  listAll(tenantId: string, filter: LoanFilter, limit: number): Promise<Page<LoanRow>> {
    return this.list(tenantId, filter, { page: 1, pageSize: limit });
  }

  /** From the tallies when the filter allows, else by counting the matches. */
  private async total(tenantId: string, filter: LoanFilter, matches: { sql: string; params: unknown[] }) {
    const tally = tallyWhere(tenantId, filter);
    if (!tally) return count(this.db, `FROM (${matches.sql}) m`, matches.params);
    const sql = `SELECT coalesce(sum(n), 0)::int AS n FROM loan_tallies ${tally}`;
    return (await queryOne<{ n: number }>(this.db, sql, tally.params))!.n;
  }

  async counts(tenantId: string, poolGroupIds: readonly string[] | null, today: string): Promise<LoanCounts> {
    const where = tallyWhere(tenantId, { poolGroupIds })!; // a pool alone is always answerable
    const t = where.param(today);
    const sum = (condition: string) => `coalesce(sum(n) FILTER (WHERE ${condition}), 0)::int`;
    const sql = `SELECT coalesce(sum(n), 0)::int AS total,
        ${sum(`status = 'AVAILABLE'`)} AS available,
        ${sum(`status = 'ISSUED'`)} AS issued,
        ${sum(`status = 'ISSUED' AND due_date <> '' AND due_date < ${t}`)} AS overdue,
        ${sum(`status = 'ISSUED' AND due_date = ''`)} AS "withoutDueDate"
      FROM loan_tallies ${where}`;
    return (await queryOne<LoanCounts>(this.db, sql, where.params))!;
  }

  async listHeldBy(tenantId: string, personId: string): Promise<LoanRow[]> {
    const sql = `${SELECT} WHERE l.tenant_id = $1 AND l.holder_id = $2 ORDER BY l.number`;
    const { rows } = await query<LoanRecord>(this.db, sql, [tenantId, personId]);
    return rows.map(toLoanRow);
  }

  count(tenantId: string): Promise<number> {
    return count(this.db, 'FROM loans WHERE tenant_id = $1', [tenantId]);
  }
}
