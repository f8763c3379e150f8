import type { Loan, LoanRow } from '../../../domain/loans/loan.js';
import { offsetOf, type Page, type PageRequest } from '../../../domain/shared/paging.js';
import type { GroupLoanCounts, LoanCounts, LoanFilter, LoanRepository } from '../../../ports/repositories/loans.js';
import type { Column, Db, InsertOptions, Params } from '../sql/db.js';
import type { Where } from '../sql/where.js';

/**
 * A LoanRow: the loan and its group's and holder's names. Left joins: a loan whose group or holder row
 * is missing is still listed (with an empty group name).
 */
export const LOAN_COLUMNS = `l.id, l.number, l.kind, l.serial, l.group_id AS "groupId", l.status,
  l.holder_id AS "holderId", l.user_group AS "userGroup", l.issued_at AS "issuedAt", l.due_date AS "dueDate",
  l.version, coalesce(g.name, '') AS "groupName", p.name AS "holderName"`;
export const LOAN_NAMES = `LEFT JOIN loan_groups g ON g.tenant_id = l.tenant_id AND g.id = l.group_id
  LEFT JOIN people p ON p.tenant_id = l.tenant_id AND p.id = l.holder_id`;

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

/**
 * Adds the inventory's filters other than `q` to `where`, over a table aliased `alias` that has the
 * loans' column names (`loans` itself, or SQLite's `loan_search`).
 */
export function addLoanFilters(where: Where, alias: string, f: LoanFilter): Where {
  if (f.poolGroupIds) where.in(`${alias}.group_id`, f.poolGroupIds);
  if (f.status) where.add(`${alias}.status = ?`, f.status);
  if (f.groupId) where.add(`${alias}.group_id = ?`, f.groupId);
  if (f.kind) where.add(`${alias}.kind = ?`, f.kind);
  if (f.userGroup) where.add(`${alias}.user_group = ?`, f.userGroup);
  if (f.holderId) where.add(`${alias}.holder_id = ?`, f.holderId);
  if (f.overdueBefore) where.add(`${alias}.status = 'ISSUED' AND ${alias}.due_date < ?`, f.overdueBefore);
  if (f.dueOn) where.add(`${alias}.status = 'ISSUED' AND ${alias}.due_date = ?`, f.dueOn);
  return where;
}

/** The WHERE of a filter over `loans l`, all but `q` (each dialect searches its own way). */
export const loanWhere = (db: Db, tenantId: string, f: LoanFilter): Where =>
  addLoanFilters(db.where().add('l.tenant_id = ?', tenantId), 'l', f);

// The tallies (SQLite's kept beside the loans, Postgres's by trigger) count loans per tenant, group,
// status, kind and due date; a due date of '' means none, as a key column cannot be null.
const OVERDUE = "status = 'ISSUED' AND due_date <> '' AND due_date < ?";
const sum = (condition: string) => `CAST(coalesce(sum(n) FILTER (WHERE ${condition}), 0) AS INTEGER)`;
/** LoanCounts of a set of tally rows; its one parameter is today, for the overdue count. */
const SUMS = `CAST(coalesce(sum(n), 0) AS INTEGER) AS total, ${sum("status = 'AVAILABLE'")} AS available,
  ${sum("status = 'ISSUED'")} AS issued, ${sum(OVERDUE)} AS overdue,
  ${sum("status = 'ISSUED' AND due_date = ''")} AS "withoutDueDate"`;

/**
 * The tally table and WHERE that count the loans of `f`, or null when the tallies cannot (free text,
 * holder and class look at the loans themselves). The whole tenant reads `loan_tenant_tallies` (no
 * group column: a few hundred rows), a pool or a group those groups' rows of `loan_tallies`.
 */
