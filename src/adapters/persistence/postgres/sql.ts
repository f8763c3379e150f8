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
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `LIMIT n OFFSET m` of a page; interpolated (not parameters) so the count query can share the WHERE's. */
export function limitOffset(page: PageRequest): string {
  const limit = Math.trunc(page.pageSize);
  const offset = Math.trunc(offsetOf(page));
  if (!(limit >= 0 && offset >= 0)) throw new Error(`invalid page ${JSON.stringify(page)}`);
  return `LIMIT ${limit} OFFSET ${offset}`;
}

/** `count(*)` of a query, as a number. */
export async function count(db: Queryable, text: string, values: unknown[] = []): Promise<number> {
  const row = await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n ${text}`, values);
  return row!.n;
}

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

  /** The contract's free-text filter: `text` as a literal, case-insensitive substring of any column. */
  contains(text: string, columns: readonly string[]): this {
    const q = this.param(containsPattern(text));
    this.conditions.push(`(${columns.map((c) => `${c} ILIKE ${q}`).join(' OR ')})`);
    return this;
  }

  toString(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

/** One page of `SELECT columns FROM from WHERE … ORDER BY …` and the total the WHERE matches. */
export async function pageOf<T extends QueryResultRow>(
  db: Queryable,
  q: { columns: string; from: string; where: Where; orderBy: string; page: PageRequest },
): Promise<Page<T>> {
  const [items, total] = await Promise.all([
    query<T>(
      db,
      `SELECT ${q.columns} FROM ${q.from} ${q.where} ORDER BY ${q.orderBy} ${limitOffset(q.page)}`,
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

/**
 * Inserts rows a few thousand at a time as one `INSERT ... SELECT FROM unnest(arrays)` per chunk:
 * one round trip and one parameter per column, whatever the number of rows.
 */
export async function insertMany<T>(
  db: Queryable,
  table: string,
  columns: readonly Column<T>[],
  rows: readonly T[],
  uniques: UniqueLabels,
): Promise<void> {
  const names = columns.map(([name]) => name).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const sql = `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays})`;
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS);
    const values = columns.map(([, , value]) => chunk.map(value));
    await mapUniqueViolation(query(db, sql, values), uniques);
  }
  // Autovacuum would analyze later (if enabled); until then the planner would plan for the old, smaller
  // table. ANALYZE may run inside the transaction and sees its own new rows.
  if (rows.length >= ANALYZE_AFTER_ROWS) await query(db, `ANALYZE ${table}`);
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
