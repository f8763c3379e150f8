import type { Guardian } from '../../../../domain/people/guardian.js';
import type { GuardianRepository } from '../../../../ports/repositories/guardians.js';
import { query, type Queryable } from '../sql.js';

const COLUMNS = 'name, email, phone, relationship, external_id AS "externalId"';

export class PgGuardianRepository implements GuardianRepository {
  constructor(private readonly db: Queryable) {}

  async listFor(tenantId: string, personId: string): Promise<Guardian[]> {
    const { rows } = await query<Guardian>(
      this.db,
      `SELECT ${COLUMNS} FROM guardians WHERE tenant_id = $1 AND person_id = $2 ORDER BY position`,
      [tenantId, personId],
    );
    return rows;
  }

  async listForPeople(tenantId: string, personIds: readonly string[]): Promise<Map<string, Guardian[]>> {
    const byPerson = new Map<string, Guardian[]>();
    if (personIds.length === 0) return byPerson;
    const { rows } = await query<Guardian & { personId: string }>(
      this.db,
      `SELECT person_id AS "personId", ${COLUMNS} FROM guardians
       WHERE tenant_id = $1 AND person_id = ANY($2::text[]) ORDER BY person_id, position`,
      [tenantId, [...new Set(personIds)]],
    );
    for (const { personId, ...guardian } of rows) {
      const list = byPerson.get(personId) ?? [];
      list.push(guardian);
      byPerson.set(personId, list);
    }
    return byPerson;
  }

  async replace(tenantId: string, personId: string, guardians: readonly Guardian[]): Promise<void> {
    await query(this.db, 'DELETE FROM guardians WHERE tenant_id = $1 AND person_id = $2', [tenantId, personId]);
    if (guardians.length === 0) return;
    await query(
      this.db,
      `INSERT INTO guardians (tenant_id, person_id, position, name, email, phone, relationship, external_id)
       SELECT $1, $2, g.position, g.name, g.email, g.phone, g.relationship, g.external_id
       FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
         AS g(position, name, email, phone, relationship, external_id)`,
      [
        tenantId,
        personId,
        guardians.map((_, i) => i + 1),
        guardians.map((g) => g.name),
        guardians.map((g) => g.email),
        guardians.map((g) => g.phone),
        guardians.map((g) => g.relationship),
        guardians.map((g) => g.externalId),
      ],
    );
  }
}
