import type { AccountEntry, Coverage, OutstandingBalance } from '../../../domain/accounts/account-entry.js';
import { offsetOf, type Page, type PageRequest } from '../../../domain/shared/paging.js';
import type { AccountRepository } from '../../../ports/repositories/accounts.js';
import type { Column, Db } from '../sql/db.js';

const ENTRY_COLUMNS = `id, person_id AS "personId", kind, amount_minor AS "amountMinor", reason,
  gross_minor AS "grossMinor", covered_minor AS "coveredMinor", plan, claim_year AS "claimYear",
  submission_id AS "submissionId", loan_number AS "loanNumber", method, reference, charge_id AS "chargeId",
  recorded_by AS "recordedBy", recorded_at AS "recordedAt"`;

const COVERAGE_COLUMNS = `person_id AS "personId", school_year AS "schoolYear", plan, recorded_by AS "recordedBy",
  recorded_at AS "recordedAt"`;

/** What an entry stores of itself (its tenant and `seq` are the account's). */
const entryFields: Column<AccountEntry>[] = [
  ['id', 'text', (e) => e.id],
  ['person_id', 'text', (e) => e.personId],
  ['kind', 'text', (e) => e.kind],
  ['amount_minor', 'bigint', (e) => e.amountMinor],
  ['reason', 'text', (e) => e.reason],
  ['gross_minor', 'bigint', (e) => e.grossMinor],
  ['covered_minor', 'bigint', (e) => e.coveredMinor],
  ['plan', 'text', (e) => e.plan],
  ['claim_year', 'text', (e) => e.claimYear],
  ['submission_id', 'text', (e) => e.submissionId],
  ['loan_number', 'int', (e) => e.loanNumber],
  ['method', 'text', (e) => e.method],
  ['reference', 'text', (e) => e.reference],
  ['charge_id', 'text', (e) => e.chargeId],
  ['recorded_by', 'text', (e) => e.recordedBy],
  ['recorded_at', 'text', (e) => e.recordedAt],
];

/**
 * One statement: the entry numbered after the person's last one. The caller holds the person's row
 * lock (see the port), so no one else takes the same `seq` in between.
 */
const APPEND = `INSERT INTO account_entries (tenant_id, ${entryFields.map(([name]) => name).join(', ')}, seq)
  VALUES (?, ${entryFields.map(() => '?').join(', ')},
    (SELECT coalesce(max(seq), 0) + 1 FROM account_entries WHERE tenant_id = ? AND person_id = ?))`;

/** What an entry does to the balance: a charge adds, a payment or a waiver takes off. */
const SIGNED = "CASE WHEN kind = 'charge' THEN amount_minor ELSE -amount_minor END";

// Per person: what was charged and what was paid or waived, for those who owe. Sums are cast back to
// BIGINT: Postgres sums a bigint as numeric, which its driver reads as text.
const OWING = `SELECT person_id,
    CAST(sum(CASE WHEN kind = 'charge' THEN amount_minor ELSE 0 END) AS BIGINT) AS charged,
    CAST(sum(CASE WHEN kind = 'charge' THEN 0 ELSE amount_minor END) AS BIGINT) AS credited
  FROM account_entries WHERE tenant_id = ? GROUP BY person_id
  HAVING sum(${SIGNED}) > 0`;

/**
 * Pupils' accounts, on either dialect: their entries (charges, payments and waivers, appended and
 * never changed, numbered per person by `seq`), their insurance cover per school year, and from
 * these their balances and who owes what.
 */
export class SqlAccountRepository implements AccountRepository {
  /** Who owes what, by their oldest unsettled charge, then name and id bytewise. */
  private readonly owed: string;

