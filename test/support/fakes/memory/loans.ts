import type { Loan, LoanRow } from '../../../../src/domain/loans/loan.js';
import { conflict } from '../../../../src/domain/shared/errors.js';
import type { Page, PageRequest } from '../../../../src/domain/shared/paging.js';
import type {
  GroupLoanCounts,
  LoanCounts,
  LoanFilter,
  LoanRepository,
} from '../../../../src/ports/repositories/loans.js';
import {
  contains,
  copy,
  emptyState,
  insertOwned,
  matches,
  MemoryState,
  pageOf,
  rowsOf,
  updateVersioned,
} from './store.js';

const inPool = (pool: readonly string[] | null, groupId: string): boolean => pool === null || pool.includes(groupId);

const isLoanOverdue = (l: Loan, today: string): boolean =>
  l.status === 'ISSUED' && l.dueDate !== null && l.dueDate < today;

function loanMatches(l: LoanRow, f: LoanFilter): boolean {
  const q = f.q;
  return (
    inPool(f.poolGroupIds, l.groupId) &&
    matches(f.status, l.status) &&
    matches(f.groupId, l.groupId) &&
    matches(f.kind, l.kind) &&
    matches(f.userGroup, l.userGroup ?? undefined) &&
    matches(f.holderId, l.holderId ?? undefined) &&
    (f.overdueBefore === undefined || isLoanOverdue(l, f.overdueBefore)) &&
    (f.dueOn === undefined || (l.status === 'ISSUED' && l.dueDate === f.dueOn)) &&
    (q === undefined ||
      [l.serial, l.holderName, l.groupName].some((v) => contains(v, q)) ||
      (f.qNumber !== undefined && l.number === f.qNumber))
  );
}

export class MemoryLoanRepository implements LoanRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, loans: readonly Loan[]): Promise<void> {
    insertOwned(this.state.loans, tenantId, loans, { 'loan number': (l) => l.number, serial: (l) => l.serial });
  }

  async findByNumber(tenantId: string, number: number): Promise<LoanRow | null> {
    return copy(this.rows(tenantId).find((l) => l.number === number) ?? null);
  }

  async findBySerial(tenantId: string, serial: string): Promise<LoanRow | null> {
    return copy(this.rows(tenantId).find((l) => l.serial === serial) ?? null);
  }

  async findBySerials(tenantId: string, serials: readonly string[]): Promise<LoanRow[]> {
    const wanted = new Set(serials);
    return this.rows(tenantId)
      .filter((l) => wanted.has(l.serial))
      .map(copy);
  }

  async scan(tenantId: string, filter: LoanFilter, after: number, limit: number): Promise<LoanRow[]> {
    return this.rows(tenantId)
      .filter((l) => l.number > after && loanMatches(l, filter))
      .slice(0, limit)
      .map(copy);
  }

  async update(tenantId: string, loan: Loan): Promise<boolean> {
    const others = rowsOf(this.state.loans, tenantId).filter((l) => l.id !== loan.id);
    if (others.some((l) => l.serial === loan.serial)) throw conflict(`serial ${loan.serial} is already taken`);
    return updateVersioned(this.state.loans, tenantId, loan, (stored) => ({
      ...stored,
      serial: loan.serial,
      groupId: loan.groupId,
      status: loan.status,
      holderId: loan.holderId,
      userGroup: loan.userGroup,
      issuedAt: loan.issuedAt,
      dueDate: loan.dueDate,
    }));
  }

  async list(tenantId: string, filter: LoanFilter, page: PageRequest): Promise<Page<LoanRow>> {
    return pageOf(
      this.rows(tenantId).filter((l) => loanMatches(l, filter)),
      page,
    );
  }

  async listAll(tenantId: string, filter: LoanFilter, limit: number): Promise<Page<LoanRow>> {
    return this.list(tenantId, filter, { page: 1, pageSize: limit });
  }

  async counts(tenantId: string, poolGroupIds: readonly string[] | null, today: string): Promise<LoanCounts> {
    const pool = this.rows(tenantId).filter((l) => inPool(poolGroupIds, l.groupId));
    const issued = pool.filter((l) => l.status === 'ISSUED');
    return {
      total: pool.length,
      available: pool.filter((l) => l.status === 'AVAILABLE').length,
      issued: issued.length,
      overdue: issued.filter((l) => isLoanOverdue(l, today)).length,
      withoutDueDate: issued.filter((l) => l.dueDate === null).length,
    };
  }

  async countsByGroup(
    tenantId: string,
    poolGroupIds: readonly string[] | null,
    today: string,
  ): Promise<GroupLoanCounts[]> {
    const groupIds = new Set(this.rows(tenantId).map((l) => l.groupId));
    return Promise.all(
      [...groupIds]
        .filter((groupId) => inPool(poolGroupIds, groupId))
        .map(async (groupId) => ({ groupId, ...(await this.counts(tenantId, [groupId], today)) })),
    );
  }

  async listHeldBy(tenantId: string, personId: string): Promise<LoanRow[]> {
    return this.rows(tenantId)
      .filter((l) => l.holderId === personId)
      .map(copy);
  }

  async count(tenantId: string): Promise<number> {
    return rowsOf(this.state.loans, tenantId).length;
  }

  /** The tenant's loans joined with their group and holder names, by number. */
  private rows(tenantId: string): LoanRow[] {
    const groupNames = new Map(rowsOf(this.state.loanGroups, tenantId).map((g) => [g.id, g.name]));
    const personNames = new Map(rowsOf(this.state.people, tenantId).map((p) => [p.id, p.name]));
    return rowsOf(this.state.loans, tenantId)
      .map((l) => ({
        ...l,
        groupName: groupNames.get(l.groupId) ?? '',
        holderName: l.holderId === null ? null : (personNames.get(l.holderId) ?? null),
      }))
      .sort((a, b) => a.number - b.number);
  }
}
