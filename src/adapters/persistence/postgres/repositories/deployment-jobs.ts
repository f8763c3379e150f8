import type { DeploymentJobRepository, JobRun } from '../../../../ports/repositories/deployment-jobs.js';
import { query, queryOne, type Queryable } from '../sql.js';

const COLUMNS = `name, last_started_at AS "lastStartedAt", last_finished_at AS "lastFinishedAt",
  last_outcome AS "lastOutcome", last_error AS "lastError"`;

export class PgDeploymentJobRepository implements DeploymentJobRepository {
  constructor(private readonly db: Queryable) {}

  async find(name: string): Promise<JobRun | null> {
    return queryOne<JobRun>(this.db, `SELECT ${COLUMNS} FROM deployment_jobs WHERE name = $1`, [name]);
  }

  async started(name: string, at: string): Promise<void> {
    const sql = `INSERT INTO deployment_jobs (name, last_started_at) VALUES ($1, $2)
      ON CONFLICT (name) DO UPDATE SET last_started_at = excluded.last_started_at`;
    await query(this.db, sql, [name, at]);
  }

  async finished(name: string, at: string, outcome: 'ok' | 'failed', error: string | null): Promise<void> {
    const sql = `INSERT INTO deployment_jobs (name, last_finished_at, last_outcome, last_error) VALUES ($1, $2, $3, $4)
      ON CONFLICT (name) DO UPDATE SET last_finished_at = excluded.last_finished_at,
        last_outcome = excluded.last_outcome, last_error = excluded.last_error`;
    await query(this.db, sql, [name, at, outcome, error]);
  }
}
