import { execFile, fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/adapters/persistence/sqlite/migrations/index.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import { aGroup, aLoan, aPerson, aTenant } from '../support/builders.js';
import { openSqliteSubject, type SqliteSubject } from '../support/sqlite.js';

const ISSUE_CHILD = fileURLToPath(new URL('../support/sqlite-race-child.mjs', import.meta.url));
const MIGRATE_CHILD = fileURLToPath(new URL('../support/sqlite-migrate-child.mjs', import.meta.url));
const COMPILED = fileURLToPath(new URL('../../dist/adapters/persistence/sqlite/index.js', import.meta.url));
const HOLD_MS = 500;

interface Result {
  type: 'result';
  actorId: string;
  startedAt: number;
  settledAt: number;
  ok: boolean;
  loan?: { number: number; status: string; holder: { id: string } | null };
  error?: { name: string; code: string; message: string };
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

const requireBuild = () => {
  if (!existsSync(COMPILED)) throw new Error('dist/ is missing: run `npm run build` (npm test does) first');
};

describe('SQLite: two processes issue the same loan at once', () => {
  let subject: SqliteSubject | undefined;
  const children: ChildProcess[] = [];

  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill();
    await subject?.close();
  });

  it('lets exactly one win; the other gets conflict; one event and one audit entry', async () => {
    requireBuild();
    subject = await openSqliteSubject();
    const tenant: Tenant = aTenant({ modules: ['loans'] });
    const group = aGroup();
    const ada = aPerson({ name: 'Ada Lovelace', userGroup: '7A' });
    const bob = aPerson({ name: 'Bob Builder', userGroup: '8C' });
    await subject.uow.transaction(async (r) => {
      await r.tenants.create(tenant);
      await r.loanGroups.insertMany(tenant.id, [group]);
      await r.people.insertMany(tenant.id, [ada, bob]);
      await r.loans.insertMany(tenant.id, [aLoan(group.id, { number: 1 })]);
    });

    const holders: Record<string, string> = { 'key-ada': ada.id, 'key-bob': bob.id };
    for (const [actorId, holderId] of Object.entries(holders)) {
      const child = fork(ISSUE_CHILD, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      child.send({
        type: 'setup',
        operation: 'issue-loan',
        file: subject.file,
        tenant,
        number: 1,
        holderId,
        actorId,
        holdMs: HOLD_MS,
      });
    }
    // The barrier: both processes have opened the database before either starts.
    await Promise.all(children.map((c) => message(c, 'ready')));
    const results = children.map((c) => message<Result>(c, 'result'));
    for (const child of children) child.send({ type: 'go' });
    const [first, second] = await Promise.all(results);

    const winners = [first!, second!].filter((r) => r.ok);
    const losers = [first!, second!].filter((r) => !r.ok);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const [winner, loser] = [winners[0]!, losers[0]!];
    expect(loser.error).toMatchObject({ name: 'DomainError', code: 'conflict' });
    // The transactions really overlapped: the loser started before the winner had committed.
    expect(loser.startedAt).toBeLessThan(winner.settledAt);
    expect(loser.settledAt).toBeGreaterThanOrEqual(winner.startedAt + HOLD_MS);

    const winnerHolder = holders[winner.actorId]!;
    expect(winner.loan).toMatchObject({ number: 1, status: 'ISSUED', holder: { id: winnerHolder } });
    const loan = await subject.uow.read((r) => r.loans.findByNumber(tenant.id, 1));
    expect(loan).toMatchObject({ status: 'ISSUED', holderId: winnerHolder, version: 2 });
    const events = await subject.uow.read((r) => r.outbox.listAfter(tenant.id, 0, 10));
    expect(events.map((e) => e.kind)).toEqual(['loan.issued']);
    const audit = await subject.uow.read((r) => r.audit.list(tenant.id, { limit: 10, action: 'loan.issue' }));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toEqual({ type: 'apiKey', id: winner.actorId });
    const counts = await subject.uow.read((r) => r.loans.counts(tenant.id, null, '2026-01-01'));
    expect(counts).toMatchObject({ total: 1, available: 0, issued: 1 });
  });
});

describe('SQLite: two processes migrate a new file at once', () => {
  it('applies each migration exactly once', async () => {
    requireBuild();
    const dir = await mkdtemp(join(tmpdir(), 'desk-migrate-'));
    const [file, goFile] = [join(dir, 'desk.sqlite'), join(dir, 'go')];
    // This connection holds the write lock while both processes start migrating, so they queue
    // on it together and really overlap when it is released.
    const blocker = new BetterSqlite3(file);
    try {
      blocker.pragma('journal_mode = WAL');
      blocker.exec('BEGIN IMMEDIATE');
      const run = promisify(execFile);
      const children = [1, 2].map(() => run(process.execPath, [MIGRATE_CHILD, file, goFile]));
      await writeFile(goFile, '');
      await new Promise((resolve) => setTimeout(resolve, 500));
      blocker.exec('ROLLBACK');
      const applied = (await Promise.all(children)).map(({ stdout }) => JSON.parse(stdout) as string[]);
      expect(applied.flat()).toEqual(MIGRATIONS.map((m) => m.version));
    } finally {
      blocker.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
