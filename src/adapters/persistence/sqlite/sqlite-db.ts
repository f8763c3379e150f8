import { Db, type Column, type Params, type UniqueViolation } from '../sql/db.js';
import type { Sql } from './sql.js';

// eslint-disable-next-line no-control-regex -- every ASCII character, NUL included, is the range meant
const ASCII = /^[\x00-\x7f]*$/;

/** better-sqlite3 binds no booleans: they go in as SQLite stores them, 1 and 0. */
const bindable = (params: Params): unknown[] =>
  params.map((p) => (p === true ? 1 : p === false ? 0 : p === undefined ? null : p));

/**
 * The SQLite side of Db (../sql/db.ts), over the connection's statement cache (sql.ts). better-sqlite3
 * is synchronous: every method does its work at once and hands back a settled promise. The unit of
 * work runs one unit at a time on the connection, so a savepoint held across `await`s is the unit's own.
 */
export class SqliteDb extends Db {
  readonly dialect = 'sqlite' as const;
  readonly lockSkipLocked = '';
  private savepoints = 0;

  constructor(readonly sql: Sql) {
    super();
  }

  async all<T>(sql: string, params: Params = []): Promise<T[]> {
    return this.sql.all<T>(sql, ...bindable(params));
  }

  async one<T>(sql: string, params: Params = []): Promise<T | null> {
    return this.sql.get<T>(sql, ...bindable(params));
  }

  async column<T>(sql: string, params: Params = []): Promise<T[]> {
    return this.sql.column<T>(sql, ...bindable(params));
  }

  async run(sql: string, params: Params = []): Promise<number> {
    return this.sql.run(sql, ...bindable(params)).changes;
  }

  async atomic<T>(work: () => Promise<T>): Promise<T> {
    const { db } = this.sql;
    if (!db.inTransaction) {
      db.exec('BEGIN');
      try {
        const result = await work();
        db.exec('COMMIT');
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    }
    const name = `desk_${++this.savepoints}`;
    db.exec(`SAVEPOINT ${name}`);
    try {
      const result = await work();
      db.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      db.exec(`ROLLBACK TO ${name}`);
      db.exec(`RELEASE ${name}`);
      throw error;
    } finally {
      this.savepoints--;
    }
  }

  async insertMany<T>(table: string, columns: readonly Column<T>[], rows: readonly T[], what: string): Promise<void> {
    if (rows.length === 0) return;
    const names = columns.map(([name]) => name);
    const insert = this.sql.statement(
      `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    );
    // One cached statement per row, in one savepoint: better-sqlite3's own transaction is synchronous.
    this.sql.atomic(() => {
      for (const row of rows) {
        const values = bindable(columns.map(([, , value]) => value(row)));
        try {
          insert.run(...values);
        } catch (error) {
          throw this.conflictOf(error, what, (c) => values[names.indexOf(c)]);
        }
      }
    });
  }

  async updateMany<T extends { readonly id: string }>(
    table: string,
    tenantId: string,
    columns: readonly Column<T>[],
    rows: readonly T[],
    what: string,
  ): Promise<number> {
    const names = columns.map(([name]) => name);
    const update = this.sql.statement(
      `UPDATE ${table} SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE tenant_id = ? AND id = ?`,
    );
    return this.sql.atomic(() => {
      let changed = 0;
      for (const row of rows) {
        const values = bindable(columns.map(([, , value]) => value(row)));
        try {
          changed += update.run(...values, tenantId, row.id).changes;
        } catch (error) {
          throw this.conflictOf(error, what, (c) => values[names.indexOf(c)]);
        }
      }
      return changed;
    });
  }

  /** A unique or primary key's violation lists its columns: "UNIQUE constraint failed: loans.tenant_id, loans.serial". */
  protected uniqueViolation(error: unknown): UniqueViolation | null {
    const code = (error as { code?: unknown }).code;
    if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return null;
    const columns = (error as Error).message
      .replace(/^.*failed: /, '')
      .split(', ')
      .map((c) => c.slice(c.indexOf('.') + 1));
    return { columns };
  }

  lock(): string {
    return '';
  }

  in(column: string): string {
    return `${column} IN (SELECT value FROM json_each(?))`;
  }

  list(values: readonly unknown[]): string {
    return JSON.stringify(values);
  }

  /**
   * SQLite reads the IN list's keys through the (tenant_id, column) index. A primary key is unique
   * alone: `+tenant_id` keeps the planner from walking the tenant's rows of another index instead.
   */
  fromKeys(table: string, alias: string, column: string, options: { readonly primaryKey?: boolean } = {}): string {
    const tenant = `${options.primaryKey ? '+' : ''}${alias}.tenant_id`;
    return `FROM ${table} ${alias} WHERE ${tenant} = ? AND ${this.in(`${alias}.${column}`)}`;
  }

  bytewise(expression: string): string {
    return expression;
  }

  jsonArray(value: string, rest: string): string {
    return `(SELECT json_group_array(v) FROM (SELECT ${value} AS v ${rest}))`;
  }

  /**
   * instr() takes `%` and `_` as plain characters. SQLite's lower() folds ASCII only, which is exact
   * for an ASCII needle; any other needle goes through desk_fold (JavaScript's toLowerCase,
   * registered on the connection). SQLite has no trigram index: `indexed` is not needed.
   */
  containsText(text: string, columns: readonly string[]): { sql: string; params: unknown[] } {
    const fold = ASCII.test(text) ? 'lower' : 'desk_fold';
    const needle = text.toLowerCase();
    return {
      sql: `(${columns.map((c) => `instr(${fold}(${c}), ?) > 0`).join(' OR ')})`,
      params: columns.map(() => needle),
    };
  }

  // Reminders (../repositories/reminders.ts).

  /** One cached `INSERT … ON CONFLICT (key) DO NOTHING` per row, in one savepoint: a row it skipped changed nothing. */
  async insertNew<T extends { readonly id: string }>(
    table: string,
    columns: readonly Column<T>[],
    rows: readonly T[],
    key: readonly string[],
    what: string,
  ): Promise<T[]> {
    const names = columns.map(([name]) => name);
    const insert = this.sql.statement(
      `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})
       ON CONFLICT (${key.join(', ')}) DO NOTHING`,
    );
    return this.sql.atomic(() =>
      rows.filter((row) => {
        const values = bindable(columns.map(([, , value]) => value(row)));
        try {
          return insert.run(...values).changes === 1;
        } catch (error) {
          throw this.conflictOf(error, what, (c) => values[names.indexOf(c)]);
        }
      }),
    );
  }

  // Costs and tickets.
  readonly insertOrder = 'rowid';
}
