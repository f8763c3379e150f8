import type { Agreement } from '../../../../domain/people/agreement.js';
import type { AuditActorType } from '../../../../domain/audit/audit-entry.js';
import type { AgreementRepository } from '../../../../ports/repositories/agreements.js';
import { inJson, json, type Sql } from '../sql.js';

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

const COLUMNS = `id, person_id AS personId, school_year AS schoolYear, signed_at AS signedAt,
  signed_by AS signedBy, recorded_by_type AS recordedByType, recorded_by_id AS recordedById,
  recorded_at AS recordedAt`;

const toAgreement = ({ recordedByType, recordedById, ...r }: Row): Agreement => ({
  ...r,
  recordedBy: { type: recordedByType, id: recordedById },
});

export class SqliteAgreementRepository implements AgreementRepository {
  constructor(private readonly sql: Sql) {}

  async record(tenantId: string, a: Agreement): Promise<void> {
    this.sql.run(
      `INSERT INTO agreements (id, tenant_id, person_id, school_year, signed_at, signed_by,
         recorded_by_type, recorded_by_id, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      a.id,
      tenantId,
      a.personId,
      a.schoolYear,
      a.signedAt,
      a.signedBy,
      a.recordedBy.type,
      a.recordedBy.id,
      a.recordedAt,
    );
  }

  async findForYear(tenantId: string, personId: string, schoolYear: string): Promise<Agreement | null> {
    const row = this.sql.get<Row>(
      `SELECT ${COLUMNS} FROM agreements WHERE tenant_id = ? AND person_id = ? AND school_year = ?
       ORDER BY recorded_at DESC, id DESC LIMIT 1`,
      tenantId,
      personId,
      schoolYear,
    );
    return row ? toAgreement(row) : null;
  }

  async forPeople(tenantId: string, personIds: readonly string[], schoolYear: string): Promise<Map<string, Agreement>> {
    const byPerson = new Map<string, Agreement>();
    if (personIds.length === 0) return byPerson;
    // Oldest first, so the newest recorded for each person is the one left in the map.
    const rows = this.sql.all<Row>(
      `SELECT ${COLUMNS} FROM agreements WHERE tenant_id = ? AND school_year = ? AND ${inJson('person_id')}
       ORDER BY recorded_at, id`,
      tenantId,
      schoolYear,
      json([...new Set(personIds)]),
    );
    for (const row of rows) byPerson.set(row.personId, toAgreement(row));
    return byPerson;
  }
}
