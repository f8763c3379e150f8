import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { EventMetrics } from '../../ports/event-metrics.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { SecretBox } from '../../ports/secret-box.js';
import { WebhookSender, type WebhookResponse } from '../../ports/webhook-sender.js';
import type { EventKind } from '../events/event.js';
import type { DeliveryAttempt, DeliveryOutcome, StoredWebhook } from './webhook.js';

/** One message to send: an event of the outbox, or a test. */
export interface Outgoing {
  readonly messageId: string;
  readonly kind: EventKind;
  readonly eventId: number | null;
  readonly body: string;
}

/**
 * Sends one message to one webhook and describes the attempt (the caller stores it and decides what
 * follows): the shared step of the delivery worker, a resend and a test. Signs with the current
 * secret, and with the previous one while a rotation's 24 hours last.
 */
@injectable()
export class WebhookDelivery {
  constructor(
    @inject(WebhookSender) private readonly sender: WebhookSender,
    @inject(SecretBox) private readonly box: SecretBox,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(EventMetrics) private readonly metrics: EventMetrics,
  ) {}

  async send(
    webhook: StoredWebhook,
    message: Outgoing,
    attempt: number,
    decide: (response: WebhookResponse, at: Date) => { outcome: DeliveryOutcome; nextAttemptAt: string | null },
  ): Promise<{ response: WebhookResponse; record: DeliveryAttempt }> {
    const now = this.clock.now();
    const secrets = [this.box.open(webhook.secret)];
    if (webhook.previousSecret && webhook.previousSecretUntil && webhook.previousSecretUntil > now.toISOString()) {
      secrets.push(this.box.open(webhook.previousSecret));
    }
    const response = await this.sender.send({
      url: webhook.url,
      id: message.messageId,
      timestamp: now,
      body: message.body,
      secrets,
    });
    const at = this.clock.now();
    const { outcome, nextAttemptAt } = decide(response, at);
    this.metrics.countDelivery(outcome);
    return {
      response,
      record: {
        id: this.ids.next(),
        webhookId: webhook.id,
        eventId: message.eventId,
        messageId: message.messageId,
        kind: message.kind,
        attempt,
        statusCode: response.statusCode,
        durationMs: response.durationMs,
        error: response.error,
        outcome,
        nextAttemptAt,
        at: at.toISOString(),
        body: message.eventId === null ? message.body : null,
      },
    };
  }
}

export const isSuccess = (r: WebhookResponse): boolean =>
  r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;

/** A one-off send (a test or a resend): success or failure, never retried by the worker. */
export const oneOff = (r: WebhookResponse) => ({
  outcome: (isSuccess(r) ? 'success' : r.refused ? 'refused' : 'failure') as DeliveryOutcome,
  nextAttemptAt: null,
});
