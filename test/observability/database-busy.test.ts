/**
 * A database busy past its lock timeout is a retryable answer, not a bug: another process holds the
 * SQLite write lock while a write comes in over REST, and the caller gets 503 with Retry-After and
 * nothing changed; once the lock is gone, the same request succeeds.
 */
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sqliteFile } from '../../src/bootstrap/container.js';
import { PERMISSIONS } from '../../src/domain/access/permissions.js';
import { startApp, type TestApp } from '../support/app.js';
import { expectProblem, invokeAction } from '../support/rest.js';
import { readTenantData, writableState } from '../support/tenant-data.js';

let app: TestApp;

beforeAll(async () => {
  app = await startApp();
  await app.tenant('acme', { seed: 'small' });
});
afterAll(() => app?.close());

it('answers 503 with Retry-After while another process holds the write lock, then succeeds', async () => {
  const data = await readTenantData(app.container, 'acme');
  const { key } = await app.key('acme', [...PERMISSIONS]);
  const loan = data.loans.find((l) => l.status === 'AVAILABLE')!;
  const input = { number: loan.number, holderId: data.pupils[0]!.id };
  const before = await writableState(app.container, data.tenant.id);

  // Another process's connection, as `desk` CLI commands or a second instance would hold it.
  const other = new BetterSqlite3(sqliteFile(app.config));
  other.exec('BEGIN IMMEDIATE');
  try {
    const busy = await invokeAction(app.port, key, 'loans.issue', input); // waits the 5 s busy timeout
    expectProblem(busy, 503, 'unavailable');
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json.detail).toMatch(/busy/);
  } finally {
    other.exec('ROLLBACK');
    other.close();
  }
  expect(await writableState(app.container, data.tenant.id)).toEqual(before);

  const retried = await invokeAction(app.port, key, 'loans.issue', input);
  expect(retried.status, retried.text).toBe(200);
  expect(retried.json.result.loan).toMatchObject({ number: loan.number, status: 'ISSUED' });
}, 20_000);
