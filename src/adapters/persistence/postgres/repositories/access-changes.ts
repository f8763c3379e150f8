import { randomUUID } from 'node:crypto';
import { AccessChangeRepository } from '../../../../ports/repositories/access-changes.js';
import { query, type Queryable } from '../sql.js';

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
 * Records access changes by NOTIFYing them in the transaction: Postgres delivers the notification to
 * every listening instance when (and only if) the transaction commits. Each transaction's
 * notifications carry its own `marker`, so the unit of work can tell when its own has come back
 * (pg-access-signal.ts) and this process announces `recorded` to itself right after COMMIT.
 */
export class PgAccessChangeRepository extends AccessChangeRepository {
  /** What this transaction recorded, for the unit of work. */
  readonly recorded: string[] = [];
  readonly marker = randomUUID();

  constructor(private readonly db: Queryable) {
    super();
  }

  async changed(lookups: readonly string[]): Promise<void> {
    if (lookups.length === 0) return;
    await query(this.db, `SELECT pg_notify('${ACCESS_CHANNEL}_' || current_schema(), $1)`, [
      encodeAccessChanges(this.marker, lookups),
    ]);
    this.recorded.push(...lookups);
  }
}
