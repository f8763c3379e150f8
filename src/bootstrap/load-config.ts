import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync, appendFileSync, mkdirSync, chmodSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { z } from 'zod';
import type { GlobalOptions } from '../adapters/cli/program.js';
import { ConfigError, type DeskConfig, type Mode } from '../config/index.js';

export interface ConfigRequest {
  /** `--embedded-db` / `--from-environment`; neither = the install directory's `.env`. */
  readonly embeddedDb?: boolean;
  readonly fromEnvironment?: boolean;
  readonly installDir: string;
  readonly env: NodeJS.ProcessEnv;
  /** Command-line overrides. */
  readonly port?: number | undefined;
  readonly host?: string | undefined;
  readonly dataDir?: string | undefined;
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const rate = z.coerce
  .number({ message: 'must be a whole number' })
  .int({ message: 'must be a whole number' })
  .min(0, { message: 'must be 0 (off) or more' })
  .max(1_000_000);
const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );
const seconds = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int({ message: 'must be a whole number of seconds' })
    .min(1, { message: 'must be at least 1 second' })
    .max(3_600, { message: 'must be at most 3600 seconds' })
    .default(fallback);
const secret = z.string().min(16, { message: 'must be at least 16 characters (a long random string)' });
const EMAIL = /^[^\s@,<>]+@[^\s@,<>]+\.[^\s@,<>]+$/;
/** 32 random bytes, base64url (43 characters), as `desk` generates them. */
const encryptionKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be 32 random bytes in base64url (43 characters)' });
const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Every key a deployment may set. Unknown keys are ignored (the environment holds much else). */
const schema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int()
    .min(0)
    .max(65_535, { message: 'must be a port number (0-65535)' })
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  PUBLIC_HOSTS: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  BUILD_INFO_TOKEN: secret.optional(),
  METRICS_TOKEN: secret.optional(),
  SENTRY_DSN: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().regex(EMAIL, { message: 'must be an e-mail address' }).optional(),
  ALERT_EMAIL_TO: z
    .string()
    .refine((v) => list(v).every((a) => EMAIL.test(a)), {
      message: 'must be an e-mail address, or several separated by commas',
    })
    .optional(),
  ENCRYPTION_KEY: encryptionKey.optional(),
  ENCRYPTION_KEY_PREVIOUS: encryptionKey.optional(),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  DISK_ALERT_PERCENT: z.coerce
    .number({ message: 'must be a whole percentage (1-100)' })
    .int({ message: 'must be a whole percentage (1-100)' })
    .min(1, { message: 'must be a whole percentage (1-100)' })
    .max(100, { message: 'must be a whole percentage (1-100)' })
    .default(85),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ message: 'must be a whole number of hours' })
    .int({ message: 'must be a whole number of hours' })
    .min(0, { message: 'must be 0 (off) or more' })
    .max(8_760)
    .default(24),
  BACKUP_KEEP: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(10_000)
    .default(14),
  BACKUP_DIR: z.string().min(1).optional(),
  REMINDER_HOUR: z.coerce
    .number({ message: 'must be an hour of the day, 0-23' })
    .int({ message: 'must be an hour of the day, 0-23' })
    .min(0, { message: 'must be an hour of the day, 0-23' })
    .max(23, { message: 'must be an hour of the day, 0-23' })
    .default(7),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  DESK_CHANNEL: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{0,31}$/, { message: 'must be a short lower-case name such as stable' })
    .default('stable'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MCP_PER_MINUTE: rate.default(60),
  RATE_LIMIT_ACTIONS_PER_MINUTE: rate.default(60),
  RATE_LIMIT_V1_PER_MINUTE: rate.default(600),
  RATE_LIMIT_SSO_PER_MINUTE: rate.default(30),
  OAUTH_REGISTRATIONS_PER_ADDRESS_PER_DAY: rate.default(200),
  OAUTH_REGISTRATIONS_PER_SCHOOL_PER_DAY: rate.default(1_000),
  ALLOWED_ORIGINS: z.string().optional(),
  REQUEST_TIMEOUT_SECONDS: seconds(30),
  HEADERS_TIMEOUT_SECONDS: seconds(10),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(5),
  IMPORT_MAX_MB: z.coerce
    .number({ message: 'must be a whole number of MiB' })
    .int({ message: 'must be a whole number of MiB' })
    .min(1, { message: 'must be at least 1 MiB' })
    .max(16_384, { message: 'must be at most 16384 MiB' })
    .default(256),
  CHECK_RESPONSES: bool.default(false),
  MAX_CONNECTIONS: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(1_000_000)
    .default(10_000),
});

