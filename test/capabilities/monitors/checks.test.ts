/**
 * Monitor checks for real (issue 11, points 4, 6 and 8): sites on loopback answering what each test
 * says, a real SMTP server reading what arrives, the production container on SQLite and on Postgres.
 * Time moves with an offset clock, so a 30-second interval passes without waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeHttpProbe } from '../../../src/adapters/outbound/node-http-probe.js';
import { PublicAddressGuard } from '../../../src/adapters/outbound/public-address-guard.js';
import { StatfsDataDisk } from '../../../src/adapters/fs/statfs-data-disk.js';
import { Metrics } from '../../../src/adapters/observability/metrics.js';
import { MonitorScheduler } from '../../../src/bootstrap/monitor-scheduler.js';
import { SendAlert } from '../../../src/domain/events/alerts.js';
import type { OutboxEvent } from '../../../src/domain/events/event.js';
import { RunMonitorChecks, type MonitorRound } from '../../../src/domain/monitors/run-monitor-checks.js';
import { Clock } from '../../../src/ports/clock.js';
import { HttpProbe } from '../../../src/ports/http-probe.js';
import { IdGenerator } from '../../../src/ports/id-generator.js';
import { JobLock } from '../../../src/ports/job-lock.js';
import { OutboundGuard } from '../../../src/ports/outbound-guard.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { send } from '../../support/rest.js';
import { startSmtp, type TestSmtp } from '../../support/smtp.js';
import { createUser } from '../../support/console.js';
import { aMonitor } from '../../persistence/monitors.contract.js';
import { makePki, monitorClient, OffsetClock, startHttpsSite, startSite, type TestSite } from './support.js';
import { resolveFrom } from '../../../src/bootstrap/container.js';

warnIfPostgresSkipped();

const DATABASES: TestDatabase[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];

/** The tenant's monitor events, oldest first. */
const monitorEvents = (app: TestApp, tenantId: string): Promise<OutboxEvent[]> =>
  app.container.get(UnitOfWork).read((r) => r.outbox.listAfter(tenantId, 0, 1000, ['monitor.down', 'monitor.up']));

