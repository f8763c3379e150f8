// A second process for test/integration/reservation-races.test.ts: books units of a loan group
// through the compiled use case (dist/) on a shared SQLite file. Protocol over the fork IPC channel:
//   parent → {type:'setup', file, tenant, groupId, quantity, from, to, actorId, holdMs}   child → {type:'ready'}
//   parent → {type:'go'}                                                                  child → {type:'result', ...}
// A successful transaction stays open for holdMs after its work, so the other process's
// BEGIN IMMEDIATE is certainly waiting on the lock while this one commits.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

const dist = new URL('../../dist/', import.meta.url);
const { SqliteDatabase, SqliteUnitOfWork } = await import(new URL('adapters/persistence/sqlite/index.js', dist).href);
const { UnitOfWork } = await import(new URL('ports/unit-of-work.js', dist).href);
const { CreateReservation } = await import(new URL('domain/reservations/create-reservation.js', dist).href);

class HoldingUnitOfWork extends UnitOfWork {
  constructor(inner, holdMs) {
    super();
    this.inner = inner;
    this.holdMs = holdMs;
  }
  transaction(work) {
    return this.inner.transaction(async (repos) => {
      const result = await work(repos);
      await sleep(this.holdMs);
      return result;
    });
  }
  read(work) {
    return this.inner.read(work);
  }
}

/** The next message of `type` from the parent. */
const next = (type) =>
  new Promise((resolve) => {
    const listener = (m) => {
      if (m.type !== type) return;
      process.off('message', listener);
      resolve(m);
    };
    process.on('message', listener);
  });

const setup = await next('setup');
const database = new SqliteDatabase(setup.file);
await database.ping();
const clock = { now: () => new Date() };
const ids = { next: () => randomUUID() };
const book = new CreateReservation(new HoldingUnitOfWork(new SqliteUnitOfWork(database), setup.holdMs), clock, ids);
const actor = {
  tenant: setup.tenant,
  principal: { type: 'apiKey', id: setup.actorId, name: setup.actorId },
  permissions: new Set(['module.loans', 'reservation.create', 'reservation.manage']),
  loanGroupIds: null,
};

process.send({ type: 'ready' });
await next('go');
const startedAt = Date.now();
let outcome;
try {
  const input = { groupId: setup.groupId, quantity: setup.quantity, from: setup.from, to: setup.to };
  const { reservation } = await book.execute(actor, input);
  outcome = { ok: true, reservation };
} catch (e) {
  outcome = { ok: false, error: { name: e?.name, code: e?.code, message: e?.message } };
}
const settledAt = Date.now();
await database.close();
process.send({ type: 'result', actorId: setup.actorId, startedAt, settledAt, ...outcome }, () => process.exit(0));
