import type { Repositories } from '../../../ports/repositories.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import type { PgDatabase } from './pg-database.js';
import { pgRepositories } from './repositories/index.js';

/**
 * Transactions on one checked-out client (READ COMMITTED; concurrent writers of a row are ordered by
 * the row locks that `forUpdate` reads and UPDATEs take). Plain reads go through the pool, so the
 * independent queries of one read may run in parallel on several connections.
 */
export class PgUnitOfWork extends UnitOfWork {
  private readonly readRepositories: Repositories;

  constructor(private readonly database: PgDatabase) {
    super();
    this.readRepositories = pgRepositories(database.pool);
  }

  async transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    const client = await this.database.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(pgRepositories(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A failed ROLLBACK means the connection is unusable: release it as broken so the pool drops it.
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  read<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return work(this.readRepositories);
  }
}