/** One round; fails the test unless it ran (one instance here: the lock is free). */
async function round(app: TestApp): Promise<MonitorRound> {
  const result = await resolveFrom(app.container)(RunMonitorChecks).execute();
  expect(result.ran).toBe(true);
  return (result as { value: MonitorRound }).value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASES)('monitor checks on %s', (database) => {
  let app: TestApp;
  let smtp: TestSmtp;
  let site: TestSite;
  let clock: OffsetClock;
  let tenantId: string;
  let adminEmail: string;
  let monitors: ReturnType<typeof monitorClient>;

  beforeAll(async () => {
    smtp = await startSmtp();
    site = await startSite(200);
    app = await startApp({
      database,
      env: {
        WEBHOOK_ALLOW_PRIVATE: 'true', // the sites are on loopback
        SMTP_URL: smtp.url,
        ALERT_EMAIL_TO: 'ops@district.example',
        DISK_ALERT_PERCENT: '100', // the disk is never too full here; its own test trips it
      },
    });
    clock = new OffsetClock();
    app.container.rebind(Clock).toConstantValue(clock);
    tenantId = (await app.tenant('watch')).id;
    adminEmail = (await createUser(app, 'watch', { role: 'school-admin', email: 'head@watch.example' })).email;
    monitors = monitorClient(app, 'v1', (await app.key('watch', ['monitor.manage'])).key);
  });
  afterAll(async () => {
    await app?.close();
    await site?.close();
    await smtp?.close();
  });

  it('goes down after two failures in a row (one event, one e-mail), stays quiet, and comes back up once', async () => {
    const created = await monitors.create({ name: 'Portal', url: `${site.url}/portal`, intervalSeconds: 30 });
    expect(created.status, created.text).toBe(201);
    const id = created.json.monitor.id as string;
    const hits = () => site.hits.get('/portal') ?? 0;

    // unknown → up: the normal start, no event.
    site.status = 200;
    expect((await round(app)).changes).toEqual([]);
    let view = (await monitors.get(id)).json.monitor;
    expect(view).toMatchObject({ state: 'up', consecutiveFailures: 0, lastCheck: { ok: true, status: 200 } });
    expect(hits()).toBe(1);
    // Not due again before its interval.
    expect((await round(app)).checked).toBe(0);
    expect(hits()).toBe(1);

    // One failure is a blip.
    site.status = 500;
    clock.advance(30);
    expect((await round(app)).changes).toEqual([]);
    view = (await monitors.get(id)).json.monitor;
    expect(view).toMatchObject({ state: 'up', consecutiveFailures: 1, lastCheck: { ok: false, reason: 'status 500' } });
    expect(await monitorEvents(app, tenantId)).toEqual([]);

    // The second turns it down: one event, one e-mail to the tenant's administrators.
    clock.advance(30);
    const down = await round(app);
    expect(down.changes).toMatchObject([
      { tenantId, monitorId: id, event: 'monitor.down', reason: 'status 500', alert: { sent: true, to: [adminEmail] } },
    ]);
    view = (await monitors.get(id)).json.monitor;
    expect(view).toMatchObject({ state: 'down', consecutiveFailures: 2 });
    const [event, ...more] = await monitorEvents(app, tenantId);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      kind: 'monitor.down',
      payload: {
        monitor: { id, kind: 'http', name: 'Portal', url: `${site.url}/portal`, state: 'down', since: view.since },
      },
    });
    expect((event!.payload.monitor as { reason: string }).reason).toBe('status 500');
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([adminEmail]);
    expect(mail!.subject).toBe('[Desk] Monitor down: Portal');
    expect(mail!.raw).toContain('status 500');

    // A third failure: nothing more.
    clock.advance(30);
    expect((await round(app)).changes).toEqual([]);
    expect((await monitors.get(id)).json.monitor).toMatchObject({ state: 'down', consecutiveFailures: 3 });
    expect(await monitorEvents(app, tenantId)).toHaveLength(1);

    // Recovery: one monitor.up, and no e-mail (one per incident).
    site.status = 200;
    clock.advance(30);
    expect((await round(app)).changes).toMatchObject([{ monitorId: id, event: 'monitor.up', alert: null }]);
    const events = await monitorEvents(app, tenantId);
    expect(events.map((e) => e.kind)).toEqual(['monitor.down', 'monitor.up']);
    expect(events[1]!.payload).toMatchObject({ monitor: { id, state: 'up', reason: null } });
    expect(events[1]!.eventId).toBeGreaterThan(events[0]!.eventId);
    clock.advance(30);
    await round(app);
    await sleep(300);
    expect(smtp.received).toHaveLength(1);
    expect(hits()).toBe(6);
    await monitors.remove(id);
  });

  it('counts an expected status other than the answer as down, and sends tenant alerts to the addresses set', async () => {
    await app.container.get(UnitOfWork).transaction((r) => r.tenants.setAlertEmails(tenantId, ['noc@watch.example']));
    const { json } = await monitors.create({
      name: 'API',
      url: `${site.url}/api`,
      intervalSeconds: 30,
      expectStatus: 204,
    });
    site.status = 200;
    smtp.received.length = 0;
    await round(app);
    clock.advance(30);
    const { changes } = await round(app);
    expect(changes).toMatchObject([
      { monitorId: json.monitor.id, event: 'monitor.down', reason: 'status 200, expected 204' },
    ]);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['noc@watch.example']);
    await app.container.get(UnitOfWork).transaction((r) => r.tenants.setAlertEmails(tenantId, null));
    await monitors.remove(json.monitor.id);
  });

  it('sets desk_monitor_up by state (no tenant label) through the scheduler', async () => {
    const up = await monitors.create({ name: 'Up', url: `${site.url}/up`, intervalSeconds: 30 });
    const other = await startSite(503);
    const down = await monitors.create({ name: 'Down', url: `${other.url}/down`, intervalSeconds: 30 });
    await round(app);
    clock.advance(30);
    await round(app);
    const scheduler = new MonitorScheduler(app.container, 60_000);
    scheduler.start();
    await scheduler.stop();
    const text = await app.container.get(Metrics).scrape();
    const value = (state: string) =>
      Number(new RegExp(`^desk_monitor_up\\{state="${state}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    // The two monitors, plus the disk (up: DISK_ALERT_PERCENT is 100 here).
    expect({ up: value('up'), down: value('down'), unknown: value('unknown') }).toEqual({ up: 2, down: 1, unknown: 0 });
    expect(text).not.toMatch(/desk_monitor_up\{[^}]*tenant/);
    const scrape = await send(app.port, { path: '/api/metrics' });
    expect(scrape.text).toContain('desk_monitor_up{state="down"} 1');
    await monitors.remove(up.json.monitor.id);
    await monitors.remove(down.json.monitor.id);
    await other.close();
  });

  it('turns a site whose certificate expires in under 14 days down, and one valid for longer up', async () => {
    const soon = makePki(7);
    const later = makePki(90);
    const expiring = await startHttpsSite(soon);
    const fine = await startHttpsSite(later);
    // The sites' own CAs, as an operator's trust store would hold them (verification stays on).
    const soonProbe = new NodeHttpProbe({ lookup: new PublicAddressGuard(true).lookup, ca: soon.caCert });
    const laterProbe = new NodeHttpProbe({ lookup: new PublicAddressGuard(true).lookup, ca: later.caCert });
    const both: HttpProbe = { get: (url) => (url.startsWith(expiring.url) ? soonProbe : laterProbe).get(url) };
    const c = app.container;
    const checks = new RunMonitorChecks(
      c.get(UnitOfWork),
      c.get(IdGenerator),
      clock,
      both,
      c.get(OutboundGuard),
      c.get(JobLock),
      c.get(SendAlert),
      new StatfsDataDisk(app.config.dataDir, 100),
    );
    try {
      const a = await monitors.create({ name: 'Expiring', url: `${expiring.url}/`, intervalSeconds: 30 });
      const b = await monitors.create({ name: 'Fine', url: `${fine.url}/`, intervalSeconds: 30 });
      await checks.execute();
      clock.advance(30);
      const result = await checks.execute();
      expect(result).toMatchObject({
        ran: true,
        value: { changes: [{ monitorId: a.json.monitor.id, event: 'monitor.down' }] },
      });
      const downView = (await monitors.get(a.json.monitor.id)).json.monitor;
      expect(downView.state).toBe('down');
      expect(downView.lastCheck.status).toBe(200);
      // openssl dates the certificate from now: it expires in 7 days.
      const expiresAt = downView.lastCheck.certificateExpiresAt as string;
      expect(Math.abs(Date.parse(expiresAt) - (Date.now() + 7 * 86_400_000))).toBeLessThan(3_600_000);
      expect(downView.lastCheck.reason).toBe(`certificate expires ${expiresAt.slice(0, 10)}`);
      const fineView = (await monitors.get(b.json.monitor.id)).json.monitor;
      expect(fineView).toMatchObject({ state: 'up', lastCheck: { ok: true, status: 200 } });
      expect(Date.parse(fineView.lastCheck.certificateExpiresAt)).toBeGreaterThan(Date.now() + 80 * 86_400_000);
      await monitors.remove(a.json.monitor.id);
      await monitors.remove(b.json.monitor.id);
    } finally {
      await expiring.close();
      await fine.close();
    }
  });
});

describe('the disk monitor', () => {
  let app: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    // Any disk in use is above 1 percent: the threshold is real, the disk is real.
    app = await startApp({
      env: { SMTP_URL: smtp.url, ALERT_EMAIL_TO: 'ops@district.example', DISK_ALERT_PERCENT: '1' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('emits monitor.down to every tenant with events and e-mails ALERT_EMAIL_TO, once; then monitor.up', async () => {
    const withEvents = (await app.tenant('disk-a')).id;
    const alsoEvents = (await app.tenant('disk-b', { modules: ['events'] })).id;
    const without = (await app.tenant('disk-c', { modules: ['loans'] })).id;
    await createUser(app, 'disk-a', { role: 'school-admin', email: 'head@disk-a.example' });

    expect((await round(app)).changes).toEqual([]);
    const down = await round(app);
    expect(down.changes).toMatchObject([
      { tenantId: null, monitorId: 'disk', event: 'monitor.down', alert: { sent: true, to: ['ops@district.example'] } },
    ]);
    expect(down.changes[0]!.reason).toMatch(/^disk \d+% used, above 1%$/);
    for (const tenant of [withEvents, alsoEvents]) {
      const events = await monitorEvents(app, tenant);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        kind: 'monitor.down',
        payload: { monitor: { id: 'disk', kind: 'disk', name: 'data disk', state: 'down' } },
      });
    }
    expect(await monitorEvents(app, without)).toEqual([]);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['ops@district.example']);
    expect(mail!.subject).toBe('[Desk] Monitor down: data disk');

    expect((await round(app)).changes).toEqual([]);
    await sleep(300);
    expect(smtp.received).toHaveLength(1);

    // The same deployment with room to spare (a threshold of 100): recovery, once, no e-mail.
    const c = app.container;
    const roomy = new RunMonitorChecks(
      c.get(UnitOfWork),
      c.get(IdGenerator),
      c.get(Clock),
      c.get(HttpProbe),
      c.get(OutboundGuard),
      c.get(JobLock),
      c.get(SendAlert),
      new StatfsDataDisk(app.config.dataDir, 100),
    );
    const up = await roomy.execute();
    expect(up).toMatchObject({
      ran: true,
      value: { changes: [{ monitorId: 'disk', event: 'monitor.up', alert: null }] },
    });
    expect((await monitorEvents(app, withEvents)).map((e) => e.kind)).toEqual(['monitor.down', 'monitor.up']);
    expect(await roomy.execute()).toMatchObject({ ran: true, value: { changes: [] } });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('the outbound rule at check time', () => {
  let app: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    site = await startSite(200);
    app = await startApp({ env: { DISK_ALERT_PERCENT: '100' } }); // WEBHOOK_ALLOW_PRIVATE unset
  });
  afterAll(async () => {
    await app?.close();
    await site?.close();
  });

  it('refuses a private address before calling it, even one stored before the rule applied', async () => {
    const tenantId = (await app.tenant('rule')).id;
    // Stored directly: the route would have refused it (a name that resolved elsewhere then, say).
    const literal = aMonitor({ url: `${site.url}/literal`, nextCheckAt: new Date().toISOString() });
    const named = aMonitor({
      url: `${site.url.replace('127.0.0.1', 'localhost')}/named`,
      nextCheckAt: literal.nextCheckAt,
    });
    await app.container.get(UnitOfWork).transaction(async (r) => {
      await r.monitors.create(tenantId, literal);
      await r.monitors.create(tenantId, named);
    });
    await round(app);
    for (const m of [literal, named]) {
      const stored = await app.container.get(UnitOfWork).read((r) => r.monitors.findById(tenantId, m.id));
      expect(stored!.lastCheck).toMatchObject({ ok: false, status: null });
      expect(stored!.lastCheck!.reason).toMatch(/^refused: .*not a public address$/);
    }
    expect(site.hits.size).toBe(0);
  });

  it("the probe's own resolver refuses a name that resolves to a private address at connection time", async () => {
    const probe = new NodeHttpProbe({ lookup: new PublicAddressGuard(false).lookup });
    const facts = await probe.get(`${site.url.replace('127.0.0.1', 'localhost')}/sneaky`);
    expect(facts).toMatchObject({ status: null, error: 'address is not public' });
    expect(site.hits.get('/sneaky')).toBeUndefined();
  });

  it('gives up after its timeout, and reports a refused connection and an untrusted certificate', async () => {
    const open = new PublicAddressGuard(true).lookup;
    site.delayMs = 2_000;
    const slow = await new NodeHttpProbe({ lookup: open, timeoutMs: 200 }).get(`${site.url}/slow`);
    site.delayMs = 0;
    expect(slow).toMatchObject({ status: null, error: 'timeout' });
    expect(slow.ms).toBeLessThan(1_000);
    const closed = await startSite();
    await closed.close();
    expect(await new NodeHttpProbe({ lookup: open }).get(`${closed.url}/`)).toMatchObject({
      error: 'connection refused',
    });
    const pki = makePki(30);
    const tls = await startHttpsSite(pki);
    try {
      // Node's own trust store does not know the test CA: a failed check, never a skipped verification.
      const untrusted = await new NodeHttpProbe({ lookup: open }).get(`${tls.url}/`);
      expect(untrusted.status).toBeNull();
      expect(untrusted.error).toMatch(/^certificate not trusted \(/);
      expect(tls.hits.size).toBe(0);
    } finally {
      await tls.close();
    }
  });
});
