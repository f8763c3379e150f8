/**
 * Two bookings of a group's last units at the same moment (issue 23): exactly one wins and the
 * other is refused 409 (`conflict`), with one booking, one event and one audit entry stored, as the
 * loan races are tested: two processes on one SQLite file (the compiled use case in each, the
 * winner's transaction held open so the other's really waits), and two Desk instances (two pools)
 * on one Postgres schema, many rounds. Both lock the loan group before reading what is free
 * (booking-rules.ts); without that lock Postgres lets both commit.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PgDatabase } from '../../src/adapters/persistence/postgres/pg-database.js';
import { PgUnitOfWork } from '../../src/adapters/persistence/postgres/pg-unit-of-work.js';
import { CreateReservation } from '../../src/domain/reservations/create-reservation.js';
import type { Actor } from '../../src/domain/shared/actor.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import { SystemClock } from '../../src/adapters/system/system-clock.js';
import type { IdGenerator } from '../../src/ports/id-generator.js';
import type { UnitOfWork } from '../../src/ports/unit-of-work.js';
import { asCalled } from '../support/fakes/as-called.js';
import { aGroup, aLoan, aTenant } from '../support/builders.js';
import {
  openPgDatabase,
  openPostgresSubject,
  postgresAvailable,
  warnIfPostgresSkipped,
  type PostgresSubject,
} from '../support/postgres.js';
import { openSqliteSubject, type SqliteSubject } from '../support/sqlite.js';

warnIfPostgresSkipped();

const BOOK_CHILD = fileURLToPath(new URL('../support/sqlite-race-child.mjs', import.meta.url));
const COMPILED = fileURLToPath(new URL('../../dist/domain/reservations/create-reservation.js', import.meta.url));
const HOLD_MS = 400;
const ROUNDS = 20;
const clock = new SystemClock();
const ids: IdGenerator = { next: () => randomUUID() };

/** A window tomorrow, an hour long. */
const tomorrow = () => {
  const from = new Date(Date.now() + 24 * 3_600_000);
  return { from: from.toISOString(), to: new Date(from.getTime() + 3_600_000).toISOString() };
};

/** A tenant with the loans module and a group of `units` AVAILABLE units. */
async function seed(uow: UnitOfWork, units: number, tenant: Tenant = aTenant({ modules: ['loans'] })) {
  const group = aGroup();
  await uow.transaction(async (r) => {
    if (!(await r.tenants.findById(tenant.id))) await r.tenants.create(tenant);
    await r.loanGroups.insertMany(tenant.id, [group]);
    await r.loans.insertMany(
      tenant.id,
      Array.from({ length: units }, () => aLoan(group.id)),
    );
  });
  return { tenant, group };
}

/** Resolves with the first message of `type` from the child; rejects if it exits first. */
function message<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string }) => {
      if (m.type !== type) return;
      child.off('exit', onExit);
      child.off('message', onMessage);
      resolve(m as T);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited with ${code} before sending ${type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

interface Result {
  actorId: string;
  startedAt: number;
  settledAt: number;
  ok: boolean;
  error?: { name: string; code: string; message: string };
}

describe('SQLite: two processes book the last units of a group at once', () => {
  let subject: SqliteSubject | undefined;
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill();
    await subject?.close();
  });

  it('lets exactly one win; the other gets conflict saying none is free; one booking, event and audit entry', async () => {
    if (!existsSync(COMPILED)) throw new Error('dist/ is missing: run `npm run build` (npm test does) first');
    subject = await openSqliteSubject();
    const { tenant, group } = await seed(subject.uow, 3);
    const window = tomorrow();
    for (const actorId of ['key-a', 'key-b']) {
      const child = fork(BOOK_CHILD, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      child.send({
        type: 'setup',
        operation: 'book',
        file: subject.file,
        tenant,
        groupId: group.id,
        quantity: 2,
        ...window,
        actorId,
        holdMs: HOLD_MS,
      });
    }
    await Promise.all(children.map((c) => message(c, 'ready')));
    const results = children.map((c) => message<Result>(c, 'result'));
    for (const child of children) child.send({ type: 'go' });
    const settled = await Promise.all(results);

    const winners = settled.filter((r) => r.ok);
    const losers = settled.filter((r) => !r.ok);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]!.error).toMatchObject({ name: 'DomainError', code: 'conflict' });
    expect(losers[0]!.error!.message).toMatch(/only 1 unit of .* is free/);
    // The transactions really overlapped: the loser started before the winner had committed.
    expect(losers[0]!.startedAt).toBeLessThan(winners[0]!.settledAt);

    const stored = await subject.uow.read((r) =>
      r.reservations.list(tenant.id, { poolGroupIds: null }, { page: 1, pageSize: 10 }),
    );
    expect(stored.items.map((b) => b.createdBy.id)).toEqual([winners[0]!.actorId]);
    const events = await subject.uow.read((r) => r.outbox.listAfter(tenant.id, 0, 10));
    expect(events.map((e) => e.kind)).toEqual(['reservation.created']);
    const audit = await subject.uow.read((r) => r.audit.list(tenant.id, { limit: 10, action: 'reservation.create' }));
    expect(audit).toHaveLength(1);
  });
});

describe.skipIf(!postgresAvailable)('Postgres: two instances book the last units of a group at once', () => {
  let subject: PostgresSubject;
  let second: PgDatabase;
  let uowB: UnitOfWork;

  beforeAll(async () => {
    subject = await openPostgresSubject();
    second = openPgDatabase(subject.schema);
    await second.migrate();
    uowB = new PgUnitOfWork(second);
  });
  afterAll(async () => {
    await second?.close();
    await subject?.close();
  });

  it(`lets exactly one win in each of ${ROUNDS} rounds; one booking, event and audit entry each`, async () => {
    const tenant = aTenant({ modules: ['loans'] });
    const actor = (id: string): Actor => ({
      tenant,
      principal: { type: 'apiKey', id, name: id },
      permissions: new Set(['module.loans', 'reservation.create', 'reservation.manage']),
      loanGroupIds: null,
    });
    const [a, b] = [subject.uow, uowB].map((uow) => asCalled(CreateReservation, uow, clock, ids));
    const groups: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { group } = await seed(subject.uow, 2, tenant);
      groups.push(group.id);
      const window = tomorrow();
      const results = await Promise.allSettled([
        a!.execute(actor('key-a'), { groupId: group.id, quantity: 2, ...window }),
        b!.execute(actor('key-b'), { groupId: group.id, quantity: 1, ...window }),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      expect(won, `round ${round}`).toHaveLength(1);
      expect(lost[0]).toBeInstanceOf(DomainError);
      expect((lost[0] as DomainError).code).toBe('conflict');
    }
    const booked = await uowB.read((r) =>
      r.reservations.list(tenant.id, { poolGroupIds: null }, { page: 1, pageSize: 100 }),
    );
    expect(booked.total).toBe(ROUNDS);
    expect(new Set(booked.items.map((x) => x.groupId)).size).toBe(ROUNDS);
    const events = await uowB.read((r) => r.outbox.listAfter(tenant.id, 0, 10 * ROUNDS));
    expect(events.filter((e) => e.kind === 'reservation.created')).toHaveLength(ROUNDS);
    const audit = await uowB.read((r) => r.audit.list(tenant.id, { limit: 10 * ROUNDS, action: 'reservation.create' }));
    expect(audit).toHaveLength(ROUNDS);
  });
});
