import { EventSignal, type EventListener } from '../../../ports/event-signal.js';
import type { PgNotifications } from './pg-notifications.js';
import { EVENTS_CHANNEL } from './repositories/outbox.js';

/**
 * Event signals across instances: every committed outbox append NOTIFYs the tenant's id on the
 * schema's events channel (repositories/outbox.ts), heard through the process's one LISTEN
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
