import { join } from 'node:path';
import { getClassMetadata } from '@inversifyjs/core';
import { Container, ContainerModule, type ServiceIdentifier } from 'inversify';
import { EventStreams } from '../adapters/http/event-streams.js';
import { SqliteBackup, SqliteServeLock } from '../adapters/backup/sqlite-backup.js';
import { FsSetupLinkWriter } from '../adapters/fs/fs-setup-link-writer.js';
import { ErrorReporter, NoErrorReporter } from '../adapters/observability/error-reporter.js';
import { Logger, PinoLogger, type LogDestination } from '../adapters/observability/logger.js';
import { PromEventMetrics } from '../adapters/observability/event-metrics.js';
import { Metrics } from '../adapters/observability/metrics.js';
import { HttpWebhookSender } from '../adapters/outbound/http-webhook-sender.js';
import { createScrubber } from '../adapters/observability/scrub.js';
import { SentryErrorReporter } from '../adapters/observability/sentry-error-reporter.js';
import { SqliteDatabase } from '../adapters/persistence/sqlite/sqlite-database.js';
import { SqliteAccessSignal } from '../adapters/persistence/sqlite/sqlite-access-signal.js';
import { SqliteEventSignal } from '../adapters/persistence/sqlite/sqlite-event-signal.js';
import { SqliteUnitOfWork } from '../adapters/persistence/sqlite/sqlite-unit-of-work.js';
import { MemoryJobLock } from '../adapters/system/memory-job-lock.js';
import { NoMailer, SmtpMailer } from '../adapters/mail/smtp-mailer.js';
import { PublicAddressGuard } from '../adapters/outbound/public-address-guard.js';
import { HttpsClientMetadataDocuments } from '../adapters/outbound/https-client-metadata.js';
import { NodeHttpProbe } from '../adapters/outbound/node-http-probe.js';
import { StatfsDataDisk } from '../adapters/fs/statfs-data-disk.js';
import { AesSecretBox } from '../adapters/system/aes-secret-box.js';
import { OpenIdClientProvider } from '../adapters/openid/openid-client-provider.js';
import { MemoryRateLimiter } from '../adapters/rate-limit/memory-rate-limiter.js';
import { JoseSessionTokens } from '../adapters/system/jose-session-tokens.js';
import { NodeSecrets } from '../adapters/system/node-secrets.js';
import { ScryptPasswordHasher } from '../adapters/system/scrypt-password-hasher.js';
import { SystemClock } from '../adapters/system/system-clock.js';
import { ICalendarFile } from '../adapters/ical/index.js';
import { CalendarFile } from '../ports/calendar-file.js';
import { ImapMailboxClient } from '../adapters/mail/imap-mailbox.js';
import { MimeMailParser } from '../adapters/mail/mime-parser.js';
import { SanitizeHtmlSanitizer } from '../adapters/mail/html-sanitizer.js';
import { HtmlSanitizer } from '../ports/html-sanitizer.js';
import { MailboxClient } from '../ports/mailbox-client.js';
import { MailParser } from '../ports/mail-parser.js';
import { UuidIdGenerator } from '../adapters/system/uuid-id-generator.js';
import { ToolCatalogue } from '../domain/catalogue/catalogue.js';
import { AccessLookups } from '../domain/identity/access-lookups.js';
import type { Resolve } from '../domain/shared/use-case.js';
import { AccessSignal } from '../ports/access-signal.js';
import { ClientMetadataDocuments } from '../ports/client-metadata.js';
import { Clock } from '../ports/clock.js';
import { Database } from '../ports/database.js';
import { DatabaseBackup, ServeLock } from '../ports/database-backup.js';
import { EventMetrics } from '../ports/event-metrics.js';
import { DataDisk } from '../ports/data-disk.js';
import { HttpProbe } from '../ports/http-probe.js';
import { EventSignal } from '../ports/event-signal.js';
import { JobLock } from '../ports/job-lock.js';
import { Mailer } from '../ports/mailer.js';
import { OutboundGuard } from '../ports/outbound-guard.js';
import { OpenIdProvider } from '../ports/openid-provider.js';
import { SecretBox } from '../ports/secret-box.js';
import { IdGenerator } from '../ports/id-generator.js';
import { PasswordHasher } from '../ports/password-hasher.js';
import { RateLimiter } from '../ports/rate-limiter.js';
import { Secrets } from '../ports/secrets.js';
import { SessionTokens } from '../ports/session-tokens.js';
import { SetupLinkWriter } from '../ports/setup-link-writer.js';
import { Settings } from '../ports/settings.js';
import { UnitOfWork } from '../ports/unit-of-work.js';
import { WebhookSender } from '../ports/webhook-sender.js';
import { VERSION, type DeskConfig } from '../config/index.js';
import { rateLimitPolicyNames } from './rate-limit-policies.js';

