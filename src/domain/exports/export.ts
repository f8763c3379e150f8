import type { Repositories } from '../../ports/repositories.js';
import type { Person } from '../people/person.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';

/** One cell of an export: text, or null for an empty cell. */
export type ExportCell = string | null;
export type ExportRow = readonly ExportCell[];

/**
 * A CSV export (issue 12, point 9) as the domain gives it to a surface: the file name to offer, the
 * header row, and the rows a page at a time, read from the repositories' keyset scans as the surface
 * asks for them. Nothing is read before the first page is asked for, and never more than a page is
 * held. The pages are not one snapshot: a row changed while the export runs appears as its page
 * finds it (each page is one consistent read).
 */
export interface RecordExport {
  readonly filename: string;
  readonly columns: readonly string[];
  readonly pages: AsyncIterable<readonly ExportRow[]>;
}

/** Rows read per page: one scan query (plus one to name the page's people) per thousand rows. */
export const EXPORT_PAGE_ROWS = 1_000;

/** `people-north-high-2026-03-10.csv`: what, whose, and the tenant's today. */
export const exportFilename = (what: string, actor: Actor, now: Date): string =>
  `${what}-${actor.tenant.slug}-${dateInZone(now, actor.tenant.timeZone)}.csv`;

/**
 * Pages of a keyset scan: `scan(after)` reads up to EXPORT_PAGE_ROWS rows after the cursor (null: from
 * the start), `cursor` names the last row read, `rows` turns a page into export rows.
 */
export async function* scanPages<T, C>(
  scan: (after: C | null) => Promise<T[]>,
  cursor: (last: T) => C,
  rows: (page: T[]) => Promise<ExportRow[]> | ExportRow[],
): AsyncGenerator<ExportRow[]> {
  let after: C | null = null;
  for (;;) {
    const page = await scan(after);
    if (page.length === 0) return;
    yield await rows(page);
    if (page.length < EXPORT_PAGE_ROWS) return;
    after = cursor(page[page.length - 1]!);
  }
}

/**
 * How an export names a person so that an import finds them again: their externalId, else their
 * e-mail when nobody else in the tenant has it, else their Desk id (always theirs alone).
 */
export function personReference(person: Person, emailHolders: ReadonlyMap<string, number>): string {
  if (person.externalId !== null) return person.externalId;
  if (person.email !== null && emailHolders.get(person.email) === 1) return person.email;
  return person.id;
}

/** The people of these ids (of a page of records), by id. */
export async function peopleById(
  repos: Repositories,
  tenantId: string,
  ids: readonly (string | null)[],
): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  return new Map((await repos.people.findByIds(tenantId, wanted)).map((p) => [p.id, p]));
}

/** How many people of the tenant have each e-mail that would name one of `people` (see personReference). */
export async function emailHolders(
  repos: Repositories,
  tenantId: string,
  people: Iterable<Person>,
): Promise<Map<string, number>> {
  const emails = new Set<string>();
  for (const p of people) if (p.externalId === null && p.email !== null) emails.add(p.email);
  const holders = new Map<string, number>();
  for (const p of await repos.people.findByEmails(tenantId, [...emails]))
    holders.set(p.email!, (holders.get(p.email!) ?? 0) + 1);
  return holders;
}
