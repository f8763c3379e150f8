import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { OutboundGuard } from '../../ports/outbound-guard.js';
import { SecretBox } from '../../ports/secret-box.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { createWebhookInput, toWebhookView, type StoredWebhook, type WebhookView } from './webhook.js';
import { assertCallable, assertVisible, audited, auditUrl, newSecret, REQUIRED } from './webhook-admin.js';

@injectable()
export class CreateWebhook implements UseCase<typeof createWebhookInput, { webhook: WebhookView; secret: string }> {
  static readonly required = REQUIRED;
  static readonly input = createWebhookInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Secrets) private readonly secrets: Secrets,
    @inject(SecretBox) private readonly box: SecretBox,
    @inject(OutboundGuard) private readonly guard: OutboundGuard,
  ) {}

  async execute(actor: Actor, input: z.output<typeof createWebhookInput>) {
    assertVisible(actor, input.events);
    await assertCallable(this.guard, input.url);
    const secret = newSecret(this.secrets);
    const at = this.clock.now().toISOString();
    const webhook = await this.uow.transaction(async (repos) => {
      const stored: StoredWebhook = {
        id: this.ids.next(),
        url: input.url,
        events: input.events,
        description: input.description ?? null,
        enabled: true,
        disabledReason: null,
        createdAt: at,
        updatedAt: at,
        secret: this.box.seal(secret),
        previousSecret: null,
        previousSecretUntil: null,
        // Deliveries start with the next event: a new webhook is not sent the tenant's history.
        cursor: await repos.outbox.newestId(actor.tenant.id),
        attempt: 0,
        nextAttemptAt: null,
      };
      await repos.webhooks.create(actor.tenant.id, stored);
      await audited(repos, this.ids, actor, 'webhook.create', stored.id, at, {
        url: auditUrl(stored.url),
        events: stored.events,
      });
      return stored;
    });
    return { webhook: toWebhookView(webhook), secret };
  }
}