/** The file the embedded database lives in. */
export const sqliteFile = (config: DeskConfig): string => join(config.dataDir, 'desk.sqlite');

/** Ports every mode shares: system clock, ids, secrets, password hashing, the setup-link file. */
const coreModule = (config: DeskConfig) =>
  new ContainerModule(({ bind }) => {
    bind(Clock).toConstantValue(new SystemClock());
    bind(IdGenerator).toConstantValue(new UuidIdGenerator());
    bind(Secrets).toConstantValue(new NodeSecrets());
    bind(PasswordHasher).toConstantValue(new ScryptPasswordHasher());
    bind(SetupLinkWriter).toConstantValue(new FsSetupLinkWriter(config.installDir));
    bind(Settings).toConstantValue({
      publicUrl: config.publicUrl,
      alertEmailTo: config.alertEmailTo,
      mailFrom: config.mailFrom ?? null,
    });
    // Console sessions need the shared secret; `serve` makes sure one exists (ensureServerSecrets).
    bind(SessionTokens)
      .toDynamicValue((ctx) => {
        if (!config.jwtSecret) throw new Error('JWT_SECRET is not configured: console sessions are unavailable');
        return new JoseSessionTokens(config.jwtSecret, ctx.get(Clock));
      })
      .inSingletonScope();
    bind(Mailer).toConstantValue(config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new NoMailer());
    const guard = new PublicAddressGuard(config.webhookAllowPrivate);
    bind(OutboundGuard).toConstantValue(guard);
    bind(WebhookSender).toConstantValue(new HttpWebhookSender(guard));
    // OAuth apps' metadata documents: fetched under the same public-address rule as webhooks; what a
    // refused name resolved to goes to the log, never to whoever asked.
    bind(ClientMetadataDocuments)
      .toDynamicValue((ctx) => new HttpsClientMetadataDocuments(guard, ctx.get(Logger)))
      .inSingletonScope();
    // Monitors: checks resolve through the same public-address rule, at connection time.
    bind(HttpProbe).toConstantValue(new NodeHttpProbe({ lookup: guard.lookup }));
    bind(DataDisk).toConstantValue(new StatfsDataDisk(config.dataDir, config.diskAlertPercent));
    // Webhook and single sign-on secrets need the server key; `serve` makes sure one exists
    // (ensureServerSecrets), as does a command that seals one (ensureEncryptionKey).
    bind(SecretBox)
      .toDynamicValue(() => {
        if (!config.encryptionKey) throw new Error('ENCRYPTION_KEY is not configured: sealed secrets are unavailable');
        return new AesSecretBox(config.encryptionKey, config.encryptionKeyPrevious);
      })
      .inSingletonScope();
    // Schools' OpenID providers: any address the school's administrator set, private ones included
    // (not the outbound guard's business), trusted as Node trusts certificates.
    bind(OpenIdProvider).toConstantValue(new OpenIdClientProvider());
    bind(ToolCatalogue).toConstantValue(new ToolCatalogue());
    bind(CalendarFile).toConstantValue(new ICalendarFile());
    bind(MailboxClient).toConstantValue(new ImapMailboxClient());
    bind(MailParser).toConstantValue(new MimeMailParser());
    bind(HtmlSanitizer).toConstantValue(new SanitizeHtmlSanitizer());
    bind(AccessLookups)
      .toDynamicValue((ctx) => new AccessLookups(ctx.get(AccessSignal)))
      .inSingletonScope();
  });

/**
 * What an operator watches, one of each per container (so per process, and per app in a test):
 * the JSON log at LOG_LEVEL, the Prometheus registry, and the error reporter — Sentry's SDK only when
 * SENTRY_DSN is set, otherwise nothing at all. Built on first use: a one-shot CLI command that never
 * serves HTTP creates no registry and loads no SDK.
 */
