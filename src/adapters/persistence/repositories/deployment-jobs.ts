import type { DeploymentJobRepository, JobRun } from '../../../ports/repositories/deployment-jobs.js';
import type { Db } from '../sql/db.js';

const COLUMNS = `name, last_started_at AS "lastStartedAt", last_finished_at AS "lastFinishedAt",
  last_outcome AS "lastOutcome", last_error AS "lastError"`;

/** When each scheduled deployment job (backups…) last started and finished, and how, on either dialect. */
export class SqlDeploymentJobRepository implements DeploymentJobRepository {
  constructor(private readonly db: Db) {}

  find(name: string): Promise<JobRun | null> {
    return this.db.one<JobRun>(`SELECT ${COLUMNS} FROM deployment_jobs WHERE name = ?`, [name]);
  }

  // The first run creates the job's row; later ones write only their own columns.
  async started(name: string, at: string): Promise<void> {
    await this.db.run(
      `INSERT INTO deployment_jobs (name, last_started_at) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET last_started_at = excluded.last_started_at`,
      [name, at],
    );
  }

  async finished(name: string, at: string, outcome: 'ok' | 'failed', error: string | null): Promise<void> {
    await this.db.run(
      `INSERT INTO deployment_jobs (name, last_finished_at, last_outcome, last_error) VALUES (?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET last_finished_at = excluded.last_finished_at,
         last_outcome = excluded.last_outcome, last_error = excluded.last_error`,
      [name, at, outcome, error],
    );
  }
}
