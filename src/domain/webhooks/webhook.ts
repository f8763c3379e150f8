import { z } from 'zod';
import { EVENT_KINDS, isEventKind, SUBSCRIBABLE_KINDS, type EventKind } from '../events/event.js';
import { exactText, page, pageSize, text } from '../shared/validation.js';

/** Why Desk turned a webhook off by itself (an administrator's PATCH turns it back on). */
export const DISABLED_REASONS = ['gone', 'exhausted'] as const;
export type DisabledReason = (typeof DISABLED_REASONS)[number];

/** A webhook as the API shows it (WebhookView): never its secret. */
export const webhookViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(EVENT_KINDS)).readonly().describe('The event kinds it is sent'),
  description: z.string().nullable(),
  enabled: z.boolean(),
  disabledReason: z
    .enum(DISABLED_REASONS)
    .nullable()
    .describe('Set when Desk disabled it: the receiver answered 410 Gone, or the retry schedule ran out'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** What a change to one webhook answers with: the webhook as it now is. */
export const webhookResultSchema = z.object({ webhook: webhookViewSchema });

/**
 * A webhook just made, or given a new secret: the signing secret (`whsec_…`) is here once, and never
 * again.
 */
export const webhookWithSecretSchema = z.object({
  webhook: webhookViewSchema,
  secret: z.string().describe('The Standard Webhooks signing secret, shown once'),
});

/** A webhook as the API shows it: never its secret. */
export interface WebhookView {
  readonly id: string;
  readonly url: string;
  readonly events: readonly EventKind[];
  readonly description: string | null;
  readonly enabled: boolean;
  /** Set when Desk disabled it: the receiver answered 410 Gone, or the retry schedule ran out. */
  readonly disabledReason: DisabledReason | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * A stored webhook: its view, its signing secret sealed under the server key (SecretBox), the
 * previous secret during the 24 hours after a rotation, and where its deliveries stand. Deliveries
 * go in event order: `cursor` is the tenant event id delivered last (or passed over because the
 * webhook does not take its kind); `attempt` counts failed attempts at the event after it, and
 * `nextAttemptAt` says when to try again (null: now).
 */
export interface StoredWebhook extends WebhookView {
  readonly secret: string;
  readonly previousSecret: string | null;
  readonly previousSecretUntil: string | null;
  readonly cursor: number;
  readonly attempt: number;
  readonly nextAttemptAt: string | null;
}

export const toWebhookView = (w: StoredWebhook): WebhookView => ({
  id: w.id,
  url: w.url,
  events: w.events,
  description: w.description,
  enabled: w.enabled,
  disabledReason: w.disabledReason,
  createdAt: w.createdAt,
  updatedAt: w.updatedAt,
});

/** How one delivery attempt ended (also the `outcome` label of desk_webhook_deliveries_total). */
export const DELIVERY_OUTCOMES = ['success', 'failure', 'gone', 'exhausted', 'refused'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** One attempt at delivering one event to one webhook: the delivery log (`GET …/deliveries`). */
export interface DeliveryAttempt {
  readonly id: string;
  readonly webhookId: string;
  /** The tenant event id; null for a `webhook.test` (never stored in the outbox). */
  readonly eventId: number | null;
  /** The `webhook-id` header: the event's own id, the same on every attempt and on a resend. */
  readonly messageId: string;
  readonly kind: EventKind;
  /** 1 for the first try; a resend or a test counts as attempt 1 of its own. */
  readonly attempt: number;
  readonly statusCode: number | null;
  readonly durationMs: number;
  /** Why it failed, in words (a timeout, a refused address, a status); never the response body. */
  readonly error: string | null;
  readonly outcome: DeliveryOutcome;
  /** When the next try is due (failures that will be retried). */
  readonly nextAttemptAt: string | null;
  readonly at: string;
  /** The body sent, kept for a test delivery only (so it can be resent; real events are in the outbox). */
  readonly body: string | null;
}

export type DeliveryAttemptView = Omit<DeliveryAttempt, 'body' | 'webhookId'>;

/** One line of a webhook's delivery log (DeliveryAttemptView): never the body sent. */
export const deliveryAttemptViewSchema = z.object({
  id: z.string(),
  eventId: z.number().int().nullable().describe('The event; null for a test delivery'),
  messageId: z.string().describe('The `webhook-id` header: the same on every attempt and on a resend'),
  kind: z.enum(EVENT_KINDS),
  attempt: z.number().int().describe('1 for the first try; a resend or a test is attempt 1 of its own'),
  statusCode: z.number().int().nullable(),
  durationMs: z.number(),
  error: z.string().nullable().describe('Why it failed, in words; never the response body'),
  outcome: z.enum(DELIVERY_OUTCOMES),
  nextAttemptAt: z.string().nullable().describe('When the next try is due (failures that will be retried)'),
  at: z.string(),
});

/** What a delivery asked for now (a test, a resend) answers with. */
export const deliveryResultSchema = z.object({ delivery: deliveryAttemptViewSchema });

/** A webhook's delivery log, newest first, a page at a time. */
export const deliveryPageSchema = z.object({
  deliveries: z.array(deliveryAttemptViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** The school's webhooks, and the event kinds the caller may subscribe one to. */
export const webhookListSchema = z.object({
  webhooks: z.array(webhookViewSchema),
  subscribableKinds: z.array(z.enum(EVENT_KINDS)).describe('The event kinds the caller may subscribe a webhook to'),
});
export const toAttemptView = ({ body: _body, webhookId: _webhookId, ...view }: DeliveryAttempt): DeliveryAttemptView =>
  view;

/**
 * Waits after failed attempts 1, 2, … 9: about three days in all (issue 11). Attempt 1 is
 * immediate; after the 10th failure the webhook is disabled.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The longest a receiver's Retry-After is honoured for: the schedule's own longest wait. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * When to try again after failed attempt `attempt` (1-based): the receiver's Retry-After when it sent
 * one (up to a day), otherwise the schedule with ±10 % jitter, so receivers that failed together are
 * not all retried in the same second. Null when the schedule is exhausted.
 */
export function retryDelayMs(attempt: number, retryAfterMs: number | null, random: () => number): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  if (retryAfterMs !== null) return Math.min(Math.max(retryAfterMs, 0), MAX_RETRY_AFTER_MS);
  const base = RETRY_DELAYS_MS[attempt - 1]!;
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** How long a rotated-out secret still signs deliveries (receivers switch over within it). */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

const kinds = z
  .array(z.string(), { message: 'must be a list of event kinds' })
  .min(1, { message: 'must name at least one event kind' })
  .max(SUBSCRIBABLE_KINDS.length)
  .superRefine((list, ctx) => {
    for (const kind of list) {
      if (!isEventKind(kind) || kind === 'webhook.test')
        ctx.addIssue({
          code: 'custom',
          message: `unknown event kind "${kind}"; kinds: ${SUBSCRIBABLE_KINDS.join(', ')}`,
        });
    }
  })
  .transform((list) => [...new Set(list)] as EventKind[]);

/** An absolute http(s) URL; whether Desk may call its address is the OutboundGuard's to say. */
const url = text(1, 2_000).refine(
  (v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  },
  { message: 'must be an absolute http or https URL' },
);

const description = text(0, 500)
  .nullable()
  .transform((v) => (v === '' ? null : v));

export const createWebhookInput = z.object({ url, events: kinds, description: description.optional() }).strict();

export const updateWebhookInput = z
  .object({
    id: exactText(1, 100),
    url: url.optional(),
    events: kinds.optional(),
    description: description.optional(),
    enabled: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .strict();

export const webhookRef = z.object({ id: exactText(1, 100) }).strict();

export const listDeliveriesInput = z.object({ id: exactText(1, 100), page: page(), pageSize: pageSize() }).strict();

export const resendInput = z.object({ id: exactText(1, 100), deliveryId: exactText(1, 100) }).strict();
