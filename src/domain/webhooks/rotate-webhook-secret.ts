import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { SecretBox } from '../../ports/secret-box.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { PREVIOUS_SECRET_MS, toWebhookView, webhookRef, type StoredWebhook, type WebhookView } from './webhook.js';
import { audited, findWebhook, newSecret, REQUIRED } from './webhook-admin.js';

@injectable()
export class RotateWebhookSecret implements UseCase<typeof webhookRef, { webhook: WebhookView; secret: string }> {
  static readonly required = REQUIRED;
  static readonly input = webhookRef;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Secrets) private readonly secrets: Secrets,
    @inject(SecretBox) private readonly box: SecretBox,
  ) {}

  async execute(actor: Actor, input: z.output<typeof webhookRef>) {
    const secret = newSecret(this.secrets);
    const now = this.clock.now();
    const at = now.toISOString();
    const until = new Date(now.getTime() + PREVIOUS_SECRET_MS).toISOString();
    const webhook = await this.uow.transaction(async (repos) => {
      const before = await findWebhook(repos, actor, input.id);
      const after: StoredWebhook = {
        ...before,
        secret: this.box.seal(secret),
        previousSecret: before.secret,
        previousSecretUntil: until,
        updatedAt: at,
      };
      await repos.webhooks.update(actor.tenant.id, after);
      await audited(repos, this.ids, actor, 'webhook.rotate-secret', after.id, at, {
        previousSecretValidUntil: until,
      });
      return after;
    });
    return { webhook: toWebhookView(webhook), secret };
  }
}
