/**
 * The work `desk serve` does besides answering requests, started once the database is ready and
 * stopped first on SIGTERM: webhook deliveries from the outbox, the live event streams' hub, the
 * scheduled monitor checks, the scheduled backups and the daily reminders.
 */
import type { Container } from 'inversify';
import { EventStreams } from '../adapters/http/event-streams.js';
import { Logger } from '../adapters/observability/index.js';
import { EventHub } from '../domain/events/event-hub.js';
import { WebhookDispatcher } from '../domain/webhooks/webhook-dispatcher.js';
import { isDatabaseOutage } from '../ports/unit-of-work.js';
import type { DeskConfig } from '../config/index.js';
import { BackupScheduler } from './backup-scheduler.js';
import { MonitorScheduler } from './monitor-scheduler.js';
import { ReminderScheduler } from './reminder-scheduler.js';

export interface Background {
  /** Ends the event streams, stops claiming deliveries and waits briefly for those under way. */
  stop(): Promise<void>;
}

export interface BackgroundOptions {
  /** Run the monitor checks (and the data disk's) every few seconds; tests of other things turn it off. */
  readonly monitors?: boolean;
  /** Back up on the BACKUP_INTERVAL_HOURS schedule; absent, no scheduled backups. */
  readonly backups?: DeskConfig['backups'];
  /** Plan each school's reminders from this hour of its day and send them; absent, no scheduled reminders. */
  readonly reminderHour?: number;
}

export function startBackground(container: Container, options: BackgroundOptions = {}): Background {
  const log = container.get(Logger);
  const dispatcher = container.get(WebhookDispatcher);
  dispatcher.start((notice) => {
    if (notice.kind === 'disabled') {
      log.warn({ tenantId: notice.tenantId, webhookId: notice.webhookId, reason: notice.reason }, 'webhook disabled');
    } else if (isDatabaseOutage(notice.error)) {
      log.warn({ err: notice.error }, 'webhook deliveries paused: the database is unavailable');
    } else {
      log.error({ err: notice.error }, 'webhook delivery failed');
    }
  });
  const hub = container.get(EventHub);
  hub.start();
  const monitors = options.monitors === false ? null : new MonitorScheduler(container);
  monitors?.start();
  const backups = options.backups ? new BackupScheduler(container, options.backups) : null;
  backups?.start();
  const reminders = options.reminderHour === undefined ? null : new ReminderScheduler(container, options.reminderHour);
  reminders?.start();
  return {
    async stop() {
      container.get(EventStreams).closeAll();
      hub.stop();
      await Promise.all([dispatcher.stop(), monitors?.stop(), backups?.stop(), reminders?.stop()]);
    },
  };
}
