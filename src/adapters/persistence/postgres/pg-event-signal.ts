import type pg from 'pg';
import { EventSignal } from '../../../ports/event-signal.js';
import type { PgDatabase } from './pg-database.js';
import { EVENTS_CHANNEL } from './repositories/outbox.js';

/** The longest wait between attempts to get the listening connection back. */
const MAX_RETRY_MS = 10_000;

/**
 * Event signals across instances: every committed outbox append NOTIFYs the tenant's id on the
 * schema's channel (repositories/outbox.ts), and each instance LISTENs on one connection of its own
 * while anyone in the process listens. A lost connection (the server restarted, a network cut) is
 * reopened with growing waits; once back, listeners hear `null`, since notifications sent meanwhile
 * are gone, and look at the outbox again. Notifications carry ids only: the rows are read from the
 * outbox, so nothing large or private travels through them.
 */
export class PgEventSignal extends EventSignal {
  private readonly listeners = new Set<(tenantId: string | null) => void>();
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly database: PgDatabase,
    private readonly onConnectionError: (error: Error) => void = () => undefined,
  ) {
    super();
  }

  listen(listener: (tenantId: string | null) => void): () => void {
    this.listeners.add(listener);
    if (!this.client && !this.retry) void this.connect();
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = this.database.dedicatedClient();
    // Errors after connecting (the server went away) arrive as events; unhandled they would crash.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.emit(message.payload ?? null));
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
      await client.query(`LISTEN "${EVENTS_CHANNEL}_${rows[0]!.schema}"`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      // Anything committed while no connection listened was not heard: have everyone look again.
      if (this.failures > 0) this.emit(null);
      this.failures = 0;
    } catch (error) {
      await client.end().catch(() => undefined);
      this.lost(client, error as Error);
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client && this.client !== client) return;
    this.client = null;
    if (error) this.onConnectionError(error);
    if (this.closed || this.retry) return;
    this.failures += 1;
    const wait = Math.min(MAX_RETRY_MS, 250 * 2 ** Math.min(this.failures, 6));
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, wait);
    this.retry.unref();
  }

  private emit(tenantId: string | null): void {
    for (const listener of [...this.listeners]) listener(tenantId);
  }
}
