import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { OutboundGuard } from '../../ports/outbound-guard.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { toWebhookView, updateWebhookInput, type StoredWebhook, type WebhookView } from './webhook.js';
import { assertCallable, assertVisible, audited, auditUrl, findWebhook, REQUIRED } from './webhook-admin.js';

@injectable()
export class UpdateWebhook implements UseCase<typeof updateWebhookInput, { webhook: WebhookView }> {
  static readonly required = REQUIRED;
  static readonly input = updateWebhookInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(OutboundGuard) private readonly guard: OutboundGuard,
  ) {}

  async execute(actor: Actor, input: z.output<typeof updateWebhookInput>) {
    if (input.events) assertVisible(actor, input.events);
    if (input.url !== undefined) await assertCallable(this.guard, input.url);
    const at = this.clock.now().toISOString();
    const webhook = await this.uow.transaction(async (repos) => {
      const before = await findWebhook(repos, actor, input.id);
      const reenabled = input.enabled === true && !before.enabled;
      const after: StoredWebhook = {
        ...before,
        url: input.url ?? before.url,
        events: input.events ?? before.events,
        description: input.description === undefined ? before.description : input.description,
        enabled: input.enabled ?? before.enabled,
        updatedAt: at,
        disabledReason: reenabled ? null : before.disabledReason,
      };
      // Turned back on: the event it stopped at is tried again now, with a fresh schedule.
      await repos.webhooks.update(actor.tenant.id, after, { resetSchedule: reenabled });
      const changed = (['url', 'events', 'description', 'enabled'] as const).filter(
        (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
      );
      await audited(repos, this.ids, actor, 'webhook.update', after.id, at, {
        changed,
        url: auditUrl(after.url),
        events: after.events,
        enabled: after.enabled,
      });
      return after;
    });
    return { webhook: toWebhookView(webhook) };
  }
}
