import { isIP } from 'node:net';
import { Metrics } from '../../observability/index.js';
import type { Container } from 'inversify';
import type { Context, Middleware } from 'koa';
import { passThrough } from '../routing/routes.js';
import {
  assertValidPolicy,
  RateLimiter,
  type RateLimitDecision,
  type RateLimitPolicy,
} from '../../../ports/rate-limiter.js';
import { HttpProblem } from '../problems.js';

/** The limits of the HTTP surfaces, as the program configures them (bootstrap/rate-limit-policies.ts). */
export interface RateLimitPolicies {
  /** `/api/mcp`, per source address (RATE_LIMIT_MCP_PER_MINUTE). A batch is one request. */
  readonly mcp: RateLimitPolicy;
  /** `/api/v1/actions*`, per API key (RATE_LIMIT_ACTIONS_PER_MINUTE). */
  readonly actions: RateLimitPolicy;
  /** The other `/api/v1` routes, per API key (RATE_LIMIT_V1_PER_MINUTE). */
  readonly v1: RateLimitPolicy;
  /** Single sign-ons started (`/api/auth/sso/start`), per source address (RATE_LIMIT_SSO_PER_MINUTE). */
  readonly sso: RateLimitPolicy;
}

/**
 * Answers a refused request. When it runs, the status is not yet set but the `RateLimit-Policy`,
 * `RateLimit` and `Retry-After` headers are; it sets the 429 body (or throws something the error
 * handler renders as 429). Nothing below the rate-limit middleware runs.
 */
export type OnLimited = (ctx: Context, decision: RateLimitDecision, policy: RateLimitPolicy) => void | Promise<void>;

/**
 * The default: an HttpProblem of kind `rate_limited` (429), which the error handler answers in the
 * surface's language (problem+json; a JSON-RPC error on /api/mcp).
 */
export const problemOnLimited: OnLimited = (_ctx, decision, policy) => {
  throw new HttpProblem(
    'rate_limited',
    `more than ${policy.limit} requests in ${policy.windowSeconds} seconds; retry after ${decision.resetSeconds} seconds`,
  );
};

export interface RateLimitOptions {
  /** How a refusal is answered; default `problemOnLimited`. */
  readonly onLimited?: OnLimited;
}

/**
 * Counts each request under `policy` for the subject `subjectOf` names, and refuses it over the limit.
 *
 * - One HTTP request counts once (an MCP batch is one request), refused requests included.
 * - Every counted response — allowed, refused, or failed further down — carries
 *   draft-ietf-httpapi-ratelimit-headers-10 fields: `RateLimit-Policy: "<name>";q=<limit>;w=<window>`
 *   and `RateLimit: "<name>";r=<remaining>;t=<seconds to reset>`; never `X-RateLimit-*`. Both are
 *   lists: a route under several policies answers one member per policy (appended, not replaced).
 * - Refused: `Retry-After: <seconds>`, then `onLimited` answers (429); the rest of the chain never runs.
 *   The refusal is counted in `desk_rate_limited_total{policy}` (the container's Metrics, when bound).
 * - `subjectOf` returning null skips limiting for that request (no store access, no headers): e.g.
 *   no authenticated key yet, when authentication itself answers 401 next.
 * - A policy with limit 0 is off: the middleware only calls `next`.
 * - The store failing (fail open, see the RateLimiter port): the request goes through with
 *   `RateLimit-Policy` only, since the remaining quota is unknown.
 *
 * Place it after whatever `subjectOf` reads: REST limits per key, so after authentication; MCP per
 * address, so before authentication (unauthenticated floods count too).
 */
export function rateLimit(
  container: Container,
  policy: RateLimitPolicy,
  subjectOf: (ctx: Context) => string | null,
  options: RateLimitOptions = {},
): Middleware {
  assertValidPolicy(policy);
  if (policy.limit === 0) return passThrough;
  const onLimited = options.onLimited ?? problemOnLimited;
  // Policy names are [a-z0-9-], so they need no escaping inside a structured-field string.
  const policyField = `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`;

  return async (ctx, next) => {
    const subject = subjectOf(ctx);
    if (subject === null) return next();
    const decision = await container.get(RateLimiter).consume(policy, subject);
    ctx.append('RateLimit-Policy', policyField);
    if (decision.counted) {
      ctx.append('RateLimit', `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`);
    }
    if (decision.allowed) return next();
    ctx.set('Retry-After', String(decision.resetSeconds));
    container.get(Metrics, { optional: true })?.countRateLimited(policy.name);
    await onLimited(ctx, decision, policy);
  };
}

/**
 * The source address as a rate-limit subject: `ctx.ip` (X-Forwarded-For only with TRUST_PROXY).
 * An IPv4-mapped IPv6 address counts as its IPv4 address, and an IPv6 address as its /64, the
 * smallest block a site is usually given (one host can use any address in it).
 */
export const addressSubject = (ctx: Context): string => addressKey(ctx.ip);

export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const groups = expandIpv6(ip.replace(/%.*$/, ''));
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros; null if it is not one. */
function expandIpv6(ip: string): string[] | null {
  let text = ip;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length > 0 || head === undefined) return null;
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.map((g) => parseInt(g, 16).toString(16));
}
