import type { Person } from '../../../../domain/people/person.js';
import type { PersonRepository, PersonSearch } from '../../../../ports/repositories.js';
import { count, insertMany, Where, type Column, type Sql } from '../sql.js';

const COLUMNS = 'id, name, email, kind, user_group AS userGroup, external_id AS externalId';

const columns = (tenantId: string): Column<Person>[] => [
  ['id', (p) => p.id],
  ['tenant_id', () => tenantId],
  ['name', (p) => p.name],
  ['email', (p) => p.email],
  ['kind', (p) => p.kind],
  ['user_group', (p) => p.userGroup],
  ['external_id', (p) => p.externalId],
];

export class SqlitePersonRepository implements PersonRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, people: readonly Person[]): Promise<void> {
    insertMany(this.sql, 'people', columns(tenantId), people, 'person');
  }

  async findById(tenantId: string, id: string): Promise<Person | null> {
    return this.sql.get<Person>(`SELECT ${COLUMNS} FROM people WHERE tenant_id = ? AND id = ?`, tenantId, id);
  }

  async search(tenantId: string, search: PersonSearch): Promise<Person[]> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (search.q) where.contains(search.q, ['name', 'email', 'external_id']);
    if (search.kind) where.add('kind = ?', search.kind);
    if (search.userGroup) where.add('user_group = ?', search.userGroup);
    return this.sql.all<Person>(
      `SELECT ${COLUMNS} FROM people ${where} ORDER BY name, id LIMIT ?`,
      ...where.params,
      search.limit,
    );
  }

  async count(tenantId: string): Promise<number> {
    return count(this.sql, 'FROM people WHERE tenant_id = ?', [tenantId]);
  }
}
