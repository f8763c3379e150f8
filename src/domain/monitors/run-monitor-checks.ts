import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { DataDisk } from '../../ports/data-disk.js';
import { HttpProbe } from '../../ports/http-probe.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { JobLock, type Exclusive } from '../../ports/job-lock.js';
import { OutboundGuard } from '../../ports/outbound-guard.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { appendDeploymentEvent, SendAlert, type AlertOutcome } from '../events/alerts.js';
import { appendEvent } from '../shared/record-change.js';
import {
  applyCheck,
  judge,
  monitorEventData,
  refusedCheck,
  UNKNOWN_STATUS,
  type Monitor,
  type MonitorCheck,
  type MonitorState,
  type MonitorStatus,
} from './monitor.js';

/** The job lock's name: one instance checks at a time (SPEC §11). */
export const MONITOR_JOB = 'monitors';
/** The deployment monitor of the data disk (its name in MonitorRepository.deploymentStatus). */
export const DISK_MONITOR = 'disk';
/** Checks running at once: one slow site must not hold up the others, nor may a round flood out. */
export const CHECK_CONCURRENCY = 8;
/** Monitors checked per round at most; the rest are still due next round. */
export const ROUND_LIMIT = 200;

/** A state change of one round, and the e-mail it sent (only `monitor.down` sends one). */
export interface MonitorChange {
  /** null: the deployment's own monitor (the disk). */
  readonly tenantId: string | null;
  readonly monitorId: string;
  readonly event: 'monitor.down' | 'monitor.up';
  readonly reason: string | null;
  readonly alert: AlertOutcome | null;
}

/** What a round did, for the scheduler to log and count. */
export interface MonitorRound {
  readonly checked: number;
  readonly changes: readonly MonitorChange[];
  /** Checks whose result could not be stored (the database was busy, say): retried next round. */
  readonly errors: readonly { readonly tenantId: string | null; readonly monitorId: string; readonly error: unknown }[];
  /** Every monitor by state after the round, the disk included (desk_monitor_up). */
  readonly counts: Readonly<Record<MonitorState, number>>;
}

/**
 * One round of monitor checks (issue 11, point 6), run by `serve`'s scheduler every few seconds:
 * under the `monitors` job lock, so on several instances only one checks; then every due monitor of
 * every tenant with the events module (CHECK_CONCURRENCY at a time), and the data disk.
 *
 * Each check: the address is judged by OutboundGuard again (an IP-literal host never meets the
 * probe's resolver), then probed; the result goes through the state machine (monitor.ts
 * `applyCheck`) in a transaction that re-reads the monitor, and a state change appends its event in
 * that same transaction. A `monitor.down` then sends one e-mail to the tenant's alert addresses (the
 * disk's to ALERT_EMAIL_TO): one per incident, since the monitor stays down, saying nothing, until a
 * success turns it up (`monitor.up`). The e-mail is sent after the commit: if the process dies in
 * between, the event is kept and that e-mail is lost.
 */
