import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { BuildInfo } from '../../config/index.js';

/** Every metric Desk exposes starts with this (SPEC: "every metric is prefixed desk_"). */
export const METRIC_PREFIX = 'desk_';

/**
 * prom-client's process defaults that `promtool check metrics` rejects: gauges whose names end in
 * `_total`, a suffix reserved for counters.
 */
const PROMTOOL_REJECTED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/** How a `tools/call` ended: a result, a failure (domain or bug), or a tool the caller cannot see. */
export type ToolCallOutcome = 'ok' | 'error' | 'unknown';

/** Records one answered request of a method and route: its status and its duration in seconds. */
export type RequestObserver = (status: number, seconds: number) => void;

/** The `route` label of a request no route matched (404 of an unknown path, or a foreign host). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The `tool` label of a call naming no catalogue tool: never the string the client sent. */
export const UNKNOWN_TOOL = 'unknown';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface MetricsOptions {
  /** The catalogue's tool names: the only values the `tool` label takes, besides `unknown`. */
  readonly toolNames: readonly string[];
  /** Rate-limit policy names, counted from zero so a refusal shows as a rise, not a new series. */
  readonly rateLimitPolicies: readonly string[];
}

/**
 * Desk's Prometheus metrics (SPEC §7.5) in a registry of their own — one per container, so two apps in
 * one test process never share a counter — plus prom-client's process defaults under `desk_`.
 *
 * Labels are bounded by construction: `route` is a route template or `unmatched`, `method` one of
 * seven verbs or `OTHER`, `tool` a catalogue name or `unknown`, `policy` and `outcome` fixed words.
 * No label ever holds a tenant, a key, a user, a raw path or anything else a client chose; the one
 * record a label names is a help-desk team, by id (the ticket gauges): the teams administrators make.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly toolNames: ReadonlySet<string>;
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly toolCalls: Counter<'tool' | 'outcome'>;
  private readonly rateLimited: Counter<'policy'>;
  /** One observer per (method, route), made on first use: see requestObserver. */
  private readonly requestObservers = new Map<string, RequestObserver>();
  /** Webhook delivery attempts by outcome: `success`, `failure` (will retry), `gone`, `exhausted`, `refused`. */
  readonly webhookDeliveries: Counter<'outcome'>;
  /** Events committed to the outbox, by kind (a fixed word). */
  readonly eventsPublished: Counter<'kind'>;
  /** Open event streams (SSE) on this instance. */
  readonly sseConnections: Gauge;
  /** When the last backup finished (seconds since the epoch); absent until one has. */
  readonly backupLastSuccess: Gauge;
  /** Monitors by state (`up`, `down`, `unknown`): a count, never one series per tenant or monitor. */
  readonly monitors: Gauge<'state'>;
  /** Tickets not yet resolved, and those of them past a service target, per team (its id, or `none`). */
  readonly ticketsOpen: Gauge<'team'>;
  readonly ticketsBreached: Gauge<'team'>;

  constructor(options: MetricsOptions) {
    this.toolNames = new Set(options.toolNames);
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Time from receiving a request to its answer, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.toolCalls = new Counter({
      name: `${METRIC_PREFIX}mcp_tool_calls_total`,
      help: 'MCP tools/call requests, by catalogue tool and outcome (ok, error, unknown).',
      labelNames: ['tool', 'outcome'],
      registers,
    });
    this.rateLimited = new Counter({
      name: `${METRIC_PREFIX}rate_limited_total`,
      help: 'Requests refused with 429 by a rate-limit policy.',
      labelNames: ['policy'],
      registers,
    });
    this.webhookDeliveries = new Counter({
      name: `${METRIC_PREFIX}webhook_deliveries_total`,
      help: 'Webhook delivery attempts, by outcome.',
      labelNames: ['outcome'],
      registers,
    });
    this.eventsPublished = new Counter({
      name: `${METRIC_PREFIX}events_published_total`,
      help: 'Events committed to the outbox (and so published to webhooks and event streams), by kind.',
      labelNames: ['kind'],
      registers,
    });
    this.sseConnections = new Gauge({
      name: `${METRIC_PREFIX}sse_connections`,
      help: 'Event streams (server-sent events) open on this instance.',
      registers,
    });
    this.backupLastSuccess = new Gauge({
      name: `${METRIC_PREFIX}backup_last_success_timestamp_seconds`,
      help: 'When the last successful backup finished, in seconds since the Unix epoch.',
      registers,
    });
    this.monitors = new Gauge({
      name: `${METRIC_PREFIX}monitor_up`,
      help: 'Monitors checked by this deployment, counted by state (up, down, unknown).',
      labelNames: ['state'],
      registers,
    });
    for (const state of ['up', 'down', 'unknown']) this.monitors.set({ state }, 0);
    this.ticketsOpen = new Gauge({
      name: `${METRIC_PREFIX}tickets_open`,
      help: 'Tickets new, open or waiting on the requester, per team (its id; none: no team).',
      labelNames: ['team'],
      registers,
    });
    this.ticketsBreached = new Gauge({
      name: `${METRIC_PREFIX}tickets_breached`,
      help: 'Open tickets past a running service target (first answer or resolution), per team.',
      labelNames: ['team'],
      registers,
    });
    for (const tool of this.toolNames)
      for (const outcome of ['ok', 'error'] as const) this.toolCalls.inc({ tool, outcome }, 0);
    for (const policy of options.rateLimitPolicies) this.rateLimited.inc({ policy }, 0);

    collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
    for (const name of PROMTOOL_REJECTED_DEFAULTS) this.registry.removeSingleMetric(METRIC_PREFIX + name);
  }

  /**
   * `desk_build_info{version,channel}` = 1, with a `commit` label only when scraping needs a token
   * (seed §4.6): an open endpoint does not tell the world which commit runs.
   */
  recordBuild(build: BuildInfo, channel: string, withCommit: boolean): void {
    // Label names are fixed when a metric is declared, so the gauge is declared here, once it is known.
    this.registry.removeSingleMetric(`${METRIC_PREFIX}build_info`);
    const labelNames = withCommit ? ['version', 'channel', 'commit'] : ['version', 'channel'];
    const gauge = new Gauge({
      name: `${METRIC_PREFIX}build_info`,
      help: 'Always 1; the labels name the running release (commit only when METRICS_TOKEN is set).',
      labelNames,
      registers: [this.registry],
    });
    const labels: Record<string, string> = { version: build.version, channel };
    if (withCommit) labels.commit = build.commit ?? 'unknown';
    gauge.set(labels, 1);
  }

  /**
   * One answered HTTP request; `route` must be a template or UNMATCHED_ROUTE. Looks up the observer of
   * its method and route (requestObserver), so a caller that knows them ahead should keep that instead.
   */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestObserver(method, route)(status, seconds);
  }

  /**
   * What records the requests answered on one method and route (a template or UNMATCHED_ROUTE): a
   * function of the status and the duration in seconds, the same one for every call with the same
   * method and route, so a caller may resolve it once per route. It holds the two series of each
   * status it has seen (`desk_http_requests_total` and `desk_http_request_duration_seconds`), so a
   * request costs one lookup by status and two updates: prom-client would otherwise hash the label
   * set on every request. The labels are bounded (see above), so the series kept are too.
   */
  requestObserver(method: string, route: string): RequestObserver {
    const verb = METHODS.has(method) ? method : 'OTHER';
    const key = `${verb} ${route}`;
    let observer = this.requestObservers.get(key);
    if (!observer) {
      const series = new Map<
        number,
        { readonly count: Counter.Internal; readonly duration: Histogram.Internal<'method' | 'route' | 'status'> }
      >();
      observer = (status, seconds) => {
        let s = series.get(status);
        if (!s) {
          const labels = { method: verb, route, status: String(status) };
          s = { count: this.httpRequests.labels(labels), duration: this.httpDuration.labels(labels) };
          series.set(status, s);
        }
        s.count.inc();
        s.duration.observe(seconds);
      };
      this.requestObservers.set(key, observer);
    }
    return observer;
  }

  /** One `tools/call`; a name outside the catalogue is counted as `unknown`. */
  countToolCall(name: string, outcome: ToolCallOutcome): void {
    this.toolCalls.inc({ tool: this.toolNames.has(name) ? name : UNKNOWN_TOOL, outcome });
  }

  /** Events that committed to the outbox (each counted once, by the instance whose transaction wrote it). */
  countPublished(kinds: readonly string[]): void {
    for (const kind of kinds) this.eventsPublished.inc({ kind });
  }

  /**
   * Sets the ticket gauges to the deployment's counts per team: a team no longer counted is removed,
   * so the series are the teams administrators made, never more.
   */
  setTicketLoad(load: readonly { teamId: string | null; open: number; breached: number }[]): void {
    this.ticketsOpen.reset();
    this.ticketsBreached.reset();
    for (const { teamId, open, breached } of load) {
      const team = teamId ?? 'none';
      this.ticketsOpen.set({ team }, open);
      this.ticketsBreached.set({ team }, breached);
    }
  }

  countRateLimited(policy: string): void {
    this.rateLimited.inc({ policy });
  }

  /** The Prometheus text exposition format (version 0.0.4). */
  get contentType(): string {
    return this.registry.contentType;
  }

  scrape(): Promise<string> {
    return this.registry.metrics();
  }
}
