import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import { SqliteDatabase } from '../../src/adapters/persistence/sqlite/sqlite-database.js';
import { SqliteUnitOfWork } from '../../src/adapters/persistence/sqlite/sqlite-unit-of-work.js';
import { DatabaseBusyError, DatabaseUnavailableError } from '../../src/ports/unit-of-work.js';
import type { Loan } from '../../src/domain/loans/loan.js';
import type { Repositories } from '../../src/ports/repositories.js';
import { aGroup, aLoan, aPerson, aTenant, aUser } from '../support/builders.js';
import { openSqliteSubject, type SqliteSubject } from '../support/sqlite.js';
import { runRepositoryContract } from './repositories.contract.js';

runRepositoryContract('sqlite', openSqliteSubject);

// What the shared contract cannot see: the SQLite adapter's own machinery.
describe('sqlite adapter', () => {
  let s: SqliteSubject;
  const tx = <T>(work: (r: Repositories) => Promise<T>) => s.uow.transaction(work);
  const read = <T>(work: (r: Repositories) => Promise<T>) => s.uow.read(work);
  const message = (p: Promise<unknown>) =>
    p.then(
      () => 'resolved',
      (e: Error) => e.message,
    );

  beforeAll(async () => {
    s = await openSqliteSubject();
  });
  afterAll(() => s.close());

  it('applies each migration once, whoever migrates again', async () => {
    const again = new SqliteDatabase(s.file);
    expect(await again.migrate()).toEqual({ applied: [] });
    await again.close();
    await expect(again.ping()).rejects.toThrow(/closed/);
  });

  it('writes ahead to a log and syncs every commit to disk (WAL, synchronous=FULL; README → Decisions)', async () => {
    const pragmas = await s.database.exclusive(async (sql) => ({
      journal: sql.db.pragma('journal_mode', { simple: true }),
      synchronous: sql.db.pragma('synchronous', { simple: true }),
    }));
    expect(pragmas).toEqual({ journal: 'wal', synchronous: 2 }); // 2 = FULL
  });

  it('names the duplicated thing in a conflict', async () => {
    const t = aTenant({ hosts: ['dup.example'] });
    await tx((r) => r.tenants.create(t));
    const g = aGroup();
    const loan = aLoan(g.id, { serial: 'SN-DUP' });
    await tx((r) => r.loans.insertMany(t.id, [loan]));
    expect(await message(tx((r) => r.tenants.create(aTenant({ slug: t.slug }))))).toBe(
      `tenant with slug "${t.slug}" already exists`,
    );
    expect(await message(tx((r) => r.tenants.create(aTenant({ hosts: ['dup.example'] }))))).toBe(
      'tenant with host "dup.example" already exists',
    );
    expect(await message(tx((r) => r.loans.insertMany(t.id, [aLoan(g.id, { serial: 'SN-DUP' })])))).toBe(
      'loan with serial "SN-DUP" already exists',
    );
    expect(await message(tx((r) => r.loans.insertMany(t.id, [aLoan(g.id, { number: loan.number })])))).toBe(
      `loan with number ${loan.number} already exists`,
    );
    const user = aUser();
    await tx((r) => r.users.create(t.id, user, null));
    expect(await message(tx((r) => r.users.create(t.id, aUser({ email: user.email }), null)))).toBe(
      `user with e-mail "${user.email}" already exists`,
    );
  });

  it('keeps the loan tallies behind counts and totals in step with the loans', async () => {
    const t = aTenant();
    const [g1, g2] = [aGroup(), aGroup()];
    const p = aPerson();
    const issued = (o: Partial<Loan>) => ({ status: 'ISSUED' as const, holderId: p.id, issuedAt: 'x', ...o });
    let loans: Loan[] = [
      aLoan(g1.id, { number: 1 }),
      aLoan(g1.id, { number: 2, kind: 'IPAD' }),
      aLoan(g2.id, { number: 3, ...issued({ dueDate: '2026-01-01' }) }),
      aLoan(g2.id, { number: 4, ...issued({ dueDate: null }) }),
    ];
    await tx(async (r) => {
      await r.tenants.create(t);
      await r.loanGroups.insertMany(t.id, [g1, g2]);
      await r.loans.insertMany(t.id, loans);
    });
    const change = async (number: number, o: Partial<Loan>) => {
      const before = loans.find((l) => l.number === number)!;
      expect(await tx((r) => r.loans.update(t.id, { ...before, ...o }))).toBe(true);
      loans = loans.map((l) => (l === before ? { ...before, ...o, version: before.version + 1 } : l));
    };
    await change(1, issued({ dueDate: '2025-12-01' }));
    await change(3, { status: 'AVAILABLE', holderId: null, issuedAt: null, dueDate: null });
    await change(4, { dueDate: '2027-01-01' });
    await change(2, { status: 'UNAVAILABLE' });
    const today = '2026-02-01';
    const expected = (pool: string[] | null) => {
      const mine = loans.filter((l) => !pool || pool.includes(l.groupId));
      const iss = mine.filter((l) => l.status === 'ISSUED');
      return {
        total: mine.length,
        available: mine.filter((l) => l.status === 'AVAILABLE').length,
        issued: iss.length,
        overdue: iss.filter((l) => l.dueDate !== null && l.dueDate < today).length,
        withoutDueDate: iss.filter((l) => l.dueDate === null).length,
      };
    };
    for (const pool of [null, [g1.id], [g2.id]]) {
      expect(await read((r) => r.loans.counts(t.id, pool, today))).toEqual(expected(pool));
    }
    const total = (f: object) =>
      read(async (r) => (await r.loans.list(t.id, { poolGroupIds: null, ...f }, { page: 1, pageSize: 1 })).total);
    expect(await total({ overdueBefore: today })).toBe(1);
    expect(await total({ status: 'ISSUED', kind: 'LAPTOP' })).toBe(2);
    expect(await total({ groupId: g1.id, status: 'UNAVAILABLE' })).toBe(1);
    expect(await read((r) => r.loans.count(t.id))).toBe(4);
  });

  it('folds case beyond ASCII in free-text search', async () => {
    const t = aTenant();
    await tx((r) => r.people.insertMany(t.id, [aPerson({ name: 'Ömer Çelik' }), aPerson({ name: 'Omer Celik' })]));
    const names = await read((r) => r.people.search(t.id, { q: 'öMER ç', limit: 10 }));
    expect(names.map((p) => p.name)).toEqual(['Ömer Çelik']);
  });

  it('fails a write as DatabaseBusyError, keeping nothing, when another process holds the lock too long', async () => {
    const t = aTenant();
    await tx((r) => r.tenants.create(t));
    const impatient = new SqliteDatabase(s.file, { busyTimeoutMs: 50 });
    const uow = new SqliteUnitOfWork(impatient);
    const other = new BetterSqlite3(s.file);
    other.exec('BEGIN IMMEDIATE');
    try {
      const write = uow.transaction((r) => r.people.insertMany(t.id, [aPerson()]));
      await expect(write).rejects.toBeInstanceOf(DatabaseBusyError);
      await expect(write).rejects.toMatchObject({ cause: { code: 'SQLITE_BUSY' } });
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(await uow.read((r) => r.people.count(t.id))).toBe(0);
    await uow.transaction((r) => r.people.insertMany(t.id, [aPerson()]));
    expect(await read((r) => r.people.count(t.id))).toBe(1);
    await impatient.close();
  });

  it('fails as DatabaseUnavailableError while its file cannot be created, and opens once it can', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-unopenable-'));
    writeFileSync(join(dir, 'blocker'), 'a file where the data directory should be');
    const database = new SqliteDatabase(join(dir, 'blocker', 'data', 'desk.sqlite'));
    const failure = await database.ping().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect((failure as DatabaseUnavailableError).reason).toBe('ENOTDIR');
    rmSync(join(dir, 'blocker'));
    await expect(database.migrate()).resolves.toMatchObject({ applied: expect.any(Array) });
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps reads out of a running transaction', async () => {
    const t = aTenant();
    await tx((r) => r.tenants.create(t));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const writing = tx(async (r) => {
      await r.people.insertMany(t.id, [aPerson()]);
      await gate;
    });
    let seen: number | undefined;
    const reading = read((r) => r.people.count(t.id)).then((n) => (seen = n));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toBeUndefined();
    release();
    await Promise.all([writing, reading]);
    expect(seen).toBe(1);
  });
});
