/**
 * The Postgres repositories' kit, in step with the SQLite one (../sqlite/sql.ts): queries, WHERE clauses
 * with the contract's free-text filter, a page plus its total, multi-row inserts and unique violations
 * as conflicts.
 */
import type { Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';
import { DomainError } from '../../../domain/shared/errors.js';
import { offsetOf, type Page, type PageRequest } from '../../../domain/shared/paging.js';

/** The pool (plain reads) or one checked-out client (a transaction): repositories take either. */
export type Queryable = Pool | PoolClient;

export function query<R extends QueryResultRow>(db: Queryable, text: string, values: unknown[] = []) {
  return db.query<R>(text, values) as Promise<QueryResult<R>>;
}

/** The first row or null. */
export async function queryOne<R extends QueryResultRow>(db: Queryable, text: string, values: unknown[] = []) {
  const { rows } = await query<R>(db, text, values);
  return rows[0] ?? null;
}

/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally (backslash is LIKE's escape). */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Collects WHERE conditions and their positional parameters, so optional filters read as a list of
 * `if (x) where.add('col = ?', x)` lines. `?` is replaced by the next `$n`.
 */
export class Where {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  /** Adds a parameter and returns its placeholder, for reuse in several places. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  add(condition: string, ...values: unknown[]): this {
    this.conditions.push(condition.replace(/\?/g, () => this.param(values.shift())));
    return this;
  }

  /**
   * The contract's free-text filter: `text` as a literal, case-insensitive substring of any column.
   * `indexed` is the expression of a trigram index that holds all the columns: text found in a column
   * is found in it, so testing it too lets the index narrow the rows, while the per-column tests keep
   * the exact rule (text spanning two columns does not count).
   */
  contains(text: string, columns: readonly string[], indexed?: string): this {
    this.conditions.push(this.containing(text, columns, indexed));
    return this;
  }

  /** The condition `contains` adds (its parameter is added), for a caller that combines it with another. */
  containing(text: string, columns: readonly string[], indexed?: string): string {
    const q = this.param(containsPattern(text));
    const any = `(${columns.map((c) => `${c} ILIKE ${q}`).join(' OR ')})`;
    return indexed === undefined ? any : `(${indexed} ILIKE ${q} AND ${any})`;
  }

  toString(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

/**
 * `FROM <table> <alias>` narrowed to the tenant's rows whose `column` is one of the keys in `$2` (a
 * text array; `$1` is the tenant), for batch lookups (`findByExternalIds`, `findBySerials`...). Each
 * key is looked up on its own through the (tenant_id, column) index, whatever the planner's statistics
 * say: `column = ANY($2)` lets a planner that thinks the tenant small (a table loaded since its last
 * ANALYZE, as an import leaves it) read all the tenant's rows and filter them, for every chunk of an
 * import. The LATERAL subquery is a nested loop over the keys; `OFFSET 0` keeps it from being flattened
 * back into that join. Pass distinct keys: each row comes once per key.
 */
export const fromKeys = (table: string, alias: string, column: string): string =>
  `FROM unnest($2::text[]) AS keys(key)
   CROSS JOIN LATERAL (SELECT * FROM ${table} WHERE tenant_id = $1 AND ${column} = keys.key OFFSET 0) ${alias}`;

/** `count(*)` of a query (`FROM … WHERE …`), as a number. */
export async function count(db: Queryable, text: string, values: unknown[] = []): Promise<number> {
  const row = await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n ${text}`, values);
  return row!.n;
}

/**
 * A page's LIMIT and OFFSET as whole numbers, checked: they are interpolated into the SQL (not
 * parameters), so that a page query and its count query can share the WHERE's parameters.
 */
export function pageBounds(page: PageRequest): { limit: number; offset: number } {
  const limit = Math.trunc(page.pageSize);
  const offset = Math.trunc(offsetOf(page));
  if (!(limit >= 0 && offset >= 0)) throw new Error(`invalid page ${JSON.stringify(page)}`);
  return { limit, offset };
}

/** One page of `SELECT columns FROM from WHERE … ORDER BY …` and the total the WHERE matches. */
export async function pageOf<T extends QueryResultRow>(
  db: Queryable,
  q: { columns: string; from: string; where: Where; orderBy: string; page: PageRequest },
): Promise<Page<T>> {
  const { limit, offset } = pageBounds(q.page);
  const [items, total] = await Promise.all([
    query<T>(
      db,
      `SELECT ${q.columns} FROM ${q.from} ${q.where} ORDER BY ${q.orderBy} LIMIT ${limit} OFFSET ${offset}`,
      q.where.params,
    ),
    count(db, `FROM ${q.from} ${q.where}`, q.where.params),
  ]);
  return { items: items.rows, total };
}

/** One column of a bulk insert: its name, its Postgres array element type and how to read it. */
export type Column<T> = readonly [name: string, type: string, value: (row: T) => unknown];

const CHUNK_ROWS = 5_000;
/** A load this big changes the table's shape: refresh its planner statistics at once. */
const ANALYZE_AFTER_ROWS = 10_000;

/** Rows inserted per table through each connection, for loads made of many smaller inserts. */
const loaded = new WeakMap<Queryable, Map<string, number>>();

/**
 * Counts `rows` more inserted into `table` through `db`, and says whether that made the count pass
 * 10,000, 100,000, 1,000,000… since this connection was opened: an import or a seed that inserts a
 * thousand rows at a time refreshes the statistics a few times as the table grows, not after every
 * insert. (The count follows the pooled connection across transactions: it only decides when.)
 */
function loadedInto(db: Queryable, table: string, rows: number): boolean {
  const counts = loaded.get(db) ?? new Map<string, number>();
  loaded.set(db, counts);
  const before = counts.get(table) ?? 0;
  const after = before + rows;
  counts.set(table, after);
  for (let mark = ANALYZE_AFTER_ROWS; mark <= after; mark *= 10) if (before < mark) return true;
  return false;
}

export interface InsertOptions {
  /** More columns, each computed by an SQL expression from the row being inserted, `u`. */
  readonly derived?: Readonly<Record<string, string>>;
  /** False when the caller refreshes the table's statistics itself (default: after a big load). */
  readonly analyze?: boolean;
}

/**
 * Inserts rows a few thousand at a time as one `INSERT ... SELECT FROM unnest(arrays)` per chunk:
 * one round trip and one parameter per column, whatever the number of rows. A unique violation
 * becomes a conflict (`mapUniqueViolation`).
 */
export async function insertMany<T>(
  db: Queryable,
  table: string,
  columns: readonly Column<T>[],
  rows: readonly T[],
  uniques: UniqueLabels,
  options: InsertOptions = {},
): Promise<void> {
  const names = columns.map(([name]) => name);
  const derived = Object.entries(options.derived ?? {});
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const sql = `INSERT INTO ${table} (${[...names, ...derived.map(([name]) => name)].join(', ')})
    SELECT ${['u.*', ...derived.map(([, expression]) => expression)].join(', ')}
    FROM unnest(${arrays}) AS u(${names.join(', ')})`;
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS);
    const values = columns.map(([, , value]) => chunk.map(value));
    await mapUniqueViolation(query(db, sql, values), uniques);
  }
  // Autovacuum would analyze later (if enabled); until then the planner would plan for the old, smaller
  // table (and for a tenant it has no statistics of, as a handful of rows: an import's lookups then
  // walk the whole tenant for every key). A load made of smaller inserts counts too (loadedInto).
  // table. ANALYZE may run inside the transaction and sees its own new rows.
  const grown = loadedInto(db, table, rows.length);
  if (options.analyze !== false && (rows.length >= ANALYZE_AFTER_ROWS || grown)) await query(db, `ANALYZE ${table}`);
}

/**
 * Writes rows of one tenant by id, a few thousand at a time, as one `UPDATE ... FROM unnest(arrays)`
 * per chunk; returns how many rows it changed (a missing id changes none). `columns` are the columns
 * written. A unique violation becomes a conflict (`mapUniqueViolation`).
 */
export async function updateMany<T extends { readonly id: string }>(
  db: Queryable,
  table: string,
  tenantId: string,
  columns: readonly Column<T>[],
  rows: readonly T[],
  uniques: UniqueLabels,
): Promise<number> {
  const names = columns.map(([name]) => name);
  const arrays = columns.map(([, type], i) => `$${i + 3}::${type}[]`).join(', ');
  const sql = `UPDATE ${table} t SET ${names.map((n) => `${n} = u.${n}`).join(', ')}
    FROM unnest($2::text[], ${arrays}) AS u(id, ${names.join(', ')})
    WHERE t.tenant_id = $1 AND t.id = u.id`;
  let changed = 0;
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS);
    const values = [tenantId, chunk.map((r) => r.id), ...columns.map(([, , value]) => chunk.map(value))];
    changed += (await mapUniqueViolation(query(db, sql, values), uniques)).rowCount ?? 0;
  }
  return changed;
}

/** Constraint name → what it keeps unique, as the conflict message names it. */
export type UniqueLabels = Readonly<Record<string, string>>;

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/**
 * Turns a unique violation (SQLSTATE 23505) into `DomainError('conflict')` naming the duplicated thing
 * and, when Postgres reports it, its value; other errors pass through unchanged.
 */
export async function mapUniqueViolation<T>(work: Promise<T>, labels: UniqueLabels): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const e = error as PgError;
    if (e.code !== '23505') throw error;
    const what = (e.constraint ? labels[e.constraint] : undefined) ?? 'a record with this key';
    // detail: `Key (tenant_id, serial)=(t1, SN-1) already exists.` — keep only the last value.
    const value = /\)=\((?:.*, )?(.*)\) already exists/.exec(e.detail ?? '')?.[1];
    throw new DomainError('conflict', value ? `${what} "${value}" already exists` : `${what} already exists`);
  }
}
