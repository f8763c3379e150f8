import type pg from 'pg';
import type { PgDatabase } from './pg-database.js';

/** The longest wait between attempts to get the listening connection back. */
const MAX_RETRY_MS = 10_000;

/** What hears one channel. */
export interface ChannelListener {
  /** A notification on the channel (its payload, '' when it had none). */
  message(payload: string): void;
  /** The connection came back after a loss: whatever was sent meanwhile is gone. */
  reset(): void;
}

/**
 * One LISTEN connection per process for every channel Desk listens on (events, access changes),
 * opened on the first subscription and closed when the last one ends. Channels are per schema
 * (`<channel>_<schema>`), so test schemas sharing a database never hear each other. A lost connection
 * (the server restarted, a network cut) is reopened with growing waits; once back, every listener
 * hears `reset`. `isListening(channel)` is true only while a LISTEN on that channel is in force:
 * what depends on hearing every notification (the access cache) trusts nothing otherwise.
 *
 * The connection can also answer on a channel (`send`), and carry a name other sessions see in
 * `pg_stat_activity.application_name` once its LISTENs are in force (`nameAs`): how a writer counts
 * the processes that must acknowledge what it announced (pg-access-signal.ts).
 */
export class PgNotifications {
  private readonly channels = new Map<string, Set<ChannelListener>>();
  private readonly listening = new Set<string>();
  private client: pg.Client | null = null;
  private schema: string | null = null;
  private connecting = false;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private name: string | null = null;
  /** Who waits for a LISTEN to come into force (`whenListening`). */
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly database: PgDatabase,
    private readonly onConnectionError: (error: Error) => void = () => undefined,
  ) {}

  subscribe(channel: string, listener: ChannelListener): () => void {
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
      if (this.client) void this.listenOn(this.client, channel);
    }
    listeners.add(listener);
    if (!this.client && !this.connecting && !this.retry) void this.connect();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.channels.get(channel) === listeners) this.channels.delete(channel);
      if (this.channels.size === 0) void this.disconnect();
    };
  }

  isListening(channel: string): boolean {
    return this.client !== null && this.listening.has(channel);
  }

  /** Resolves true once a LISTEN on `channel` is in force (at once if it is), false after `timeoutMs`. */
  whenListening(channel: string, timeoutMs: number): Promise<boolean> {
    if (this.isListening(channel)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const settle = (listening: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(listening);
      };
      const check = () => this.isListening(channel) && settle(true);
      const timer = setTimeout(() => settle(false), timeoutMs);
      this.waiters.add(check);
    });
  }

  /**
   * Names the connection (`application_name`) now and after every reconnection, each time once its
   * LISTENs are in force, so whoever counts sessions by that name never counts one that cannot hear.
   */
  nameAs(name: string): void {
    this.name = name;
    const client = this.client;
    if (client && this.channels.size === this.listening.size) void this.applyName(client);
  }

  /** NOTIFYs `payload` on the schema's `channel` through this connection; nothing when it is down. */
  async send(channel: string, payload: string): Promise<void> {
    const client = this.client;
    if (!client) return;
    await client
      .query('SELECT pg_notify($1, $2)', [`${channel}_${this.schema}`, payload])
      .catch((error: Error) => this.onConnectionError(error));
  }

  /** Ends every subscription and the connection. */
  async close(): Promise<void> {
    this.channels.clear();
    await this.disconnect();
  }

  private async connect(): Promise<void> {
    if (this.channels.size === 0) return;
    this.connecting = true;
    const client = this.database.dedicatedClient();
    // Errors after connecting (the server went away) arrive as events; unhandled they would crash.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => this.deliver(n.channel, n.payload ?? ''));
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
      this.schema = rows[0]!.schema;
      this.client = client;
      this.listening.clear();
      for (const channel of [...this.channels.keys()]) await this.listenOn(client, channel);
      if (this.channels.size === 0) return void (await this.disconnect());
      await this.applyName(client);
      this.failures = 0;
    } catch (error) {
      await client.end().catch(() => undefined);
      this.lost(client, error as Error);
    } finally {
      this.connecting = false;
    }
  }

  private async listenOn(client: pg.Client, channel: string): Promise<void> {
    await client.query(`LISTEN "${channel}_${this.schema}"`);
    if (this.client !== client) return;
    // After a lost connection, anything sent while nobody listened was not heard: the channel's
    // listeners look again (forget what they hold) now that the LISTEN is in force, and before it
    // counts as listening, so nothing is vouched for between the two.
    if (this.failures > 0) for (const l of this.channels.get(channel) ?? []) l.reset();
    this.listening.add(channel);
    for (const check of [...this.waiters]) check();
    // A channel added to a named connection: the name goes back on once this LISTEN is in force.
    if (this.name !== null && this.listening.size === this.channels.size) await this.applyName(client);
  }

  private async applyName(client: pg.Client): Promise<void> {
    if (this.name === null) return;
    await client.query(`SELECT set_config('application_name', $1, false)`, [this.name]).catch(() => undefined);
  }

  private deliver(fullChannel: string, payload: string): void {
    const suffix = `_${this.schema}`;
    if (!fullChannel.endsWith(suffix)) return;
    const listeners = this.channels.get(fullChannel.slice(0, -suffix.length));
    for (const listener of [...(listeners ?? [])]) listener.message(payload);
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client && this.client !== client) return;
    this.client = null;
    this.listening.clear();
    if (error) this.onConnectionError(error);
    if (this.channels.size === 0 || this.retry) return;
    this.failures += 1;
    const wait = Math.min(MAX_RETRY_MS, 250 * 2 ** Math.min(this.failures, 6));
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, wait);
    this.retry.unref();
  }

  private async disconnect(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    this.listening.clear();
    await client?.end().catch(() => undefined);
  }
}
