// A second process for the SQLite race tests: runs one write through the compiled use case (dist/) on
// a shared SQLite file, so two processes contend for the database lock as two `desk` processes would.
// Protocol over the fork IPC channel:
//   parent → {type:'setup', operation, file, tenant, actorId, holdMs, ...its input}   child → {type:'ready'}
//   parent → {type:'go'}                                                               child → {type:'result', ...}
// A successful transaction stays open for holdMs after its work, so the other process's
// BEGIN IMMEDIATE is certainly waiting on the lock while this one commits.
//
// Operations (test → what it runs):
//   issue-loan  test/persistence/sqlite-concurrency.test.ts   IssueLoan {number, holderId}
//   book        test/persistence/reservation-races.test.ts    CreateReservation {groupId, quantity, from, to}
//   charge      test/persistence/accounts-races.test.ts       RecordCharge {personId, amountMinor}
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

const dist = new URL('../../dist/', import.meta.url);
const load = (path) => import(new URL(path, dist).href);
const { SqliteDatabase, SqliteUnitOfWork } = await load('adapters/persistence/sqlite/index.js');
const { UnitOfWork } = await load('ports/unit-of-work.js');

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

/** Each operation: who runs it (principal, permissions) and the call, made from the setup message. */
const OPERATIONS = {
  'issue-loan': {
    principal: (id) => ({ type: 'apiKey', id, name: id }),
    permissions: ['module.loans', 'loan.issue'],
    async make(uow, clock, ids, s) {
      const { IssueLoan } = await load('domain/loans/issue-loan.js');
      const { LoanTransitionRunner } = await load('domain/loans/loan-transition.js');
      const issueLoan = new IssueLoan(new LoanTransitionRunner(uow, clock, ids), clock);
      return async (actor) => ({
        loan: (await issueLoan.execute(actor, { number: s.number, holderId: s.holderId })).loan,
      });
    },
  },
  book: {
    principal: (id) => ({ type: 'apiKey', id, name: id }),
    permissions: ['module.loans', 'reservation.create', 'reservation.manage'],
    async make(uow, clock, ids, s) {
      const { CreateReservation } = await load('domain/reservations/create-reservation.js');
      const book = new CreateReservation(uow, clock, ids);
      const input = { groupId: s.groupId, quantity: s.quantity, from: s.from, to: s.to };
      return async (actor) => ({ reservation: (await book.execute(actor, input)).reservation });
    },
  },
  charge: {
    principal: (id) => ({ type: 'user', id, name: id, role: 'technician' }),
    permissions: ['module.people', 'charge.manage'],
    async make(uow, clock, ids, s) {
      const { RecordCharge } = await load('domain/accounts/record-charge.js');
      const recordCharge = new RecordCharge(uow, clock, ids);
      const input = { id: s.personId, amountMinor: s.amountMinor, reason: 'Screen' };
      return async (actor) => ({ cover: (await recordCharge.execute(actor, input)).cover });
    },
  },
};

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
const operation = OPERATIONS[setup.operation];
if (!operation) throw new Error(`no operation ${setup.operation}`);
const database = new SqliteDatabase(setup.file);
await database.ping();
const clock = { now: () => new Date() };
const ids = { next: () => randomUUID() };
const uow = new HoldingUnitOfWork(new SqliteUnitOfWork(database), setup.holdMs);
const run = await operation.make(uow, clock, ids, setup);
const actor = {
  tenant: setup.tenant,
  principal: operation.principal(setup.actorId),
  permissions: new Set(operation.permissions),
  loanGroupIds: null,
};

process.send({ type: 'ready' });
await next('go');
const startedAt = Date.now();
let outcome;
try {
  outcome = { ok: true, ...(await run(actor)) };
} catch (e) {
  outcome = { ok: false, error: { name: e?.name, code: e?.code, message: e?.message } };
}
const settledAt = Date.now();
await database.close();
process.send({ type: 'result', actorId: setup.actorId, startedAt, settledAt, ...outcome }, () => process.exit(0));
