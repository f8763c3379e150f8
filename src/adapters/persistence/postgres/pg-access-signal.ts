import { hash, randomUUID } from 'node:crypto';
import { ListenedAccessSignal } from '../access-listeners.js';
import type { PgDatabase } from './pg-database.js';
import type { PgNotifications } from './pg-notifications.js';
import type { Db } from '../sql/db.js';
import type { AccessAnnouncer } from '../repositories/access-changes.js';

/** The channel every instance LISTENs on for access changes (below). */
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
 * Postgres's announcement of access changes (../repositories/access-changes.ts): a NOTIFY in the
 * transaction, which Postgres delivers to every listening instance when (and only if) the transaction
 * commits. Each transaction's notifications carry its own `marker`, so the unit of work can tell when
 * its own has come back (below). One announcer per transaction (pgRepositories).
 */
export class PgAccessAnnouncer implements AccessAnnouncer {
  readonly marker = randomUUID();

  async announce(db: Db, lookups: readonly string[]): Promise<void> {
    await db.run(`SELECT pg_notify('${ACCESS_CHANNEL}_' || current_schema(), ?)`, [
      encodeAccessChanges(this.marker, lookups),
    ]);
  }
}

/** Where every listening process acknowledges an access change it has applied. */
export const ACCESS_ACK_CHANNEL = 'desk_access_ack';
/** How long a writer waits for every listening process before answering anyway. */
const ACK_TIMEOUT_MS = 1_000;
/** Acknowledgements heard before their writer waits for them (they can beat COMMIT's own reply back). */
const EARLY_ACKS = 1_024;

/**
 * Access changes across instances. A transaction that records them NOTIFYs the schema's access
 * channel at commit (repositories/access-changes.ts); every process that authenticates hears it on
 * its one LISTEN connection (pg-notifications.ts), forgets those lookups, and acknowledges the change
 * on a second channel. Each such connection is named `desk-access:<schema fingerprint>` once its
 * LISTENs are in force, so a writer can count, in `pg_stat_activity`, the processes that must hear it.
 *
 * The writer forgets the lookups itself right after COMMIT (`committed`), then waits until every
 * listening process — itself included — has acknowledged, before its caller hears of the commit. So
 * when the administrator who revoked a key sees the answer, every instance has already forgotten the
 * key: a request sent after that answer is refused everywhere, and no instance asks the database on
 * each request to make sure. A process that does not acknowledge within a second (stuck, or going
 * away) stops the wait, and is reported (`onLateAcknowledgement`).
 *
 * `heard()` is true only while the LISTEN is in force: before it, and from a lost connection until it
 * is back, nothing may be remembered, and when it is back everyone forgets everything (`null`), since
 * what was sent meanwhile is gone. The connection is opened the first time anyone asks `heard()`: a
 * CLI command that never authenticates is no listener and is not waited for, but it waits itself for
 * the instances to forget what it changed (`announceAgain`), so `desk key revoke` returns only once
 * no running instance accepts the key.
 */
export class PgAccessSignal extends ListenedAccessSignal {
  /** Acknowledgements heard, by marker (bounded: the oldest go). */
  private readonly acks = new Map<string, number>();
  /** Writers of this process waiting for acknowledgements, by marker. */
  private readonly waiting = new Map<string, () => void>();
  private subscriptions: (() => void)[] | null = null;
  private closed = false;

  constructor(
    private readonly notifications: PgNotifications,
    private readonly database: PgDatabase,
    private readonly onLateAcknowledgement: (missing: number) => void = () => undefined,
    private readonly ackTimeoutMs = ACK_TIMEOUT_MS,
  ) {
    super();
  }

  heard(): boolean {
    if (this.closed) return false;
    this.subscriptions ??= this.subscribe();
    return this.notifications.isListening(ACCESS_CHANNEL) && this.notifications.isListening(ACCESS_ACK_CHANNEL);
  }