/** Reads `<installDir>/.env`, refusing a file that group or others can read (it holds secrets). */
export function readDotenv(installDir: string): Record<string, string> {
  const file = join(installDir, '.env');
  if (!existsSync(file)) return {};
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch {
    throw new ConfigError('.env', `cannot read ${file}`);
  }
  if ((mode & 0o077) !== 0) {
    throw new ConfigError('.env', `${file} can be read by other users; run: chmod 600 ${file}`);
  }
  try {
    return parseDotenv(readFileSync(file));
  } catch {
    throw new ConfigError('.env', `cannot read ${file}`);
  }
}

/**
 * The configuration a command runs with: the install directory is the working directory, the
 * environment is the process's, and the command's own options (mode, data directory, port, host) win.
 */
export function configForCommand(options: GlobalOptions & { port?: number; host?: string }): DeskConfig {
  return loadConfig({
    embeddedDb: options.embeddedDb,
    fromEnvironment: options.fromEnvironment,
    installDir: process.cwd(),
    env: process.env,
    dataDir: options.dataDir,
    port: options.port,
    host: options.host,
  });
}

/** Loads and validates the configuration for a command. Throws ConfigError naming the key. */
export function loadConfig(req: ConfigRequest): DeskConfig {
  if (req.embeddedDb && req.fromEnvironment) {
    throw new ConfigError('mode', '--embedded-db and --from-environment cannot be combined');
  }
  const mode: Mode = req.fromEnvironment ? 'environment' : 'embedded';
  // Embedded (and no flag): the install directory's .env; variables set in the process win, so a
  // one-off `PORT=4000 desk serve` works. Container: the process environment only.
  const source: Record<string, string | undefined> =
    mode === 'environment' ? { ...req.env } : { ...readDotenv(req.installDir), ...definedOnly(req.env) };
  for (const k of Object.keys(source)) if (source[k] === '') delete source[k];

  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? 'configuration'), issue.message);
  }
  const e = parsed.data;
  const port = req.port ?? e.PORT;
  const host = req.host ?? e.HOST;
  const dataDir = resolveDir(req.installDir, req.dataDir ?? e.DATA_DIR ?? 'data');
  const databaseUrl = req.embeddedDb ? null : (e.DATABASE_URL ?? null);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const publicHosts =
    e.PUBLIC_HOSTS === undefined ? ['localhost', '127.0.0.1', '[::1]'] : list(e.PUBLIC_HOSTS.toLowerCase());
  const allowedOrigins = list(e.ALLOWED_ORIGINS ?? '');
  for (const origin of allowedOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      throw new ConfigError('ALLOWED_ORIGINS', `"${origin}" is not an origin such as https://app.example`);
  }
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError('HEADERS_TIMEOUT_SECONDS', 'must not be longer than REQUEST_TIMEOUT_SECONDS');
  }
  return {
    mode,
    installDir: req.installDir,
    port,
    host,
    dataDir,
    databaseUrl,
    publicUrl,
    publicHosts: publicHosts.includes('*') ? '*' : publicHosts,
    trustProxy: e.TRUST_PROXY,
    jwtSecret: e.JWT_SECRET ?? null,
    buildInfoToken: e.BUILD_INFO_TOKEN ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    sentryDsn: e.SENTRY_DSN ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? `desk@${new URL(publicUrl).hostname}`,
    alertEmailTo: list(e.ALERT_EMAIL_TO ?? ''),
    encryptionKey: e.ENCRYPTION_KEY ?? null,
    encryptionKeyPrevious: e.ENCRYPTION_KEY_PREVIOUS ?? null,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    diskAlertPercent: e.DISK_ALERT_PERCENT,
    backups: {
      intervalHours: e.BACKUP_INTERVAL_HOURS,
      keep: e.BACKUP_KEEP,
      dir: resolveDir(dataDir, e.BACKUP_DIR ?? 'backups'),
    },
    reminderHour: e.REMINDER_HOUR,
    redisUrl: e.REDIS_URL ?? null,
    channel: e.DESK_CHANNEL,
    logLevel: e.LOG_LEVEL,
    rateLimits: {
      mcp: e.RATE_LIMIT_MCP_PER_MINUTE,
      actions: e.RATE_LIMIT_ACTIONS_PER_MINUTE,
      v1: e.RATE_LIMIT_V1_PER_MINUTE,
      sso: e.RATE_LIMIT_SSO_PER_MINUTE,
    },
    oauthRegistrations: {
      perAddressPerDay: e.OAUTH_REGISTRATIONS_PER_ADDRESS_PER_DAY,
      perSchoolPerDay: e.OAUTH_REGISTRATIONS_PER_SCHOOL_PER_DAY,
    },
    allowedOrigins,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnections: e.MAX_CONNECTIONS,
    },
    importMaxBytes: e.IMPORT_MAX_MB * 1024 * 1024,
    checkResponses: e.CHECK_RESPONSES,
  };
}

