import type { AccountEntry, Coverage, OutstandingBalance } from '../../../../domain/accounts/account-entry.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { AccountRepository } from '../../../../ports/repositories/accounts.js';
import { pageBounds, query, queryOne, type Queryable } from '../sql.js';

// Aliased to the domain's names (bigint reads as a number: pg-database.ts).
const ENTRY_COLUMNS = `id, person_id AS "personId", kind, amount_minor AS "amountMinor", reason,
  gross_minor AS "grossMinor", covered_minor AS "coveredMinor", plan, claim_year AS "claimYear",
  submission_id AS "submissionId", loan_number AS "loanNumber", method, reference, charge_id AS "chargeId",
  recorded_by AS "recordedBy", recorded_at AS "recordedAt"`;

const COVERAGE_COLUMNS = `person_id AS "personId", school_year AS "schoolYear", plan, recorded_by AS "recordedBy",
  recorded_at AS "recordedAt"`;

// Per person: what was charged and what was paid or waived, for those who owe.
const OWING = `SELECT person_id,
    sum(CASE WHEN kind = 'charge' THEN amount_minor ELSE 0 END)::bigint AS charged,
    sum(CASE WHEN kind = 'charge' THEN 0 ELSE amount_minor END)::bigint AS credited
  FROM account_entries WHERE tenant_id = $1 GROUP BY person_id
  HAVING sum(CASE WHEN kind = 'charge' THEN amount_minor ELSE -amount_minor END) > 0`;

export class PgAccountRepository implements AccountRepository {
  constructor(private readonly db: Queryable) {}

  async append(tenantId: string, e: AccountEntry): Promise<void> {
    await query(
      this.db,
      `INSERT INTO account_entries (id, tenant_id, person_id, seq, kind, amount_minor, reason, gross_minor,
         covered_minor, plan, claim_year, submission_id, loan_number, method, reference, charge_id, recorded_by,
         recorded_at)
       VALUES ($1, $2, $3,
         (SELECT coalesce(max(seq), 0) + 1 FROM account_entries WHERE tenant_id = $2 AND person_id = $3),
         $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [
        e.id,
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
      ],
    );
  }

  async balance(tenantId: string, personId: string): Promise<number> {
    const row = await queryOne<{ n: number }>(
      this.db,
      `SELECT coalesce(sum(CASE WHEN kind = 'charge' THEN amount_minor ELSE -amount_minor END), 0)::bigint AS n
       FROM account_entries WHERE tenant_id = $1 AND person_id = $2`,
      [tenantId, personId],
    );
    return Number(row?.n ?? 0);
  }

  async entriesOf(tenantId: string, personId: string): Promise<AccountEntry[]> {
    const { rows } = await query<AccountEntry>(
      this.db,
      `SELECT ${ENTRY_COLUMNS} FROM account_entries WHERE tenant_id = $1 AND person_id = $2 ORDER BY seq DESC`,
      [tenantId, personId],
    );
    return rows;
  }

  async findEntry(tenantId: string, id: string): Promise<AccountEntry | null> {
    return queryOne<AccountEntry>(
      this.db,
      `SELECT ${ENTRY_COLUMNS} FROM account_entries WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
  }

  async waivedOf(tenantId: string, chargeId: string): Promise<number> {
    const row = await queryOne<{ n: number }>(
      this.db,
      `SELECT coalesce(sum(amount_minor), 0)::bigint AS n FROM account_entries
       WHERE tenant_id = $1 AND kind = 'waiver' AND charge_id = $2`,
      [tenantId, chargeId],
    );
    return Number(row?.n ?? 0);
  }

  async claimsUsed(tenantId: string, personId: string, schoolYear: string): Promise<number> {
    const row = await queryOne<{ n: number }>(
      this.db,
      `SELECT count(*)::int AS n FROM account_entries
       WHERE tenant_id = $1 AND person_id = $2 AND kind = 'charge' AND claim_year = $3`,
      [tenantId, personId, schoolYear],
    );
    return row?.n ?? 0;
  }

  async outstanding(tenantId: string, page: PageRequest): Promise<Page<OutstandingBalance>> {
    const { limit, offset } = pageBounds(page);
    // The oldest unsettled charge: the first whose running total of charges exceeds what was credited.
    const [items, total] = await Promise.all([
      query<OutstandingBalance>(
        this.db,
        `WITH owing AS (${OWING}),
         running AS (
           SELECT e.person_id, e.recorded_at,
             sum(e.amount_minor) OVER (PARTITION BY e.person_id ORDER BY e.seq ROWS UNBOUNDED PRECEDING) AS upto
           FROM account_entries e JOIN owing o ON o.person_id = e.person_id
           WHERE e.tenant_id = $1 AND e.kind = 'charge')
         SELECT p.id AS "personId", p.name, p.user_group AS "userGroup",
           (o.charged - o.credited)::bigint AS "balanceMinor",
           (SELECT min(r.recorded_at) FROM running r WHERE r.person_id = o.person_id AND r.upto > o.credited)
             AS "oldestChargeAt"
         FROM owing o JOIN people p ON p.tenant_id = $1 AND p.id = o.person_id
         ORDER BY "oldestChargeAt", p.name COLLATE "C", p.id COLLATE "C" LIMIT ${limit} OFFSET ${offset}`,
        [tenantId],
      ),
      queryOne<{ n: number }>(this.db, `SELECT count(*)::int AS n FROM (${OWING}) owing`, [tenantId]),
    ]);
    return { items: items.rows, total: total?.n ?? 0 };
  }

  async coverageOf(tenantId: string, personId: string, schoolYear: string): Promise<Coverage | null> {
    return queryOne<Coverage>(
      this.db,
      `SELECT ${COVERAGE_COLUMNS} FROM coverages WHERE tenant_id = $1 AND person_id = $2 AND school_year = $3`,
      [tenantId, personId, schoolYear],
    );
  }

  async putCoverage(tenantId: string, c: Coverage): Promise<void> {
    await query(
      this.db,
      `INSERT INTO coverages (tenant_id, person_id, school_year, plan, recorded_by, recorded_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (tenant_id, person_id, school_year)
       DO UPDATE SET plan = excluded.plan, recorded_by = excluded.recorded_by, recorded_at = excluded.recorded_at`,
      [tenantId, c.personId, c.schoolYear, c.plan, c.recordedBy, c.recordedAt],
    );
  }

  async deleteCoverage(tenantId: string, personId: string, schoolYear: string): Promise<boolean> {
    const { rowCount } = await query(
      this.db,
      'DELETE FROM coverages WHERE tenant_id = $1 AND person_id = $2 AND school_year = $3',
      [tenantId, personId, schoolYear],
    );
    return (rowCount ?? 0) > 0;
  }
}
