import type { Agreement } from '../../../../domain/people/agreement.js';
import type { AuditActorType } from '../../../../domain/audit/audit-entry.js';
import type { AgreementRepository } from '../../../../ports/repositories/agreements.js';
import { query, type Queryable } from '../sql.js';

interface Row {
  id: string;
  personId: string;
  schoolYear: string;
  signedAt: string;
  signedBy: string;
  recordedByType: AuditActorType;
  recordedById: string;
  recordedAt: string;
}

const COLUMNS = `id, person_id AS "personId", school_year AS "schoolYear", signed_at AS "signedAt",
  signed_by AS "signedBy", recorded_by_type AS "recordedByType", recorded_by_id AS "recordedById",
  recorded_at AS "recordedAt"`;

const toAgreement = ({ recordedByType, recordedById, ...r }: Row): Agreement => ({
  ...r,
  recordedBy: { type: recordedByType, id: recordedById },
});

export class PgAgreementRepository implements AgreementRepository {
  constructor(private readonly db: Queryable) {}

  async record(tenantId: string, a: Agreement): Promise<void> {
    await query(
      this.db,
      `INSERT INTO agreements (id, tenant_id, person_id, school_year, signed_at, signed_by,
         recorded_by_type, recorded_by_id, recorded_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [a.id, tenantId, a.personId, a.schoolYear, a.signedAt, a.signedBy, a.recordedBy.type, a.recordedBy.id, a.recordedAt],
    );
  }

  async findForYear(tenantId: string, personId: string, schoolYear: string): Promise<Agreement | null> {
    const { rows } = await query<Row>(
      this.db,
      `SELECT ${COLUMNS} FROM agreements WHERE tenant_id = $1 AND person_id = $2 AND school_year = $3
       ORDER BY recorded_at DESC, id COLLATE "C" DESC LIMIT 1`,
      [tenantId, personId, schoolYear],
    );
    return rows[0] ? toAgreement(rows[0]) : null;
  }

  async forPeople(tenantId: string, personIds: readonly string[], schoolYear: string): Promise<Map<string, Agreement>> {
    const byPerson = new Map<string, Agreement>();
    if (personIds.length === 0) return byPerson;
    const { rows } = await query<Row>(
      this.db,
      `SELECT DISTINCT ON (person_id) ${COLUMNS} FROM agreements
       WHERE tenant_id = $1 AND school_year = $2 AND person_id = ANY($3::text[])
       ORDER BY person_id, recorded_at DESC, id COLLATE "C" DESC`,
      [tenantId, schoolYear, [...new Set(personIds)]],
    );
    for (const row of rows) byPerson.set(row.personId, toAgreement(row));
    return byPerson;
  }
}
