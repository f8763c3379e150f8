import type { Container } from 'inversify';
import { Logger, Metrics } from '../adapters/observability/index.js';
import { CheckServiceTargets } from '../domain/tickets/service-targets/check-service-targets.js';
import { PeriodicJob } from './periodic-job.js';
import { resolveFrom } from './container.js';

/** How often `serve` looks for service-target warnings and breaches that have come due. */
export const SERVICE_TARGET_TICK_MS = 60_000;

/**
 * Runs CheckServiceTargets every SERVICE_TARGET_TICK_MS (issue 30, point 5): under the job lock one
 * instance sends the warnings and breaches; every instance then sets `desk_tickets_open{team}` and
 * `desk_tickets_breached{team}` from the database, so each reports the deployment's counts (take
 * max, not sum, across instances).
 */
export class ServiceTargetScheduler extends PeriodicJob {
  constructor(container: Container, tickMs = SERVICE_TARGET_TICK_MS) {
    super(container, 'service targets', tickMs);
  }

  protected async round(): Promise<void> {
    const job = resolveFrom(this.container)(CheckServiceTargets);
    const result = await job.execute();
    if (result.ran) {
      const log = this.container.get(Logger);
      for (const { tenantId, ticketNumber, alarm, mailed } of result.value.alarms) {
        const fields = { tenantId, ticket: ticketNumber, target: alarm.target, dueAt: alarm.dueAt, mailed };
        log.info(fields, alarm.kind === 'ticket.sla_breached' ? 'service target breached' : 'service target warning');
      }
    }
    this.container.get(Metrics).setTicketLoad(await job.load());
  }
}
