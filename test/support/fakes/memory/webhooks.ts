import type { Page, PageRequest } from '../../../../src/domain/shared/paging.js';
import type { DeliveryAttempt, DisabledReason, StoredWebhook } from '../../../../src/domain/webhooks/webhook.js';
import type {
  ClaimedWebhook,
  WebhookProgress,
  WebhookRepository,
} from '../../../../src/ports/repositories/webhooks.js';
import { compare, copy, emptyState, findRow, insertOwned, MemoryState, pageOf, rowsOf } from './store.js';

type LeasedWebhook = StoredWebhook & { leaseOwner: string | null; leaseUntil: string | null };

const unleased = ({ leaseOwner: _o, leaseUntil: _u, ...w }: LeasedWebhook): StoredWebhook => copy(w);

export class MemoryWebhookRepository implements WebhookRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(tenantId: string, webhook: StoredWebhook): Promise<void> {
    insertOwned(this.state.webhooks, tenantId, [{ ...webhook, leaseOwner: null, leaseUntil: null }], {});
  }

  async findById(tenantId: string, id: string): Promise<StoredWebhook | null> {
    const row = findRow(this.state.webhooks, tenantId, id);
    return row ? unleased(row) : null;
  }

  async list(tenantId: string): Promise<StoredWebhook[]> {
    return rowsOf(this.state.webhooks, tenantId)
      .sort((a, b) => compare(a.createdAt, b.createdAt) || compare(a.id, b.id))
      .map(unleased);
  }

  async update(tenantId: string, webhook: StoredWebhook, opts: { resetSchedule?: boolean } = {}): Promise<boolean> {
    const { cursor: _c, attempt: _a, nextAttemptAt: _n, ...settings } = copy(webhook);
    const reset = opts.resetSchedule ? { attempt: 0, nextAttemptAt: null } : {};
    return this.change(tenantId, webhook.id, (w) => ({ ...w, ...settings, ...reset }));
  }

  async disable(tenantId: string, id: string, reason: DisabledReason, at: string): Promise<void> {
    this.change(tenantId, id, (w) => ({
      ...w,
      enabled: false,
      disabledReason: reason,
      updatedAt: at,
      leaseOwner: null,
      leaseUntil: null,
    }));
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const before = this.state.webhooks.length;
    this.state.webhooks = this.state.webhooks.filter((o) => !(o.tenantId === tenantId && o.row.id === id));
    this.state.deliveries = this.state.deliveries.filter((o) => !(o.tenantId === tenantId && o.row.webhookId === id));
    return this.state.webhooks.length < before;
  }

  async claimDue(now: string, owner: string, leaseUntil: string, limit: number): Promise<ClaimedWebhook[]> {
    const newest = (tenantId: string) => Math.max(0, ...rowsOf(this.state.outbox, tenantId).map((e) => e.eventId));
    const due = this.state.webhooks
      .filter(
        ({ tenantId, row: w }) =>
          w.enabled &&
          (w.nextAttemptAt === null || w.nextAttemptAt <= now) &&
          (w.leaseUntil === null || w.leaseUntil < now) &&
          newest(tenantId) > w.cursor,
      )
      .slice(0, limit);
    for (const o of due) this.change(o.tenantId, o.row.id, (w) => ({ ...w, leaseOwner: owner, leaseUntil }));
    return due.map((o) => ({ tenantId: o.tenantId, webhook: unleased(o.row) }));
  }

  async progress(
    tenantId: string,
    id: string,
    owner: string,
    p: WebhookProgress,
    leaseUntil: string,
  ): Promise<boolean> {
    const row = findRow(this.state.webhooks, tenantId, id);
    if (!row || row.leaseOwner !== owner || !row.enabled) return false;
    return this.change(tenantId, id, (w) => ({ ...w, ...p, leaseUntil }));
  }

  async release(tenantId: string, id: string, owner: string): Promise<void> {
    const row = findRow(this.state.webhooks, tenantId, id);
    if (row?.leaseOwner === owner) this.change(tenantId, id, (w) => ({ ...w, leaseOwner: null, leaseUntil: null }));
  }

  async recordAttempt(tenantId: string, attempt: DeliveryAttempt): Promise<void> {
    this.state.deliveries.push({ tenantId, row: copy(attempt) });
  }

  async listAttempts(tenantId: string, webhookId: string, page: PageRequest): Promise<Page<DeliveryAttempt>> {
    const rows = rowsOf(this.state.deliveries, tenantId).filter((a) => a.webhookId === webhookId);
    return pageOf(rows.reverse().map(copy), page);
  }

  async findAttempt(tenantId: string, webhookId: string, id: string): Promise<DeliveryAttempt | null> {
    const row = rowsOf(this.state.deliveries, tenantId).find((a) => a.webhookId === webhookId && a.id === id);
    return row ? copy(row) : null;
  }

  private change(tenantId: string, id: string, f: (w: LeasedWebhook) => LeasedWebhook): boolean {
    let changed = false;
    this.state.webhooks = this.state.webhooks.map((o) => {
      if (o.tenantId !== tenantId || o.row.id !== id) return o;
      changed = true;
      return { tenantId, row: f(o.row) };
    });
    return changed;
  }
}
