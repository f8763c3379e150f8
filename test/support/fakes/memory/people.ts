import type { Person } from '../../../../src/domain/people/person.js';
import type { Page, PageRequest } from '../../../../src/domain/shared/paging.js';
import type {
  PersonCursor,
  PersonFilter,
  PersonRepository,
  PersonSearch,
} from '../../../../src/ports/repositories/people.js';
import {
  compare,
  contains,
  copy,
  emptyState,
  findRow,
  insertOwned,
  matches,
  MemoryState,
  optionalKey,
  pageOf,
  replaceOwned,
  rowsOf,
} from './store.js';

const PERSON_KEYS = { 'external id': optionalKey<Person>((p) => p.externalId) };

const byNameThenId = (a: Person, b: Person): number => compare(a.name, b.name) || compare(a.id, b.id);

export class MemoryPersonRepository implements PersonRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, people: readonly Person[]): Promise<void> {
    insertOwned(this.state.people, tenantId, people, PERSON_KEYS);
  }

  async findById(tenantId: string, id: string): Promise<Person | null> {
    return copy(findRow(this.state.people, tenantId, id));
  }

  async search(tenantId: string, search: PersonSearch): Promise<Person[]> {
    return this.matching(tenantId, search).slice(0, search.limit).map(copy);
  }

  async list(tenantId: string, filter: PersonFilter, page: PageRequest): Promise<Page<Person>> {
    return pageOf(this.matching(tenantId, filter), page);
  }

  async scan(tenantId: string, filter: PersonFilter, after: PersonCursor | null, limit: number): Promise<Person[]> {
    return this.matching(tenantId, filter)
      .filter((p) => after === null || byNameThenId(p, { ...p, name: after.name, id: after.id }) > 0)
      .slice(0, limit)
      .map(copy);
  }

  async findByIds(tenantId: string, ids: readonly string[]): Promise<Person[]> {
    const wanted = new Set(ids);
    return rowsOf(this.state.people, tenantId)
      .filter((p) => wanted.has(p.id))
      .map(copy);
  }

  async findByExternalIds(tenantId: string, externalIds: readonly string[]): Promise<Person[]> {
    const wanted = new Set(externalIds);
    return rowsOf(this.state.people, tenantId)
      .filter((p) => p.externalId !== null && wanted.has(p.externalId))
      .map(copy);
  }

  async findByEmails(tenantId: string, emails: readonly string[]): Promise<Person[]> {
    const wanted = new Set(emails);
    return rowsOf(this.state.people, tenantId)
      .filter((p) => p.email !== null && wanted.has(p.email))
      .map(copy);
  }

  async update(tenantId: string, person: Person): Promise<boolean> {
    return (await this.updateMany(tenantId, [person])) === 1;
  }

  async updateMany(tenantId: string, people: readonly Person[]): Promise<number> {
    return replaceOwned(this.state.people, tenantId, people, PERSON_KEYS);
  }

  async count(tenantId: string): Promise<number> {
    return rowsOf(this.state.people, tenantId).length;
  }

  private matching(tenantId: string, f: PersonFilter): Person[] {
    const { q } = f;
    return rowsOf(this.state.people, tenantId)
      .filter((p) => !q || [p.name, p.email, p.externalId].some((v) => contains(v, q)))
      .filter((p) => matches(f.kind, p.kind) && matches(f.userGroup, p.userGroup ?? undefined))
      .filter((p) => f.includeArchived === true || p.archivedAt === null)
      .sort(byNameThenId);
  }
}
