import type { Person } from '../../../../domain/people/person.js';
import type { PersonRepository, PersonSearch } from '../../../../ports/repositories.js';
import { count, insertMany, query, queryOne, Where, type Column, type Queryable } from '../sql.js';

const COLUMNS = 'id, name, email, kind, user_group AS "userGroup", external_id AS "externalId"';

/**
 * The expression of the people_search_trgm_idx index (optionally with a table alias such as `p.`),
 * which holds every field free text searches (see Where.contains).
 */
export const personSearchText = (alias = ''): string =>
  `(${alias}name || ' ' || coalesce(${alias}email, '') || ' ' || coalesce(${alias}external_id, ''))`;

const columns = (tenantId: string): Column<Person>[] => [
  ['id', 'text', (p) => p.id],
  ['tenant_id', 'text', () => tenantId],
  ['name', 'text', (p) => p.name],
  ['email', 'text', (p) => p.email],
  ['kind', 'text', (p) => p.kind],
  ['user_group', 'text', (p) => p.userGroup],
  ['external_id', 'text', (p) => p.externalId],
];

export class PgPersonRepository implements PersonRepository {
  constructor(private readonly db: Queryable) {}

  insertMany(tenantId: string, people: readonly Person[]): Promise<void> {
    return insertMany(this.db, 'people', columns(tenantId), people, { people_pkey: 'person id' });
  }

  async findById(tenantId: string, id: string): Promise<Person | null> {
    return queryOne<Person>(this.db, `SELECT ${COLUMNS} FROM people WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  async search(tenantId: string, search: PersonSearch): Promise<Person[]> {
    const where = new Where().add('tenant_id = ?', tenantId);
    where.contains(search.q, ['name', 'email', 'external_id'], personSearchText());
    if (search.kind) where.add('kind = ?', search.kind);
    if (search.userGroup) where.add('user_group = ?', search.userGroup);
    const limit = where.param(search.limit);
    const sql = `SELECT ${COLUMNS} FROM people ${where} ORDER BY name COLLATE "C", id COLLATE "C" LIMIT ${limit}`;
    return (await query<Person>(this.db, sql, where.params)).rows;
  }

  count(tenantId: string): Promise<number> {
    return count(this.db, 'FROM people WHERE tenant_id = $1', [tenantId]);
  }
}
