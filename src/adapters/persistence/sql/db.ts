import { DomainError } from '../../../domain/shared/errors.js';
import { offsetOf, type Page, type PageRequest } from '../../../domain/shared/paging.js';
import { Where } from './where.js';

/**
 * What every repository is written against: one connection (SQLite's, or a Postgres transaction's
 * client) or the Postgres pool, in the one SQL both dialects share. The repositories of a capability
 * (../repositories/) are written once over it; the two implementations (sqlite/sqlite-db.ts,
 * postgres/pg-db.ts) hold what really differs between the dialects, and nothing else:
 *
 * - Placeholders are `?` on both (Postgres gets `$1`, `$2`… when the statement is sent). `?` is never
 *   an operator in Desk's SQL.
 * - Rows come back the same from both: column names as the SQL aliases them (`assigned_person_id AS
 *   "assignedPersonId"`), integers and bigints as numbers, JSON as its text (`parseJson` reads it),
 *   booleans as SQLite's 0/1 or Postgres's false/true (`Boolean()` reads both). Parameters: booleans,
 *   strings, numbers, null; JSON goes in as its text (`json`).
 * - Portable SQL is the rule: `CAST(… AS INTEGER)` rather than `::int`, `TRUE`/`FALSE`, `ON CONFLICT …
 *   DO UPDATE SET c = excluded.c`, `RETURNING`, `FILTER (WHERE …)`, `coalesce`, `lower`, `||`. Where
 *   the dialects part, a member here says it once: the row lock, a list parameter, a JSON array of a
 *   subquery, a batch lookup by keys, the free-text match (Where.contains), pages, bulk writes and the
 *   naming of a unique violation (one function per dialect).
 */
export abstract class Db {
  abstract readonly dialect: Dialect;

  abstract all<T>(sql: string, params?: Params): Promise<T[]>;
  /** The first row, or null. */
  abstract one<T>(sql: string, params?: Params): Promise<T | null>;
  /** The first column of every row. */
  abstract column<T>(sql: string, params?: Params): Promise<T[]>;
  /** Runs a statement; how many rows it changed. */
  abstract run(sql: string, params?: Params): Promise<number>;

  /**
   * Runs `work` all or nothing: a savepoint inside the caller's transaction on SQLite (or a
   * transaction of its own outside one, so that reads agree with each other); on Postgres, where a
   * failed statement already fails the whole transaction, it only runs `work`.
   */
  abstract atomic<T>(work: () => Promise<T>): Promise<T>;

  /**
   * One page of `SELECT columns FROM from WHERE … ORDER BY …` and the total the WHERE matches, side by
   * side (on the Postgres pool, two connections; SQLite and a transaction's client take them in turn).
   */
  async page<T>(q: PageQuery): Promise<Page<T>> {
    const [items, total] = await Promise.all([
      this.all<T>(`SELECT ${q.columns} FROM ${q.from} ${q.where} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?`, [
        ...q.where.params,
        q.page.pageSize,
        offsetOf(q.page),
      ]),
      this.count(`FROM ${q.from} ${q.where}`, q.where.params),
    ]);
    return { items, total };
  }

  /**
   * Inserts rows, all or nothing, as few statements as the dialect allows (one per row on SQLite's
   * cached statement; a few thousand rows per `unnest` on Postgres). A unique violation becomes a
   * conflict naming `what` (`conflicts`).
   */
  abstract insertMany<T>(
    table: string,
    columns: readonly Column<T>[],
    rows: readonly T[],
    what: string,
    options?: InsertOptions,
  ): Promise<void>;

  /**
   * Writes `columns` of rows of one tenant by id, all or nothing; how many rows changed (a missing id
   * changes none). A unique violation becomes a conflict naming `what`.
   */
  abstract updateMany<T extends { readonly id: string }>(
    table: string,
    tenantId: string,
    columns: readonly Column<T>[],
    rows: readonly T[],
    what: string,
  ): Promise<number>;