const observabilityModule = (config: DeskConfig, options: ContainerOptions) =>
  new ContainerModule(({ bind }) => {
    // The deployment's own secrets are scrubbed wherever they appear, whatever their shape.
    const scrub = createScrubber([config.jwtSecret, config.metricsToken, config.buildInfoToken, config.databaseUrl]);
    bind(Logger)
      .toDynamicValue(() => new PinoLogger(config.logLevel, { destination: options.logDestination, scrub }))
      .inSingletonScope();
    bind(Metrics)
      .toDynamicValue(
        (ctx) =>
          new Metrics({
            toolNames: ctx
              .get(ToolCatalogue)
              .all()
              .map((tool) => tool.name),
            rateLimitPolicies: rateLimitPolicyNames(config),
          }),
      )
      .inSingletonScope();
    bind(EventMetrics)
      .toDynamicValue((ctx) => new PromEventMetrics(ctx.get(Metrics)))
      .inSingletonScope();
    bind(EventStreams)
      .toDynamicValue((ctx) => new EventStreams(ctx.get(EventMetrics)))
      .inSingletonScope();
    bind(ErrorReporter)
      .toDynamicValue((ctx) => {
        if (!config.sentryDsn) return new NoErrorReporter();
        const log = ctx.get(Logger);
        return new SentryErrorReporter({
          dsn: config.sentryDsn,
          release: `desk@${VERSION}`,
          environment: config.channel,
          scrub,
          onUnavailable: (err) => log.error({ err }, 'error tracking is unavailable: the Sentry SDK did not load'),
        });
      })
      .inSingletonScope();
  });

/**
 * desk_events_published_total, counted by the unit of work after each commit that wrote events. The
 * registry is made on the first such commit, so a CLI command that writes none never builds one.
 */
const countPublished = (ctx: { get: <T>(id: ServiceIdentifier<T>) => T }) => {
  let metrics: Metrics | undefined;
  return (kinds: readonly string[]) => (metrics ??= ctx.get(Metrics)).countPublished(kinds);
};

/** Redis counters when REDIS_URL names a shared store (loaded only then: ioredis is not small). */
async function sharedCounters(redisUrl: string | null): Promise<RateLimiter | null> {
  if (!redisUrl) return null;
  const { RedisRateLimiter } = await import('../adapters/rate-limit/redis-rate-limiter.js');
  return new RedisRateLimiter({ url: redisUrl });
}

/** Embedded: one SQLite file under DATA_DIR, WAL mode; one process, so counters in memory by default. */
async function sqliteModule(config: DeskConfig): Promise<ContainerModule> {
  const limiter = (await sharedCounters(config.redisUrl)) ?? new MemoryRateLimiter();
  return new ContainerModule(({ bind }) => {
    const database = new SqliteDatabase(sqliteFile(config));
    const events = new SqliteEventSignal(database);
    const access = new SqliteAccessSignal(database);
    bind(Database).toConstantValue(database);
    bind(EventSignal).toConstantValue(events);
    bind(AccessSignal).toConstantValue(access);
    bind(UnitOfWork)
      .toDynamicValue((ctx) => new SqliteUnitOfWork(database, { events, access, onPublished: countPublished(ctx) }))
      .inSingletonScope();
    bind(RateLimiter).toConstantValue(limiter);
    bind(JobLock).toConstantValue(new MemoryJobLock());
    bind(DatabaseBackup).toConstantValue(new SqliteBackup(database.file));
    bind(ServeLock).toConstantValue(new SqliteServeLock(database.file));
  });
}

/**
 * Postgres at DATABASE_URL: a lazily connecting pool, so start-up never waits for the database. The
 * driver is loaded only in this mode. Several instances may serve: counters always live in a shared
 * store — Redis when set, else Postgres (SPEC §11).
 */
