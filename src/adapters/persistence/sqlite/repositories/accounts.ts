import type { AccountEntry, Coverage, OutstandingBalance } from '../../../../domain/accounts/account-entry.js';
import { offsetOf, type Page, type PageRequest } from '../../../../domain/shared/paging.js';
import type { AccountRepository } from '../../../../ports/repositories/accounts.js';
import type { Sql } from '../sql.js';

const ENTRY_COLUMNS = `id, person_id AS personId, kind, amount_minor AS amountMinor, reason,
  gross_minor AS grossMinor, covered_minor AS coveredMinor, plan, claim_year AS claimYear,
  submission_id AS submissionId, loan_number AS loanNumber, method, reference, charge_id AS chargeId,
  recorded_by AS recordedBy, recorded_at AS recordedAt`;

const COVERAGE_COLUMNS = `person_id AS personId, school_year AS schoolYear, plan, recorded_by AS recordedBy,
  recorded_at AS recordedAt`;

// Per person: what was charged and what was paid or waived, for those who owe.
const OWING = `SELECT person_id,
    sum(CASE WHEN kind = 'charge' THEN amount_minor ELSE 0 END) AS charged,
    sum(CASE WHEN kind = 'charge' THEN 0 ELSE amount_minor END) AS credited
  FROM account_entries WHERE tenant_id = ? GROUP BY person_id
  HAVING sum(CASE WHEN kind = 'charge' THEN amount_minor ELSE -amount_minor END) > 0`;

export class SqliteAccountRepository implements AccountRepository {
  constructor(private readonly sql: Sql) {}

  async append(tenantId: string, e: AccountEntry): Promise<void> {
    this.sql.run(
      `INSERT INTO account_entries (id, tenant_id, person_id, seq, kind, amount_minor, reason, gross_minor,
         covered_minor, plan, claim_year, submission_id, loan_number, method, reference, charge_id, recorded_by,
         recorded_at)
       VALUES (?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM account_entries WHERE tenant_id = ? AND person_id = ?),
         ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      e.id,
      tenantId,
      e.personId,
      tenantId,
      e.personId,
      e.kind,
      e.amountMinor,
      e.reason,
      e.grossMinor,
      e.coveredMinor,
      e.plan,
      e.claimYear,
      e.submissionId,
      e.loanNumber,
      e.method,
      e.reference,
      e.chargeId,
      e.recordedBy,
      e.recordedAt,
    );
  }

  async balance(tenantId: string, personId: string): Promise<number> {
    return this.sql.number(
      `SELECT coalesce(sum(CASE WHEN kind = 'charge' THEN amount_minor ELSE -amount_minor END), 0)
       FROM account_entries WHERE tenant_id = ? AND person_id = ?`,
      tenantId,
      personId,
    );
  }

  async entriesOf(tenantId: string, personId: string): Promise<AccountEntry[]> {
    return this.sql.all<AccountEntry>(
      `SELECT ${ENTRY_COLUMNS} FROM account_entries WHERE tenant_id = ? AND person_id = ? ORDER BY seq DESC`,
      tenantId,
      personId,
    );
  }

  async findEntry(tenantId: string, id: string): Promise<AccountEntry | null> {
    return this.sql.get<AccountEntry>(
      `SELECT ${ENTRY_COLUMNS} FROM account_entries WHERE tenant_id = ? AND id = ?`,
      tenantId,
      id,
    );
  }

  async waivedOf(tenantId: string, chargeId: string): Promise<number> {
    return this.sql.number(
      `SELECT coalesce(sum(amount_minor), 0) FROM account_entries
       WHERE tenant_id = ? AND kind = 'waiver' AND charge_id = ?`,
      tenantId,
      chargeId,
    );
  }

  async claimsUsed(tenantId: string, personId: string, schoolYear: string): Promise<number> {
    return this.sql.number(
      `SELECT count(*) FROM account_entries
       WHERE tenant_id = ? AND person_id = ? AND kind = 'charge' AND claim_year = ?`,
      tenantId,
      personId,
      schoolYear,
    );
  }

  async outstanding(tenantId: string, page: PageRequest): Promise<Page<OutstandingBalance>> {
    // The oldest unsettled charge: the first whose running total of charges exceeds what was credited.
    const items = this.sql.all<OutstandingBalance>(
      `WITH owing AS (${OWING}),
       running AS (
         SELECT e.person_id, e.recorded_at,
           sum(e.amount_minor) OVER (PARTITION BY e.person_id ORDER BY e.seq ROWS UNBOUNDED PRECEDING) AS upto
         FROM account_entries e JOIN owing o ON o.person_id = e.person_id
         WHERE e.tenant_id = ? AND e.kind = 'charge')
       SELECT p.id AS personId, p.name, p.user_group AS userGroup, o.charged - o.credited AS balanceMinor,
         (SELECT min(r.recorded_at) FROM running r WHERE r.person_id = o.person_id AND r.upto > o.credited)
           AS oldestChargeAt
       FROM owing o JOIN people p ON p.tenant_id = ? AND p.id = o.person_id
       ORDER BY oldestChargeAt, p.name, p.id LIMIT ? OFFSET ?`,
      tenantId,
      tenantId,
      tenantId,
      page.pageSize,
      offsetOf(page),
    );
    const total = this.sql.number(`SELECT count(*) FROM (${OWING})`, tenantId);
    return { items, total };
  }

  async coverageOf(tenantId: string, personId: string, schoolYear: string): Promise<Coverage | null> {
    return this.sql.get<Coverage>(
      `SELECT ${COVERAGE_COLUMNS} FROM coverages WHERE tenant_id = ? AND person_id = ? AND school_year = ?`,
      tenantId,
      personId,
      schoolYear,
    );
  }

  async putCoverage(tenantId: string, c: Coverage): Promise<void> {
    this.sql.run(
      `INSERT INTO coverages (tenant_id, person_id, school_year, plan, recorded_by, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id, person_id, school_year)
       DO UPDATE SET plan = excluded.plan, recorded_by = excluded.recorded_by, recorded_at = excluded.recorded_at`,
      tenantId,
      c.personId,
      c.schoolYear,
      c.plan,
      c.recordedBy,
      c.recordedAt,
    );
  }

  async deleteCoverage(tenantId: string, personId: string, schoolYear: string): Promise<boolean> {
    const { changes } = this.sql.run(
      'DELETE FROM coverages WHERE tenant_id = ? AND person_id = ? AND school_year = ?',
      tenantId,
      personId,
      schoolYear,
    );
    return changes > 0;
  }
}
