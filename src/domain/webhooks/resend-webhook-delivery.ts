import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { eventBody } from '../events/event.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { resendInput, type DeliveryAttemptView } from './webhook.js';
import { findWebhook, REQUIRED } from './webhook-admin.js';
import { OneOffDelivery } from './one-off-delivery.js';

@injectable()
export class ResendWebhookDelivery implements UseCase<typeof resendInput, { delivery: DeliveryAttemptView }> {
  static readonly required = REQUIRED;
  static readonly input = resendInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(OneOffDelivery) private readonly oneOff: OneOffDelivery,
  ) {}

  async execute(actor: Actor, input: z.output<typeof resendInput>) {
    const tenantId = actor.tenant.id;
    const { webhook, original, event } = await this.uow.read(async (repos) => {
      const webhook = await findWebhook(repos, actor, input.id);
      const original = await repos.webhooks.findAttempt(tenantId, webhook.id, input.deliveryId);
      if (!original) throw notFound('delivery', input.deliveryId);
      const event =
        original.eventId === null
          ? null
          : ((await repos.outbox.listAfter(tenantId, original.eventId - 1, 1))[0] ?? null);
      return { webhook, original, event };
    });
    const body = event ? JSON.stringify(eventBody(event)) : original.body;
    if (body === null) throw notFound('event', original.eventId ?? input.deliveryId);
    // The same webhook-id as the first attempt: a receiver that already has it can tell.
    return this.oneOff.run(
      actor,
      webhook,
      { messageId: original.messageId, kind: original.kind, eventId: original.eventId, body },
      {
        action: 'webhook.resend',
        details: (r) => ({ deliveryId: original.id, eventId: original.eventId, outcome: r.outcome }),
      },
    );
  }
}
