import type { Person } from '../../../domain/people/person.js';
import type { Page, PageRequest } from '../../../domain/shared/paging.js';
import type { PersonCursor, PersonFilter, PersonRepository, PersonSearch } from '../../../ports/repositories/people.js';
import type { Column, Db } from '../sql/db.js';

const COLUMNS = `id, name, email, kind, user_group AS "userGroup", external_id AS "externalId",
  archived_at AS "archivedAt"`;

/**
 * The expression of Postgres's people_search_trgm_idx index (optionally with a table alias such as
 * `p.`), which holds every field free text searches (Where.contains).
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

/** People, on either dialect; lists by name then id, bytewise, as the tenant's name index holds them. */
export class SqlPersonRepository implements PersonRepository {
  private readonly order: string;

  constructor(private readonly db: Db) {
    this.order = `${db.bytewise('name')}, ${db.bytewise('id')}`;
  }

  insertMany(tenantId: string, people: readonly Person[]): Promise<void> {
    return this.db.insertMany('people', columns(tenantId), people, 'person');
  }

  findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<Person | null> {
    const lock = opts.forUpdate ? this.db.lock() : '';
    return this.db.one<Person>(`SELECT ${COLUMNS} FROM people WHERE tenant_id = ? AND id = ?${lock}`, [tenantId, id]);
  }

  search(tenantId: string, search: PersonSearch): Promise<Person[]> {
    const where = this.filterWhere(tenantId, search);
    const sql = `SELECT ${COLUMNS} FROM people ${where} ORDER BY ${this.order} LIMIT ?`;
    return this.db.all<Person>(sql, [...where.params, search.limit]);
  }

  list(tenantId: string, filter: PersonFilter, page: PageRequest): Promise<Page<Person>> {
    const where = this.filterWhere(tenantId, filter);
    return this.db.page<Person>({ columns: COLUMNS, from: 'people', where, orderBy: this.order, page });
  }

  scan(tenantId: string, filter: PersonFilter, after: PersonCursor | null, limit: number): Promise<Person[]> {
    const where = this.filterWhere(tenantId, filter);
    const b = (e: string) => this.db.bytewise(e);
    if (after) where.add(`(${b('name')}, ${b('id')}) > (${b('?')}, ${b('?')})`, after.name, after.id);
    const sql = `SELECT ${COLUMNS} FROM people ${where} ORDER BY ${this.order} LIMIT ?`;
    return this.db.all<Person>(sql, [...where.params, limit]);
  }

  findByIds(tenantId: string, ids: readonly string[]): Promise<Person[]> {
    return this.byKeys(tenantId, 'id', ids);
  }

  findByExternalIds(tenantId: string, externalIds: readonly string[]): Promise<Person[]> {
    return this.byKeys(tenantId, 'external_id', externalIds);
  }

  findByEmails(tenantId: string, emails: readonly string[]): Promise<Person[]> {
    return this.byKeys(tenantId, 'email', emails);
  }

  async update(tenantId: string, person: Person): Promise<boolean> {
    return (await this.updateMany(tenantId, [person])) === 1;
  }

  /** Loans follow a new name into their search text (each dialect's trigger). */
  updateMany(tenantId: string, people: readonly Person[]): Promise<number> {
    return this.db.updateMany('people', tenantId, fields, people, 'person');
  }

  count(tenantId: string): Promise<number> {
    return this.db.count('FROM people WHERE tenant_id = ?', [tenantId]);
  }

  private byKeys(tenantId: string, column: string, keys: readonly string[]): Promise<Person[]> {
    if (keys.length === 0) return Promise.resolve([]);
    const from = this.db.fromKeys('people', 'people', column, { primaryKey: column === 'id' });
    return this.db.all<Person>(`SELECT ${COLUMNS} ${from}`, [tenantId, this.db.list([...new Set(keys)])]);
  }

  private filterWhere(tenantId: string, f: PersonFilter) {
    const where = this.db.where().add('tenant_id = ?', tenantId);
    if (f.q) where.contains(f.q, ['name', 'email', 'external_id'], personSearchText());
    if (f.kind) where.add('kind = ?', f.kind);
    if (f.userGroup) where.add('user_group = ?', f.userGroup);
    if (!f.includeArchived) where.add('archived_at IS NULL');
    return where;
  }
}
