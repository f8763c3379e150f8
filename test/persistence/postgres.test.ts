import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgDatabase } from '../../src/adapters/persistence/postgres/pg-database.js';
import { PgUnitOfWork } from '../../src/adapters/persistence/postgres/pg-unit-of-work.js';
import { DatabaseBusyError } from '../../src/ports/unit-of-work.js';
import { aPerson, aTenant } from '../support/builders.js';
import {
  openPostgresSubject,
  postgresAvailable,
  TEST_DATABASE_URL,
  warnIfPostgresSkipped,
  type PostgresSubject,
} from '../support/postgres.js';
import { runRepositoryContract } from './repositories.contract.js';

warnIfPostgresSkipped();

describe.skipIf(!postgresAvailable)('postgres', () => {
  runRepositoryContract('postgres', openPostgresSubject);

  // What the shared contract cannot see: the Postgres adapter's own machinery.
  describe('postgres adapter', () => {
    let s: PostgresSubject;
    beforeAll(async () => {
      s = await openPostgresSubject();
    });
    afterAll(() => s?.close());

    it('fails a write as DatabaseBusyError, keeping nothing, when a lock is held past the lock timeout', async () => {
      const t = aTenant();
      await s.uow.transaction((r) => r.tenants.create(t));
      const impatient = new PgDatabase({ connectionString: TEST_DATABASE_URL, schema: s.schema, lockTimeoutMs: 100 });
      const uow = new PgUnitOfWork(impatient);
      const holder = await s.database.pool.connect();
      try {
        await holder.query('BEGIN; LOCK TABLE people IN ACCESS EXCLUSIVE MODE');
        const write = uow.transaction((r) => r.people.insertMany(t.id, [aPerson()]));
        await expect(write).rejects.toBeInstanceOf(DatabaseBusyError);
        await expect(write).rejects.toMatchObject({ cause: { code: '55P03' } });
      } finally {
        await holder.query('ROLLBACK');
        holder.release();
      }
      await uow.transaction((r) => r.people.insertMany(t.id, [aPerson()]));
      expect(await s.uow.read((r) => r.people.count(t.id))).toBe(1);
      await impatient.close();
    });
  });
});
