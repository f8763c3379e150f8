import pg from 'pg';
import type { Pool, PoolClient, QueryArrayConfig, QueryConfig, QueryResultRow } from 'pg';
import { Db, type Column, type InsertOptions, type Params, type UniqueViolation } from '../sql/db.js';

/** The pool (plain reads) or one checked-out client (a transaction). */
export type Queryable = Pool | PoolClient;

const INT8_OID = 20;
const JSON_OIDS = new Set([114, 3802]); // json, jsonb

/**
 * What rows are read as: bigint as a number (every value Desk stores fits in 2^53), JSON as its text,
 * as SQLite stores it, so that a capability reads one row shape on both dialects.
 */
const ROW_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? Number
      : JSON_OIDS.has(oid)
        ? (text: string) => text
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Statements as written (`?`) → as Postgres takes them (`$1`…), converted once per text. */
const numbered = new Map<string, string>();

/**
 * `?` → `$n` outside quoted strings, quoted names and comments. Desk's SQL never uses the `?` jsonb
 * operators, so every other `?` is a placeholder.
 */
export function numberPlaceholders(sql: string): string {
  let out = numbered.get(sql);
  if (out !== undefined) return out;
  let n = 0;
  out = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\?/g, (token) => (token === '?' ? `$${++n}` : token));
  numbered.set(sql, out);
  return out;
}

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

/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally (backslash is LIKE's escape). */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface PgError {
  code?: string;
  detail?: string;
}

/**
 * The Postgres side of Db (../sql/db.ts), over the pool (reads) or a transaction's client. Bulk
 * writes go as `unnest` over one array per column, a few thousand rows per statement.
 */
export class PgDb extends Db {
  readonly dialect = 'postgres' as const;
  readonly lockSkipLocked = ' FOR UPDATE SKIP LOCKED';

  constructor(readonly client: Queryable) {
    super();
  }

  private async query<T>(sql: string, params: Params): Promise<{ rows: T[]; rowCount: number | null }> {
    const config: QueryConfig = { text: numberPlaceholders(sql), values: params as unknown[], types: ROW_TYPES };
    return this.client.query<T & QueryResultRow>(config);
  }

  async all<T>(sql: string, params: Params = []): Promise<T[]> {
    return (await this.query<T>(sql, params)).rows;
  }

  async one<T>(sql: string, params: Params = []): Promise<T | null> {
    return (await this.query<T>(sql, params)).rows[0] ?? null;
  }

  async column<T>(sql: string, params: Params = []): Promise<T[]> {
    const config: QueryArrayConfig = {
      text: numberPlaceholders(sql),
      values: params as unknown[],
      types: ROW_TYPES,
      rowMode: 'array',
    };
    const { rows } = await this.client.query(config);
    return rows.map((row) => row[0] as T);
  }

  async run(sql: string, params: Params = []): Promise<number> {
    return (await this.query(sql, params)).rowCount ?? 0;
  }

