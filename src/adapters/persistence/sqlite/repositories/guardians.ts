import type { Guardian } from '../../../../domain/people/guardian.js';
import type { GuardianRepository } from '../../../../ports/repositories/guardians.js';
import { inJson, json, type Sql } from '../sql.js';

const COLUMNS = 'name, email, phone, relationship, external_id AS externalId';

export class SqliteGuardianRepository implements GuardianRepository {
  constructor(private readonly sql: Sql) {}

  async listFor(tenantId: string, personId: string): Promise<Guardian[]> {
    return this.sql.all<Guardian>(
      `SELECT ${COLUMNS} FROM guardians WHERE tenant_id = ? AND person_id = ? ORDER BY position`,
      tenantId,
      personId,
    );
  }

  async listForPeople(tenantId: string, personIds: readonly string[]): Promise<Map<string, Guardian[]>> {
    const byPerson = new Map<string, Guardian[]>();
    if (personIds.length === 0) return byPerson;
    // One JSON array parameter, whatever the number of ids.
    const rows = this.sql.all<Guardian & { personId: string }>(
      `SELECT person_id AS personId, ${COLUMNS} FROM guardians
       WHERE tenant_id = ? AND ${inJson('person_id')} ORDER BY person_id, position`,
      tenantId,
      json([...new Set(personIds)]),
    );
    for (const { personId, ...guardian } of rows) {
      const list = byPerson.get(personId) ?? [];
      list.push(guardian);
      byPerson.set(personId, list);
    }
    return byPerson;
  }

  async replace(tenantId: string, personId: string, guardians: readonly Guardian[]): Promise<void> {
    this.sql.run('DELETE FROM guardians WHERE tenant_id = ? AND person_id = ?', tenantId, personId);
    guardians.forEach((g, i) =>
      this.sql.run(
        `INSERT INTO guardians (tenant_id, person_id, position, name, email, phone, relationship, external_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        tenantId,
        personId,
        i + 1,
        g.name,
        g.email,
        g.phone,
        g.relationship,
        g.externalId,
      ),
    );
  }
}
