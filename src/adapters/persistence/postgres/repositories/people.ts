import type { Person } from '../../../../domain/people/person.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type {
  PersonCursor,
  PersonFilter,
  PersonRepository,
  PersonSearch,
} from '../../../../ports/repositories/people.js';
import {
  count,
  fromKeys,
  insertMany,
  pageOf,
  query,
  queryOne,
  updateMany,
  Where,
  type Column,
  type Queryable,
} from '../sql.js';

const COLUMNS = `id, name, email, kind, user_group AS "userGroup", external_id AS "externalId",
  archived_at AS "archivedAt"`;

/** Lists are ordered by name then id, bytewise, as the people_tenant_name_idx index holds them. */
const ORDER = 'name COLLATE "C", id COLLATE "C"';

/**
 * The expression of the people_search_trgm_idx index (optionally with a table alias such as `p.`),
 * which holds every field free text searches (see Where.contains).
 */
export const personSearchText = (alias = ''): string =>
  `(${alias}name || ' ' || coalesce(${alias}email, '') || ' ' || coalesce(${alias}external_id, ''))`;

/** Every column but the id and the tenant: what an update writes. */
const fields: Column<Person>[] = [
  ['name', 'text', (p) => p.name],
  ['email', 'text', (p) => p.email],
  ['kind', 'text', (p) => p.kind],
  ['user_group', 'text', (p) => p.userGroup],
  ['external_id', 'text', (p) => p.externalId],
  ['archived_at', 'text', (p) => p.archivedAt],
];

const columns = (tenantId: string): Column<Person>[] => [
  ['id', 'text', (p) => p.id],
  ['tenant_id', 'text', () => tenantId],
  ...fields,
];

const UNIQUES = { people_pkey: 'person id', people_tenant_external_id_key: 'person with external id' };

function filterWhere(tenantId: string, f: PersonFilter): Where {
  const where = new Where().add('tenant_id = ?', tenantId);
  if (f.q) where.contains(f.q, ['name', 'email', 'external_id'], personSearchText());
  if (f.kind) where.add('kind = ?', f.kind);
  if (f.userGroup) where.add('user_group = ?', f.userGroup);
  if (!f.includeArchived) where.add('archived_at IS NULL');
  return where;
}

export class PgPersonRepository implements PersonRepository {
  constructor(private readonly db: Queryable) {}

  insertMany(tenantId: string, people: readonly Person[]): Promise<void> {
    return insertMany(this.db, 'people', columns(tenantId), people, UNIQUES);
  }

  async findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<Person | null> {
    const lock = opts.forUpdate ? ' FOR UPDATE' : '';
    return queryOne<Person>(this.db, `SELECT ${COLUMNS} FROM people WHERE tenant_id = $1 AND id = $2${lock}`, [
      tenantId,
      id,
    ]);
  }

  async search(tenantId: string, search: PersonSearch): Promise<Person[]> {
    const where = filterWhere(tenantId, search);
    const limit = where.param(search.limit);
    const sql = `SELECT ${COLUMNS} FROM people ${where} ORDER BY ${ORDER} LIMIT ${limit}`;
    return (await query<Person>(this.db, sql, where.params)).rows;
  }

  list(tenantId: string, filter: PersonFilter, page: PageRequest): Promise<Page<Person>> {
    const where = filterWhere(tenantId, filter);
    return pageOf<Person>(this.db, { columns: COLUMNS, from: 'people', where, orderBy: ORDER, page });
  }

  async scan(tenantId: string, filter: PersonFilter, after: PersonCursor | null, limit: number): Promise<Person[]> {
    const where = filterWhere(tenantId, filter);
    if (after) where.add('(name COLLATE "C", id COLLATE "C") > (? COLLATE "C", ? COLLATE "C")', after.name, after.id);
    const n = where.param(limit);
    const sql = `SELECT ${COLUMNS} FROM people ${where} ORDER BY ${ORDER} LIMIT ${n}`;
    return (await query<Person>(this.db, sql, where.params)).rows;
  }

  async findByIds(tenantId: string, ids: readonly string[]): Promise<Person[]> {
    if (ids.length === 0) return [];
    const sql = `SELECT ${COLUMNS} ${fromKeys('people', 'people', 'id')}`;
    return (await query<Person>(this.db, sql, [tenantId, [...new Set(ids)]])).rows;
  }

  async findByExternalIds(tenantId: string, externalIds: readonly string[]): Promise<Person[]> {
    if (externalIds.length === 0) return [];
    const sql = `SELECT ${COLUMNS} ${fromKeys('people', 'people', 'external_id')}`;
    return (await query<Person>(this.db, sql, [tenantId, [...new Set(externalIds)]])).rows;
  }

  async findByEmails(tenantId: string, emails: readonly string[]): Promise<Person[]> {
    if (emails.length === 0) return [];
    const sql = `SELECT ${COLUMNS} ${fromKeys('people', 'people', 'email')}`;
    return (await query<Person>(this.db, sql, [tenantId, [...new Set(emails)]])).rows;
  }

  async update(tenantId: string, person: Person): Promise<boolean> {
    return (await this.updateMany(tenantId, [person])) === 1;
  }

  /** Loans follow a new name (the people_loan_names_update trigger). */
  updateMany(tenantId: string, people: readonly Person[]): Promise<number> {
    return updateMany(this.db, 'people', tenantId, fields, people, UNIQUES);
  }

  count(tenantId: string): Promise<number> {
    return count(this.db, 'FROM people WHERE tenant_id = $1', [tenantId]);
  }
}
