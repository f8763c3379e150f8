// A second process for test/loaner-year/accounts-races.test.ts: charges one covered pupil through
// the compiled use case (dist/) on a shared SQLite file. Protocol over the fork IPC channel:
//   parent → {type:'setup', file, tenant, personId, actorId, amountMinor, holdMs}   child → {type:'ready'}
//   parent → {type:'go'}                                                            child → {type:'result', ...}
// The transaction stays open for holdMs after its work, so the other process's BEGIN IMMEDIATE is
// certainly waiting on the lock while this one commits.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

const dist = new URL('../../dist/', import.meta.url);
const { SqliteDatabase, SqliteUnitOfWork } = await import(new URL('adapters/persistence/sqlite/index.js', dist).href);
const { UnitOfWork } = await import(new URL('ports/unit-of-work.js', dist).href);
const { RecordCharge } = await import(new URL('domain/accounts/record-charge.js', dist).href);

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
const recordCharge = new RecordCharge(new HoldingUnitOfWork(new SqliteUnitOfWork(database), setup.holdMs), clock, ids);
const actor = {
  tenant: setup.tenant,
  principal: { type: 'user', id: setup.actorId, name: setup.actorId, role: 'technician' },
  permissions: new Set(['module.people', 'charge.manage']),
  loanGroupIds: null,
};

process.send({ type: 'ready' });
await next('go');
const startedAt = Date.now();
let outcome;
try {
  const result = await recordCharge.execute(actor, {
    id: setup.personId,
    amountMinor: setup.amountMinor,
    reason: 'Screen',
  });
  outcome = { ok: true, cover: result.cover };
} catch (e) {
  outcome = { ok: false, error: { name: e?.name, code: e?.code, message: e?.message } };
}
const settledAt = Date.now();
await database.close();
process.send({ type: 'result', actorId: setup.actorId, startedAt, settledAt, ...outcome }, () => process.exit(0));
