import type { Person } from '../../../../domain/people/person.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type {
  PersonCursor,
  PersonFilter,
  PersonRepository,
  PersonSearch,
} from '../../../../ports/repositories/people.js';
import { count, inJson, insertMany, json, pageOf, updateMany, Where, type Column, type Sql } from '../sql.js';

const COLUMNS = `id, name, email, kind, user_group AS userGroup, external_id AS externalId, archived_at AS archivedAt`;

/** Every column but the id and the tenant: what an update writes. */
const fields: Column<Person>[] = [
  ['name', (p) => p.name],
  ['email', (p) => p.email],
  ['kind', (p) => p.kind],
  ['user_group', (p) => p.userGroup],
  ['external_id', (p) => p.externalId],
  ['archived_at', (p) => p.archivedAt],
];

const columns = (tenantId: string): Column<Person>[] => [['id', (p) => p.id], ['tenant_id', () => tenantId], ...fields];

function filterWhere(tenantId: string, f: PersonFilter): Where {
  const where = new Where().add('tenant_id = ?', tenantId);
  if (f.q) where.contains(f.q, ['name', 'email', 'external_id']);
  if (f.kind) where.add('kind = ?', f.kind);
  if (f.userGroup) where.add('user_group = ?', f.userGroup);
  if (!f.includeArchived) where.add('archived_at IS NULL');
  return where;
}

export class SqlitePersonRepository implements PersonRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, people: readonly Person[]): Promise<void> {
    insertMany(this.sql, 'people', columns(tenantId), people, 'person');
  }

  // No row lock needed: the caller's BEGIN IMMEDIATE already holds the database's write lock.
  async findById(tenantId: string, id: string): Promise<Person | null> {
    return this.sql.get<Person>(`SELECT ${COLUMNS} FROM people WHERE tenant_id = ? AND id = ?`, tenantId, id);
  }

  async search(tenantId: string, search: PersonSearch): Promise<Person[]> {
    const where = filterWhere(tenantId, search);
    return this.sql.all<Person>(
      `SELECT ${COLUMNS} FROM people ${where} ORDER BY name, id LIMIT ?`,
      ...where.params,
      search.limit,
    );
  }

  async list(tenantId: string, filter: PersonFilter, page: PageRequest): Promise<Page<Person>> {
    const where = filterWhere(tenantId, filter);
    return pageOf<Person>(this.sql, { columns: COLUMNS, from: 'people', where, orderBy: 'name, id', page });
  }

  async scan(tenantId: string, filter: PersonFilter, from: PersonCursor | null, limit: number): Promise<Person[]> {
    const where = filterWhere(tenantId, filter);
    if (from) where.add('(name, id) > (?, ?)', from.name, from.id);
    return this.sql.all<Person>(
      `SELECT ${COLUMNS} FROM people ${where} ORDER BY name, id LIMIT ?`,
      ...where.params,
      limit,
    );
  }

  async findByIds(tenantId: string, ids: readonly string[]): Promise<Person[]> {
    if (ids.length === 0) return [];
    return this.sql.all<Person>(
      // `+tenant_id`: look each id up by the primary key, rather than walk the tenant's name index.
      `SELECT ${COLUMNS} FROM people WHERE +tenant_id = ? AND ${inJson('id')}`,
      tenantId,
      json(ids),
    );
  }

  async findByExternalIds(tenantId: string, externalIds: readonly string[]): Promise<Person[]> {
    if (externalIds.length === 0) return [];
    return this.sql.all<Person>(
      `SELECT ${COLUMNS} FROM people WHERE tenant_id = ? AND ${inJson('external_id')}`,
      tenantId,
      json(externalIds),
    );
  }

  async findByEmails(tenantId: string, emails: readonly string[]): Promise<Person[]> {
    if (emails.length === 0) return [];
    return this.sql.all<Person>(
      `SELECT ${COLUMNS} FROM people WHERE tenant_id = ? AND ${inJson('email')}`,
      tenantId,
      json(emails),
    );
  }

  async update(tenantId: string, person: Person): Promise<boolean> {
    return (await this.updateMany(tenantId, [person])) === 1;
  }

  async updateMany(tenantId: string, people: readonly Person[]): Promise<number> {
    // The people_loan_search_name trigger follows a new name into the loan search index.
    return updateMany(this.sql, 'people', tenantId, fields, people, 'person');
  }

  async count(tenantId: string): Promise<number> {
    return count(this.sql, 'FROM people WHERE tenant_id = ?', [tenantId]);
  }
}
