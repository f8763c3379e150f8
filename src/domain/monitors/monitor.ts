import { z } from 'zod';
import type { EventKind } from '../events/event.js';
import { text, wholeNumber } from '../shared/validation.js';

/**
 * A monitor (issue 11, point 6): an HTTP(S) address a tenant asks Desk to check every
 * `intervalSeconds`, and the deployment's own data disk, which Desk always watches. Each has a status
 * that only checks change, through `applyCheck`: the state machine below.
 */
export const MONITOR_STATES = ['unknown', 'up', 'down'] as const;
export type MonitorState = (typeof MONITOR_STATES)[number];

/** What one check found, as stored and as every surface returns it. */
export const monitorCheckSchema = z.object({
  at: z.string().describe('ISO 8601 UTC'),
  ok: z.boolean(),
  status: z
    .number()
    .int()
    .nullable()
    .describe('The HTTP status answered; null when none was (a timeout, a refused connection, the disk)'),
  ms: z.number().int(),
  reason: z.string().nullable().describe('Why it failed (`status 503`, `timeout`...); null when ok'),
  certificateExpiresAt: z.string().nullable().describe("https: when the server's certificate expires"),
});
export type MonitorCheck = z.output<typeof monitorCheckSchema>;

/** A monitor's state and what led to it: the part a check changes. */
export interface MonitorStatus {
  readonly state: MonitorState;
  /** When the current state began; null while unknown. */
  readonly since: string | null;
  /** Failing checks in a row (0 after a success). */
  readonly consecutiveFailures: number;
  readonly lastCheck: MonitorCheck | null;
}

