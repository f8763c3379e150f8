import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import {
  BackupFailed,
  DatabaseBackup,
  type BackupFailureReason,
  type BackupWritten,
} from '../../ports/database-backup.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { EmitDeploymentEvent, SendAlert, type AlertOutcome } from '../events/alerts.js';

/** The deployment job's name (the job lock and the job record). */
export const BACKUP_JOB = 'backup';

export type BackupOutcome =
  | { readonly ok: true; readonly written: BackupWritten; readonly at: Date }
  | {
      readonly ok: false;
      readonly reason: BackupFailureReason;
      readonly message: string;
      readonly error: unknown;
      /** Tenants told through `backup.failed` (every tenant with the events module). */
      readonly tenantsTold: number;
      readonly alert: AlertOutcome;
    };

/**
 * Backs up the whole database into `dir`, keeping the newest `keep` (SPEC §8): the CLI's
 * `desk backup` and serve's schedule both run this. The run is recorded as the `backup` deployment
 * job (so a schedule survives restarts). A failure is told to every tenant with the events module
 * (`backup.failed`, with a reason word and never a path) and by e-mail to ALERT_EMAIL_TO, then
 * returned: the caller exits 1 or logs it.
 */
@injectable()
export class RunBackup {
  constructor(
    @inject(DatabaseBackup) private readonly backups: DatabaseBackup,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(EmitDeploymentEvent) private readonly emit: EmitDeploymentEvent,
    @inject(SendAlert) private readonly alert: SendAlert,
  ) {}

  async execute(dir: string, keep: number): Promise<BackupOutcome> {
    const at = this.clock.now();
    await this.uow.transaction((repos) => repos.deploymentJobs.started(BACKUP_JOB, at.toISOString()));
    try {
      const written = await this.backups.backup(dir, keep, at);
      await this.finished('ok', null);
      return { ok: true, written, at };
    } catch (error) {
      const reason = error instanceof BackupFailed ? error.reason : 'failed';
      const message = error instanceof Error ? error.message : String(error);
      await this.finished('failed', reason);
      const tenantsTold = await this.emit.execute('backup.failed', { reason, at: at.toISOString() });
      const alert = await this.alert.toDeployment(
        'The backup failed',
        `Desk could not back up its database at ${at.toISOString()}.\n\nReason: ${message}\n\n` +
          'Until this is fixed there is no new backup. Check the backup directory (space, permissions) ' +
          'and, on Postgres, that pg_dump is installed; then run `desk backup` to try again.\n',
      );
      return { ok: false, reason, message, error, tenantsTold, alert };
    }
  }

  private finished(outcome: 'ok' | 'failed', error: string | null): Promise<void> {
    const at = this.clock.now().toISOString();
    return this.uow.transaction((repos) => repos.deploymentJobs.finished(BACKUP_JOB, at, outcome, error));
  }
}
