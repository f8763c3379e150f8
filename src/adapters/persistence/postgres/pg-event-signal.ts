import { EventSignal, type EventListener } from '../../../ports/event-signal.js';
import type { PgNotifications } from './pg-notifications.js';
import type { OutboxDialect } from '../repositories/outbox.js';

/** The channel every instance LISTENs on; a notification carries the tenant id only (below). */
export const EVENTS_CHANNEL = 'desk_events';

/**
 * The outbox's Postgres part: an append NOTIFYs the tenant's id in the insert's own statement, one
 * round trip. NOTIFY is transactional: it reaches the listening instances when (and only if) the
 * append commits. The channel is per schema, so test schemas sharing a database do not wake each other.
 */
export const pgOutbox: OutboxDialect = {
  announced: (insert) => `WITH e AS (${insert} RETURNING tenant_id)
    SELECT pg_notify('${EVENTS_CHANNEL}_' || current_schema(), e.tenant_id) FROM e`,
};

/**
 * Event signals across instances: every committed outbox append NOTIFYs the tenant's id on the
 * schema's events channel (pgOutbox, above), heard through the process's one LISTEN
 * connection (pg-notifications.ts) while anyone here listens. When that connection comes back after
 * a loss, listeners hear `null`, since notifications sent meanwhile are gone, and look at the outbox
 * again. Notifications carry ids only: the rows are read from the outbox, so nothing large or private
 * travels through them.
 */
export class PgEventSignal extends EventSignal {
  private readonly subscriptions = new Set<() => void>();

  constructor(private readonly notifications: PgNotifications) {
    super();
  }

  listen(listener: EventListener): () => void {
    const unsubscribe = this.notifications.subscribe(EVENTS_CHANNEL, {
      message: (tenantId) => listener(tenantId || null),
      reset: () => listener(null),
    });
    this.subscriptions.add(unsubscribe);
    return () => {
      this.subscriptions.delete(unsubscribe);
      unsubscribe();
    };
  }

  async close(): Promise<void> {
    for (const unsubscribe of [...this.subscriptions]) unsubscribe();
    this.subscriptions.clear();
  }
}
