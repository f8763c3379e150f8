/**
 * Postgres under concurrency, against a real server: two Desk instances (two pools on one schema)
 * racing for the same loan, rollback of a use case that fails midway, and migrations started at once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgUnitOfWork } from '../../src/adapters/persistence/postgres/pg-unit-of-work.js';
import { PgDatabase } from '../../src/adapters/persistence/postgres/pg-database.js';
import { MIGRATIONS } from '../../src/adapters/persistence/postgres/migrations/index.js';
import { IssueLoan } from '../../src/domain/loans/issue-loan.js';
import { ReturnLoan } from '../../src/domain/loans/return-loan.js';
import { LoanTransitionRunner } from '../../src/domain/loans/loan-transition.js';
import type { Actor } from '../../src/domain/shared/actor.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import { SystemClock } from '../../src/adapters/system/system-clock.js';
import type { IdGenerator } from '../../src/ports/id-generator.js';
import type { UnitOfWork } from '../../src/ports/unit-of-work.js';
import { aGroup, aLoan, aPerson, aTenant } from '../support/builders.js';
import {
  openPgDatabase,
  openPostgresSubject,
  postgresAvailable,
  uniqueSchemaName,
  warnIfPostgresSkipped,
  type PostgresSubject,
} from '../support/postgres.js';
import { asCalled } from '../support/fakes/as-called.js';

warnIfPostgresSkipped();

const ROUNDS = 20;
const clock = new SystemClock();
const ids: IdGenerator = { next: () => randomUUID() };
const issueLoan = (uow: UnitOfWork, idGen: IdGenerator = ids) =>
  asCalled(IssueLoan, new LoanTransitionRunner(uow, clock, idGen), clock);
const returnLoan = (uow: UnitOfWork) => asCalled(ReturnLoan, new LoanTransitionRunner(uow, clock, ids));

const actorOf = (tenant: Tenant): Actor => ({
  tenant,
  principal: { type: 'user', id: 'desk-user', name: 'Desk', role: 'loan-desk' },
  permissions: new Set(['module.loans', 'loan.issue', 'loan.return']),
  loanGroupIds: null,
});

describe.skipIf(!postgresAvailable)('postgres concurrency', () => {
  let subject: PostgresSubject;
  let second: PgDatabase;
  let uowA: UnitOfWork;
  let uowB: UnitOfWork;

  beforeAll(async () => {
    subject = await openPostgresSubject();
    second = openPgDatabase(subject.schema);
    expect(await second.migrate()).toEqual({ applied: [] });
    uowA = subject.uow;
    uowB = new PgUnitOfWork(second);
  });
  afterAll(async () => {
    await second?.close();
    await subject?.close();
  });

  /** A tenant with the loans module, one group, `loans` AVAILABLE loans numbered 1.. and two people. */
  async function seed(loans: number) {
    const tenant = aTenant({ modules: ['loans'] });
    const group = aGroup();
    const alice = aPerson({ name: 'Alice', userGroup: '7A' });
    const bruno = aPerson({ name: 'Bruno', userGroup: '8B' });
    const rows = Array.from({ length: loans }, (_, i) => aLoan(group.id, { number: i + 1 }));
    await uowA.transaction(async (r) => {
      await r.tenants.create(tenant);
      await r.loanGroups.insertMany(tenant.id, [group]);
      await r.people.insertMany(tenant.id, [alice, bruno]);
      await r.loans.insertMany(tenant.id, rows);
    });
    return { tenant, actor: actorOf(tenant), alice, bruno };
  }

  it(`lets exactly one of two instances issue the same loan (${ROUNDS} rounds)`, async () => {
    const { tenant, actor, alice, bruno } = await seed(ROUNDS);
    const [a, b] = [issueLoan(uowA), issueLoan(uowB)];
    for (let number = 1; number <= ROUNDS; number++) {
      const results = await Promise.allSettled([
        a.execute(actor, { number, holderId: alice.id }),
        b.execute(actor, { number, holderId: bruno.id }),
      ]);
      const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]).toBeInstanceOf(DomainError);
      expect((lost[0] as DomainError).code).toBe('conflict');

      const winner = won[0]!.loan.holder!.id;
      const stored = await uowA.read((r) => r.loans.findByNumber(tenant.id, number));
      expect(stored).toMatchObject({ status: 'ISSUED', holderId: winner, version: 2 });
    }

    const events = await uowB.read((r) => r.outbox.listAfter(tenant.id, 0, 10 * ROUNDS));
    const audit = await uowB.read((r) => r.audit.list(tenant.id, { limit: 10 * ROUNDS }));
    for (let number = 1; number <= ROUNDS; number++) {
      const issued = events.filter((e) => e.kind === 'loan.issued' && numberOf(e.payload) === number);
      expect(issued, `loan.issued events of loan ${number}`).toHaveLength(1);
      expect(audit.filter((e) => e.action === 'loan.issue' && e.target === `loan:${number}`)).toHaveLength(1);
    }
  });

  it('keeps the loan counts exact while two instances issue and return in opposite directions', async () => {
    const { tenant, actor, alice, bruno } = await seed(2 * ROUNDS);
    const dueDate = '2999-01-31';
    for (let number = 1; number <= ROUNDS; number++) {
      await issueLoan(uowA).execute(actor, { number, holderId: alice.id, dueDate });
    }
    // A issues 21..40 (AVAILABLE → ISSUED due D) while B returns 1..20 (ISSUED due D → AVAILABLE): both
    // move the same tally rows in opposite directions, all at once.
    await Promise.all(
      Array.from({ length: ROUNDS }, (_, i) => [
        issueLoan(uowA).execute(actor, { number: ROUNDS + i + 1, holderId: bruno.id, dueDate }),
        returnLoan(uowB).execute(actor, { number: i + 1 }),
      ]).flat(),
    );
    const today = '2026-03-10';
    const counted = await subject.database.pool.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'ISSUED')::int AS issued
       FROM loans WHERE tenant_id = $1`,
      [tenant.id],
    );
    expect(counted.rows[0]).toEqual({ total: 2 * ROUNDS, issued: ROUNDS });
    expect(await uowB.read((r) => r.loans.counts(tenant.id, null, today))).toEqual({
      total: 2 * ROUNDS,
      available: ROUNDS,
      issued: ROUNDS,
      overdue: 0,
      withoutDueDate: 0,
    });
    expect(await uowB.read((r) => r.loans.counts(tenant.id, null, '3000-01-01'))).toMatchObject({ overdue: ROUNDS });
  });

  it('keeps nothing when the use case throws midway', async () => {
    const { tenant, actor, alice } = await seed(1);
    // The loan update and the audit entry are written, then the event id cannot be generated.
    let calls = 0;
    const failing: IdGenerator = {
      next: () => {
        if (++calls === 2) throw new Error('id generator broke');
        return randomUUID();
      },
    };
    await expect(issueLoan(uowA, failing).execute(actor, { number: 1, holderId: alice.id })).rejects.toThrow(
      'id generator broke',
    );
    expect(calls).toBe(2);
    expect(await uowA.read((r) => r.loans.findByNumber(tenant.id, 1))).toMatchObject({
      status: 'AVAILABLE',
      holderId: null,
      version: 1,
    });
    expect(await uowA.read((r) => r.audit.list(tenant.id, { limit: 10 }))).toEqual([]);
    expect(await uowA.read((r) => r.outbox.listAfter(tenant.id, 0, 10))).toEqual([]);
  });

  it('applies each migration exactly once when instances start at once', async () => {
    const schema = uniqueSchemaName();
    const instances = [openPgDatabase(schema), openPgDatabase(schema), openPgDatabase(schema)];
    try {
      const results = await Promise.all(instances.map((d) => d.migrate()));
      const applied = results.flatMap((r) => r.applied);
      const versions = MIGRATIONS.map((m) => m.version);
      expect(applied).toEqual(versions);
      const { rows } = await instances[0]!.pool.query('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r: { version: string }) => r.version)).toEqual(versions);
    } finally {
      await instances[0]!.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await Promise.all(instances.map((d) => d.close()));
    }
  });

  it('constructs without a reachable server and reports it on ping', async () => {
    const unreachable = new PgDatabase({ connectionString: 'postgres://postgres@127.0.0.1:1/test' });
    await expect(unreachable.ping()).rejects.toThrow();
    await unreachable.close();
  });
});

const numberOf = (payload: Readonly<Record<string, unknown>>): unknown =>
  (payload.loan as { number?: unknown } | undefined)?.number;
