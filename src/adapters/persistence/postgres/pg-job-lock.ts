import { JobLock, type Exclusive } from '../../../ports/job-lock.js';
import type { PgDatabase } from './pg-database.js';
import { translatePgError } from './pg-errors.js';

/**
 * A session advisory lock per job on one pooled connection, held while the work runs: another
 * instance's `pg_try_advisory_lock` fails at once and it skips the run. If this process dies the
 * connection goes and Postgres releases the lock. The key hashes the schema with the name, so two
 * deployments (or test schemas) in one database never block each other.
 */
export class PgJobLock extends JobLock {
  constructor(private readonly database: PgDatabase) {
    super();
  }

  async runExclusive<T>(name: string, work: () => Promise<T>): Promise<Exclusive<T>> {
    const client = await this.database.pool.connect().catch((error: unknown) => {
      throw translatePgError(error);
    });
    let locked = false;
    let broken = false;
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        "SELECT pg_try_advisory_lock(hashtext(current_schema() || ':job:' || $1)) AS locked",
        [name],
      );
      locked = rows[0]!.locked;
      if (!locked) return { ran: false };
      return { ran: true, value: await work() };
    } finally {
      if (locked) {
        await client
          .query("SELECT pg_advisory_unlock(hashtext(current_schema() || ':job:' || $1))", [name])
          .catch(() => {
            broken = true;
          });
      }
      // A connection that could not unlock may still hold the lock: destroy it rather than pool it.
      client.release(broken);
    }
  }
}
