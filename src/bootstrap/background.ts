/**
 * The work `desk serve` does besides answering requests, started once the database is ready and
 * stopped first on SIGTERM: webhook deliveries from the outbox, the live event streams' hub, the
 * scheduled monitor checks, the scheduled backups, the daily reminders, the service targets'
 * warnings and breaches, tickets' e-mail and the schools' mailboxes.
 */
import type { Container } from 'inversify';
import { EventStreams } from '../adapters/http/event-streams.js';
import { EventHub } from '../domain/events/event-hub.js';
import type { DeskConfig } from '../config/index.js';
import { BackupScheduler } from './backup-scheduler.js';
import { MonitorScheduler } from './monitor-scheduler.js';
import { ReminderScheduler } from './reminder-scheduler.js';
import { ServiceTargetScheduler } from './service-target-scheduler.js';
import { TicketMailScheduler } from './ticket-mail-scheduler.js';
import { MailboxScheduler } from './mailbox-scheduler.js';
import { WebhookScheduler } from './webhook-scheduler.js';
import { resolveFrom } from './container.js';

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
  /** Send service-target warnings and breaches every minute (default); tests of other things turn it off. */
  readonly serviceTargets?: boolean;
  /** How often the service-target job looks (tests shorten it). */
  readonly serviceTargetTickMs?: number;
}

export function startBackground(container: Container, options: BackgroundOptions = {}): Background {
  const webhooks = new WebhookScheduler(container);
  webhooks.start();
  const hub = resolveFrom(container)(EventHub);
  hub.start();
  const monitors = options.monitors === false ? null : new MonitorScheduler(container);
  monitors?.start();
  const backups = options.backups ? new BackupScheduler(container, options.backups) : null;
  backups?.start();
  const reminders = options.reminderHour === undefined ? null : new ReminderScheduler(container, options.reminderHour);
  reminders?.start();
  const targets =
    options.serviceTargets === false ? null : new ServiceTargetScheduler(container, options.serviceTargetTickMs);
  targets?.start();
  const ticketMail = new TicketMailScheduler(container);
  ticketMail.start();
  const mailboxes = new MailboxScheduler(container);
  mailboxes.start();
  return {
    async stop() {
      container.get(EventStreams).closeAll();
      hub.stop();
      await Promise.all([
        webhooks.stop(),
        monitors?.stop(),
        backups?.stop(),
        reminders?.stop(),
        targets?.stop(),
        ticketMail.stop(),
        mailboxes.stop(),
      ]);
    },
  };
}