@injectable()
export class RunMonitorChecks {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
    @inject(HttpProbe) private readonly probe: HttpProbe,
    @inject(OutboundGuard) private readonly guard: OutboundGuard,
    @inject(JobLock) private readonly lock: JobLock,
    @inject(SendAlert) private readonly alerts: SendAlert,
    @inject(DataDisk) private readonly disk: DataDisk,
  ) {}

  /** Runs a round unless another process is running one now (then `{ran: false}`). */
  execute(): Promise<Exclusive<MonitorRound>> {
    return this.lock.runExclusive(MONITOR_JOB, () => this.round());
  }

  private async round(): Promise<MonitorRound> {
    const due = await this.uow.read((r) => r.monitors.listDue(this.clock.now().toISOString(), ROUND_LIMIT));
    const changes: MonitorChange[] = [];
    const errors: MonitorRound['errors'][number][] = [];
    const attempt = async (tenantId: string | null, monitorId: string, work: () => Promise<MonitorChange | null>) => {
      try {
        const change = await work();
        if (change) changes.push(change);
      } catch (error) {
        errors.push({ tenantId, monitorId, error });
      }
    };
    await eachLimited(due, CHECK_CONCURRENCY, ({ tenantId, monitor }) =>
      attempt(tenantId, monitor.id, () => this.checkMonitor(tenantId, monitor)),
    );
    await attempt(null, DISK_MONITOR, () => this.checkDisk());
    return { checked: due.length, changes, errors, counts: await this.counts() };
  }

  /** Every monitor by state, the disk included (for desk_monitor_up; any instance may ask). */
  counts(): Promise<Record<MonitorState, number>> {
    return this.uow.read(async (r) => {
      const byState = await r.monitors.countByState();
      const disk = (await r.monitors.deploymentStatus(DISK_MONITOR)) ?? UNKNOWN_STATUS;
      return { ...byState, [disk.state]: byState[disk.state] + 1 };
    });
  }

  private async checkMonitor(tenantId: string, monitor: Monitor): Promise<MonitorChange | null> {
    const started = this.clock.now();
    const refusal = await this.guard.refusal(monitor.url);
    const check = refusal
      ? refusedCheck(refusal, started)
      : judge(await this.probe.get(monitor.url), monitor.expectStatus, started);
    const applied = await this.uow.transaction(async (repos) => {
      const current = await repos.monitors.findById(tenantId, monitor.id, { forUpdate: true });
      // Deleted, or changed what is checked while this check ran: the next round checks the new settings.
      if (!current || current.url !== monitor.url || current.expectStatus !== monitor.expectStatus) return null;
      const { next, event } = applyCheck(current, check);
      const nextCheckAt = new Date(started.getTime() + current.intervalSeconds * 1000).toISOString();
      await repos.monitors.update(tenantId, { ...current, ...next, nextCheckAt });
      if (event) {
        await appendEvent(repos, this.ids, tenantId, {
          kind: event,
          occurredAt: check.at,
          payload: monitorEventData(current, next),
        });
      }
      return event ? { event, monitor: current, status: next } : null;
    });
    if (!applied) return null;
    const { event, monitor: m, status } = applied;
    const alert =
      event === 'monitor.down'
        ? await this.alerts.toTenant(
            tenantId,
            `Monitor down: ${m.name}`,
            `${m.name} (${m.url}) is down since ${status.since}: ${status.lastCheck?.reason}.\n\n` +
              'Desk checks it again every ' +
              `${m.intervalSeconds} seconds and sends no more e-mail about this incident; its recovery is the ` +
              'monitor.up event, and the monitor list shows its state.\n',
          )
        : null;
    return { tenantId, monitorId: m.id, event, reason: status.lastCheck?.reason ?? null, alert };
  }

  /** The data disk: down while more than DISK_ALERT_PERCENT is used; its events go to every tenant. */
  private async checkDisk(): Promise<MonitorChange | null> {
    const at = this.clock.now();
    let check: MonitorCheck;
    try {
      const used = await this.disk.usedPercent();
      const ok = used <= this.disk.alertPercent;
      check = {
        at: at.toISOString(),
        ok,
        status: null,
        ms: 0,
        reason: ok ? null : `disk ${Math.ceil(used)}% used, above ${this.disk.alertPercent}%`,
        certificateExpiresAt: null,
      };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const reason = `disk usage unreadable${typeof code === 'string' ? ` (${code})` : ''}`;
      check = { at: at.toISOString(), ok: false, status: null, ms: 0, reason, certificateExpiresAt: null };
    }
    const changed = (current: MonitorStatus) => {
      const { next } = applyCheck(current, check);
      return next.state !== current.state || next.consecutiveFailures !== current.consecutiveFailures;
    };
    // Most rounds change nothing: then nothing is written.
    const seen = (await this.uow.read((r) => r.monitors.deploymentStatus(DISK_MONITOR))) ?? UNKNOWN_STATUS;
    if (!changed(seen)) return null;
    const applied = await this.uow.transaction(async (repos) => {
      const current = (await repos.monitors.deploymentStatus(DISK_MONITOR)) ?? UNKNOWN_STATUS;
      const { next, event } = applyCheck(current, check);
      await repos.monitors.saveDeploymentStatus(DISK_MONITOR, next);
      if (event) {
        await appendDeploymentEvent(repos, this.ids, {
          kind: event,
          occurredAt: check.at,
          payload: diskEventData(next),
        });
      }
      return event ? { event, status: next } : null;
    });
    if (!applied) return null;
    const reason = applied.status.lastCheck?.reason ?? null;
    const alert =
      applied.event === 'monitor.down'
        ? await this.alerts.toDeployment(
            'Monitor down: data disk',
            `The disk holding Desk's data directory is down since ${applied.status.since}: ${reason}.\n\n` +
              'Free space or grow the disk; Desk sends no more e-mail about this incident, and its ' +
              'recovery is the monitor.up event.\n',
          )
        : null;
    return { tenantId: null, monitorId: DISK_MONITOR, event: applied.event, reason, alert };
  }
}

/** The disk's event data: the deployment's monitor, with no address. */
const diskEventData = (status: MonitorStatus) => ({
  monitor: {
    id: DISK_MONITOR,
    kind: 'disk',
    name: 'data disk',
    state: status.state,
    since: status.since,
    reason: status.lastCheck?.reason ?? null,
  },
});

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
