/**
 * Webhooks end to end (issue 11 point 2), on SQLite and on Postgres: registered over REST with an API
 * key and in the console, delivered from the outbox to a real receiver on loopback, signed per Standard
 * Webhooks (verified with the standardwebhooks package), retried on a schedule that a movable clock
 * walks through, disabled on 410 or when the schedule runs out (with an e-mail to the administrators).
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBABLE_KINDS } from '../../../src/domain/events/event.js';
import { WebhookDispatcher } from '../../../src/domain/webhooks/webhook-dispatcher.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { startReceiver, verified, type Receiver } from '../../support/receiver.js';
import { expectProblem, invokeAction, pointersOf, restClient, send } from '../../support/rest.js';
import { startSmtp, type TestSmtp } from '../../support/smtp.js';
import { auditEntries, readTenantData, type TenantData } from '../../support/tenant-data.js';
import { MovableClock } from '../../support/fakes/movable-clock.js';
import { createUser, signIn } from '../../support/console.js';
import { openStream } from '../../support/sse.js';
import { resolveFrom } from '../../../src/bootstrap/container.js';

warnIfPostgresSkipped();

const databases: TestDatabase[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];
const MANAGE = ['webhook.manage', 'loan.view', 'loan.issue', 'loan.return', 'repair.view', 'event.subscribe'];

describe.each(databases)('webhooks on %s', (database) => {
  let app: TestApp;
  let smtp: TestSmtp;
  let receiver: Receiver;
  let data: TenantData;
  let admin: { key: string; id: string };
  let reader: { key: string; id: string };
  let other: { key: string; id: string };
  const clock = new MovableClock();
  let admins: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startApp({
      database,
      background: true,
      clock,
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', SMTP_URL: smtp.url, LOG_LEVEL: 'error' },
    });
    await app.tenant('north', { seed: 'small' });
    await app.tenant('south', { seed: 'small' });
    data = await readTenantData(app.container, 'north');
    admin = await app.key('north', MANAGE);
    reader = await app.key('north', ['loan.view', 'event.subscribe']);
    other = await app.key('south', MANAGE);
    admins = (await createUser(app, 'north', { role: 'school-admin', email: 'head@north.example' })).email;
    receiver = await startReceiver();
  });
  // Each test starts with no webhooks, whatever the one before left behind when it failed.
  afterEach(async () => {
    clock.reset();
    for (const w of (await api(admin.key).get('/api/v1/webhooks')).json.webhooks as { id: string }[]) {
      await api(admin.key).send({ method: 'DELETE', path: `/api/v1/webhooks/${w.id}` });
    }
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await smtp?.close();
  });

  const api = (key: string) => restClient(app.port, key);
  const create = (key: string, body: unknown) => api(key).post('/api/v1/webhooks', body);
  const patch = (key: string, id: string, body: unknown) =>
    api(key).send({ method: 'PATCH', path: `/api/v1/webhooks/${id}`, body });
  const wake = () => resolveFrom(app.container)(WebhookDispatcher).wake();
  let nextLoan = 0;
  /** Issues an available loan through the action surface: one loan.issued event. */
  async function issueOne(): Promise<number> {
    const loan = data.loans.filter((l) => l.status === 'AVAILABLE')[nextLoan++]!;
    const reply = await invokeAction(app.port, admin.key, 'loans.issue', {
      number: loan.number,
      holderId: data.pupils[0]!.id,
      dueDate: '2999-01-31',
    });
    expect(reply.status, reply.text).toBe(200);
    return loan.number;
  }
  async function fresh(events = ['loan.issued', 'loan.returned'], url?: string) {
    const reply = await create(admin.key, { url: url ?? receiver.url, events, description: 'MIS sync' });
    expect(reply.status, reply.text).toBe(201);
    return reply.json as { webhook: { id: string }; secret: string };
  }

  it('registers a webhook, shows its secret once and stores it sealed', async () => {
    const reply = await create(admin.key, { url: receiver.url, events: ['loan.issued'], description: 'MIS sync' });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(reply.json.webhook).toEqual({
      id: expect.any(String),
      url: receiver.url,
      events: ['loan.issued'],
      description: 'MIS sync',
      enabled: true,
      disabledReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = reply.json.webhook.id as string;
    const listed = await api(admin.key).get('/api/v1/webhooks');
    expect(listed.status).toBe(200);
    // The kinds this key may subscribe to: its view permissions' records, imports (each delivery is
    // held to what was imported) and the deployment's events; no people, devices, tickets or costs.
    // Bookings are the loan pool's: who sees loans sees them.
    expect(listed.json.subscribableKinds).toEqual(
      SUBSCRIBABLE_KINDS.filter((k) => /^(loan|reservation|submission)\.|^import\.|^(backup|monitor)\./.test(k)),
    );
    expect(listed.text).not.toContain(reply.json.secret);
    expect(listed.text).not.toContain('secret');
    expect((await api(admin.key).get(`/api/v1/webhooks/${id}`)).json.webhook).toEqual(reply.json.webhook);
    const stored = await app.container.get(UnitOfWork).read((r) => r.webhooks.findById(data.tenant.id, id));
    expect(stored!.secret).toMatch(/^v1\./);
    expect(stored!.secret).not.toContain(reply.json.secret.slice(6));
    const [entry] = await auditEntries(app.container, data.tenant.id, 'webhook.create');
    expect(entry).toMatchObject({ actor: { type: 'apiKey', id: admin.id }, target: `webhook:${id}` });
    expect(JSON.stringify(entry)).not.toContain(reply.json.secret);
    expect((await api(admin.key).send({ method: 'DELETE', path: `/api/v1/webhooks/${id}` })).status).toBe(204);
    expectProblem(await api(admin.key).get(`/api/v1/webhooks/${id}`), 404, 'not-found');
  });

  it('refuses unknown kinds, non-http URLs and malformed bodies, naming the field', async () => {
    const kinds = await create(admin.key, { url: receiver.url, events: ['loan.issued', 'loan.eaten'] });
    expectProblem(kinds, 400, 'invalid-input');
    expect(pointersOf(kinds)).toEqual(['/events']);
    const ftp = await create(admin.key, { url: 'ftp://files.example/hook', events: ['loan.issued'] });
    expectProblem(ftp, 400, 'invalid-input');
    expect(pointersOf(ftp)).toEqual(['/url']);
    expect(pointersOf(await create(admin.key, { url: receiver.url, events: [] }))).toEqual(['/events']);
    expect(pointersOf(await create(admin.key, { url: receiver.url, events: ['webhook.test'] }))).toEqual(['/events']);
    expectProblem(await create(admin.key, [1, 2]), 400, 'invalid-input');
    const unknownField = await create(admin.key, { url: receiver.url, events: ['loan.issued'], secret: 'mine' });
    expectProblem(unknownField, 400, 'invalid-input');
  });

  it('needs webhook.manage and the events module, and keeps tenants apart', async () => {
    const { webhook } = await fresh();
    expectProblem(await create(reader.key, { url: receiver.url, events: ['loan.issued'] }), 403, 'forbidden');
    expectProblem(await api(reader.key).get('/api/v1/webhooks'), 403, 'forbidden');
    // Another tenant's key: the webhook does not exist there.
    expectProblem(await api(other.key).get(`/api/v1/webhooks/${webhook.id}`), 404, 'not-found');
    expectProblem(await patch(other.key, webhook.id, { enabled: false }), 404, 'not-found');
    expectProblem(
      await api(other.key).send({ method: 'DELETE', path: `/api/v1/webhooks/${webhook.id}` }),
      404,
      'not-found',
    );
    expect((await api(other.key).get('/api/v1/webhooks')).json.webhooks).toEqual([]);
    await app.tenant('west', { modules: ['integrations', 'loans'] });
    const westKey = await app.key('west', MANAGE);
    expectProblem(await api(westKey.key).get('/api/v1/webhooks'), 404, 'module-disabled');
    await api(admin.key).send({ method: 'DELETE', path: `/api/v1/webhooks/${webhook.id}` });
  });

  it('delivers an event signed per Standard Webhooks with thin data, in order, to every subscribed webhook', async () => {
    const before = receiver.received.length;
    const { webhook, secret } = await fresh();
    const first = await issueOne();
    const second = await issueOne();
    const got = (await receiver.waitFor(before + 2)).slice(before);
    const bodies = got.map((r) => verified(r, secret) as { type: string; timestamp: string; data: any });
    expect(bodies.map((b) => [b.type, b.data.loan.number])).toEqual([
      ['loan.issued', first],
      ['loan.issued', second],
    ]);
    expect(bodies[0]!.data).toEqual({
      loan: {
        id: expect.any(String),
        number: first,
        serial: expect.any(String),
        kind: expect.any(String),
        groupId: expect.any(String),
        status: 'ISSUED',
        holderId: data.pupils[0]!.id,
        dueDate: '2999-01-31',
      },
    });
    expect(got[0]!.body).not.toContain(data.pupils[0]!.name);
    expect(got[0]!.headers['content-type']).toBe('application/json');
    expect(got[0]!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    const events = await app.container.get(UnitOfWork).read((r) => r.outbox.listAfter(data.tenant.id, 0, 10_000));
    const issued = events.filter((e) => e.kind === 'loan.issued').slice(-2);
    expect(got.map((r) => r.headers['webhook-id'])).toEqual(issued.map((e) => e.id));
    // The attempt is logged just after the receiver answered.
    const deliveries = () => api(admin.key).get(`/api/v1/webhooks/${webhook.id}/deliveries`);
    await expect.poll(async () => (await deliveries()).json.total).toBe(2);
    const log = await deliveries();
    expect(log.status, log.text).toBe(200);
    expect(log.json).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(log.json.deliveries[0]).toMatchObject({
      eventId: issued[1]!.eventId,
      kind: 'loan.issued',
      attempt: 1,
      statusCode: 204,
      outcome: 'success',
      error: null,
      nextAttemptAt: null,
    });
    await api(admin.key).send({ method: 'DELETE', path: `/api/v1/webhooks/${webhook.id}` });
  });

  it('publishes nothing for a change that was refused (rolled back)', async () => {
    const before = receiver.received.length;
    const { webhook } = await fresh();
    const issued = data.loans.filter((l) => l.status === 'ISSUED')[0]!;
    const refused = await invokeAction(app.port, admin.key, 'loans.issue', {
      number: issued.number,
      holderId: data.pupils[1]!.id,
      dueDate: '2999-01-31',
    });
    expect(refused.status).toBe(409);
    wake();
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.length).toBe(before);
    await api(admin.key).send({ method: 'DELETE', path: `/api/v1/webhooks/${webhook.id}` });
  });

  it('retries a failed delivery on schedule with the same webhook-id, honouring Retry-After', async () => {
    const before = receiver.received.length;
    const { webhook } = await fresh();
    receiver.answer({ status: 500 }, { status: 503, headers: { 'retry-after': '120' } });
    await issueOne();
    await receiver.waitFor(before + 1);
    const failedAt = Date.now();
    await expect
      .poll(async () => (await api(admin.key).get(`/api/v1/webhooks/${webhook.id}/deliveries`)).json.total)
      .toBe(1);
    let log = (await api(admin.key).get(`/api/v1/webhooks/${webhook.id}/deliveries`)).json.deliveries;
    expect(log[0]).toMatchObject({ attempt: 1, statusCode: 500, outcome: 'failure', error: 'status 500' });
    // The second attempt is due 5 s (± 10 %) later.
    const due = Date.parse(log[0].nextAttemptAt) - clock.now().getTime();
    expect(due).toBeGreaterThan(4_000);
    expect(due).toBeLessThan(5_600);
    wake();
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.length).toBe(before + 1);
    clock.advance(6_000);
    wake();
    await receiver.waitFor(before + 2);
    await expect
      .poll(async () => (await api(admin.key).get(`/api/v1/webhooks/${webhook.id}/deliveries`)).json.total)
      .toBe(2);
    log = (await api(admin.key).get(`/api/v1/webhooks/${webhook.id}/deliveries`)).json.deliveries;
    expect(log[0]).toMatchObject({ attempt: 2, statusCode: 503, outcome: 'failure' });
    const retryAfter = Date.parse(log[0].nextAttemptAt) - clock.now().getTime();
    expect(retryAfter).toBeGreaterThan(115_000);
    expect(retryAfter).toBeLessThanOrEqual(120_000);
    clock.advance(121_000);
    wake();
    const got = await receiver.waitFor(before + 3);
    const ids = got.slice(before).map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    await expect
      .poll(async () => (await api(admin.key).get(`/api/v1/webhooks/${webhook.id}/deliveries`)).json.deliveries[0])
      .toMatchObject({ attempt: 3, outcome: 'success' });
    expect(Date.now() - failedAt).toBeLessThan(10_000);
    await api(admin.key).send({ method: 'DELETE', path: `/api/v1/webhooks/${webhook.id}` });
  });

  it('disables a webhook whose receiver answers 410 Gone, and one whose schedule runs out, telling the administrators', async () => {
    const gone = await startReceiver('/gone');
    const dead = await startReceiver('/dead');
    gone.otherwise({ status: 410 });
    dead.otherwise({ status: 500 });
    try {
      const a = await fresh(['loan.issued'], gone.url);
      const b = await fresh(['loan.issued'], dead.url);
      smtp.received.length = 0;
      await issueOne();
      await gone.waitFor(1);
      await expect
        .poll(async () => (await api(admin.key).get(`/api/v1/webhooks/${a.webhook.id}`)).json.webhook)
        .toMatchObject({ enabled: false, disabledReason: 'gone' });
      // Ten attempts over about three days: walk the clock through the schedule.
      for (let attempt = 1; attempt < 10; attempt++) {
        await dead.waitFor(attempt);
        await expect
          .poll(async () => (await api(admin.key).get(`/api/v1/webhooks/${b.webhook.id}/deliveries`)).json.total)
          .toBe(attempt);
        clock.advance(27 * 3_600_000);
        wake();
      }
      await dead.waitFor(10);
      await expect
        .poll(async () => (await api(admin.key).get(`/api/v1/webhooks/${b.webhook.id}`)).json.webhook)
        .toMatchObject({ enabled: false, disabledReason: 'exhausted' });
      const log = (await api(admin.key).get(`/api/v1/webhooks/${b.webhook.id}/deliveries`)).json.deliveries;
      expect(log[0]).toMatchObject({ attempt: 10, outcome: 'exhausted', nextAttemptAt: null });
      expect(new Set(dead.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      const mails = await smtp.waitFor(2);
      expect(mails.every((m) => m.to.includes(admins))).toBe(true);
      expect(mails.map((m) => m.subject)).toEqual(['[Desk] A webhook was disabled', '[Desk] A webhook was disabled']);
      const disabled = await auditEntries(app.container, data.tenant.id, 'webhook.disable');
      expect(disabled.map((e) => e.actor)).toEqual([
        { type: 'system', id: 'webhooks' },
        { type: 'system', id: 'webhooks' },
      ]);
      // Turned back on, it delivers the event it stopped at, at once.
      dead.otherwise({ status: 200 });
      const on = await patch(admin.key, b.webhook.id, { enabled: true });
      expect(on.json.webhook).toMatchObject({ enabled: true, disabledReason: null });
      wake();
      await dead.waitFor(11);
      expect(dead.received[10]!.headers['webhook-id']).toBe(dead.received[0]!.headers['webhook-id']);
      for (const w of [a, b]) await api(admin.key).send({ method: 'DELETE', path: `/api/v1/webhooks/${w.webhook.id}` });
    } finally {
      await gone.close();
      await dead.close();
    }
  });

  it('keeps delivering to other webhooks while one receiver does not answer', async () => {
    const slow = await startReceiver('/slow');
    const fast = await startReceiver('/fast');
    slow.otherwise({ status: 200, hang: true });
    try {
      const a = await fresh(['loan.issued'], slow.url);
      const b = await fresh(['loan.issued'], fast.url);
      await issueOne();
      await slow.waitFor(1);
      const started = Date.now();
      await issueOne();
      await fast.waitFor(2);
      expect(Date.now() - started).toBeLessThan(2_000);
      for (const w of [a, b]) await api(admin.key).send({ method: 'DELETE', path: `/api/v1/webhooks/${w.webhook.id}` });
    } finally {
      await slow.close();
      await fast.close();
    }
  });

  it('signs with both secrets for a day after a rotation; test and resend reach the receiver', async () => {
    const { webhook, secret: oldSecret } = await fresh(['loan.issued']);
    const rotated = await api(admin.key).post(`/api/v1/webhooks/${webhook.id}/rotate-secret`, {});
    expect(rotated.status, rotated.text).toBe(200);
    const newSecret = rotated.json.secret as string;
    expect(newSecret).not.toBe(oldSecret);
    const before = receiver.received.length;
    const tested = await api(admin.key).post(`/api/v1/webhooks/${webhook.id}/test`, {});
    expect(tested.status, tested.text).toBe(200);
    expect(tested.json.delivery).toMatchObject({
      kind: 'webhook.test',
      statusCode: 204,
      outcome: 'success',
      eventId: null,
    });
    const [test] = (await receiver.waitFor(before + 1)).slice(before);
    expect(test!.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(verified(test!, newSecret)).toMatchObject({ type: 'webhook.test', data: { webhook: { id: webhook.id } } });
    expect(verified(test!, oldSecret)).toMatchObject({ type: 'webhook.test' });
    const resent = await api(admin.key).post(
      `/api/v1/webhooks/${webhook.id}/deliveries/${tested.json.delivery.id}/resend`,
      {},
    );
    expect(resent.status, resent.text).toBe(200);
    const [again] = (await receiver.waitFor(before + 2)).slice(before + 1);
    expect(again!.headers['webhook-id']).toBe(test!.headers['webhook-id']);
    // A day later the old secret no longer signs.
    clock.advance(25 * 3_600_000);
    await api(admin.key).post(`/api/v1/webhooks/${webhook.id}/test`, {});
    const [later] = (await receiver.waitFor(before + 3)).slice(before + 2);
    expect(later!.headers['webhook-signature']).toMatch(/^v1,\S+$/);
    // Signed at the moved clock's time, which a receiver's own clock would call too new: recompute.
    const signedAt = new Date(Number(later!.headers['webhook-timestamp']) * 1000);
    const signatureWith = (secret: string) =>
      new Webhook(secret).sign(String(later!.headers['webhook-id']), signedAt, later!.body);
    expect(later!.headers['webhook-signature']).toBe(signatureWith(newSecret));
    expect(later!.headers['webhook-signature']).not.toContain(signatureWith(oldSecret));
    const audit = await auditEntries(app.container, data.tenant.id, 'webhook.rotate-secret');
    expect(audit).toHaveLength(1);
    expectProblem(
      await api(admin.key).post(`/api/v1/webhooks/${webhook.id}/deliveries/nope/resend`, {}),
      404,
      'not-found',
    );
    await api(admin.key).send({ method: 'DELETE', path: `/api/v1/webhooks/${webhook.id}` });
  });

  it('counts published events, deliveries by outcome and open streams in the metrics', async () => {
    const scrape = async () => (await send(app.port, { path: '/api/metrics' })).text;
    const value = (text: string, series: string) =>
      Number(new RegExp(`^${series.replace(/[{}"=]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    const before = await scrape();
    const { webhook } = await fresh(['loan.issued']);
    const stream = await openStream(app.port, '/api/v1/events', { 'x-api-key': admin.key });
    await issueOne();
    await stream.waitFor(1);
    await expect
      .poll(async () => (await api(admin.key).get(`/api/v1/webhooks/${webhook.id}/deliveries`)).json.total)
      .toBe(1);
    const after = await scrape();
    expect(value(after, 'desk_events_published_total{kind="loan.issued"}')).toBe(
      value(before, 'desk_events_published_total{kind="loan.issued"}') + 1,
    );
    expect(value(after, 'desk_webhook_deliveries_total{outcome="success"}')).toBe(
      value(before, 'desk_webhook_deliveries_total{outcome="success"}') + 1,
    );
    expect(value(after, 'desk_sse_connections')).toBe(1);
    stream.close();
    await expect.poll(async () => value(await scrape(), 'desk_sse_connections')).toBe(0);
    expect(after).not.toMatch(/desk_\w+\{[^}]*tenant/);
  });

  it("delivers the records' events with thin data: a person, a device, an internal note, a cost, an import", async () => {
    const user = await signIn(app, 'north', { role: 'school-admin' });
    const as = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      send(app.port, { method, path, body, headers: { authorization: `Bearer ${user.token}`, ...headers } });
    const kinds = ['person.created', 'device.updated', 'ticket.commented', 'cost.recorded', 'import.completed'];
    // A key without ticket.manage may not subscribe to ticket.commented: its webhook would get internal notes.
    expectProblem(await create(admin.key, { url: receiver.url, events: ['ticket.commented'] }), 403, 'forbidden');
    const made = await as('POST', '/api/webhooks', { url: receiver.url, events: kinds });
    expect(made.status, made.text).toBe(201);
    const secret = made.json.secret as string;
    const before = receiver.received.length;

    const person = await as('POST', '/api/people', {
      name: 'Wendy Webhook',
      kind: 'PUPIL',
      email: 'wendy@north.example',
    });
    const device = data.devices.find((d) => d.status === 'IN_STOCK')!;
    expect((await as('POST', `/api/devices/${device.id}/assign`, { personId: person.json.person.id })).status).toBe(
      200,
    );
    const note = await as('POST', `/api/tickets/${data.tickets[0]!.id}/comments`, {
      body: 'Wendy says the charger is broken',
      internal: true,
    });
    expect(note.status, note.text).toBe(201);
    const cost = await as('POST', '/api/costs', {
      type: 'PARTS',
      amountMinor: 1_250,
      date: '2026-01-05',
      note: 'charger',
    });
    expect(cost.status, cost.text).toBe(201);
    const csv = 'externalId,name,email,kind,userGroup\nHOOK-1,Harry Hook,harry@north.example,PUPIL,7A\n';
    const imported = await as('POST', '/api/import/people', csv, { 'content-type': 'text/csv' });
    expect(imported.status, imported.text).toBe(200);

    const got = (await receiver.waitFor(before + 5)).slice(before);
    const bodies = got.map((r) => verified(r, secret) as { type: string; data: Record<string, unknown> });
    expect(bodies).toEqual([
      {
        type: 'person.created',
        timestamp: expect.any(String),
        data: { person: { id: person.json.person.id, kind: 'PUPIL', externalId: null, archived: false } },
      },
      {
        type: 'device.updated',
        timestamp: expect.any(String),
        data: {
          device: {
            id: device.id,
            serial: device.serial,
            kind: device.kind,
            status: 'IN_USE',
            assignedPersonId: person.json.person.id,
          },
        },
      },
      {
        type: 'ticket.commented',
        timestamp: expect.any(String),
        data: {
          ticket: { id: data.tickets[0]!.id, number: data.tickets[0]!.number },
          comment: { id: note.json.comment.id, internal: true },
        },
      },
      {
        type: 'cost.recorded',
        timestamp: expect.any(String),
        data: {
          cost: {
            id: cost.json.cost.id,
            type: 'PARTS',
            coverage: null,
            amountMinor: 1_250,
            date: '2026-01-05',
            source: 'manual',
          },
        },
      },
      {
        type: 'import.completed',
        timestamp: expect.any(String),
        data: { import: { kind: 'people', created: 1, updated: 0, unchanged: 0, archived: 0 } },
      },
    ]);
    // Thin: never a name, an e-mail address or free text.
    for (const text of ['Wendy', 'wendy@', 'charger', 'Harry'])
      expect(got.map((r) => r.body).join()).not.toContain(text);
    await as('DELETE', `/api/webhooks/${made.json.webhook.id}`);
  });

  it('is managed from the console too, with the same rules', async () => {
    const user = await signIn(app, 'north', { role: 'school-admin' });
    const teacher = await signIn(app, 'north', { role: 'teacher' });
    const as = (token: string, method: string, path: string, body?: unknown) =>
      send(app.port, { method, path, body, headers: { authorization: `Bearer ${token}`, 'x-tenant-slug': 'north' } });
    const made = await as(user.token, 'POST', '/api/webhooks', { url: receiver.url, events: ['loan.returned'] });
    expect(made.status, made.text).toBe(201);
    const id = made.json.webhook.id as string;
    const listed = (await as(user.token, 'GET', '/api/webhooks')).json;
    expect(listed.webhooks.map((w: { id: string }) => w.id)).toContain(id);
    // What the console offers as checkboxes: an administrator may subscribe to every kind.
    expect(listed.subscribableKinds).toEqual(SUBSCRIBABLE_KINDS);
    const changed = await as(user.token, 'PATCH', `/api/webhooks/${id}`, { description: 'Returns', enabled: false });
    expect(changed.json.webhook).toMatchObject({ description: 'Returns', enabled: false });
    expectProblem(await as(teacher.token, 'GET', '/api/webhooks'), 403, 'forbidden');
    const [entry] = (await auditEntries(app.container, data.tenant.id, 'webhook.update')).filter(
      (e) => e.target === `webhook:${id}`,
    );
    expect(entry).toMatchObject({
      actor: { type: 'user', id: user.user.id },
      details: { changed: ['description', 'enabled'] },
    });
    expect((await as(user.token, 'DELETE', `/api/webhooks/${id}`)).status).toBe(204);
  });
});

describe('webhook addresses', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'false' } });
    await app.tenant('north');
  });
  afterAll(() => app?.close());

  it('refuses loopback, private, link-local and metadata addresses unless the operator allows them', async () => {
    const { key } = await app.key('north', ['webhook.manage', 'loan.view']);
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.0.0.5/hook',
      'http://192.168.1.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
    ]) {
      const reply = await restClient(app.port, key).post('/api/v1/webhooks', { url, events: ['loan.issued'] });
      expectProblem(reply, 400, 'invalid-input');
      expect(pointersOf(reply), url).toEqual(['/url']);
    }
  });
});
