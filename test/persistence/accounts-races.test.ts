/**
 * The last insurance claim under a real race (issue 23 §4), held open at the riskiest moment: two
 * processes charging one covered pupil on one SQLite file, and two Desk instances (two pools) on one
 * Postgres schema. The first charge's transaction stays open after it counted the claims and wrote
 * its charge; the second must wait for it and then see the claim taken, so exactly one charge is a
 * claim. Without the person's row lock in RecordCharge, the Postgres case takes the claim twice.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PgUnitOfWork } from '../../src/adapters/persistence/postgres/pg-unit-of-work.js';
import { SystemClock } from '../../src/adapters/system/system-clock.js';
import { insuranceSetting } from '../../src/domain/accounts/insurance.js';
import { RecordCharge } from '../../src/domain/accounts/record-charge.js';
import type { Actor } from '../../src/domain/shared/actor.js';
import { dateInZone } from '../../src/domain/shared/dates.js';
import { schoolYearOf } from '../../src/domain/settings/school-year.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import type { Repositories } from '../../src/ports/repositories.js';
import { UnitOfWork } from '../../src/ports/unit-of-work.js';
import { aPerson, aTenant } from '../support/builders.js';
import { openPgDatabase, openPostgresSubject, postgresAvailable, warnIfPostgresSkipped } from '../support/postgres.js';
import { openSqliteSubject } from '../support/sqlite.js';

warnIfPostgresSkipped();

const CHILD = fileURLToPath(new URL('../support/sqlite-race-child.mjs', import.meta.url));
const COMPILED = fileURLToPath(new URL('../../dist/domain/accounts/record-charge.js', import.meta.url));
const HOLD_MS = 400;

interface Result {
  type: 'result';
  actorId: string;
  startedAt: number;
  settledAt: number;
  ok: boolean;
  cover?: string;
  error?: { code: string; message: string };
}

/** A school with insurance terms of one claim a year, and one pupil covered this school year. */
async function seed(uow: UnitOfWork) {
  const tenant = aTenant({ modules: ['people'] });
  const pupil = aPerson({ kind: 'PUPIL' });
  const year = schoolYearOf(dateInZone(new Date(), tenant.timeZone), { startMonth: 8, startDay: 1 }).name;
  const at = new Date().toISOString();
  await uow.transaction(async (r) => {
    await r.tenants.create(tenant);
    await r.people.insertMany(tenant.id, [pupil]);
    await r.schoolSettings.put(tenant.id, insuranceSetting.name, { deductibleMinor: 1_000, claimsPerYear: 1 }, at);
    await r.accounts.putCoverage(tenant.id, {
      personId: pupil.id,
      schoolYear: year,
      plan: 'Gold',
      recordedBy: 'u',
      recordedAt: at,
    });
  });
  return { tenant, pupil, year };
}

async function expectOneClaim(uow: UnitOfWork, tenant: Tenant, personId: string, year: string) {
  const [entries, claims] = await uow.read((r: Repositories) =>
    Promise.all([r.accounts.entriesOf(tenant.id, personId), r.accounts.claimsUsed(tenant.id, personId, year)]),
  );
  expect(entries.map((e) => e.amountMinor).sort((a, b) => a - b)).toEqual([1_000, 5_000]);
  expect(claims).toBe(1);
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

describe('the last claim, raced', () => {
  const children: ChildProcess[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill();
    for (const close of closers.splice(0).reverse()) await close();
  });

  it('SQLite: of two processes charging at once, exactly one charge takes the claim', async () => {
    if (!existsSync(COMPILED)) throw new Error('dist/ is missing: run `npm run build` (npm test does) first');
    const subject = await openSqliteSubject();
    closers.push(() => subject.close());
    const { tenant, pupil, year } = await seed(subject.uow);
    for (const actorId of ['ada', 'bob']) {
      const child = fork(CHILD, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      child.send({
        type: 'setup',
        operation: 'charge',
        file: subject.file,
        tenant,
        personId: pupil.id,
        actorId,
        amountMinor: 5_000,
        holdMs: HOLD_MS,
      });
    }
    await Promise.all(children.map((c) => message(c, 'ready')));
    const results = children.map((c) => message<Result>(c, 'result'));
    for (const child of children) child.send({ type: 'go' });
    const done = await Promise.all(results);
    expect(done.map((r) => r.ok)).toEqual([true, true]);
    expect(done.map((r) => r.cover).sort()).toEqual(['claim', 'no_claims_left']);
    // They really overlapped: the later one started before the first had committed.
    const [first, second] = [...done].sort((a, b) => a.settledAt - b.settledAt);
    expect(second!.startedAt).toBeLessThan(first!.settledAt);
    await expectOneClaim(subject.uow, tenant, pupil.id, year);
  });

  it.skipIf(!postgresAvailable)(
    'Postgres: of two instances charging at once, exactly one charge takes the claim',
    async () => {
      const subject = await openPostgresSubject();
      closers.push(() => subject.close());
      const second = openPgDatabase(subject.schema);
      closers.push(() => second.close());
      const { tenant, pupil, year } = await seed(subject.uow);
      const actor: Actor = {
        tenant,
        principal: { type: 'user', id: 'desk-user', name: 'Desk', role: 'technician' },
        permissions: new Set(['module.people', 'charge.manage']),
        loanGroupIds: null,
      };
      // Each instance keeps its transaction open a while after its work: the other's must wait on the lock.
      const holding = (inner: UnitOfWork): UnitOfWork =>
        Object.assign(Object.create(UnitOfWork.prototype) as UnitOfWork, {
          transaction: <T>(work: (r: Repositories) => Promise<T>) =>
            inner.transaction(async (r) => {
              const result = await work(r);
              await sleep(HOLD_MS);
              return result;
            }),
          read: <T>(work: (r: Repositories) => Promise<T>) => inner.read(work),
        });
      const clock = new SystemClock();
      const ids = { next: () => randomUUID() };
      const charges = [subject.uow, new PgUnitOfWork(second)].map((uow) => new RecordCharge(holding(uow), clock, ids));
      const results = await Promise.all(
        charges.map((c) => c.execute(actor, { id: pupil.id, amountMinor: 5_000, reason: 'Screen' })),
      );
      expect(results.map((r) => r.cover).sort()).toEqual(['claim', 'no_claims_left']);
      await expectOneClaim(subject.uow, tenant, pupil.id, year);
    },
  );
});
