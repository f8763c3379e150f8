import type { DeploymentJobRepository, JobRun } from '../../../../src/ports/repositories/deployment-jobs.js';
import { copy, emptyState, MemoryState } from './store.js';

export class MemoryDeploymentJobRepository implements DeploymentJobRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async find(name: string): Promise<JobRun | null> {
    return copy(this.state.jobs[name] ?? null);
  }

  async started(name: string, at: string): Promise<void> {
    this.state.jobs[name] = { ...this.run(name), lastStartedAt: at };
  }

  async finished(name: string, at: string, outcome: 'ok' | 'failed', error: string | null): Promise<void> {
    this.state.jobs[name] = { ...this.run(name), lastFinishedAt: at, lastOutcome: outcome, lastError: error };
  }

  private run(name: string): JobRun {
    return (
      this.state.jobs[name] ?? { name, lastStartedAt: null, lastFinishedAt: null, lastOutcome: null, lastError: null }
    );
  }
}
