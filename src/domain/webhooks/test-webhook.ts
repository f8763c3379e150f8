import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { eventBody } from '../events/event.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { webhookRef, type DeliveryAttemptView } from './webhook.js';
import { findWebhook, REQUIRED } from './webhook-admin.js';
import { OneOffDelivery } from './one-off-delivery.js';

@injectable()
export class TestWebhook implements UseCase<typeof webhookRef, { delivery: DeliveryAttemptView }> {
  static readonly required = REQUIRED;
  static readonly input = webhookRef;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(OneOffDelivery) private readonly oneOff: OneOffDelivery,
  ) {}

  async execute(actor: Actor, input: z.output<typeof webhookRef>) {
    const webhook = await this.uow.read((repos) => findWebhook(repos, actor, input.id));
    const at = this.clock.now().toISOString();
    const body = JSON.stringify(
      eventBody({ kind: 'webhook.test', occurredAt: at, payload: { webhook: { id: webhook.id } } }),
    );
    return this.oneOff.run(
      actor,
      webhook,
      { messageId: this.ids.next(), kind: 'webhook.test', eventId: null, body },
      { action: 'webhook.test', details: (r) => ({ outcome: r.outcome, statusCode: r.statusCode }) },
    );
  }
}
