import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { webhookRef } from './webhook.js';
import { audited, auditUrl, findWebhook, REQUIRED } from './webhook-admin.js';

@injectable()
export class DeleteWebhook implements UseCase<typeof webhookRef, { deleted: true }> {
  static readonly required = REQUIRED;
  static readonly input = webhookRef;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof webhookRef>) {
    const at = this.clock.now().toISOString();
    await this.uow.transaction(async (repos) => {
      const webhook = await findWebhook(repos, actor, input.id);
      await repos.webhooks.delete(actor.tenant.id, webhook.id);
      await audited(repos, this.ids, actor, 'webhook.delete', webhook.id, at, { url: auditUrl(webhook.url) });
    });
    return { deleted: true as const };
  }
}