/**
 * Makes sure the server's own secrets exist before `serve` starts: JWT_SECRET (console sessions) and
 * ENCRYPTION_KEY (webhook and single sign-on secrets at rest). Postgres deployments must set both
 * (every instance has to share them); embedded ones get them generated into `.env` (mode 0600), and
 * the container mode on SQLite into the data directory.
 */
export function ensureServerSecrets(config: DeskConfig): DeskConfig {
  const jwtSecret = config.jwtSecret ?? generated(config, 'JWT_SECRET', 'jwt-secret', () => randomBytes(48));
  return { ...ensureEncryptionKey(config), jwtSecret };
}

/**
 * ENCRYPTION_KEY for a command that seals a secret (`desk tenant sso … --client-secret-stdin`), made
 * exactly where `serve` would make it, so the server that later opens the secret holds the same key:
 * an embedded install gets it in `.env`, a container on SQLite in the data directory, and Postgres
 * must have it set (a configuration error naming it, exit 2).
 */
export function ensureEncryptionKey(config: DeskConfig): DeskConfig {
  if (config.encryptionKey) return config;
  return { ...config, encryptionKey: generated(config, 'ENCRYPTION_KEY', 'encryption-key', () => randomBytes(32)) };
}

function generated(config: DeskConfig, key: string, fileName: string, bytes: () => Buffer): string {
  if (config.databaseUrl) {
    throw new ConfigError(key, 'is required with DATABASE_URL, because every instance must share it');
  }
  const value = bytes().toString('base64url');
  if (config.mode === 'embedded') {
    const file = join(config.installDir, '.env');
    if (existsSync(file)) {
      const current = readFileSync(file, 'utf8');
      appendFileSync(file, `${current.endsWith('\n') || current === '' ? '' : '\n'}${key}=${value}\n`);
    } else {
      writeFileSync(file, `# Written by desk on first start.\n${key}=${value}\n`, { mode: 0o600 });
    }
    chmodSync(file, 0o600);
    return value;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

const resolveDir = (base: string, dir: string) => (isAbsolute(dir) ? dir : resolve(base, dir));

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && k in schema.shape) out[k] = v;
  return out;
}
