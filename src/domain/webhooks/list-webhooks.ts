import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { subscribableKinds, type EventKind } from '../events/event.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { toWebhookView, type WebhookView } from './webhook.js';
import { REQUIRED } from './webhook-admin.js';

const noInput = z.object({}).strict();

/** The tenant's webhooks, and the event kinds the caller may subscribe one to (assertVisible's rule). */
@injectable()
export class ListWebhooks implements UseCase<
  typeof noInput,
  { webhooks: WebhookView[]; subscribableKinds: EventKind[] }
> {
  static readonly required = REQUIRED;
  static readonly input = noInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor) {
    const webhooks = await this.uow.read((repos) => repos.webhooks.list(actor.tenant.id));
    return { webhooks: webhooks.map(toWebhookView), subscribableKinds: subscribableKinds(actor.permissions) };
  }
}
