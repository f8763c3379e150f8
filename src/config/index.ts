/**
 * What a Desk program is configured and built as: the types every ring may import (adapters never
 * import bootstrap, which loads them). Configuration is data: loaded once at start
 * (bootstrap/load-config.ts), validated, then passed to buildContainer() and the driving adapters.
 * Nothing reads process.env after start-up.
 */

/** The release (SPEC §2: the first is 0.20.0). */
export const VERSION = '0.20.0';

/** A configuration problem: start-up stops with this one line (naming the key) and exit code 2. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(`${key}: ${message}`);
  }
}

export type Mode = 'embedded' | 'environment';

export interface DeskConfig {
  readonly mode: Mode;
  /** The working directory the command runs in: its `.env`, `.setup-link.html`, default data dir. */
  readonly installDir: string;
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Postgres when set (and not --embedded-db); SQLite `<dataDir>/desk.sqlite` otherwise. */
  readonly databaseUrl: string | null;
  /** Base address for links, without a trailing slash. */
  readonly publicUrl: string;
  /** Host names answered besides tenant hosts; `'*'` accepts any. Lower case, no port. */
  readonly publicHosts: readonly string[] | '*';
  readonly trustProxy: boolean;
  readonly jwtSecret: string | null;
  readonly buildInfoToken: string | null;
  readonly metricsToken: string | null;
  readonly sentryDsn: string | null;
  /** Alerts by e-mail: nothing is sent without it. */
  readonly smtpUrl: string | null;
  /** The sender of alert e-mail (default `desk@<public host>`). */
  readonly mailFrom: string;
  /** Who hears of deployment-wide alerts (a failed backup, a full disk). */
  readonly alertEmailTo: readonly string[];
  /**
   * The key webhook secrets are encrypted under (base64url of 32 bytes), and the previous one while
   * a rotation is under way. `serve` makes sure one exists, like JWT_SECRET.
   */
  readonly encryptionKey: string | null;
  readonly encryptionKeyPrevious: string | null;
  /** Webhooks and monitors may call loopback and private addresses (tests, on-premises receivers). */
  readonly webhookAllowPrivate: boolean;
  /** The data disk's monitor is down while more than this percentage is used (DISK_ALERT_PERCENT). */
  readonly diskAlertPercent: number;
  /** `serve` backs up every this many hours (0: never), keeping the newest `keep` in `dir`. */
  readonly backups: { readonly intervalHours: number; readonly keep: number; readonly dir: string };
  /** The hour of each school's day (its own time zone) from which `serve` sends that day's reminders. */
  readonly reminderHour: number;
  readonly redisUrl: string | null;
  readonly channel: string;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Requests per minute; 0 turns the limit off. */
  readonly rateLimits: { readonly mcp: number; readonly actions: number; readonly v1: number; readonly sso: number };
  /**
   * OAuth dynamic client registrations a day per source address and per school (the host asked; the
   * shared address counts as one); 0 turns a quota off. The deployment's own ceiling stands behind.
   */
  readonly oauthRegistrations: { readonly perAddressPerDay: number; readonly perSchoolPerDay: number };
  readonly allowedOrigins: readonly string[];
  /** How long a client may take to send a request, and how many connections may be open at once. */
  readonly http: HttpLimits;
  /** The largest CSV an import accepts, in bytes (IMPORT_MAX_MB): HTTP bodies and standard input. */
  readonly importMaxBytes: number;
  /**
   * Every console API answer is checked against the API's document (CHECK_RESPONSES): on in
   * development and tests, off in production.
   */
  readonly checkResponses: boolean;
}

export interface HttpLimits {
  /** The whole request (headers and body) must have arrived within this; then 408. */
  readonly requestTimeoutMs: number;
  /** The headers must have arrived within this (at most requestTimeoutMs); then 408. */
  readonly headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  readonly keepAliveTimeoutMs: number;
  /** Open connections at most; one more is closed at once. */
  readonly maxConnections: number;
}

export interface BuildInfo {
  readonly version: string;
  readonly commit: string | null;
  readonly builtAt: string | null;
}
