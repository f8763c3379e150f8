/**
 * The outbox on a real Postgres: event ids commit in order even when transactions race (so a reader
 * resuming "after n" never skips a row that commits late), a NOTIFY carries only the tenant's id
 * after COMMIT and never for a rollback, and a job lock is held by one instance at a time.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgJobLock } from '../../../src/adapters/persistence/postgres/pg-job-lock.js';
import { PgEventSignal } from '../../../src/adapters/persistence/postgres/pg-event-signal.js';
import { PgNotifications } from '../../../src/adapters/persistence/postgres/pg-notifications.js';
import type { PgDatabase } from '../../../src/adapters/persistence/postgres/pg-database.js';
import { appendEvent } from '../../../src/domain/shared/record-change.js';
import type { IdGenerator } from '../../../src/ports/id-generator.js';
import { aTenant } from '../../support/builders.js';
import {
  openPgDatabase,
  openPostgresSubject,
  postgresAvailable,
  warnIfPostgresSkipped,
  type PostgresSubject,
} from '../../support/postgres.js';
import { PgUnitOfWork } from '../../../src/adapters/persistence/postgres/pg-unit-of-work.js';

warnIfPostgresSkipped();

const ids: IdGenerator = { next: () => randomUUID() };
const at = '2026-11-24T09:00:00.000Z';

describe.skipIf(!postgresAvailable)('the outbox on Postgres', () => {
  let subject: PostgresSubject;
  let second: PgDatabase;
  const tenant = aTenant({ slug: 'order', modules: ['loans', 'events'] });

  beforeAll(async () => {
    subject = await openPostgresSubject();
    second = openPgDatabase(subject.schema);
    await subject.uow.transaction((r) => r.tenants.create(tenant));
  });
  afterAll(async () => {
    await second?.close();
    await subject?.close();
  });

  it('commits event ids in order: a second writer waits for the first, so no reader skips a late commit', async () => {
    const uowB = new PgUnitOfWork(second);
    const before = await subject.uow.read((r) => r.outbox.newestId(tenant.id));
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((r) => (releaseFirst = r));
    let firstTook!: () => void;
    const firstHasNumber = new Promise<void>((r) => (firstTook = r));
    const order: string[] = [];

    const first = subject.uow.transaction(async (repos) => {
      const n = await appendEvent(repos, ids, tenant.id, {
        kind: 'loan.issued',
        occurredAt: at,
        payload: { n: 'first' },
      });
      firstTook();
      await firstHolds; // the first transaction is still open, holding number n
      order.push(`first commits ${n}`);
      return n;
    });
    await firstHasNumber;
    const secondTx = uowB.transaction(async (repos) => {
      const n = await appendEvent(repos, ids, tenant.id, {
        kind: 'loan.returned',
        occurredAt: at,
        payload: { n: 'second' },
      });
      order.push(`second took ${n}`);
      return n;
    });
    // While the first is open, a reader sees neither event; the second cannot take a number yet.
    await new Promise((r) => setTimeout(r, 300));
    expect(order).toEqual([]);
    expect(await subject.uow.read((r) => r.outbox.listAfter(tenant.id, before, 10))).toEqual([]);
    releaseFirst();
    const [a, b] = await Promise.all([first, secondTx]);
    expect(order).toEqual([`first commits ${a}`, `second took ${b}`]);
    expect(b).toBe(a + 1);
    const seen = await subject.uow.read((r) => r.outbox.listAfter(tenant.id, before, 10));
    expect(seen.map((e) => [e.eventId, e.payload])).toEqual([
      [a, { n: 'first' }],
      [b, { n: 'second' }],
    ]);
  });

  it('notifies another instance of a commit with the tenant id alone, and never of a rollback', async () => {
    const signal = new PgEventSignal(new PgNotifications(second));
    const heard: (string | null)[] = [];
    signal.listen((t) => heard.push(t));
    try {
      // The listening connection is opened on the first listen: wait until it hears something.
      await expect
        .poll(
          async () => {
            await subject.uow.transaction((r) =>
              appendEvent(r, ids, tenant.id, { kind: 'loan.issued', occurredAt: at, payload: {} }),
            );
            return heard.length;
          },
          { timeout: 5_000, interval: 200 },
        )
        .toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 500)); // the notifications of the polling commits
      heard.length = 0;
      await subject.uow
        .transaction(async (r) => {
          await appendEvent(r, ids, tenant.id, { kind: 'loan.issued', occurredAt: at, payload: {} });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await new Promise((r) => setTimeout(r, 300));
      expect(heard).toEqual([]);
      await subject.uow.transaction((r) =>
        appendEvent(r, ids, tenant.id, { kind: 'loan.returned', occurredAt: at, payload: {} }),
      );
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual([tenant.id]);
    } finally {
      await signal.close();
    }
  });

  it('runs a job on one instance at a time, and frees the lock when done', async () => {
    const a = new PgJobLock(subject.database);
    const b = new PgJobLock(second);
    let release!: () => void;
    const running = a.runExclusive('backup', () => new Promise<string>((r) => (release = () => r('a ran'))));
    await new Promise((r) => setTimeout(r, 100));
    expect(await b.runExclusive('backup', async () => 'b ran')).toEqual({ ran: false });
    expect(await b.runExclusive('monitors', async () => 'b ran')).toEqual({ ran: true, value: 'b ran' });
    release();
    expect(await running).toEqual({ ran: true, value: 'a ran' });
    expect(await b.runExclusive('backup', async () => 'b ran')).toEqual({ ran: true, value: 'b ran' });
  });
});
