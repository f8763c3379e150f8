import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { OutboundGuard } from '../../ports/outbound-guard.js';
import type { Repositories } from '../../ports/repositories.js';
import { SecretBox } from '../../ports/secret-box.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { eventBody, maySubscribeWebhook, subscribableKinds, type EventKind } from '../events/event.js';
import type { Actor } from '../shared/actor.js';
import { DomainError, invalidField, notFound } from '../shared/errors.js';
import { PAGE_SIZE_DEFAULT } from '../shared/paging.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { oneOff, WebhookDelivery, type Outgoing } from './webhook-delivery.js';
import {
  createWebhookInput,
  listDeliveriesInput,
  PREVIOUS_SECRET_MS,
  resendInput,
  toAttemptView,
  toWebhookView,
  updateWebhookInput,
  webhookRef,
  type DeliveryAttempt,
  type DeliveryAttemptView,
  type StoredWebhook,
  type WebhookView,
} from './webhook.js';

/** Every webhook route needs the events module and webhook.manage. */
const REQUIRED = ['module.events', 'webhook.manage'] as const;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. Shown once, stored sealed. */
const newSecret = (secrets: Secrets): string => `whsec_${Buffer.from(secrets.randomBytes(32)).toString('base64')}`;

/** What the audit log keeps of a URL: scheme, host and path, never a query string (receivers put tokens there). */
const auditUrl = (url: string): string => {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
};

/** Audits a change to a webhook, in the caller's transaction. */
const audited = (
  repos: Repositories,
  ids: IdGenerator,
  actor: Actor,
  action: string,
  webhookId: string,
  at: string,
  details: Record<string, unknown>,
) =>
  recordChange(repos, ids, {
    tenantId: actor.tenant.id,
    actor: auditActor(actor),
    action,
    target: `webhook:${webhookId}`,
    at,
    details,
  });

/** The kinds the actor may not subscribe to: a webhook never carries what its creator could not see. */
function assertVisible(actor: Actor, kinds: readonly EventKind[]): void {
  const hidden = kinds.filter((k) => !maySubscribeWebhook(actor.permissions, k));
  if (hidden.length > 0) {
    throw new DomainError(
      'forbidden',
      `you may not subscribe to ${hidden.join(', ')}: your permissions do not cover them`,
    );
  }
}

async function assertCallable(guard: OutboundGuard, url: string): Promise<void> {
  const refusal = await guard.refusal(url);
  if (refusal) throw invalidField('url', refusal);
}

async function findWebhook(repos: Repositories, actor: Actor, id: string): Promise<StoredWebhook> {
  const webhook = await repos.webhooks.findById(actor.tenant.id, id);
  if (!webhook) throw notFound('webhook', id);
  return webhook;
}

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

@injectable()
export class GetWebhook implements UseCase<typeof webhookRef, { webhook: WebhookView }> {
  static readonly required = REQUIRED;
  static readonly input = webhookRef;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.output<typeof webhookRef>) {
    return { webhook: toWebhookView(await this.uow.read((repos) => findWebhook(repos, actor, input.id))) };
  }
}

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

export interface DeliveryPage {
  readonly deliveries: DeliveryAttemptView[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

@injectable()
export class ListWebhookDeliveries implements UseCase<typeof listDeliveriesInput, DeliveryPage> {
  static readonly required = REQUIRED;
  static readonly input = listDeliveriesInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.output<typeof listDeliveriesInput>) {
    const page = { page: input.page ?? 1, pageSize: input.pageSize ?? PAGE_SIZE_DEFAULT };
    const found = await this.uow.read(async (repos) => {
      await findWebhook(repos, actor, input.id);
      return repos.webhooks.listAttempts(actor.tenant.id, input.id, page);
    });
    return { deliveries: found.items.map(toAttemptView), total: found.total, ...page };
  }
}

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
