import pg from 'pg';
import { Database } from '../../../ports/database.js';
import { MIGRATIONS, RENUMBERED, type Migration } from './migrations/index.js';
import { translatePgError } from './pg-errors.js';

export interface PgDatabaseOptions {
  readonly connectionString: string;
  /** Every connection uses this schema (created by `migrate()`); tests use one per run. */
  readonly schema?: string | undefined;
  readonly poolSize?: number | undefined;
  /** How long a transaction waits for a row or table lock before failing as busy (default 5 s). */
  readonly lockTimeoutMs?: number | undefined;
  /** Told about errors of idle connections (the server restarted or went away); default: ignored. */
  readonly onIdleError?: ((error: Error) => void) | undefined;
}

// One lock for every Desk migration in the database: instances starting at once (and parallel test
// schemas, which share the database-wide pg_trgm extension) take turns.
const MIGRATION_LOCK = 0x6465736b; // "desk"
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const INT8_OID = 20;

/**
 * The Postgres database behind the repositories: a lazily connecting pool (constructing it never
 * touches the network, so `serve` can start while the database is down) plus migrations.
 */
export class PgDatabase extends Database {
  readonly dialect = 'postgres' as const;
  readonly pool: pg.Pool;
  readonly lockTimeoutMs: number;
  private readonly schema: string | undefined;
  private readonly connection: pg.ClientConfig;

  constructor(options: PgDatabaseOptions) {
    super();
    if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
      throw new Error(`invalid Postgres schema name "${options.schema}"`);
    }
    this.schema = options.schema;
    this.lockTimeoutMs = Math.trunc(options.lockTimeoutMs ?? 5000);
    this.connection = {
      connectionString: options.connectionString,
      application_name: 'desk',
      connectionTimeoutMillis: 10_000,
      // public stays on the path for the pg_trgm operator classes.
      ...(this.schema ? { options: `-c search_path=${this.schema},public` } : {}),
      // bigint (money, sequences) as JS numbers: every value Desk stores fits in 2^53.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    };
    this.pool = new pg.Pool({ ...this.connection, max: options.poolSize ?? 10 });
    // An idle client whose server went away emits 'error'; unhandled it would crash the process.
    // The pool discards that client and the next query connects afresh.
    this.pool.on('error', (error) => options.onIdleError?.(error));
  }

  /** Fails with DatabaseUnavailableError while the server cannot be reached (see pg-errors.ts). */
  async migrate(migrations: readonly Migration[] = MIGRATIONS): Promise<{ applied: string[] }> {
    const client = await this.pool.connect().catch((error: unknown) => {
      throw translatePgError(error);
    });
    try {
      await client.query('BEGIN');
      // Held until COMMIT/ROLLBACK: a second instance waits here, then finds everything applied.
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      if (this.schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at text NOT NULL)',
      );
      // A database of the release before the shared numbering: its rows take their shared names.
      for (const [old, now] of Object.entries(RENUMBERED)) {
        await client.query('UPDATE schema_migrations SET version = $1 WHERE version = $2', [now, old]);
      }
      const { rows } = await client.query<{ version: string }>('SELECT version FROM schema_migrations');
      const done = new Set(rows.map((r) => r.version));
      const applied: string[] = [];
      for (const m of migrations.filter((m) => !done.has(m.version))) {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
          m.version,
          new Date().toISOString(),
        ]);
        applied.push(m.version);
      }
      await client.query('COMMIT');
      return { applied };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw translatePgError(error);
    } finally {
      client.release();
    }
  }

  private currentSchema: Promise<string> | null = null;

  /** The schema its connections work in (`current_schema()`), asked once it has been answered. */
  schemaName(): Promise<string> {
    this.currentSchema ??= this.pool.query<{ schema: string }>('SELECT current_schema() AS schema').then(
      ({ rows }) => rows[0]!.schema,
      (error: unknown) => {
        this.currentSchema = null;
        throw translatePgError(error);
      },
    );
    return this.currentSchema;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1').catch((error: unknown) => {
      throw translatePgError(error);
    });
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /**
   * A connection of its own, outside the pool, with the pool's settings: for what holds a session
   * open (LISTEN, a session advisory lock). The caller connects and ends it.
   */
  dedicatedClient(): pg.Client {
    return new pg.Client(this.connection);
  }
}
