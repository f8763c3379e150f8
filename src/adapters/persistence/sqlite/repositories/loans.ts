import type { Loan, LoanRow } from '../../../../domain/loans/loan.js';
import { offsetOf, type Page, type PageRequest } from '../../../../domain/shared/paging.js';
import type { GroupLoanCounts, LoanCounts, LoanFilter, LoanRepository } from '../../../../ports/repositories/loans.js';
import { conflictOf, count, inJson, insertMany, json, pageNearerEnd, Where, type Column, type Sql } from '../sql.js';
import { addLoanFilters, LoanSearch } from './loan-search.js';
import { LoanTallies, type TallyKey } from './loan-tallies.js';

const COLUMNS = `l.id, l.number, l.kind, l.serial, l.group_id AS groupId, l.status, l.holder_id AS holderId,
  l.user_group AS userGroup, l.issued_at AS issuedAt, l.due_date AS dueDate, l.version,
  coalesce(g.name, '') AS groupName, p.name AS holderName`;
const NAMES = `LEFT JOIN loan_groups g ON g.tenant_id = l.tenant_id AND g.id = l.group_id
  LEFT JOIN people p ON p.tenant_id = l.tenant_id AND p.id = l.holder_id`;

function filterWhere(tenantId: string, f: LoanFilter): Where {
  return addLoanFilters(new Where().add('l.tenant_id = ?', tenantId), 'l', f);
}

const columns = (tenantId: string): Column<Loan>[] => [
  ['id', (l) => l.id],
  ['tenant_id', () => tenantId],
  ['number', (l) => l.number],
  ['kind', (l) => l.kind],
  ['serial', (l) => l.serial],
  ['group_id', (l) => l.groupId],
  ['status', (l) => l.status],
  ['holder_id', (l) => l.holderId],
  ['user_group', (l) => l.userGroup],
  ['issued_at', (l) => l.issuedAt],
  ['due_date', (l) => l.dueDate],
  ['version', (l) => l.version],
];

const tallyKey = (l: Loan): TallyKey => ({ groupId: l.groupId, status: l.status, kind: l.kind, dueDate: l.dueDate });

export class SqliteLoanRepository implements LoanRepository {
  private readonly tallies: LoanTallies;
  private readonly search: LoanSearch;

  constructor(private readonly sql: Sql) {
    this.tallies = new LoanTallies(sql);
    this.search = new LoanSearch(sql);
  }

  async insertMany(tenantId: string, loans: readonly Loan[]): Promise<void> {
    // The tallies and the search index change in the same savepoint as the loans.
    this.sql.atomic(() => {
      insertMany(this.sql, 'loans', columns(tenantId), loans, 'loan');
      this.tallies.add(
        tenantId,
        loans.map((l) => [tallyKey(l), 1] as const),
      );
      this.search.index(
        tenantId,
        loans.map((l) => l.number),
      );
    });
  }

  // forUpdate needs nothing here: the caller's BEGIN IMMEDIATE already holds the database's write lock.
  async findByNumber(tenantId: string, number: number): Promise<LoanRow | null> {
    return this.sql.get<LoanRow>(
      `SELECT ${COLUMNS} FROM loans l ${NAMES} WHERE l.tenant_id = ? AND l.number = ?`,
      tenantId,
      number,
    );
  }

  async findBySerial(tenantId: string, serial: string): Promise<LoanRow | null> {
    return this.sql.get<LoanRow>(
      `SELECT ${COLUMNS} FROM loans l ${NAMES} WHERE l.tenant_id = ? AND l.serial = ?`,
      tenantId,
      serial,
    );
  }

  async update(tenantId: string, loan: Loan): Promise<boolean> {
    return this.sql.atomic(() => {
      // The stored version names one state: read it to move the loan between tallies.
      const before = this.sql.get<TallyKey>(
        `SELECT group_id AS groupId, status, kind, due_date AS dueDate FROM loans
         WHERE tenant_id = ? AND id = ? AND version = ?`,
        tenantId,
        loan.id,
        loan.version,
      );
      if (!before) return false;
      let changes: number;
      try {
        ({ changes } = this.sql.run(
          `UPDATE loans SET serial = ?, group_id = ?, status = ?, holder_id = ?, user_group = ?, issued_at = ?,
             due_date = ?, version = version + 1
           WHERE tenant_id = ? AND id = ? AND version = ?`,
          loan.serial,
          loan.groupId,
          loan.status,
          loan.holderId,
          loan.userGroup,
          loan.issuedAt,
          loan.dueDate,
          tenantId,
          loan.id,
          loan.version,
        ));
      } catch (error) {
        throw conflictOf(error, 'loan', { serial: loan.serial });
      }
      if (changes !== 1) return false;
      this.tallies.add(tenantId, [
        [before, -1],
        [{ ...before, groupId: loan.groupId, status: loan.status, dueDate: loan.dueDate }, 1],
      ]);
      this.search.refresh(tenantId, loan);
      return true;
    });
  }