  async atomic<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  async insertMany<T>(
    table: string,
    columns: readonly Column<T>[],
    rows: readonly T[],
    what: string,
    options: InsertOptions = {},
  ): Promise<void> {
    if (rows.length === 0) return;
    const names = columns.map(([name]) => name);
    const derived = Object.entries(options.derived ?? {});
    const arrays = columns.map(([, type]) => `?::${type}[]`).join(', ');
    const sql = `INSERT INTO ${table} (${[...names, ...derived.map(([name]) => name)].join(', ')})
      SELECT ${['u.*', ...derived.map(([, expression]) => expression)].join(', ')}
      FROM unnest(${arrays}) AS u(${names.join(', ')})`;
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const chunk = rows.slice(start, start + CHUNK_ROWS);
      await this.bulk(
        () =>
          this.run(
            sql,
            columns.map(([, , value]) => chunk.map(value)),
          ),
        what,
        columns,
      );
    }
    // Autovacuum would analyze later (if enabled); until then the planner would plan for the old,
    // smaller table (and for a tenant it has no statistics of, as a handful of rows: an import's
    // lookups then walk the whole tenant for every key). A load made of smaller inserts counts too.
    // ANALYZE may run inside the transaction and sees its own new rows.
    const grown = loadedInto(this.client, table, rows.length);
    if (options.analyze !== false && (rows.length >= ANALYZE_AFTER_ROWS || grown)) await this.run(`ANALYZE ${table}`);
  }

  async updateMany<T extends { readonly id: string }>(
    table: string,
    tenantId: string,
    columns: readonly Column<T>[],
    rows: readonly T[],
    what: string,
  ): Promise<number> {
    const names = columns.map(([name]) => name);
    const arrays = columns.map(([, type]) => `?::${type}[]`).join(', ');
    const sql = `UPDATE ${table} t SET ${names.map((n) => `${n} = u.${n}`).join(', ')}
      FROM unnest(?::text[], ${arrays}) AS u(id, ${names.join(', ')})
      WHERE t.tenant_id = ? AND t.id = u.id`;
    let changed = 0;
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const chunk = rows.slice(start, start + CHUNK_ROWS);
      const values = [chunk.map((r) => r.id), ...columns.map(([, , value]) => chunk.map(value)), tenantId];
      changed += await this.bulk(() => this.run(sql, values), what, columns);
    }
    return changed;
  }

  /**
   * SQLSTATE 23505; the detail names the key: `Key (tenant_id, serial)=(t1, SN-1) already exists.`
   * (an expression's column, `lower(email::text)`, names `email`).
   */
  protected uniqueViolation(error: unknown): UniqueViolation | null {
    const e = error as PgError;
    if (e.code !== '23505') return null;
    const key = /^Key \((.*)\)=\((.*)\) already exists/.exec(e.detail ?? '');
    const columns = (key?.[1] ?? '').split(', ').map((c) => /([a-z_]+)(?:::[a-z ]+)?\)*$/.exec(c)?.[1] ?? c);
    const reported = key?.[2]?.split(', ');
    return reported?.length === columns.length ? { columns, reported } : { columns };
  }

  /** `work`, a unique violation of a bulk write named as a conflict (its value as reported). */
  private async bulk<T>(work: () => Promise<T>, what: string, columns: readonly Column<never>[]): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw this.conflictOf(error, what, () => undefined, columns);
    }
  }

  lock(alias?: string): string {
    return alias ? ` FOR UPDATE OF ${alias}` : ' FOR UPDATE';
  }

  in(column: string): string {
    return `${column} = ANY(?)`;
  }

  list(values: readonly unknown[]): unknown[] {
    return [...values];
  }

  /**
   * Each key looked up on its own through the (tenant_id, column) index: `column = ANY(keys)` lets a
   * planner that thinks the tenant small (a table loaded since its last ANALYZE, as an import leaves
   * it) read all the tenant's rows and filter them, for every chunk of an import. The LATERAL
   * subquery is a nested loop over the keys; `OFFSET 0` keeps it from being flattened back into that
   * join. Pass distinct keys: each row comes once per key.
   */
  fromKeys(table: string, alias: string, column: string): string {
    return `FROM (SELECT ?::text AS tenant_id) AS tenant
      CROSS JOIN unnest(?::text[]) AS keys(key)
      CROSS JOIN LATERAL (SELECT * FROM ${table} WHERE tenant_id = tenant.tenant_id AND ${column} = keys.key OFFSET 0) ${alias}`;
  }

  bytewise(expression: string): string {
    return `${expression} COLLATE "C"`;
  }

  jsonArray(value: string, rest: string): string {
    return `array_to_json(ARRAY(SELECT ${value} ${rest}))`;
  }

  containsText(text: string, columns: readonly string[], indexed?: string): { sql: string; params: unknown[] } {
    const pattern = containsPattern(text);
    const any = `(${columns.map((c) => `${c} ILIKE ?`).join(' OR ')})`;
    if (indexed === undefined) return { sql: any, params: columns.map(() => pattern) };
    return { sql: `(${indexed} ILIKE ? AND ${any})`, params: [pattern, ...columns.map(() => pattern)] };
  }

  // Reminders (../repositories/reminders.ts).

  /** One `INSERT … SELECT FROM unnest … ON CONFLICT (key) DO NOTHING RETURNING id` per few thousand rows. */
  async insertNew<T extends { readonly id: string }>(
    table: string,
    columns: readonly Column<T>[],
    rows: readonly T[],
    key: readonly string[],
    what: string,
  ): Promise<T[]> {
    const names = columns.map(([name]) => name).join(', ');
    const arrays = columns.map(([, type]) => `?::${type}[]`).join(', ');
    const sql = `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays}) AS u(${names})
      ON CONFLICT (${key.join(', ')}) DO NOTHING RETURNING id`;
    const stored = new Set<string>();
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const chunk = rows.slice(start, start + CHUNK_ROWS);
      const values = columns.map(([, , value]) => chunk.map(value));
      for (const id of await this.bulk(() => this.column<string>(sql, values), what, columns)) stored.add(id);
    }
    return rows.filter((row) => stored.has(row.id));
  }

  // Costs and tickets.
  readonly insertOrder = 'seq';
}
