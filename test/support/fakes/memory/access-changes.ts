import { AccessChangeRepository } from '../../../../src/ports/repositories/access-changes.js';

/** Records a transaction's access changes in `recorded`, for the unit of work to announce after it commits. */
export class MemoryAccessChangeRepository extends AccessChangeRepository {
  constructor(private readonly recorded: string[] = []) {
    super();
  }

  async changed(lookups: readonly string[]): Promise<void> {
    this.recorded.push(...lookups);
  }
}
