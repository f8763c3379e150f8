/**
 * The SQLite repositories' kit, in step with the Postgres one (../postgres/sql.ts): the connection's
 * cached statements, WHERE clauses with the contract's free-text filter, a page plus its total,
 * multi-row inserts and unique violations as conflicts. better-sqlite3 is synchronous: so is the kit.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { DomainError } from '../../../domain/shared/errors.js';
import { offsetOf, type Page, type PageRequest } from '../../../domain/shared/paging.js';
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

// eslint-disable-next-line no-control-regex -- every ASCII character, NUL included, is the range meant
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Collects WHERE conditions and their `?` parameters in step, so optional filters read as a list of
 * `if (x) where.add('col = ?', x)` lines.
 */
export class Where {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  add(condition: string, ...params: unknown[]): this {
    this.conditions.push(condition);
    this.params.push(...params);
    return this;
  }

  /**
   * The contract's free-text filter: `text` as a literal, case-insensitive substring of any column
   * (`%` and `_` are plain characters for instr). SQLite's lower() folds ASCII only, which is exact for
   * an ASCII needle; a needle with other letters uses desk_fold (JavaScript toLowerCase, registered on
   * the connection).
   */
  contains(text: string, columns: readonly string[]): this {
    const fold = ASCII.test(text) ? 'lower' : 'desk_fold';
    const needle = text.toLowerCase();
    const condition = `(${columns.map((c) => `instr(${fold}(${c}), ?) > 0`).join(' OR ')})`;
    return this.add(condition, ...columns.map(() => needle));
  }

  toString(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

/** `count(*)` of a query (`FROM … WHERE …`). */
export function count(sql: Sql, text: string, params: readonly unknown[] = []): number {
  return sql.number(`SELECT count(*) ${text}`, ...params);
}

/** One page of `SELECT columns FROM from WHERE … ORDER BY …` and the total the WHERE matches. */
export function pageOf<T>(
  sql: Sql,
  q: { columns: string; from: string; where: Where; orderBy: string; page: PageRequest },
): Page<T> {
  const items = sql.all<T>(
    `SELECT ${q.columns} FROM ${q.from} ${q.where} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?`,
    ...q.where.params,
    q.page.pageSize,
    offsetOf(q.page),
  );
  return { items, total: count(sql, `FROM ${q.from} ${q.where}`, q.where.params) };
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

/** One column of a bulk insert: its name and how to read it. */
export type Column<T> = readonly [name: string, value: (row: T) => unknown];

/**
 * Inserts rows with one cached statement, all or nothing (`Sql.atomic`). A unique violation becomes
 * a conflict naming `what` and the duplicated value (`conflictOf`).
 */
export function insertMany<T>(
  sql: Sql,
  table: string,
  columns: readonly Column<T>[],
  rows: readonly T[],
  what: string,
): void {
  const names = columns.map(([name]) => name);
  const insert = sql.statement(
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
  );
  sql.atomic(() => {
    for (const row of rows) {
      const values = columns.map(([, value]) => value(row));
      try {
        insert.run(...values);
      } catch (error) {
        throw conflictOf(error, what, Object.fromEntries(names.map((name, i) => [name, values[i]])));
      }
    }
  });
}

/**
 * Writes rows of one tenant by id with one cached `UPDATE`, all or nothing (`Sql.atomic`), and returns
 * how many rows it changed (a missing id changes none). `columns` are the columns written; a unique
 * violation becomes a conflict naming `what` (`conflictOf`).
 */
export function updateMany<T extends { readonly id: string }>(
  sql: Sql,
  table: string,
  tenantId: string,
  columns: readonly Column<T>[],
  rows: readonly T[],
  what: string,
): number {
  const names = columns.map(([name]) => name);
  const update = sql.statement(
    `UPDATE ${table} SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE tenant_id = ? AND id = ?`,
  );
  return sql.atomic(() => {
    let changed = 0;
    for (const row of rows) {
      const values = columns.map(([, value]) => value(row));
      try {
        changed += update.run(...values, tenantId, row.id).changes;
      } catch (error) {
        throw conflictOf(error, what, Object.fromEntries(names.map((name, i) => [name, values[i]])));
      }
    }
    return changed;
  });
}

/** `IN (...)` over a list bound as one JSON parameter, so the statement text (and cache) stays the same. */
export const inJson = (column: string): string => `${column} IN (SELECT value FROM json_each(?))`;

const LABELS: Record<string, string> = { email: 'e-mail', token_hash: 'token' };

/**
 * Turns a unique or primary-key violation into `DomainError('conflict')` naming what was
 * duplicated, e.g. `loan with serial "LN-1" already exists`. Any other error is returned unchanged.
 */
export function conflictOf(error: unknown, what: string, values: Record<string, unknown> = {}): unknown {
  const code = (error as { code?: unknown }).code;
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return error;
  // The message lists the columns: "UNIQUE constraint failed: loans.tenant_id, loans.serial".
  const columns = (error as Error).message
    .replace(/^.*failed: /, '')
    .split(', ')
    .map((c) => c.slice(c.indexOf('.') + 1))
    .filter((c) => c !== 'tenant_id');
  const column = columns.at(-1) ?? 'id';
  const value = values[column];
  const shown = value === undefined || column === 'token_hash' ? '' : ` ${JSON.stringify(value)}`;
  return new DomainError(
    'conflict',
    `${what} with ${LABELS[column] ?? column.replace(/_/g, ' ')}${shown} already exists`,
  );
}

export const json = (value: unknown): string => JSON.stringify(value);
export const parseJson = <T>(text: string | null): T => (text === null ? null : JSON.parse(text)) as T;
