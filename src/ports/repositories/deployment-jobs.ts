/** When a deployment job last ran, and how it ended (deployment-wide: not a tenant's). */
export interface JobRun {
  readonly name: string;
  readonly lastStartedAt: string | null;
  readonly lastFinishedAt: string | null;
  readonly lastOutcome: 'ok' | 'failed' | null;
  readonly lastError: string | null;
}

/** The record of scheduled deployment jobs (backups...), so a schedule survives restarts. */
export abstract class DeploymentJobRepository {
  abstract find(name: string): Promise<JobRun | null>;
  abstract started(name: string, at: string): Promise<void>;
  abstract finished(name: string, at: string, outcome: 'ok' | 'failed', error: string | null): Promise<void>;
}
