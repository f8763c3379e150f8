/**
 * Checks run on one instance only (SPEC §11): two apps on one Postgres schema, each with its own
 * container, pool and PgJobLock, run a round at the same moment against slow sites. Every monitor
 * is checked exactly once, by whichever instance held the lock; the other says it did not run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunMonitorChecks } from '../../../src/domain/monitors/run-monitor-checks.js';
import { startApp, type TestApp } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { monitorClient, startSite, type TestSite } from './support.js';
import { resolveFrom } from '../../../src/bootstrap/container.js';

warnIfPostgresSkipped();

describe.skipIf(!postgresAvailable)('monitor checks on two instances sharing Postgres', () => {
  let one: TestApp;
  let two: TestApp;
  let site: TestSite;
  const env = { WEBHOOK_ALLOW_PRIVATE: 'true', DISK_ALERT_PERCENT: '100' };

  beforeAll(async () => {
    site = await startSite(200);
    site.delayMs = 300; // long enough for the rounds to overlap
    one = await startApp({ database: 'postgres', env });
    two = await startApp({ databaseUrl: one.config.databaseUrl!, env });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close(); // drops the schema
    await site?.close();
  });

  it('checks each due monitor once, on whichever instance holds the lock', async () => {
    await one.tenant('pair');
    const monitors = monitorClient(one, 'v1', (await one.key('pair', ['monitor.manage'])).key);
    const paths = ['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h', '/i', '/j'];
    for (const path of paths) {
      const reply = await monitors.create({ name: path, url: `${site.url}${path}`, intervalSeconds: 60 });
      expect(reply.status, reply.text).toBe(201);
    }
    const results = await Promise.all([
      resolveFrom(one.container)(RunMonitorChecks).execute(),
      resolveFrom(two.container)(RunMonitorChecks).execute(),
    ]);
    expect(results.map((r) => r.ran).sort()).toEqual([false, true]);
    for (const path of paths) expect(site.hits.get(path), path).toBe(1);

    // Both again, one after the other: nothing is due, on either.
    for (const app of [one, two]) {
      const again = await resolveFrom(app.container)(RunMonitorChecks).execute();
      expect(again).toMatchObject({ ran: true, value: { checked: 0 } });
    }
    expect([...site.hits.values()].reduce((a, b) => a + b, 0)).toBe(paths.length);
    const listed = (await monitors.list()).json.monitors as { state: string }[];
    expect(listed.map((m) => m.state)).toEqual(paths.map(() => 'up'));
  });
});