  async findBySerials(tenantId: string, serials: readonly string[]): Promise<LoanRow[]> {
    if (serials.length === 0) return [];
    return this.sql.all<LoanRow>(
      `SELECT ${COLUMNS} FROM loans l ${NAMES} WHERE l.tenant_id = ? AND ${inJson('l.serial')}`,
      tenantId,
      json(serials),
    );
  }

  async scan(tenantId: string, filter: LoanFilter, after: number, limit: number): Promise<LoanRow[]> {
    const numbers = filter.q
      ? this.search.scan(tenantId, { ...filter, q: filter.q }, after, limit)
      : (() => {
          const where = filterWhere(tenantId, filter).add('l.number > ?', after);
          return this.sql.column<number>(
            `SELECT l.number FROM loans l ${where} ORDER BY l.number LIMIT ?`,
            ...where.params,
            limit,
          );
        })();
    if (numbers.length === 0) return [];
    return this.sql.all<LoanRow>(
      `SELECT ${COLUMNS} FROM loans l ${NAMES} WHERE l.tenant_id = ? AND ${inJson('l.number')} ORDER BY l.number`,
      tenantId,
      json(numbers),
    );
  }

  async list(tenantId: string, filter: LoanFilter, page: PageRequest): Promise<Page<LoanRow>> {
    return this.page(tenantId, filter, page.pageSize, offsetOf(page));
  }

  async listAll(tenantId: string, filter: LoanFilter, limit: number): Promise<Page<LoanRow>> {
    return this.page(tenantId, filter, limit, 0);
  }

  async counts(tenantId: string, poolGroupIds: readonly string[] | null, today: string): Promise<LoanCounts> {
    return this.tallies.counts(tenantId, poolGroupIds, today);
  }

  async countsByGroup(
    tenantId: string,
    poolGroupIds: readonly string[] | null,
    today: string,
  ): Promise<GroupLoanCounts[]> {
    return this.tallies.countsByGroup(tenantId, poolGroupIds, today);
  }

  async listHeldBy(tenantId: string, personId: string): Promise<LoanRow[]> {
    return this.sql.all<LoanRow>(
      `SELECT ${COLUMNS} FROM loans l ${NAMES} WHERE l.tenant_id = ? AND l.holder_id = ? ORDER BY l.number`,
      tenantId,
      personId,
    );
  }

  async count(tenantId: string): Promise<number> {
    return this.tallies.total(tenantId, { poolGroupIds: null })!;
  }

  /** One page and the total, read in one transaction so that they agree. */
  private page(tenantId: string, filter: LoanFilter, limit: number, offset: number): Page<LoanRow> {
    return this.sql.atomic(() => {
      const { numbers, total } = filter.q
        ? this.search.search(tenantId, { ...filter, q: filter.q }, limit, offset)
        : this.numbers(tenantId, filter, limit, offset);
      const items = numbers.length
        ? this.sql.all<LoanRow>(
            `SELECT ${COLUMNS} FROM loans l ${NAMES}
             WHERE l.tenant_id = ? AND ${inJson('l.number')} ORDER BY l.number`,
            tenantId,
            json(numbers),
          )
        : [];
      return { items, total };
    });
  }

  /**
   * Without q: the total from the tallies where they can answer (else counted), then the page's
   * numbers from an index in number order, read from the nearer end. A pool is a teacher's few groups:
   * `+l.number` makes SQLite read those groups' index ranges and sort them, rather than walk the whole
   * tenant in number order.
   */
  private numbers(tenantId: string, filter: LoanFilter, limit: number, offset: number) {
    const where = filterWhere(tenantId, filter);
    const q = {
      column: 'l.number',
      fromWhere: `FROM loans l ${where}`,
      params: where.params,
      orderBy: filter.poolGroupIds ? '+l.number' : 'l.number',
    };
    const total = this.tallies.total(tenantId, filter) ?? count(this.sql, q.fromWhere, q.params);
    return { numbers: pageNearerEnd<number>(this.sql, q, total, limit, offset), total };
  }
}
