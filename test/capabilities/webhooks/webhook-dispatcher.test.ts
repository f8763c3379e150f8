/**
 * The webhook delivery worker against the in-memory repositories and a recording sender: the order
 * of deliveries, events of kinds a webhook does not take, a webhook deleted or turned off while its
 * events are being sent, and its waits (the hold for the next commit, the grace of a stop). Time is
 * a FixedClock the test moves: the worker waits on the Clock port, never on a timer of its own.
 * (test/capabilities/webhooks/webhooks.test.ts drives the real thing over HTTP.)
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NoMailer } from '../../../src/adapters/mail/smtp-mailer.js';
import { AesSecretBox } from '../../../src/adapters/system/aes-secret-box.js';
import { SendAlert } from '../../../src/domain/events/alerts.js';
import type { EventKind } from '../../../src/domain/events/event.js';
import { appendEvent } from '../../../src/domain/shared/record-change.js';
import { WebhookDelivery } from '../../../src/domain/webhooks/webhook-delivery.js';
import { WebhookDispatcher } from '../../../src/domain/webhooks/webhook-dispatcher.js';
import type { StoredWebhook } from '../../../src/domain/webhooks/webhook.js';
import { EventSignal } from '../../../src/ports/event-signal.js';
import { WebhookSender, type WebhookMessage, type WebhookResponse } from '../../../src/ports/webhook-sender.js';
import { aTenant } from '../../support/builders.js';
import { FixedClock } from '../../support/fakes/fixed-clock.js';
import { MemoryUnitOfWork } from '../../support/fakes/memory-unit-of-work.js';
import { SequentialIds } from '../../support/fakes/sequential-ids.js';
import { testSettings } from '../../support/fakes/settings.js';
import { NOW } from '../../support/fakes/world.js';

/** A sender that records what it was given and answers 204, optionally running a hook first. */
class RecordingSender extends WebhookSender {
  readonly sent: { id: string; type: string }[] = [];
  before: ((message: WebhookMessage) => Promise<void>) | null = null;
  async send(message: WebhookMessage): Promise<WebhookResponse> {
    await this.before?.(message);
    this.sent.push({ id: message.id, type: JSON.parse(message.body).type });
    return { statusCode: 204, durationMs: 1, error: null, retryAfterMs: null, refused: false };
  }
}

/** Lets the worker do all it can without time passing (the memory fakes settle in one turn). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A signal nobody fires: the test wakes the worker itself. */
class QuietSignal extends EventSignal {
  listen(): () => void {
    return () => undefined;
  }
  async close(): Promise<void> {}
}

async function world(events: EventKind[]) {
  const uow = new MemoryUnitOfWork();
  const ids = new SequentialIds();
  const clock = new FixedClock(NOW);
  const box = new AesSecretBox(randomBytes(32).toString('base64url'));
  const sender = new RecordingSender();
  const tenant = aTenant({ modules: ['loans', 'events'] });
  const webhook: StoredWebhook = {
    id: 'wh-1',
    url: 'https://receiver.example/hook',
    events,
    description: null,
    enabled: true,
    disabledReason: null,
    createdAt: NOW,
    updatedAt: NOW,
    secret: box.seal(`whsec_${randomBytes(24).toString('base64')}`),
    previousSecret: null,
    previousSecretUntil: null,
    cursor: 0,
    attempt: 0,
    nextAttemptAt: null,
  };
  await uow.transaction(async (r) => {
    await r.tenants.create(tenant);
    await r.webhooks.create(tenant.id, webhook);
  });
  const append = (kind: EventKind, n: number) =>
    uow.transaction(async (r) => {
      for (let i = 0; i < n; i++) await appendEvent(r, ids, tenant.id, { kind, occurredAt: NOW, payload: { i } });
    });
  const delivery = new WebhookDelivery(sender, box, clock, ids, {
    countDelivery: () => undefined,
    streamsChanged: () => undefined,
  });
  const dispatcher = new WebhookDispatcher(
    uow,
    clock,
    ids,
    new QuietSignal(),
    delivery,
    new SendAlert(new NoMailer(), testSettings, uow),
  );
  const stored = () => uow.read((r) => r.webhooks.findById(tenant.id, webhook.id));
  const log = () => uow.read((r) => r.webhooks.listAttempts(tenant.id, webhook.id, { page: 1, pageSize: 100 }));
  /** Moves the clock `ms` forward, 10 ms at a time, letting the worker run at each step. */
  const run = async (ms: number) => {
    for (let passed = 0; passed < ms; passed += 10) {
      clock.advance(10);
      await settle();
    }
  };
  /** Runs the worker until its webhook has caught up with the outbox and its progress is written. */
  const drain = async () => {
    dispatcher.start();
    const newest = await uow.read((r) => r.outbox.newestId(tenant.id));
    for (let waited = 0; ((await stored())?.cursor ?? -1) !== newest; waited += 100) {
      expect(waited, 'the worker catches up within 5 s of clock time').toBeLessThan(5_000);
      await run(100);
    }
    await dispatcher.stop();
  };
  return { uow, tenant, clock, sender, dispatcher, append, stored, log, run, drain };
}

