/**
 * The live event stream (issue 11 point 3) over real HTTP: the format, resumption with Last-Event-ID
 * or ?after=, a reset for an id too old, what each subscriber may see, a slow reader cut off, the
 * console's cookie, and (Postgres) an event committed through one instance reaching a stream on another.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStreams } from '../../../src/adapters/http/event-streams.js';
import { EmitDeploymentEvent } from '../../../src/domain/events/alerts.js';
import { REPLAY_MAX } from '../../../src/domain/events/event-hub.js';
import { appendEvent } from '../../../src/domain/shared/record-change.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { invokeAction, pointersOf } from '../../support/rest.js';
import { openStream, type SseStream } from '../../support/sse.js';
import { readTenantData, type TenantData } from '../../support/tenant-data.js';
import { signIn } from '../../support/console.js';
import { resolveFrom } from '../../../src/bootstrap/container.js';

warnIfPostgresSkipped();

const databases: TestDatabase[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(databases)('the event stream on %s', (database) => {
  let app: TestApp;
  let data: TenantData;
  let subscriber: string;
  let writer: string;
  const open: SseStream[] = [];

  beforeAll(async () => {
    app = await startApp({ database, background: true });
    await app.tenant('north', { seed: 'small' });
    await app.tenant('south', { seed: 'small' });
    data = await readTenantData(app.container, 'north');
    subscriber = (await app.key('north', ['event.subscribe', 'loan.view', 'repair.view'])).key;
    writer = (await app.key('north', ['loan.view', 'loan.issue', 'loan.return'])).key;
  });
  afterAll(async () => {
    open.forEach((s) => s.close());
    await app?.close();
  });

  const stream = async (path: string, headers: Record<string, string>) => {
    const s = await openStream(app.port, path, headers);
    open.push(s);
    return s;
  };
  const keyed = (key: string, headers: Record<string, string> = {}, path = '/api/v1/events') =>
    stream(path, { 'x-api-key': key, ...headers });
  let nextLoan = 0;
  async function issueOne(): Promise<number> {
    const loan = data.loans.filter((l) => l.status === 'AVAILABLE')[nextLoan++]!;
    const reply = await invokeAction(app.port, writer, 'loans.issue', {
      number: loan.number,
      holderId: data.pupils[0]!.id,
      dueDate: '2999-01-31',
    });
    expect(reply.status, reply.text).toBe(200);
    return loan.number;
  }
  const newest = () => app.container.get(UnitOfWork).read((r) => r.outbox.newestId(data.tenant.id));

  it('sends retry once, then each event as id, event and the webhook body as data', async () => {
    const s = await keyed(subscriber);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['cache-control']).toBe('no-store');
    const number = await issueOne();
    const [message] = await s.waitFor(1);
    expect(s.raw()).toMatch(/^retry: \d+\n\n/);
    expect(message!.event).toBe('loan.issued');
    expect(message!.id).toBe(String(await newest()));
    expect(message!.json).toEqual({
      type: 'loan.issued',
      timestamp: expect.any(String),
      data: { loan: expect.objectContaining({ number, status: 'ISSUED', holderId: data.pupils[0]!.id }) },
    });
    expect(s.raw()).not.toContain(data.pupils[0]!.name);
    s.close();
  });

  it('refuses a key without event.subscribe, a missing key, and a tenant without the events module', async () => {
    expectProblemStream(await keyed(writer), 403);
    expectProblemStream(await stream('/api/v1/events', {}), 401);
    await app.tenant('west', { modules: ['integrations', 'loans'] });
    const west = await app.key('west', ['event.subscribe']);
    expectProblemStream(await keyed(west.key), 404);
  });

  it('replays what was missed after Last-Event-ID, in order and once, then goes on live', async () => {
    const start = await newest();
    const first = await issueOne();
    const second = await issueOne();
    const s = await keyed(subscriber, { 'last-event-id': String(start) });
    await s.waitFor(2);
    const third = await issueOne();
    const messages = await s.waitFor(3);
    expect(messages.map((m) => [Number(m.id), m.json.data.loan.number])).toEqual([
      [start + 1, first],
      [start + 2, second],
      [start + 3, third],
    ]);
    await new Promise((r) => setTimeout(r, 200));
    expect(s.messages).toHaveLength(3);
    // ?after= does the same for a page that reloads (EventSource cannot set headers).
    const reloaded = await stream(`/api/v1/events?after=${start + 1}`, { 'x-api-key': subscriber });
    expect((await reloaded.waitFor(2)).map((m) => Number(m.id))).toEqual([start + 2, start + 3]);
  });

  it('sends reset for an id too old to replay, or newer than any, and 400 for one that is not a number', async () => {
    // Many events at once: the oldest fall out of the replay window.
    await app.container.get(UnitOfWork).transaction(async (repos) => {
      for (let i = 0; i < REPLAY_MAX + 5; i++) {
        await appendEvent(repos, { next: () => randomUUID() }, data.tenant.id, {
          kind: 'monitor.up',
          occurredAt: new Date().toISOString(),
          payload: { i },
        });
      }
    });
    const top = await newest();
    const old = await keyed(subscriber, { 'last-event-id': '1' });
    const [reset] = await old.waitFor(1);
    expect(reset).toMatchObject({ event: 'reset', id: String(top) });
    const future = await keyed(subscriber, { 'last-event-id': String(top + 1000) });
    expect((await future.waitFor(1))[0]).toMatchObject({ event: 'reset', id: String(top) });
    const bad = await stream('/api/v1/events?after=yesterday', { 'x-api-key': subscriber });
    expect(bad.status).toBe(400);
    const problem = JSON.parse(await bad.body());
    expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/after']);
    expect(pointersOf({ json: problem } as never)).toEqual(['/after']);
  });

  it('shows each subscriber only the kinds its permissions cover', async () => {
    const deployOnly = (await app.key('north', ['event.subscribe'])).key;
    const everything = await keyed(subscriber);
    const limited = await keyed(deployOnly);
    // The next loan issued is in this teacher's group (issueOne takes the available loans in order).
    const nextGroup = data.loans.filter((l) => l.status === 'AVAILABLE')[nextLoan]!.groupId;
    const teacher = await signIn(app, 'north', { role: 'teacher', loanGroupIds: [nextGroup] });
    const console = await stream('/api/events', { cookie: `desk_session=${teacher.token}`, 'x-tenant-slug': 'north' });
    expect(console.status).toBe(200);
    const south = await keyed((await app.key('south', ['event.subscribe', 'loan.view'])).key);
    await issueOne();
    await resolveFrom(app.container)(EmitDeploymentEvent).execute('backup.failed', { reason: 'disk full' });
    expect((await everything.waitFor(2)).map((m) => m.event)).toEqual(['loan.issued', 'backup.failed']);
    // Deployment events need event.subscribe alone; loan events need loan.view as well.
    expect((await limited.waitFor(1)).map((m) => m.event)).toEqual(['backup.failed']);
    // A teacher holds loan.view but not event.subscribe: loans only.
    expect((await console.waitFor(1)).map((m) => m.event)).toEqual(['loan.issued']);
    // The other tenant sees its own copy of the deployment event, never north's loan.
    expect((await south.waitFor(1)).map((m) => m.event)).toEqual(['backup.failed']);
    await new Promise((r) => setTimeout(r, 300));
    expect(limited.messages).toHaveLength(1);
    expect(console.messages).toHaveLength(1);
    expect(south.messages).toHaveLength(1);
  });

  it('gives a teacher the loan events of their own groups only, as the inventory does', async () => {
    const available = data.loans.filter((l) => l.status === 'AVAILABLE').slice(nextLoan);
    const mine = available[0]!;
    const other = available.find((l) => l.groupId !== mine.groupId)!;
    const teacher = await signIn(app, 'north', { role: 'teacher', loanGroupIds: [mine.groupId] });
    const s = await stream('/api/events', { cookie: `desk_session=${teacher.token}`, 'x-tenant-slug': 'north' });
    for (const loan of [other, mine]) {
      const reply = await invokeAction(app.port, writer, 'loans.issue', {
        number: loan.number,
        holderId: data.pupils[0]!.id,
        dueDate: '2999-01-31',
      });
      expect(reply.status, reply.text).toBe(200);
    }
    const [only] = await s.waitFor(1);
    expect(only!.json.data.loan).toMatchObject({ number: mine.number, groupId: mine.groupId });
    await new Promise((r) => setTimeout(r, 300));
    expect(s.messages).toHaveLength(1);
    // The loans used here are no longer available to the tests after this one.
    nextLoan = data.loans.filter((l) => l.status === 'AVAILABLE').length;
  });

  it('closes a stream whose reader does not keep up; memory stays bounded', async () => {
    const streams = app.container.get(EventStreams);
    open.splice(0).forEach((s) => s.close());
    await expect.poll(() => streams.size).toBe(0);
    const slow = await openStream(
      app.port,
      '/api/v1/events',
      { host: 'localhost', 'x-api-key': subscriber },
      { paused: true },
    );
    open.push(slow);
    await expect.poll(() => streams.size).toBe(1);
    // About 8 MB of events for a reader that reads nothing: the kernel's buffers fill, then ours.
    const padding = 'x'.repeat(2_000);
    for (let batch = 0; batch < 4; batch++) {
      await app.container.get(UnitOfWork).transaction(async (repos) => {
        for (let i = 0; i < 1_000; i++) {
          await appendEvent(repos, { next: () => randomUUID() }, data.tenant.id, {
            kind: 'monitor.down',
            occurredAt: new Date().toISOString(),
            payload: { padding },
          });
        }
      });
    }
    await expect.poll(() => streams.size, { timeout: 10_000 }).toBe(0);
  });
});

function expectProblemStream(s: SseStream, status: number): void {
  expect(s.status).toBe(status);
  expect(s.headers['content-type']).toMatch(/^application\/problem\+json/);
}

describe('opening a stream', () => {
  it('answers only once the subscriber is in the hub, so a client acting at once hears of it', async () => {
    const streams = new EventStreams({ streamsChanged: () => undefined, countDelivery: () => undefined }, 50);
    let open: (() => void) | undefined;
    const server = createServer((_req, res) => {
      streams.begin(res, { permissions: new Set(), loanGroupIds: null });
      open = () => streams.opened(res); // the hub's subscribe resolving
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const answered = openStream((server.address() as AddressInfo).port, '/');
      let settled = false;
      void answered.then(() => (settled = true));
      await expect.poll(() => open).toBeDefined();
      // Several heartbeats' worth of time: neither the head nor a beat leaves before the subscription.
      await new Promise((r) => setTimeout(r, 200));
      expect(settled).toBe(false);
      open!();
      const s = await answered;
      expect(s.status).toBe(200);
      expect(s.raw()).toMatch(/^retry: \d+\n\n/);
      streams.closeAll();
      await s.ended;
    } finally {
      server.close();
    }
  });
});

describe('heartbeats', () => {
  it('sends a comment on every open stream at each beat', async () => {
    const streams = new EventStreams({ streamsChanged: () => undefined, countDelivery: () => undefined }, 50);
    const server = createServer((_req, res) => {
      streams.begin(res, { permissions: new Set(), loanGroupIds: null });
      streams.opened(res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const s = await openStream((server.address() as AddressInfo).port, '/');
      await expect
        .poll(() => s.raw().split(': heartbeat\n\n').length - 1, { timeout: 2_000 })
        .toBeGreaterThanOrEqual(2);
      expect(s.messages).toEqual([]);
      streams.closeAll();
      await s.ended;
    } finally {
      server.close();
    }
  });
});

describe.skipIf(!postgresAvailable)('the event stream across two instances on one Postgres', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startApp({ database: 'postgres', background: true });
    b = await startApp({ databaseUrl: a.config.databaseUrl!, background: true });
    await a.tenant('north', { seed: 'small' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers an event committed through one instance to a stream held by the other', async () => {
    const key = (await a.key('north', ['event.subscribe', 'loan.view', 'loan.issue'])).key;
    const onB = await openStream(b.port, '/api/v1/events', { 'x-api-key': key });
    const onA = await openStream(a.port, '/api/v1/events', { 'x-api-key': key });
    const data = await readTenantData(a.container, 'north');
    const loan = data.loans.find((l) => l.status === 'AVAILABLE')!;
    const reply = await invokeAction(a.port, key, 'loans.issue', {
      number: loan.number,
      holderId: data.pupils[0]!.id,
      dueDate: '2999-01-31',
    });
    expect(reply.status, reply.text).toBe(200);
    for (const s of [onA, onB]) {
      const [m] = await s.waitFor(1);
      expect(m).toMatchObject({ event: 'loan.issued', json: { data: { loan: { number: loan.number } } } });
    }
    onA.close();
    onB.close();
  });
});