  constructor(private readonly db: Db) {
    // The oldest unsettled charge: the first whose running total of charges exceeds what was credited.
    this.owed = `WITH owing AS (${OWING}),
      running AS (
        SELECT e.person_id, e.recorded_at,
          sum(e.amount_minor) OVER (PARTITION BY e.person_id ORDER BY e.seq ROWS UNBOUNDED PRECEDING) AS upto
        FROM account_entries e JOIN owing o ON o.person_id = e.person_id
        WHERE e.tenant_id = ? AND e.kind = 'charge')
      SELECT p.id AS "personId", p.name, p.user_group AS "userGroup", o.charged - o.credited AS "balanceMinor",
        (SELECT min(r.recorded_at) FROM running r WHERE r.person_id = o.person_id AND r.upto > o.credited)
          AS "oldestChargeAt"
      FROM owing o JOIN people p ON p.tenant_id = ? AND p.id = o.person_id
      ORDER BY "oldestChargeAt", ${db.bytewise('p.name')}, ${db.bytewise('p.id')} LIMIT ? OFFSET ?`;
  }

  async append(tenantId: string, e: AccountEntry): Promise<void> {
    await this.db.run(APPEND, [tenantId, ...entryFields.map(([, , value]) => value(e)), tenantId, e.personId]);
  }

  balance(tenantId: string, personId: string): Promise<number> {
    return this.sum(SIGNED, 'FROM account_entries WHERE tenant_id = ? AND person_id = ?', [tenantId, personId]);
  }

  entriesOf(tenantId: string, personId: string): Promise<AccountEntry[]> {
    return this.db.all<AccountEntry>(
      `SELECT ${ENTRY_COLUMNS} FROM account_entries WHERE tenant_id = ? AND person_id = ? ORDER BY seq DESC`,
      [tenantId, personId],
    );
  }

  findEntry(tenantId: string, id: string): Promise<AccountEntry | null> {
    return this.db.one<AccountEntry>(`SELECT ${ENTRY_COLUMNS} FROM account_entries WHERE tenant_id = ? AND id = ?`, [
      tenantId,
      id,
    ]);
  }

  waivedOf(tenantId: string, chargeId: string): Promise<number> {
    const fromWhere = "FROM account_entries WHERE tenant_id = ? AND kind = 'waiver' AND charge_id = ?";
    return this.sum('amount_minor', fromWhere, [tenantId, chargeId]);
  }

  claimsUsed(tenantId: string, personId: string, schoolYear: string): Promise<number> {
    return this.db.count(
      "FROM account_entries WHERE tenant_id = ? AND person_id = ? AND kind = 'charge' AND claim_year = ?",
      [tenantId, personId, schoolYear],
    );
  }

  async outstanding(tenantId: string, page: PageRequest): Promise<Page<OutstandingBalance>> {
    // Side by side on Postgres's pool, as Db.page does.
    const [items, total] = await Promise.all([
      this.db.all<OutstandingBalance>(this.owed, [tenantId, tenantId, tenantId, page.pageSize, offsetOf(page)]),
      this.db.count(`FROM (${OWING}) owing`, [tenantId]),
    ]);
    return { items, total };
  }

  coverageOf(tenantId: string, personId: string, schoolYear: string): Promise<Coverage | null> {
    return this.db.one<Coverage>(
      `SELECT ${COVERAGE_COLUMNS} FROM coverages WHERE tenant_id = ? AND person_id = ? AND school_year = ?`,
      [tenantId, personId, schoolYear],
    );
  }

  async putCoverage(tenantId: string, c: Coverage): Promise<void> {
    await this.db.run(
      `INSERT INTO coverages (tenant_id, person_id, school_year, plan, recorded_by, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id, person_id, school_year)
       DO UPDATE SET plan = excluded.plan, recorded_by = excluded.recorded_by, recorded_at = excluded.recorded_at`,
      [tenantId, c.personId, c.schoolYear, c.plan, c.recordedBy, c.recordedAt],
    );
  }

  async deleteCoverage(tenantId: string, personId: string, schoolYear: string): Promise<boolean> {
    const sql = 'DELETE FROM coverages WHERE tenant_id = ? AND person_id = ? AND school_year = ?';
    return (await this.db.run(sql, [tenantId, personId, schoolYear])) > 0;
  }

  /** `sum(expression)` over `fromWhere` as a number, 0 over no rows (cast: see OWING). */
  private async sum(expression: string, fromWhere: string, params: readonly unknown[]): Promise<number> {
    const sql = `SELECT CAST(coalesce(sum(${expression}), 0) AS BIGINT) AS n ${fromWhere}`;
    return (await this.db.one<{ n: number }>(sql, params))?.n ?? 0;
  }
}
