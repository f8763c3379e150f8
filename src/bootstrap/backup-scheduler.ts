import type { Container } from 'inversify';
import { Logger, Metrics } from '../adapters/observability/index.js';
import type { DeskConfig } from '../config/index.js';
import { BACKUP_JOB, RunBackup, type BackupOutcome } from '../domain/backups/run-backup.js';
import { JobLock } from '../ports/job-lock.js';
import { UnitOfWork } from '../ports/unit-of-work.js';
import { PeriodicJob } from './periodic-job.js';
import { resolveFrom } from './container.js';

/** How often `serve` looks whether a backup is due. */
const CHECK_MS = 60_000;

/** Logs a backup's outcome as the CLI and the schedule both report it. */
export function logBackup(container: Container, outcome: BackupOutcome, via: 'schedule' | 'command'): void {
  const log = container.get(Logger);
  if (outcome.ok) {
    container.get(Metrics).backupLastSuccess.set(outcome.at.getTime() / 1000);
    log.info(
      { via, file: outcome.written.file, bytes: outcome.written.bytes, removed: outcome.written.removed.length },
      'backup written',
    );
    return;
  }
  log.error({ via, reason: outcome.reason, err: outcome.error, tenantsTold: outcome.tenantsTold }, 'backup failed');
  if (!outcome.alert.sent)
    log.warn({ why: outcome.alert.reason, err: outcome.alert.error }, 'backup alert e-mail not sent');
}

/**
 * Backs up every BACKUP_INTERVAL_HOURS (0: never) while `serve` runs, on one instance: the job lock
 * lets one of several instances run it, and the job record (when the last one finished) makes the
 * schedule survive restarts and be shared by every instance. A backup is due when none has finished
 * within the interval (the first one at the first start).
 */
export class BackupScheduler extends PeriodicJob {
  constructor(
    container: Container,
    private readonly config: DeskConfig['backups'],
    checkMs = CHECK_MS,
  ) {
    // A backup under way is left to finish on stop: it holds no request, and a half-written file is never named.
    super(container, 'backup schedule', checkMs, Infinity);
  }

  protected override get enabled(): boolean {
    return this.config.intervalHours !== 0;
  }

  private async due(): Promise<boolean> {
    const run = await this.container.get(UnitOfWork).read((r) => r.deploymentJobs.find(BACKUP_JOB));
    const last = run?.lastFinishedAt ? Date.parse(run.lastFinishedAt) : null;
    return last === null || Date.now() - last >= this.config.intervalHours * 3_600_000;
  }

  protected async round(): Promise<void> {
    if (!(await this.due())) return;
    await this.container.get(JobLock).runExclusive(BACKUP_JOB, async () => {
      // Another instance may have backed up between the look above and the lock.
      if (!(await this.due())) return;
      const outcome = await resolveFrom(this.container)(RunBackup).execute(this.config.dir, this.config.keep);
      logBackup(this.container, outcome, 'schedule');
    });
  }
}
