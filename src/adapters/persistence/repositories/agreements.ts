import type { AuditActorType } from '../../../domain/audit/audit-entry.js';
import type { Agreement } from '../../../domain/people/agreement.js';
import type { AgreementRepository } from '../../../ports/repositories/agreements.js';
import type { Column, Db } from '../sql/db.js';

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

const columns = (tenantId: string): Column<Agreement>[] => [
  ['id', 'text', (a) => a.id],
  ['tenant_id', 'text', () => tenantId],
  ['person_id', 'text', (a) => a.personId],
  ['school_year', 'text', (a) => a.schoolYear],
  ['signed_at', 'text', (a) => a.signedAt],
  ['signed_by', 'text', (a) => a.signedBy],
  ['recorded_by_type', 'text', (a) => a.recordedBy.type],
  ['recorded_by_id', 'text', (a) => a.recordedBy.id],
  ['recorded_at', 'text', (a) => a.recordedAt],
];

const toAgreement = ({ recordedByType, recordedById, ...r }: Row): Agreement => ({
  ...r,
  recordedBy: { type: recordedByType, id: recordedById },
});

/**
 * Pupils' acceptable-use agreements, on either dialect: one row per recording, kept as history; the
 * newest recorded for a school year (then the greater id, bytewise) is the one that counts.
 */
export class SqlAgreementRepository implements AgreementRepository {
  /** Oldest first: the one that counts comes last. */
  private readonly order: string;

  constructor(private readonly db: Db) {
    this.order = `recorded_at, ${db.bytewise('id')}`;
  }

  record(tenantId: string, a: Agreement): Promise<void> {
    return this.db.insertMany('agreements', columns(tenantId), [a], 'agreement');
  }

  async findForYear(tenantId: string, personId: string, schoolYear: string): Promise<Agreement | null> {
    const row = await this.db.one<Row>(
      `SELECT ${COLUMNS} FROM agreements WHERE tenant_id = ? AND person_id = ? AND school_year = ?
       ORDER BY recorded_at DESC, ${this.db.bytewise('id')} DESC LIMIT 1`,
      [tenantId, personId, schoolYear],
    );
    return row && toAgreement(row);
  }

  async forPeople(tenantId: string, personIds: readonly string[], schoolYear: string): Promise<Map<string, Agreement>> {
    const byPerson = new Map<string, Agreement>();
    if (personIds.length === 0) return byPerson;
    // Every recording, oldest first, so that the one left in the map for each person is the one that
    // counts: a pupil is recorded again so seldom that picking in SQL would save next to nothing.
    const where = this.db
      .where()
      .add('tenant_id = ? AND school_year = ?', tenantId, schoolYear)
      .in('person_id', [...new Set(personIds)]);
    const rows = await this.db.all<Row>(
      `SELECT ${COLUMNS} FROM agreements ${where} ORDER BY ${this.order}`,
      where.params,
    );
    for (const row of rows) byPerson.set(row.personId, toAgreement(row));
    return byPerson;
  }
}
