import { randomUUID } from 'node:crypto';
import type { AccessAnnouncer } from '../../repositories/access-changes.js';
import type { Db } from '../../sql/db.js';

/** The channel every instance LISTENs on for access changes (pg-access-signal.ts). */
export const ACCESS_CHANNEL = 'desk_access';

/** NOTIFY payloads are limited to 8000 bytes: past this, "everything" is announced instead. */
const MAX_PAYLOAD = 7_000;
const EVERYTHING = '*';

/** One access notification: which transaction sent it, and the lookups it changed (null: everything). */
export interface AccessNotification {
  readonly marker: string;
  readonly lookups: readonly string[] | null;
}

/** A payload is the transaction's marker, then the lookups (or `*`), one per line. */
export function decodeAccessChanges(payload: string): AccessNotification {
  const [marker = '', ...lookups] = payload.split('\n');
  return { marker, lookups: lookups.length === 0 || lookups[0] === EVERYTHING ? null : lookups };
}

/** The payload announcing `lookups` under `marker` ("everything" when they would not fit). */
export function encodeAccessChanges(marker: string, lookups: readonly string[]): string {
  const joined = `${marker}\n${lookups.join('\n')}`;
  return Buffer.byteLength(joined) > MAX_PAYLOAD ? `${marker}\n${EVERYTHING}` : joined;
}

/**
 * Postgres's announcement of access changes (../../repositories/access-changes.ts): a NOTIFY in the
 * transaction, which Postgres delivers to every listening instance when (and only if) the transaction
 * commits. Each transaction's notifications carry its own `marker`, so the unit of work can tell when
 * its own has come back (pg-access-signal.ts). One announcer per transaction (pgRepositories).
 */
export class PgAccessAnnouncer implements AccessAnnouncer {
  readonly marker = randomUUID();

  async announce(db: Db, lookups: readonly string[]): Promise<void> {
    await db.run(`SELECT pg_notify('${ACCESS_CHANNEL}_' || current_schema(), ?)`, [
      encodeAccessChanges(this.marker, lookups),
    ]);
  }
}
