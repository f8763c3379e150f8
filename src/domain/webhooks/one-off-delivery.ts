import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { oneOff, WebhookDelivery, type Outgoing } from './webhook-delivery.js';
import { toAttemptView, type DeliveryAttempt, type DeliveryAttemptView, type StoredWebhook } from './webhook.js';
import { audited } from './webhook-admin.js';

/**
 * A delivery an administrator asked for (a test, a resend): sent now, outside the worker's order and
 * schedule, then logged in the webhook's delivery log and audited, together.
 */
@injectable()
export class OneOffDelivery {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(WebhookDelivery) private readonly delivery: WebhookDelivery,
  ) {}

  async run(
    actor: Actor,
    webhook: StoredWebhook,
    message: Outgoing,
    audit: { action: string; details: (record: DeliveryAttempt) => Record<string, unknown> },
  ): Promise<{ delivery: DeliveryAttemptView }> {
    const { record } = await this.delivery.send(webhook, message, 1, oneOff);
    await this.uow.transaction(async (repos) => {
      await repos.webhooks.recordAttempt(actor.tenant.id, record);
      await audited(
        repos,
        this.ids,
        actor,
        audit.action,
        webhook.id,
        this.clock.now().toISOString(),
        audit.details(record),
      );
    });
    return { delivery: toAttemptView(record) };
  }
}
