/**
 * The SQLite connection's statement cache, under SqliteDb (sqlite-db.ts), and two reads the loan
 * inventory's SQLite part makes on it directly: a count, and a page read from its nearer end.
 * better-sqlite3 is synchronous: so is this.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { nearerEnd } from '../paging.js';

/** Makes one row object from a raw row's values, in the statement's column order. */
type RowMaker = (values: readonly unknown[]) => unknown;

/**
 * A row maker for these column names: an object literal with the names as its keys, compiled once
 * per statement. better-sqlite3 builds a row object property by property, which costs a third of
 * reading a page of loans; a literal gives every row one shape at once. The names are the SQL's own
 * column aliases, never data, and are quoted as JSON.
 */
function rowMaker(names: readonly string[]): RowMaker {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  return new Function('values', `return { ${fields} };`) as RowMaker;
}

/** A statement that returns rows, read raw and made into objects by its row maker. */
interface Query {
  readonly statement: BetterSqlite3.Statement;
  readonly row: RowMaker;
}

/** One open connection, with its prepared statements cached by SQL text (preparing is the slow part). */
export class Sql {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private readonly queries = new Map<string, Query>();

  constructor(readonly db: BetterSqlite3.Database) {}

  /** A prepared statement; `pluck` ones (first column only) are cached apart, as the mode sticks. */
  statement(sql: string, pluck = false): BetterSqlite3.Statement {
    const key = pluck ? `pluck:${sql}` : sql;
    let stmt = this.statements.get(key);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      if (pluck) stmt.pluck();
      this.statements.set(key, stmt);
    }
    return stmt;
  }

  private query(sql: string): Query {
    let query = this.queries.get(sql);
    if (!query) {
      const statement = this.db.prepare(sql).raw(true);
      query = { statement, row: rowMaker(statement.columns().map((c) => c.name)) };
      this.queries.set(sql, query);
    }
    return query;
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    const { statement, row } = this.query(sql);
    return (statement.all(...params) as unknown[][]).map(row) as T[];
  }

  get<T>(sql: string, ...params: unknown[]): T | null {
    const { statement, row } = this.query(sql);
    const values = statement.get(...params) as unknown[] | undefined;
    return values ? (row(values) as T) : null;
  }

  /** The first column of every row. */
  column<T>(sql: string, ...params: unknown[]): T[] {
    return this.statement(sql, true).all(...params) as T[];
  }

  run(sql: string, ...params: unknown[]): BetterSqlite3.RunResult {
    return this.statement(sql).run(...params);
  }

  /** The first column of the first row: `count(*)` and friends (SQLite integers are JS numbers). */
  number(sql: string, ...params: unknown[]): number {
    return (this.statement(sql, true).get(...params) as number | null) ?? 0;
  }

  /**
   * Runs `work` all-or-nothing: as a savepoint inside the caller's transaction, or in a transaction
   * of its own when there is none (so a failed bulk insert never leaves half its rows behind).
   */
  atomic<T>(work: () => T): T {
    return this.db.transaction(work)();
  }
}

/** `count(*)` of a query (`FROM … WHERE …`). */
export function count(sql: Sql, text: string, params: readonly unknown[] = []): number {
  return sql.number(`SELECT count(*) ${text}`, ...params);
}

/** A query of one column: `SELECT column fromWhere ORDER BY orderBy`, `params` being fromWhere's. */
export interface ColumnQuery {
  readonly column: string;
  readonly fromWhere: string;
  readonly params: readonly unknown[];
  readonly orderBy: string;
}

/**
 * `limit` values from `offset` of a query that has `total` rows, in order, read from its nearer end
 * (see nearerEnd): an OFFSET never skips more than half of the rows.
 */
export function pageNearerEnd<T>(sql: Sql, q: ColumnQuery, total: number, limit: number, offset: number): T[] {
  const at = nearerEnd(total, limit, offset);
  if (at.limit === 0) return [];
  const values = sql.column<T>(
    `SELECT ${q.column} ${q.fromWhere} ORDER BY ${q.orderBy} ${at.order} LIMIT ? OFFSET ?`,
    ...q.params,
    at.limit,
    at.offset,
  );
  return at.order === 'DESC' ? values.reverse() : values;
}
