import { DomainError, invalidField, notFound } from '../shared/errors.js';
import type { Actor } from '../shared/actor.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { maySubscribeWebhook, type EventKind } from '../events/event.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { OutboundGuard } from '../../ports/outbound-guard.js';
import type { Repositories } from '../../ports/repositories.js';
import type { Secrets } from '../../ports/secrets.js';
import type { StoredWebhook } from './webhook.js';

/** What the webhook administration use cases share: their permission, secrets, audit and lookups. */

/** Every webhook route needs the events module and webhook.manage. */
export const REQUIRED = ['module.events', 'webhook.manage'] as const;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. Shown once, stored sealed. */
export const newSecret = (secrets: Secrets): string =>
  `whsec_${Buffer.from(secrets.randomBytes(32)).toString('base64')}`;

/** What the audit log keeps of a URL: scheme, host and path, never a query string (receivers put tokens there). */
export const auditUrl = (url: string): string => {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
};

/** Audits a change to a webhook, in the caller's transaction. */
export const audited = (
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
export function assertVisible(actor: Actor, kinds: readonly EventKind[]): void {
  const hidden = kinds.filter((k) => !maySubscribeWebhook(actor.permissions, k));
  if (hidden.length > 0) {
    throw new DomainError(
      'forbidden',
      `you may not subscribe to ${hidden.join(', ')}: your permissions do not cover them`,
    );
  }
}

export async function assertCallable(guard: OutboundGuard, url: string): Promise<void> {
  const refusal = await guard.refusal(url);
  if (refusal) throw invalidField('url', refusal);
}

export async function findWebhook(repos: Repositories, actor: Actor, id: string): Promise<StoredWebhook> {
  const webhook = await repos.webhooks.findById(actor.tenant.id, id);
  if (!webhook) throw notFound('webhook', id);
  return webhook;
}
