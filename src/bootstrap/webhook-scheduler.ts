import type { Container } from 'inversify';
import { Logger } from '../adapters/observability/index.js';
import { WebhookDispatcher, type DispatcherNotice } from '../domain/webhooks/webhook-dispatcher.js';
import { isDatabaseOutage } from '../ports/unit-of-work.js';
import { PeriodicJob } from './periodic-job.js';
import { resolveFrom } from './container.js';

/** How often `serve` looks for deliveries that no event signal announces. */
export const WEBHOOK_TICK_MS = 1_000;

/**
 * Webhook deliveries while `serve` runs. The worker (WebhookDispatcher) wakes itself on the event
 * signal, so a commit's event goes out at once; this job wakes it every WEBHOOK_TICK_MS as well, for
 * what no signal announces: a retry falling due, a lease left by a process that died. A round only
 * wakes the worker (its claims are its own, single-flight and spaced), so it never overlaps one.
 * The worker's notices are logged here: a webhook disabled, a database outage, a failure.
 */
export class WebhookScheduler extends PeriodicJob {
  private readonly dispatcher: WebhookDispatcher;

  constructor(container: Container, tickMs = WEBHOOK_TICK_MS) {
    super(container, 'webhook deliveries', tickMs);
    this.dispatcher = resolveFrom(container)(WebhookDispatcher);
  }

  override start(): void {
    this.dispatcher.start((notice) => this.report(notice));
    super.start();
  }

  /** Ends the ticking, stops claiming and waits briefly (the worker's grace) for the deliveries under way. */
  override async stop(): Promise<void> {
    await Promise.all([super.stop(), this.dispatcher.stop()]);
  }

  protected async round(): Promise<void> {
    this.dispatcher.wake();
  }

  private report(notice: DispatcherNotice): void {
    const log = this.container.get(Logger);
    if (notice.kind === 'disabled') {
      log.warn({ tenantId: notice.tenantId, webhookId: notice.webhookId, reason: notice.reason }, 'webhook disabled');
    } else if (isDatabaseOutage(notice.error)) {
      log.warn({ err: notice.error }, 'webhook deliveries paused: the database is unavailable');
    } else {
      log.error({ err: notice.error }, 'webhook delivery failed');
    }
  }
}
