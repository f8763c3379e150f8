/**
 * The AccessSignal of each database, as two processes on one database see it: a commit that records
 * access changes is announced to the writer before its transaction resolves and reaches the other
 * process (SQLite through data_version, as "anything may have changed"; Postgres as the lookups
 * themselves, through NOTIFY); a rollback announces nothing; and on Postgres nothing is vouched for
 * while the listening connection is down, and everything is forgotten once it is back.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenerName, PgAccessSignal } from '../../src/adapters/persistence/postgres/pg-access-signal.js';
import type { PgDatabase } from '../../src/adapters/persistence/postgres/pg-database.js';
import { PgNotifications } from '../../src/adapters/persistence/postgres/pg-notifications.js';
import { PgUnitOfWork } from '../../src/adapters/persistence/postgres/pg-unit-of-work.js';
import { SqliteAccessSignal } from '../../src/adapters/persistence/sqlite/sqlite-access-signal.js';
import { SqliteDatabase } from '../../src/adapters/persistence/sqlite/sqlite-database.js';
import { SqliteUnitOfWork } from '../../src/adapters/persistence/sqlite/sqlite-unit-of-work.js';
import type { AccessSignal } from '../../src/ports/access-signal.js';
import type { UnitOfWork } from '../../src/ports/unit-of-work.js';
import {
  TEST_DATABASE_URL,
  openPgDatabase,
  openPostgresSubject,
  postgresAvailable,
  warnIfPostgresSkipped,
  type PostgresSubject,
} from '../support/postgres.js';
import { openSqliteSubject, type SqliteSubject } from '../support/sqlite.js';

warnIfPostgresSkipped();

/** What one process's signal announced, in order. */
function recorder(signal: AccessSignal) {
  const heard: (readonly string[] | null)[] = [];
  signal.listen((lookups) => heard.push(lookups));
  return heard;
}

