import type { ErrorEvent, NodeClient, Scope } from '@sentry/node';
import { ErrorReporter, type ErrorContext } from './error-reporter.js';
import { scrubDeep, scrubSecrets, type Scrub } from './scrub.js';

export interface SentryReporterOptions {
  /** `SENTRY_DSN`: Sentry, or any service that speaks its envelope protocol (GlitchTip, a relay...). */
  readonly dsn: string;
  /** `desk@<version>`. */
  readonly release: string;
  /** The release channel (`DESK_CHANNEL`). */
  readonly environment: string;
  /** Default: the secret patterns of scrub.ts alone. */
  readonly scrub?: Scrub;
  /** Told when the SDK cannot be loaded (never with the DSN, which holds the project's key). */
  readonly onUnavailable?: (error: unknown) => void;
}

/** The keys of an event's `request` that may carry a credential or a person's data: never sent. */
const REQUEST_KEYS_KEPT = ['method', 'url'] as const;

/**
 * Makes an event safe to send: the request reduced to method and URL without its query string (no
 * headers, cookies, body or query), no user, no breadcrumbs, and every remaining string scrubbed of
 * keys, JWTs, setup-link tokens and passwords. Desk attaches none of those itself; this is the rule
 * for whatever an integration or a future change might add.
 */
export function scrubEvent(event: ErrorEvent, scrub: Scrub = scrubSecrets): ErrorEvent {
  const request = event.request;
  const safeRequest =
    request === undefined
      ? undefined
      : Object.fromEntries(
          REQUEST_KEYS_KEPT.filter((k) => request[k] !== undefined).map((k) => [
            k,
            k === 'url' ? String(request.url).replace(/[?#].*$/s, '') : request[k],
          ]),
        );
  const { user: _user, breadcrumbs: _breadcrumbs, request: _request, ...rest } = event;
  return scrubDeep({ ...rest, ...(safeRequest ? { request: safeRequest } : {}) }, scrub) as ErrorEvent;
}

interface Loaded {
  readonly client: NodeClient;
  readonly Scope: new () => Scope;
}

/**
 * Error reports through Sentry's Node SDK, without touching any global state: one `NodeClient` of our
 * own (no `Sentry.init`, so no instrumentation, no global handlers, no breadcrumbs, no console
 * capture), and a fresh scope per report carrying only the ErrorContext as tags. The SDK is imported
 * only when a DSN is configured, since loading it costs most of a second.
 */
export class SentryErrorReporter extends ErrorReporter {
  private readonly loaded: Promise<Loaded | null>;

  constructor(options: SentryReporterOptions) {
    super();
    this.loaded = load(options);
  }

  report(error: unknown, context: ErrorContext): void {
    void this.loaded.then((sdk) => {
      if (!sdk) return;
      const scope = new sdk.Scope();
      scope.setClient(sdk.client);
      for (const [key, value] of Object.entries(context)) if (typeof value === 'string') scope.setTag(key, value);
      scope.captureException(error);
    });
  }

  async close(timeoutMs = 2_000): Promise<void> {
    const sdk = await this.loaded;
    await Promise.resolve(sdk?.client.close(timeoutMs)).catch(() => false);
  }
}

async function load(options: SentryReporterOptions): Promise<Loaded | null> {
  const scrub = options.scrub ?? scrubSecrets;
  try {
    const sdk = await import('@sentry/node');
    const client = new sdk.NodeClient({
      dsn: options.dsn,
      release: options.release,
      environment: options.environment,
      transport: sdk.makeNodeTransport,
      stackParser: sdk.defaultStackParser,
      // Only what makes the report readable: error causes, and de-duplication of a repeating bug.
      integrations: [sdk.linkedErrorsIntegration(), sdk.dedupeIntegration()],
      sendDefaultPii: false,
      sendClientReports: false,
      maxBreadcrumbs: 0,
      beforeSend: (event) => scrubEvent(event, scrub),
    });
    client.init();
    return { client, Scope: sdk.Scope };
  } catch (e) {
    options.onUnavailable?.(e);
    return null;
  }
}
