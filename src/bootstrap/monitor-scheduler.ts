import type { Container } from 'inversify';
import { ErrorReporter, Logger, Metrics } from '../adapters/observability/index.js';
import { MONITOR_STATES, type MonitorState } from '../domain/monitors/monitor.js';
import { RunMonitorChecks, type MonitorRound } from '../domain/monitors/run-monitor-checks.js';
import { isDatabaseOutage } from '../ports/unit-of-work.js';
import { PeriodicJob } from './periodic-job.js';
import { resolveFrom } from './container.js';

/** How often `serve` looks for due monitors (a monitor's own interval is at least 30 s). */
export const MONITOR_TICK_MS = 5_000;

/**
 * Runs RunMonitorChecks every MONITOR_TICK_MS once the database is ready (serve.ts), never two rounds
 * of one process at once; across instances the job lock lets one of them check. Every instance sets
 * `desk_monitor_up{state}` from the database after each tick, so each reports the deployment's counts
 * (take max, not sum, across instances). The timer does not keep the process alive; `stop()` ends
 * the ticking and waits for a round under way.
 */
export class MonitorScheduler extends PeriodicJob {
  constructor(container: Container, tickMs = MONITOR_TICK_MS) {
    super(container, 'monitor checks', tickMs);
  }

  protected async round(): Promise<void> {
    const log = this.container.get(Logger);
    const checks = resolveFrom(this.container)(RunMonitorChecks);
    try {
      const result = await checks.execute();
      if (result.ran) this.report(result.value);
      this.count(result.ran ? result.value.counts : await checks.counts());
    } catch (error) {
      if (isDatabaseOutage(error)) {
        log.warn({ reason: (error as { reason?: string }).reason ?? 'busy' }, 'monitor checks: database unavailable');
        return;
      }
      log.error({ err: error }, 'monitor checks failed');
      this.container.get(ErrorReporter).report(error, { surface: 'job' });
    }
  }

  private count(counts: Readonly<Record<MonitorState, number>>): void {
    const gauge = this.container.get(Metrics).monitors;
    for (const state of MONITOR_STATES) gauge.set({ state }, counts[state]);
  }

  /** One line per state change, and what became of its e-mail. */
  private report(round: MonitorRound): void {
    const log = this.container.get(Logger);
    for (const c of round.changes) {
      const fields = { tenantId: c.tenantId ?? undefined, monitorId: c.monitorId, reason: c.reason ?? undefined };
      log.info({ ...fields, event: c.event }, c.event === 'monitor.down' ? 'monitor down' : 'monitor up');
      const alert = c.alert;
      if (!alert) continue;
      if (alert.sent) log.info({ ...fields, recipients: alert.to.length }, 'monitor alert sent');
      else if (alert.reason === 'failed') log.warn({ ...fields, err: alert.error }, 'monitor alert e-mail failed');
      else log.warn({ ...fields, why: alert.reason }, 'monitor alert not sent');
    }
    for (const e of round.errors) {
      const fields = { tenantId: e.tenantId ?? undefined, monitorId: e.monitorId };
      if (isDatabaseOutage(e.error)) log.warn(fields, 'monitor check not stored: database unavailable');
      else {
        log.error({ ...fields, err: e.error }, 'monitor check failed');
        this.container.get(ErrorReporter).report(e.error, { surface: 'job' });
      }
    }
  }
}