async function postgresModule(databaseUrl: string, redisUrl: string | null): Promise<ContainerModule> {
  const [
    { PgDatabase },
    { PgUnitOfWork },
    { PgRateLimiter },
    { PgEventSignal },
    { PgAccessSignal },
    { PgNotifications },
    { PgJobLock },
    { PgBackup, PgServeLock },
  ] = await Promise.all([
    import('../adapters/persistence/postgres/pg-database.js'),
    import('../adapters/persistence/postgres/pg-unit-of-work.js'),
    import('../adapters/rate-limit/pg-rate-limiter.js'),
    import('../adapters/persistence/postgres/pg-event-signal.js'),
    import('../adapters/persistence/postgres/pg-access-signal.js'),
    import('../adapters/persistence/postgres/pg-notifications.js'),
    import('../adapters/persistence/postgres/pg-job-lock.js'),
    import('../adapters/backup/pg-backup.js'),
  ]);
  const database = new PgDatabase({ connectionString: databaseUrl });
  const limiter = (await sharedCounters(redisUrl)) ?? new PgRateLimiter(database.pool);
  return new ContainerModule(({ bind }) => {
    bind(Database).toConstantValue(database);
    // One LISTEN connection for events and access changes, told about a loss through the log (it
    // reconnects by itself).
    bind(PgNotifications)
      .toDynamicValue(
        (ctx) =>
          new PgNotifications(database, (error) =>
            ctx.get(Logger).warn({ err: error }, 'notification listener connection lost; reconnecting'),
          ),
      )
      .inSingletonScope();
    bind(PgAccessSignal)
      .toDynamicValue(
        (ctx) =>
          new PgAccessSignal(ctx.get(PgNotifications), database, (missing) =>
            ctx
              .get(Logger)
              .warn({ missing }, 'an access change was not acknowledged by every instance within a second'),
          ),
      )
      .inSingletonScope();
    bind(AccessSignal).toService(PgAccessSignal);
    bind(UnitOfWork)
      .toDynamicValue((ctx) => {
        const access = ctx.get(PgAccessSignal);
        return new PgUnitOfWork(database, {
          onPublished: countPublished(ctx),
          onAccessChanged: (lookups, marker) => access.committed(lookups, marker),
        });
      })
      .inSingletonScope();
    bind(RateLimiter).toConstantValue(limiter);
    bind(JobLock).toConstantValue(new PgJobLock(database));
    bind(DatabaseBackup).toConstantValue(new PgBackup(databaseUrl));
    bind(ServeLock).toConstantValue(new PgServeLock(databaseUrl));
    bind(EventSignal)
      .toDynamicValue((ctx) => new PgEventSignal(ctx.get(PgNotifications)))
      .inSingletonScope();
  });
}

/** What is not configuration but the caller's to choose. */
export interface ContainerOptions {
  /** Where the JSON log goes: standard error unless given (tests capture it here). */
  readonly logDestination?: LogDestination;
}

/**
 * The composition root: the core, observability, and the SQLite or the Postgres module, chosen by
 * configuration (`--embedded-db` has already cleared `databaseUrl`).
 */
export async function buildContainer(config: DeskConfig, options: ContainerOptions = {}): Promise<Container> {
  // Ports and adapters are bound by the modules; use cases and the domain services they share are
  // bound by `resolveFrom`, from their own declarations. No autobind: it would build an unbound port
  // (an abstract class) as an empty object (test/bootstrap/container.test.ts).
  const container = new Container({ defaultScope: 'Singleton' });
  const persistence = config.databaseUrl
    ? await postgresModule(config.databaseUrl, config.redisUrl)
    : await sqliteModule(config);
  container.load(coreModule(config), observabilityModule(config, options), persistence);
  return container;
}

/** Set by `@injectable()` on the classes it decorates: a domain class that may be bound to itself. */
const INJECTABLE = '@inversifyjs/core/classIsInjectableFlagReflectKey';
type Class = abstract new (...args: never[]) => unknown;

/**
 * Binds `type`, a use case or a domain service, to itself, and every class its constructor declares
 * it needs (`@inject(X)`), transitively: the bindings follow from the classes' own declarations, never
 * from a list kept beside them. A port or an adapter is never bound here: the modules above bind each
 * one, and one they forgot fails now, naming it, rather than being built as an empty object.
 */
function bindDeclared(container: Container, type: Class, path: readonly string[] = []): void {
  if (container.isBound(type)) return;
  const trail = [...path, type.name];
  if (Reflect.getOwnMetadata(INJECTABLE, type) !== true) {
    throw new Error(
      `${trail.join(' → ')}: ${type.name} is not bound (a port needs its adapter bound in bootstrap/container.ts; a domain class, @injectable())`,
    );
  }
  container.bind(type as ServiceIdentifier).toSelf();
  for (const argument of getClassMetadata(type as never).constructorArguments) {
    const dependency = (argument as { value?: unknown }).value;
    if (typeof dependency === 'function') bindDeclared(container, dependency as Class, trail);
  }
}

/**
 * How surfaces reach use cases, domain services and ports: the container's `get`, a use case or
 * service bound on first use from its declaration (bindDeclared), one per container.
 */
export function resolveFrom(container: Container): Resolve {
  let resolve = resolvers.get(container);
  if (resolve) return resolve;
  const declared = new WeakSet<Class>();
  resolve = <T>(type: abstract new (...args: never[]) => T): T => {
    if (!declared.has(type)) {
      bindDeclared(container, type);
      declared.add(type);
    }
    return container.get<T>(type as unknown as ServiceIdentifier<T>);
  };
  resolvers.set(container, resolve);
  return resolve;
}

/** One resolver per container: what it has bound, it knows. */
const resolvers = new WeakMap<Container, Resolve>();