export interface Monitor extends MonitorStatus {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly intervalSeconds: number;
  /** The status that counts as up; null: any 2xx or 3xx (redirects are not followed). */
  readonly expectStatus: number | null;
  /** When the scheduler checks it next. */
  readonly nextCheckAt: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const UNKNOWN_STATUS: MonitorStatus = { state: 'unknown', since: null, consecutiveFailures: 0, lastCheck: null };

/** Failing checks in a row that turn a monitor down: one blip is not an alarm. */
export const FAILURES_TO_DOWN = 2;
/** A certificate expiring sooner than this counts as down. */
export const CERTIFICATE_WARNING_DAYS = 14;
export const MIN_INTERVAL_SECONDS = 30;
export const MAX_INTERVAL_SECONDS = 86_400;
/** Monitors a tenant may have: each is a request every interval from the deployment. */
export const MAX_MONITORS_PER_TENANT = 100;

/**
 * The state machine. A failure counts; the FAILURES_TO_DOWN-th in a row turns the monitor down (from
 * unknown or up). A success resets the count and turns it up. Only two changes are events:
 * → down (`monitor.down`) and down → up (`monitor.up`); unknown → up is the normal start and says
 * nothing, and a failure that leaves the monitor down says nothing either.
 */
export function applyCheck(
  current: MonitorStatus,
  check: MonitorCheck,
): { readonly next: MonitorStatus; readonly event: Extract<EventKind, 'monitor.down' | 'monitor.up'> | null } {
  if (check.ok) {
    const next: MonitorStatus = {
      state: 'up',
      since: current.state === 'up' ? current.since : check.at,
      consecutiveFailures: 0,
      lastCheck: check,
    };
    return { next, event: current.state === 'down' ? 'monitor.up' : null };
  }
  const failures = current.consecutiveFailures + 1;
  const turnsDown = current.state !== 'down' && failures >= FAILURES_TO_DOWN;
  const next: MonitorStatus = {
    state: turnsDown ? 'down' : current.state,
    since: turnsDown ? check.at : current.since,
    consecutiveFailures: failures,
    lastCheck: check,
  };
  return { next, event: turnsDown ? 'monitor.down' : null };
}

/** What an HTTP probe saw (HttpProbe), before it is judged. */
export interface ProbeFacts {
  readonly status: number | null;
  readonly ms: number;
  /** Why no answer came (`timeout`, `connection refused`...); null when one did. */
  readonly error: string | null;
  readonly certificateExpiresAt: string | null;
}

const DAY_MS = 86_400_000;

/**
 * Judges what a probe saw: no answer, a status other than the expected one (any 2xx or 3xx when none
 * is set), or a certificate expiring within CERTIFICATE_WARNING_DAYS is a failure, with a short reason.
 */
export function judge(facts: ProbeFacts, expectStatus: number | null, at: Date): MonitorCheck {
  const base = {
    at: at.toISOString(),
    status: facts.status,
    ms: Math.round(facts.ms),
    certificateExpiresAt: facts.certificateExpiresAt,
  };
  const fail = (reason: string): MonitorCheck => ({ ...base, ok: false, reason });
  if (facts.error !== null || facts.status === null) return fail(facts.error ?? 'no answer');
  const statusOk = expectStatus === null ? facts.status >= 200 && facts.status < 400 : facts.status === expectStatus;
  if (!statusOk)
    return fail(expectStatus === null ? `status ${facts.status}` : `status ${facts.status}, expected ${expectStatus}`);
  if (facts.certificateExpiresAt !== null) {
    const left = Date.parse(facts.certificateExpiresAt) - at.getTime();
    if (left < CERTIFICATE_WARNING_DAYS * DAY_MS)
      return fail(`certificate expires ${facts.certificateExpiresAt.slice(0, 10)}`);
  }
  return { ...base, ok: true, reason: null };
}

/** A failed check that never reached the network (the address was refused). */
export const refusedCheck = (reason: string, at: Date): MonitorCheck => ({
  at: at.toISOString(),
  ok: false,
  status: null,
  ms: 0,
  reason: `refused: ${reason}`,
  certificateExpiresAt: null,
});

/**
 * An event's data (thin, SPEC §8): which monitor, its new state since when and why. A monitor's name
 * and address are not personal data, and a subscriber needs them to act without another request.
 */
export const monitorEventData = (m: Pick<Monitor, 'id' | 'name' | 'url'>, status: MonitorStatus) => ({
  monitor: {
    id: m.id,
    kind: 'http',
    name: m.name,
    url: m.url,
    state: status.state,
    since: status.since,
    reason: status.lastCheck?.reason ?? null,
  },
});

/** A monitor as every surface returns it. */
export const monitorViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  intervalSeconds: z.number().int(),
  expectStatus: z.number().int().nullable(),
  state: z.enum(MONITOR_STATES),
  since: z.string().nullable().describe('When the current state began; null while unknown'),
  consecutiveFailures: z.number().int(),
  lastCheck: monitorCheckSchema.nullable(),
  nextCheckAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MonitorView = z.output<typeof monitorViewSchema>;

/** What a change to one monitor answers with. */
export const monitorResultSchema = z.object({ monitor: monitorViewSchema });

export const toMonitorView = (m: Monitor): MonitorView => ({
  id: m.id,
  name: m.name,
  url: m.url,
  intervalSeconds: m.intervalSeconds,
  expectStatus: m.expectStatus,
  state: m.state,
  since: m.since,
  consecutiveFailures: m.consecutiveFailures,
  lastCheck: m.lastCheck,
  nextCheckAt: m.nextCheckAt,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
});

// Input fields shared by CreateMonitor and UpdateMonitor.

const httpUrl = () =>
  text(1, 2000).refine(
    (s) => {
      try {
        const u = new URL(s);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: 'must be an absolute http or https URL' },
  );

export const monitorFields = {
  name: text(1, 100).describe('What is watched, e.g. "School website"'),
  url: httpUrl().describe('The http or https address to check'),
  intervalSeconds: wholeNumber()
    .min(MIN_INTERVAL_SECONDS, { message: `must be at least ${MIN_INTERVAL_SECONDS}` })
    .max(MAX_INTERVAL_SECONDS, { message: `must be at most ${MAX_INTERVAL_SECONDS}` })
    .describe('Seconds between checks'),
  expectStatus: wholeNumber()
    .min(100, { message: 'must be an HTTP status (100-599)' })
    .max(599, { message: 'must be an HTTP status (100-599)' })
    .nullable()
    .describe('The status that counts as up; null or absent: any 2xx or 3xx'),
};

export const monitorIdInput = z.object({ id: text(1, 100) }).strict();
