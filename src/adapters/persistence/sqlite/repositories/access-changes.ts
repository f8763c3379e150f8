import type { AccessAnnouncer } from '../../repositories/access-changes.js';
import type { Db } from '../../sql/db.js';

/**
 * SQLite's announcement of access changes (../../repositories/access-changes.ts). Another process
 * learns of the commit through `data_version` (sqlite-access-signal.ts), which moves when the file
 * changes: the one-row `access_version` is bumped, once per transaction, so that it does whatever
 * else the transaction wrote. One connection runs one transaction at a time.
 */
export const sqliteAccessAnnouncer: AccessAnnouncer = {
  async announce(db: Db, _lookups: readonly string[], first: boolean): Promise<void> {
    if (first) await db.run('UPDATE access_version SET version = version + 1 WHERE id = 1');
  },
};
