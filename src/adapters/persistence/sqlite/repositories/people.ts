import type { Person } from '../../../../domain/people/person.js';
import type { PersonRepository, PersonSearch } from '../../../../ports/repositories.js';
import { conflictOf, containsText, Where, type Sql } from '../sql.js';

const COLUMNS = 'id, name, email, kind, user_group AS userGroup, external_id AS externalId';

export class SqlitePersonRepository implements PersonRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, people: readonly Person[]): Promise<void> {
    const insert = this.sql.statement(
      'INSERT INTO people (id, tenant_id, name, email, kind, user_group, external_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.sql.atomic(() => {
      for (const p of people) {
        try {
          insert.run(p.id, tenantId, p.name, p.email, p.kind, p.userGroup, p.externalId);
        } catch (error) {
          throw conflictOf(error, 'person', { id: p.id });
        }
      }
    });
  }

  async findById(tenantId: string, id: string): Promise<Person | null> {
    return this.sql.get<Person>(`SELECT ${COLUMNS} FROM people WHERE tenant_id = ? AND id = ?`, tenantId, id);
  }

  async search(tenantId: string, search: PersonSearch): Promise<Person[]> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (search.q) where.add(...containsText(['name', 'email', 'external_id'], search.q));
    if (search.kind) where.add('kind = ?', search.kind);
    if (search.userGroup) where.add('user_group = ?', search.userGroup);
    return this.sql.all<Person>(
      `SELECT ${COLUMNS} FROM people ${where.sql} ORDER BY name, id LIMIT ?`,
      ...where.params,
      search.limit,
    );
  }

  async count(tenantId: string): Promise<number> {
    return this.sql.number('SELECT count(*) FROM people WHERE tenant_id = ?', tenantId);
  }
}