  /**
   * `work`, with a unique violation turned into `DomainError('conflict')` naming `what` and the
   * duplicated value (from `values` by column name, else as the database reports it): `loan with
   * serial "LN-1" already exists`. The one place each dialect reads its driver's violation.
   */
  async conflicts<T>(work: () => Promise<T>, what: string, values: Readonly<Record<string, unknown>> = {}): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw this.conflictOf(error, what, (column) => values[column]);
    }
  }

  /**
   * What the driver says of a unique violation: the key's columns (and its values, as the database
   * reports them, when it does), or null for any other error. The one place each dialect reads its
   * driver's violations.
   */
  protected abstract uniqueViolation(error: unknown): UniqueViolation | null;

  /**
   * `error` as a conflict when it is a unique violation (otherwise unchanged), naming `what` and the
   * duplicated value: the caller's (`given`), else as reported, a number for a numeric column.
   */
  protected conflictOf(
    error: unknown,
    what: string,
    given: (column: string) => unknown,
    columns: readonly (readonly [string, ColumnType, ...unknown[]])[] = [],
  ): unknown {
    const violation = this.uniqueViolation(error);
    if (!violation) return error;
    return conflictError(what, violation.columns, (column) => {
      const value = given(column);
      if (value !== undefined && value !== null) return value;
      const raw = violation.reported?.[violation.columns.indexOf(column)];
      if (raw === undefined) return undefined;
      const type = columns.find(([name]) => name === column)?.[1];
      return type === 'int' || type === 'bigint' ? Number(raw) : raw;
    });
  }

  /** ` FOR UPDATE` (of `alias` only, when given) on Postgres; nothing on SQLite, whose writers hold the database lock. */
  abstract lock(alias?: string): string;
  /** ` FOR UPDATE SKIP LOCKED`: rows another instance is claiming are passed over (nothing on SQLite). */
  abstract readonly lockSkipLocked: string;
  /** `column IN (…)` over one parameter, `list(values)`, so the statement's text never depends on the count. */
  abstract in(column: string): string;
  abstract list(values: readonly unknown[]): unknown;
  /**
   * `FROM table alias` narrowed to the tenant's rows whose `column` is one of the keys: parameters
   * `[tenantId, list(distinct keys)]`. Postgres looks each key up through the (tenant_id, column)
   * index whatever its statistics say (an import's lookups on a table just loaded).
   */
  abstract fromKeys(table: string, alias: string, column: string, options?: { readonly primaryKey?: boolean }): string;
  /** `expression` compared bytewise (Postgres's "C" collation; SQLite's BINARY already is). */
  abstract bytewise(expression: string): string;
  /** A JSON array (as text) of the values of `SELECT value rest`, in its order. */
  abstract jsonArray(value: string, rest: string): string;
  /** The free-text filter of the contract, for Where.contains (its SQL and its parameters). */
  abstract containsText(text: string, columns: readonly string[], indexed?: string): { sql: string; params: unknown[] };

  /** A WHERE clause over this dialect (`where.add('x = ?', x)`, `where.contains(q, [...])`). */
  where(): Where {
    return new Where(this);
  }

  /** `count(*)` of `FROM … WHERE …`. */
  async count(fromWhere: string, params: Params = []): Promise<number> {
    const row = await this.one<{ n: number }>(`SELECT CAST(count(*) AS INTEGER) AS n ${fromWhere}`, params);
    return row?.n ?? 0;
  }

  // Reminders (../repositories/reminders.ts): planning stores only what is not planned yet.

  /**
   * Inserts the rows whose `key` (the columns of a unique constraint) is not stored yet, as few
   * statements as insertMany would send, and returns those it inserted, in the given order. A row
   * whose key is stored is left out; any other unique violation is a conflict naming `what`.
   */
  abstract insertNew<T extends { readonly id: string }>(
    table: string,
    columns: readonly Column<T>[],
    rows: readonly T[],
    key: readonly string[],
    what: string,
  ): Promise<T[]>;

  // Costs and tickets.
  /**
   * The column that orders a table's rows as they were inserted, for ties between rows of one date or
   * instant: SQLite's implicit `rowid`; on Postgres `seq`, a bigserial the migrations give each table
   * whose order needs it (cost_entries, ticket_comments).
   */
  abstract readonly insertOrder: string;
}

export type Dialect = 'sqlite' | 'postgres';

/** A unique violation as a driver reports it. */
export interface UniqueViolation {
  readonly columns: readonly string[];
  /** The key's values, in the columns' order, when the database says them. */
  readonly reported?: readonly string[];
}
export type Params = readonly unknown[];

export interface PageQuery {
  readonly columns: string;
  readonly from: string;
  readonly where: Where;
  readonly orderBy: string;
  readonly page: PageRequest;
}

/** A column's type, as Postgres needs it for a bulk write's arrays (SQLite takes any value). */
export type ColumnType = 'text' | 'int' | 'bigint' | 'boolean' | 'jsonb';

/** One column of a bulk write: its name, its type and how to read it from the row. */
export type Column<T> = readonly [name: string, type: ColumnType, value: (row: T) => unknown];

export interface InsertOptions {
  /**
   * More columns, each an SQL expression over the row being inserted, `u` (Postgres only: the loan
   * search's names). Each dialect's part of a capability decides whether it uses it.
   */
  readonly derived?: Readonly<Record<string, string>>;
  /** False when the caller refreshes the table's statistics itself (Postgres; default: after a big load). */
  readonly analyze?: boolean;
}

export const json = (value: unknown): string => JSON.stringify(value);
export const parseJson = <T>(text: string | null): T => (text === null ? null : JSON.parse(text)) as T;

const LABELS: Readonly<Record<string, string>> = { email: 'e-mail', token_hash: 'token' };

/**
 * The conflict a unique violation of `columns` means, in the words both dialects use: the last
 * column other than the tenant names the thing, shown with its value when known (a token never).
 */
export function conflictError(
  what: string,
  columns: readonly string[],
  value: (column: string) => unknown,
): DomainError {
  const column = columns.filter((c) => c !== 'tenant_id').at(-1) ?? 'id';
  const shown = column === 'token_hash' ? undefined : value(column);
  const text = shown === undefined ? '' : ` ${JSON.stringify(shown)}`;
  return new DomainError(
    'conflict',
    `${what} with ${LABELS[column] ?? column.replace(/_/g, ' ')}${text} already exists`,
  );
}