function tallyWhere(db: Db, tenantId: string, f: LoanFilter): { table: string; where: Where } | null {
  if (f.q || f.userGroup || f.holderId) return null;
  const where = db.where().add('tenant_id = ?', tenantId);
  if (f.poolGroupIds) where.in('group_id', f.poolGroupIds);
  if (f.groupId) where.add('group_id = ?', f.groupId);
  if (f.status) where.add('status = ?', f.status);
  if (f.kind) where.add('kind = ?', f.kind);
  if (f.overdueBefore) where.add(OVERDUE, f.overdueBefore);
  if (f.dueOn) where.add("status = 'ISSUED' AND due_date = ?", f.dueOn);
  return { table: f.poolGroupIds || f.groupId ? 'loan_tallies' : 'loan_tenant_tallies', where };
}

/** The statement (one row, `n`) that counts the loans of `f` from the tallies; null when they cannot. */
export function tallyTotal(db: Db, tenantId: string, f: LoanFilter): { sql: string; params: Params } | null {
  const tally = tallyWhere(db, tenantId, f);
  if (!tally) return null;
  return {
    sql: `SELECT CAST(coalesce(sum(n), 0) AS INTEGER) AS n FROM ${tally.table} ${tally.where}`,
    params: tally.where.params,
  };
}

/** More SQL and its parameters, for a dialect to add to a shared statement. */
export interface SqlPart {
  readonly sql: string;
  readonly params: Params;
}

/**
 * What each dialect does its own way: what it keeps beside the loans, and the inventory's reads
 * through it. SQLite keeps the tallies and an FTS5 search index itself, in the loans' savepoint, and
 * reads a page's numbers before its rows; Postgres keeps the tallies by trigger, stores the names
 * free text searches on the loan row (a trigram index), and reads a page in one statement.
 */
export interface LoanQueries {
  /** The bulk insert's options (Postgres: the names new loans carry; statistics left to `inserted`). */
  readonly insert: InsertOptions;
  /** Follows loans just inserted, in the same transaction. */
  inserted(tenantId: string, loans: readonly Loan[]): Promise<void>;
  /**
   * Runs the versioned UPDATE (`write`, true when it changed the loan; `set` adds columns to it) and
   * keeps what follows the loan in step; false when the stored version is another.
   */
  updating(tenantId: string, loan: Loan, write: (set?: SqlPart) => Promise<boolean>): Promise<boolean>;
  /** `limit` matches from `offset`, by number, and how many match in all. */
  page(tenantId: string, filter: LoanFilter, limit: number, offset: number): Promise<Page<LoanRow>>;
  /** LoanRepository.scan. */
  scan(tenantId: string, filter: LoanFilter, after: number, limit: number): Promise<LoanRow[]>;
}

const NO_SQL: SqlPart = { sql: '', params: [] };

/**
 * The loans: one row per unit a school lends (its number, serial, group, status, holder and class,
 * issue and due dates, version), and the counts of the inventory, on either dialect; what differs is
 * the dialect's LoanQueries.
 */
export class SqlLoanRepository implements LoanRepository {
  constructor(
    private readonly db: Db,
    private readonly queries: LoanQueries,
  ) {}

  insertMany(tenantId: string, loans: readonly Loan[]): Promise<void> {
    if (loans.length === 0) return Promise.resolve();
    return this.db.atomic(async () => {
      await this.db.insertMany('loans', columns(tenantId), loans, 'loan', this.queries.insert);
      await this.queries.inserted(tenantId, loans);
    });
  }

  findByNumber(tenantId: string, number: number, opts: { forUpdate?: boolean } = {}): Promise<LoanRow | null> {
    return this.findOne('l.number = ?', [tenantId, number], opts.forUpdate);
  }

  findBySerial(tenantId: string, serial: string, opts: { forUpdate?: boolean } = {}): Promise<LoanRow | null> {
    return this.findOne('l.serial = ?', [tenantId, serial], opts.forUpdate);
  }

