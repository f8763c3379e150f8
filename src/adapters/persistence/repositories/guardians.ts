import type { Guardian } from '../../../domain/people/guardian.js';
import type { GuardianRepository } from '../../../ports/repositories/guardians.js';
import type { Column, Db } from '../sql/db.js';

const COLUMNS = 'name, email, phone, relationship, external_id AS "externalId"';

/** A guardian as stored: its place in the pupil's list (1, 2…). */
type Placed = Guardian & { readonly position: number };

const columns = (tenantId: string, personId: string): Column<Placed>[] => [
  ['tenant_id', 'text', () => tenantId],
  ['person_id', 'text', () => personId],
  ['position', 'int', (g) => g.position],
  ['name', 'text', (g) => g.name],
  ['email', 'text', (g) => g.email],
  ['phone', 'text', (g) => g.phone],
  ['relationship', 'text', (g) => g.relationship],
  ['external_id', 'text', (g) => g.externalId],
];

/** Pupils' guardians, on either dialect, in the order the school gave them (their position). */
export class SqlGuardianRepository implements GuardianRepository {
  constructor(private readonly db: Db) {}

  listFor(tenantId: string, personId: string): Promise<Guardian[]> {
    return this.db.all<Guardian>(
      `SELECT ${COLUMNS} FROM guardians WHERE tenant_id = ? AND person_id = ? ORDER BY position`,
      [tenantId, personId],
    );
  }

  async listForPeople(tenantId: string, personIds: readonly string[]): Promise<Map<string, Guardian[]>> {
    const byPerson = new Map<string, Guardian[]>();
    if (personIds.length === 0) return byPerson;
    const where = this.db
      .where()
      .add('tenant_id = ?', tenantId)
      .in('person_id', [...new Set(personIds)]);
    const rows = await this.db.all<Guardian & { personId: string }>(
      `SELECT person_id AS "personId", ${COLUMNS} FROM guardians ${where} ORDER BY person_id, position`,
      where.params,
    );
    for (const { personId, ...guardian } of rows) {
      const list = byPerson.get(personId) ?? [];
      list.push(guardian);
      byPerson.set(personId, list);
    }
    return byPerson;
  }

  async replace(tenantId: string, personId: string, guardians: readonly Guardian[]): Promise<void> {
    await this.db.run('DELETE FROM guardians WHERE tenant_id = ? AND person_id = ?', [tenantId, personId]);
    const placed = guardians.map((g, i): Placed => ({ ...g, position: i + 1 }));
    await this.db.insertMany('guardians', columns(tenantId, personId), placed, 'guardian');
  }
}