describe('WebhookDispatcher', () => {
  it('sends the kinds a webhook takes, in event order, and moves its cursor past the others', async () => {
    const w = await world(['loan.issued']);
    await w.append('loan.issued', 3);
    await w.append('loan.returned', 2);
    await w.append('loan.issued', 2);
    await w.drain();
    const outbox = await w.uow.read((r) => r.outbox.listAfter(w.tenant.id, 0, 100));
    expect(w.sender.sent.map((s) => s.id)).toEqual(outbox.filter((e) => e.kind === 'loan.issued').map((e) => e.id));
    expect((await w.stored())!.cursor).toBe(7);
    const log = await w.log();
    expect(log.total).toBe(5);
    expect(log.items.every((a) => a.outcome === 'success' && a.attempt === 1)).toBe(true);
  });

  it('stops, recording nothing, when the webhook is deleted while its events are being sent', async () => {
    const w = await world(['loan.issued']);
    await w.append('loan.issued', 60);
    w.sender.before = async () => {
      if (w.sender.sent.length === 1) await w.uow.transaction((r) => r.webhooks.delete(w.tenant.id, 'wh-1'));
    };
    w.dispatcher.start();
    await expect.poll(() => w.sender.sent.length).toBeGreaterThanOrEqual(2);
    await w.dispatcher.stop();
    expect(await w.stored()).toBeNull();
    expect((await w.log()).total).toBe(0);
    // Successes are written every 25 (or 50 ms): the write that finds the webhook gone ends the run.
    expect(w.sender.sent.length).toBeLessThanOrEqual(26);
  });

  it('stops sending when an administrator turns the webhook off', async () => {
    const w = await world(['loan.issued']);
    await w.append('loan.issued', 60);
    w.sender.before = async () => {
      if (w.sender.sent.length === 2) {
        const current = (await w.stored())!;
        await w.uow.transaction((r) => r.webhooks.update(w.tenant.id, { ...current, enabled: false }));
      }
    };
    w.dispatcher.start();
    await w.run(300);
    await w.dispatcher.stop();
    // What went out before the next write of its progress (every 25 or 50 ms), never the backlog.
    expect(w.sender.sent.length).toBeLessThanOrEqual(26);
    expect((await w.stored())!.enabled).toBe(false);
  });

  it('keeps a caught-up webhook a moment for the next commit, then writes its progress with the release', async () => {
    const w = await world(['loan.issued']);
    await w.append('loan.issued', 5);
    w.dispatcher.start();
    await settle();
    expect(w.sender.sent).toHaveLength(5);
    // Fewer successes than a batch (12), and no time passed (50 ms): written later, with the release.
    expect((await w.stored())!.cursor).toBe(0);
    w.clock.advance(249);
    await settle();
    expect((await w.stored())!.cursor).toBe(0);
    // The hold (250 ms) is over: the worker lets the webhook go, its cursor written.
    w.clock.advance(1);
    await settle();
    expect((await w.stored())!.cursor).toBe(5);
    await w.dispatcher.stop();
  });

  it('on stop, waits for a delivery under way until its grace runs out on the clock', async () => {
    const w = await world(['loan.issued']);
    await w.append('loan.issued', 1);
    w.sender.before = () => new Promise(() => undefined); // a receiver that never answers
    w.dispatcher.start();
    await settle();
    let stopped = false;
    const stopping = w.dispatcher.stop(5_000).then(() => (stopped = true));
    w.clock.advance(4_999);
    await settle();
    expect(stopped).toBe(false);
    w.clock.advance(1);
    await stopping;
    expect(w.sender.sent).toHaveLength(0);
  });
});