  private findOne(condition: string, params: Params, forUpdate = false): Promise<LoanRow | null> {
    // Of the loan row only: not its group or its holder.
    const lock = forUpdate ? this.db.lock('l') : '';
    const sql = `SELECT ${LOAN_COLUMNS} FROM loans l ${LOAN_NAMES} WHERE l.tenant_id = ? AND ${condition}${lock}`;
    return this.db.one<LoanRow>(sql, params);
  }

  findBySerials(tenantId: string, serials: readonly string[]): Promise<LoanRow[]> {
    if (serials.length === 0) return Promise.resolve([]);
    // The keys' loans first (fromKeys: through the serial index, whatever the statistics say), then names.
    const sql = `SELECT ${LOAN_COLUMNS} FROM (SELECT l.* ${this.db.fromKeys('loans', 'l', 'serial')}) l ${LOAN_NAMES}`;
    return this.db.all<LoanRow>(sql, [tenantId, this.db.list([...new Set(serials)])]);
  }

  update(tenantId: string, loan: Loan): Promise<boolean> {
    return this.db.atomic(() =>
      this.queries.updating(tenantId, loan, async (set = NO_SQL) => {
        const sql = `UPDATE loans SET serial = ?, group_id = ?, status = ?, holder_id = ?, user_group = ?,
          issued_at = ?, due_date = ?, version = version + 1${set.sql}
          WHERE tenant_id = ? AND id = ? AND version = ?`;
        const params = [
          ...[loan.serial, loan.groupId, loan.status, loan.holderId, loan.userGroup, loan.issuedAt, loan.dueDate],
          ...set.params,
          ...[tenantId, loan.id, loan.version],
        ];
        const changed = await this.db.conflicts(() => this.db.run(sql, params), 'loan', { serial: loan.serial });
        return changed === 1;
      }),
    );
  }

  list(tenantId: string, filter: LoanFilter, page: PageRequest): Promise<Page<LoanRow>> {
    return this.queries.page(tenantId, filter, page.pageSize, offsetOf(page));
  }

  listAll(tenantId: string, filter: LoanFilter, limit: number): Promise<Page<LoanRow>> {
    return this.queries.page(tenantId, filter, limit, 0);
  }

  scan(tenantId: string, filter: LoanFilter, after: number, limit: number): Promise<LoanRow[]> {
    return this.queries.scan(tenantId, filter, after, limit);
  }

  async counts(tenantId: string, poolGroupIds: readonly string[] | null, today: string): Promise<LoanCounts> {
    const { table, where } = tallyWhere(this.db, tenantId, { poolGroupIds })!; // a pool alone always has a tally
    return (await this.db.one<LoanCounts>(`SELECT ${SUMS} FROM ${table} ${where}`, [today, ...where.params]))!;
  }

  countsByGroup(tenantId: string, poolGroupIds: readonly string[] | null, today: string): Promise<GroupLoanCounts[]> {
    const where = this.db.where().add('tenant_id = ?', tenantId);
    if (poolGroupIds) where.in('group_id', poolGroupIds);
    const sql = `SELECT group_id AS "groupId", ${SUMS} FROM loan_tallies ${where} GROUP BY group_id HAVING sum(n) > 0`;
    return this.db.all<GroupLoanCounts>(sql, [today, ...where.params]);
  }

  listHeldBy(tenantId: string, personId: string): Promise<LoanRow[]> {
    const sql = `SELECT ${LOAN_COLUMNS} FROM loans l ${LOAN_NAMES} WHERE l.tenant_id = ? AND l.holder_id = ? ORDER BY l.number`;
    return this.db.all<LoanRow>(sql, [tenantId, personId]);
  }

  /** From the tallies: a few hundred rows rather than every loan. */
  async count(tenantId: string): Promise<number> {
    const { sql, params } = tallyTotal(this.db, tenantId, { poolGroupIds: null })!;
    return (await this.db.one<{ n: number }>(sql, params))!.n;
  }
}
