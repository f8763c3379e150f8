import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { toWebhookView, webhookRef, type WebhookView } from './webhook.js';
import { findWebhook, REQUIRED } from './webhook-admin.js';

@injectable()
export class GetWebhook implements UseCase<typeof webhookRef, { webhook: WebhookView }> {
  static readonly required = REQUIRED;
  static readonly input = webhookRef;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.output<typeof webhookRef>) {
    return { webhook: toWebhookView(await this.uow.read((repos) => findWebhook(repos, actor, input.id))) };
  }
}