/** The SQLite signal looks at the file once per turn of the event loop: a new request is a new turn. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const rollBack = (uow: UnitOfWork) =>
  uow
    .transaction(async (r) => {
      await r.accessChanges.changed(['api-keys:desk_rolled']);
      throw new Error('rolled back');
    })
    .catch(() => undefined);

describe('SqliteAccessSignal: two processes on one file', () => {
  let subject: SqliteSubject;
  let second: SqliteDatabase;
  let mine: SqliteAccessSignal;
  let theirs: SqliteAccessSignal;
  let uow: SqliteUnitOfWork;

  beforeAll(async () => {
    subject = await openSqliteSubject();
    second = new SqliteDatabase(subject.file);
    mine = new SqliteAccessSignal(subject.database);
    theirs = new SqliteAccessSignal(second);
    uow = new SqliteUnitOfWork(subject.database, { access: mine });
  });
  afterAll(async () => {
    await second.close();
    await subject.close();
  });

  it('announces a commit to the writer before it resolves, and the other process sees it on its next look', async () => {
    const heardHere = recorder(mine);
    const heardThere = recorder(theirs);
    expect(theirs.heard()).toBe(true);
    heardThere.length = 0;
    await nextTurn();
    const committed = uow.transaction((r) => r.accessChanges.changed(['api-keys:desk_abc', 'tenant:t1']));
    await committed;
    expect(heardHere).toEqual([['api-keys:desk_abc', 'tenant:t1']]);
    // No timer: the very next look notices the commit, and cannot tell what changed.
    await nextTurn();
    expect(theirs.heard()).toBe(true);
    expect(heardThere).toEqual([null]);
    await nextTurn();
    expect(theirs.heard()).toBe(true);
    expect(heardThere).toEqual([null]);
  });

  it('announces nothing for a transaction that rolled back', async () => {
    const heardHere = recorder(mine);
    const heardThere = recorder(theirs);
    await nextTurn();
    theirs.heard();
    heardThere.length = 0;
    await rollBack(uow);
    expect(heardHere).toEqual([]);
    await nextTurn();
    expect(theirs.heard()).toBe(true);
    expect(heardThere).toEqual([]);
  });

  it('vouches for nothing once its database is closed', async () => {
    const file = new SqliteDatabase(subject.file);
    const signal = new SqliteAccessSignal(file);
    expect(signal.heard()).toBe(true);
    await file.close();
    await nextTurn();
    expect(signal.heard()).toBe(false);
  });
});

describe.skipIf(!postgresAvailable)('PgAccessSignal: two instances on one schema', () => {
  /** Sessions named as the schema's listening processes are (what a writer counts). */
  const listenersNamed = async (): Promise<number> => {
    const { rows } = await subject.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
      [listenerName(subject.schema)],
    );
    return rows[0]!.n;
  };
  let subject: PostgresSubject;
  let second: PgDatabase;
  let notifications: PgNotifications;
  let mine: PgAccessSignal;
  let theirs: PgAccessSignal;
  let uow: PgUnitOfWork;

  beforeAll(async () => {
    subject = await openPostgresSubject();
    second = openPgDatabase(subject.schema);
    mine = new PgAccessSignal(new PgNotifications(subject.database), subject.database);
    notifications = new PgNotifications(second);
    theirs = new PgAccessSignal(notifications, second);
    uow = new PgUnitOfWork(subject.database, {
      onAccessChanged: (lookups, marker) => mine.committed(lookups, marker),
    });
  });
  afterAll(async () => {
    await mine?.close();
    await theirs?.close();
    await notifications?.close();
    await second?.close();
    await subject?.close();
  });

  it('vouches for nothing until its listening connection is in force', async () => {
    expect(theirs.heard()).toBe(false);
    await expect.poll(() => theirs.heard()).toBe(true);
  });

  it('announces a commit to the writer before it resolves, and to the other instance with the lookups', async () => {
    const heardHere = recorder(mine);
    const heardThere = recorder(theirs);
    await expect.poll(() => mine.heard() && theirs.heard()).toBe(true);
    await uow.transaction((r) => r.accessChanges.changed(['user:t1:u1', 'session:t1:s1']));
    expect(heardHere[0]).toEqual(['user:t1:u1', 'session:t1:s1']);
    await expect.poll(() => heardThere).toEqual([['user:t1:u1', 'session:t1:s1']]);
  });

  it('answers a writer only once every listening process has forgotten the change', async () => {
    await expect.poll(() => mine.heard() && theirs.heard()).toBe(true);
    // Both connections carry the name a writer counts (set once their LISTENs are in force).
    await expect.poll(() => listenersNamed(), { timeout: 5_000 }).toBe(2);
    for (let round = 0; round < 20; round++) {
      const heardThere = recorder(theirs);
      const started = performance.now();
      await uow.transaction((r) => r.accessChanges.changed([`api-keys:desk_round_${round}`]));
      // Well under the second the writer would wait for a process that never answered...
      expect(performance.now() - started).toBeLessThan(500);
      // ...and the other instance had forgotten it before the writer's caller heard of the commit.
      expect(heardThere).toEqual([[`api-keys:desk_round_${round}`]]);
    }
  });

  it('answers a writer that does not listen itself (a CLI command) only once every listener has forgotten', async () => {
    await expect.poll(() => mine.heard() && theirs.heard()).toBe(true);
    for (let round = 0; round < 10; round++) {
      // A fresh process each round, as each `desk key revoke` is: it never asked heard().
      const cli = new PgAccessSignal(new PgNotifications(subject.database), subject.database);
      const writer = new PgUnitOfWork(subject.database, {
        onAccessChanged: (lookups, marker) => cli.committed(lookups, marker),
      });
      const heardHere = recorder(mine);
      const heardThere = recorder(theirs);
      await writer.transaction((r) => r.accessChanges.changed([`api-keys:desk_cli_${round}`]));
      expect(heardThere).toContainEqual([`api-keys:desk_cli_${round}`]);
      expect(heardHere).toContainEqual([`api-keys:desk_cli_${round}`]);
      await cli.close();
    }
    // The writers were never counted among the listeners.
    await expect.poll(() => listenersNamed()).toBe(2);
  });

  it('waits at most a second for a process that does not acknowledge, and says so', async () => {
    const late: number[] = [];
    const writer = new PgAccessSignal(new PgNotifications(subject.database), subject.database, (n) => late.push(n));
    const impatient = new PgUnitOfWork(subject.database, {
      onAccessChanged: (lookups, marker) => writer.committed(lookups, marker),
    });
    // A session that carries the listeners' name but never answers (a process stuck, or going away).
    const silent = new pg.Client({
      connectionString: TEST_DATABASE_URL,
      options: `-c search_path=${subject.schema},public`,
    });
    await silent.connect();
    try {
      await expect.poll(() => writer.heard()).toBe(true);
      await silent.query(`SELECT set_config('application_name', $1, false)`, [listenerName(subject.schema)]);
      const started = performance.now();
      await impatient.transaction((r) => r.accessChanges.changed(['api-keys:desk_silent']));
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(900);
      expect(waited).toBeLessThan(3_000);
      expect(late).toEqual([1]);
    } finally {
      await silent.end();
      await writer.close();
    }
  });

  it('announces nothing, anywhere, for a transaction that rolled back', async () => {
    const heardHere = recorder(mine);
    const heardThere = recorder(theirs);
    await rollBack(uow);
    // A commit after it: once the other instance hears that, it would have heard the rollback first.
    await uow.transaction((r) => r.accessChanges.changed(['tenant:after']));
    await expect.poll(() => heardThere).toEqual([['tenant:after']]);
    expect(heardHere.every((lookups) => lookups?.[0] === 'tenant:after')).toBe(true);
  });

  it('announces "everything" when the lookups would not fit in one notification', async () => {
    const heardThere = recorder(theirs);
    const many = Array.from({ length: 400 }, (_, i) => `session:tenant-with-a-long-id:${'s'.repeat(20)}${i}`);
    await uow.transaction((r) => r.accessChanges.changed(many));
    await expect.poll(() => heardThere).toEqual([null]);
  });

  it('vouches for nothing while its connection is down, and forgets everything once it is back', async () => {
    const heardThere = recorder(theirs);
    await expect.poll(() => theirs.heard()).toBe(true);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      // Cut the other instance's listener as a server restart would.
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [listenerName(subject.schema)],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await expect.poll(() => theirs.heard(), { interval: 5 }).toBe(false);
    await expect.poll(() => theirs.heard(), { timeout: 15_000 }).toBe(true);
    expect(heardThere).toContain(null);
  });
});