  /**
   * Called by the unit of work once a transaction that recorded access changes (with this marker)
   * has committed: forgets them here at once, then resolves when every listening process has
   * acknowledged them (at once when this process does not listen: it remembers nothing).
   */
  async committed(lookups: readonly string[], marker: string): Promise<void> {
    this.tell(lookups);
    if (this.listensNow()) return this.acknowledgedByAll(marker, await this.listeningProcesses());
    await this.announceAgain(lookups);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const unsubscribe of this.subscriptions ?? []) unsubscribe();
    this.subscriptions = null;
    this.forgetListeners();
  }

  /** True while this process hears access changes (without opening anything when it never asked). */
  private listensNow(): boolean {
    return this.subscriptions !== null && this.heard();
  }

  /** Resolves once `expected` acknowledgements of `marker` are in, or the wait times out. */
  private acknowledgedByAll(marker: string, expected: number): Promise<void> {
    if ((this.acks.get(marker) ?? 0) >= expected) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(marker);
        this.onLateAcknowledgement(expected - (this.acks.get(marker) ?? 0));
        resolve();
      }, this.ackTimeoutMs);
      this.waiting.set(marker, () => {
        if ((this.acks.get(marker) ?? 0) < expected) return;
        clearTimeout(timer);
        this.waiting.delete(marker);
        resolve();
      });
    });
  }

  /**
   * A writer that does not listen itself (a CLI command such as `desk key revoke`) could not hear the
   * acknowledgements of its own commit's notification: they may be sent before it could LISTEN. So it
   * LISTENs for acknowledgements, then announces the same lookups again under a fresh marker, whose
   * acknowledgements can only come after, and waits for those. Forgetting twice is harmless.
   */
  private async announceAgain(lookups: readonly string[]): Promise<void> {
    const unsubscribe = this.subscriptions
      ? () => undefined
      : this.notifications.subscribe(ACCESS_ACK_CHANNEL, {
          // Counted here only until this process subscribes for good (it counts them from then on).
          message: (marker) => this.subscriptions === null && this.acknowledged(marker),
          reset: () => undefined,
        });
    try {
      if (!(await this.notifications.whenListening(ACCESS_ACK_CHANNEL, this.ackTimeoutMs))) return;
      const expected = await this.listeningProcesses();
      if (expected === 0) return;
      const marker = randomUUID();
      await this.notifications.send(ACCESS_CHANNEL, encodeAccessChanges(marker, lookups));
      await this.acknowledgedByAll(marker, expected);
    } finally {
      unsubscribe();
    }
  }

  private subscribe(): (() => void)[] {
    const subscriptions = [
      this.notifications.subscribe(ACCESS_CHANNEL, {
        message: (payload) => {
          const { marker, lookups } = decodeAccessChanges(payload);
          this.tell(lookups);
          // Forgotten here: say so, for the writer counting on it.
          if (marker) void this.notifications.send(ACCESS_ACK_CHANNEL, marker);
        },
        reset: () => this.tell(null),
      }),
      this.notifications.subscribe(ACCESS_ACK_CHANNEL, {
        message: (marker) => this.acknowledged(marker),
        reset: () => undefined,
      }),
    ];
    void this.database.schemaName().then((schema) => this.notifications.nameAs(listenerName(schema)));
    return subscriptions;
  }

  private acknowledged(marker: string): void {
    if (!this.acks.has(marker) && this.acks.size >= EARLY_ACKS) this.acks.delete(this.acks.keys().next().value!);
    this.acks.set(marker, (this.acks.get(marker) ?? 0) + 1);
    this.waiting.get(marker)?.();
  }

  /** How many processes listen for this schema's access changes now (this one included). */
  private async listeningProcesses(): Promise<number> {
    try {
      const schema = await this.database.schemaName();
      const { rows } = await this.database.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [listenerName(schema)],
      );
      return rows[0]?.n ?? 0;
    } catch {
      return 0; // the database went away after the commit: nobody to wait for
    }
  }
}

/**
 * The name a listening connection carries for one schema (in `pg_stat_activity.application_name`):
 * short and fixed in length, since `application_name` holds 63 bytes at most and schema names may be
 * that long themselves.
 */
export const listenerName = (schema: string): string => `desk-access:${hash('sha256', schema, 'hex').slice(0, 16)}`;
