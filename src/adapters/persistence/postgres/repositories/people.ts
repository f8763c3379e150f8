import type { Person } from '../../../../domain/people/person.js';
import type { PersonRepository, PersonSearch } from '../../../../ports/repositories.js';
import { containsPattern, count, insertMany, query, queryOne, Where, type Column, type Queryable } from '../sql.js';

interface PersonRecord {
  id: string;
  name: string;
  email: string | null;
  kind: Person['kind'];
  user_group: string | null;
  external_id: string | null;
}

const SELECT = 'SELECT id, name, email, kind, user_group, external_id FROM people';

/**
 * The expression of the people_search_trgm_idx index (optionally with a table alias such as `p.`).
 * Text found in any field is found in it, so `personSearchText() ILIKE q` narrows the candidates
 * through the index; the per-field ILIKEs then keep the exact rule (text spanning two fields does
 * not count).
 */
export const personSearchText = (alias = ''): string =>
  `(${alias}name || ' ' || coalesce(${alias}email, '') || ' ' || coalesce(${alias}external_id, ''))`;

const toPerson = (r: PersonRecord): Person => ({
  id: r.id,
  name: r.name,
  email: r.email,
  kind: r.kind,
  userGroup: r.user_group,
  externalId: r.external_id,
});

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
    const row = await queryOne<PersonRecord>(this.db, `${SELECT} WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return row && toPerson(row);
  }

  async search(tenantId: string, search: PersonSearch): Promise<Person[]> {
    const where = new Where().add('tenant_id = ?', tenantId);
    const q = where.param(containsPattern(search.q));
    where.add(`${personSearchText()} ILIKE ${q}`);
    where.add(`(name ILIKE ${q} OR email ILIKE ${q} OR external_id ILIKE ${q})`);
    if (search.kind) where.add('kind = ?', search.kind);
    if (search.userGroup) where.add('user_group = ?', search.userGroup);
    const limit = where.param(search.limit);
    const { rows } = await query<PersonRecord>(
      this.db,
      `${SELECT} ${where} ORDER BY name COLLATE "C", id COLLATE "C" LIMIT ${limit}`,
      where.params,
    );
    return rows.map(toPerson);
  }

  count(tenantId: string): Promise<number> {
    return count(this.db, 'FROM people WHERE tenant_id = $1', [tenantId]);
  }
}
