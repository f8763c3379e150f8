import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DataDisk } from '../../ports/data-disk.js';

/**
 * The data directory's disk, read with statfs(2) as `df` reads it: used / (used + available to
 * unprivileged users), so the blocks reserved for root count as full. A data directory not created
 * yet (Postgres deployments need none) is measured at its nearest existing parent.
 */
export class StatfsDataDisk extends DataDisk {
  constructor(
    private readonly dir: string,
    readonly alertPercent: number,
  ) {
    super();
  }

  async usedPercent(): Promise<number> {
    let dir = this.dir;
    while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
    const s = await statfs(dir);
    const used = s.blocks - s.bfree;
    const total = used + s.bavail;
    return total === 0 ? 0 : (used / total) * 100;
  }
}
