import type BetterSqlite3 from 'better-sqlite3';
import { DomainError } from '../../../domain/shared/errors.js';

/** One open connection, with its prepared statements cached by SQL text (preparing is the slow part). */
export class Sql {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

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

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  get<T>(sql: string, ...params: unknown[]): T | null {
    return (this.statement(sql).get(...params) as T | undefined) ?? null;
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

/** Builds a WHERE clause from optional conditions, keeping the parameters in step. */
export class Where {
  private readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  add(condition: string, ...params: unknown[]): this {
    this.conditions.push(condition);
    this.params.push(...params);
    return this;
  }

  get sql(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * A literal, case-insensitive substring test of `q` against any of `columns` (`%` and `_` are plain
 * characters for instr). SQLite's lower() folds ASCII only, which is exact for an ASCII needle; a
 * needle with other letters uses desk_fold (JavaScript toLowerCase, registered on the connection).
 */
export function containsText(columns: readonly string[], q: string): [string, ...string[]] {
  const fold = ASCII.test(q) ? 'lower' : 'desk_fold';
  const needle = q.toLowerCase();
  const sql = `(${columns.map((c) => `instr(${fold}(${c}), ?) > 0`).join(' OR ')})`;
  return [sql, ...columns.map(() => needle)];
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
