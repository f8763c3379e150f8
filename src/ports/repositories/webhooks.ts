import type { Page, PageRequest } from '../../domain/shared/paging.js';
import type { DeliveryAttempt, DisabledReason, StoredWebhook } from '../../domain/webhooks/webhook.js';

/** A webhook another delivery worker may not take while `leaseOwner` works on it (until the lease ends). */
export interface ClaimedWebhook {
  readonly tenantId: string;
  readonly webhook: StoredWebhook;
}

/** Where a webhook's deliveries stand after an attempt (see StoredWebhook). */
export interface WebhookProgress {
  readonly cursor: number;
  readonly attempt: number;
  readonly nextAttemptAt: string | null;
}

export abstract class WebhookRepository {
  abstract create(tenantId: string, webhook: StoredWebhook): Promise<void>;
  abstract findById(tenantId: string, id: string): Promise<StoredWebhook | null>;
  /** Oldest first. */
  abstract list(tenantId: string): Promise<StoredWebhook[]>;
  /**
   * Writes what an administrator changes (url, events, description, enabled, disabled reason, secrets),
   * never the delivery progress, which the worker owns; `resetSchedule` (a webhook turned back on)
   * also clears the failed attempts, so the next event is tried now.
   */
  abstract update(tenantId: string, webhook: StoredWebhook, opts?: { resetSchedule?: boolean }): Promise<boolean>;
  /** Desk turns a webhook off by itself (410 Gone, or the schedule ran out); its lease ends. */
  abstract disable(tenantId: string, id: string, reason: DisabledReason, at: string): Promise<void>;
  /** Deletes the webhook and its delivery log. */
  abstract delete(tenantId: string, id: string): Promise<boolean>;
  /**
   * Across tenants (the delivery worker serves them all): takes up to `limit` enabled webhooks whose
   * next attempt is due at `now`, that have an event after their cursor and that no live lease holds,
   * and leases them to `owner` until `leaseUntil`. On Postgres rows another instance is claiming are
   * skipped (`FOR UPDATE SKIP LOCKED`), so each webhook is worked on by one instance at a time.
   */
  abstract claimDue(now: string, owner: string, leaseUntil: string, limit: number): Promise<ClaimedWebhook[]>;
  /** Records progress and extends the lease, only while `owner` holds it and the webhook is on (false otherwise). */
  abstract progress(
    tenantId: string,
    id: string,
    owner: string,
    progress: WebhookProgress,
    leaseUntil: string,
  ): Promise<boolean>;
  /** Ends `owner`'s lease (a lease that passed to another owner is left alone). */
  abstract release(tenantId: string, id: string, owner: string): Promise<void>;
  abstract recordAttempt(tenantId: string, attempt: DeliveryAttempt): Promise<void>;
  /** Newest first. */
  abstract listAttempts(tenantId: string, webhookId: string, page: PageRequest): Promise<Page<DeliveryAttempt>>;
  abstract findAttempt(tenantId: string, webhookId: string, id: string): Promise<DeliveryAttempt | null>;
}
