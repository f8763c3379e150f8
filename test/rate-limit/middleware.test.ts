/**
 * The rate-limit middleware in the real Koa stack (createServer with a test route module): header
 * syntax (draft-ietf-httpapi-ratelimit-headers-10), 429 + Retry-After, the default problem+json,
 * a custom answer, limit 0, and a failing store. (The JSON-RPC 429 of /api/mcp: test/mcp.)
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { Container } from 'inversify';
import type { Context } from 'koa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BuildInfo, DeskConfig } from '../../src/config/index.js';
import { addressKey, addressSubject, rateLimit } from '../../src/adapters/http/middleware/rate-limit.js';
import { rateLimitPolicies } from '../../src/bootstrap/rate-limit-policies.js';
import { httpAppOptions } from '../../src/bootstrap/http-app.js';
import { PROBLEM_TYPE_BASE } from '../../src/adapters/http/problems.js';
import { Readiness } from '../../src/bootstrap/readiness.js';
import type { RouteModule } from '../../src/adapters/http/route-module.js';
import { createServer } from '../../src/adapters/http/server.js';
import { MemoryRateLimiter } from '../../src/adapters/rate-limit/memory-rate-limiter.js';
import { RedisRateLimiter } from '../../src/adapters/rate-limit/redis-rate-limiter.js';
import { notFound } from '../../src/domain/shared/errors.js';
import { ResolveTenant } from '../../src/domain/tenants/resolve-tenant.js';
import { aConfig } from '../support/builders.js';
import { RateLimiter, type RateLimitDecision, type RateLimitPolicy } from '../../src/ports/rate-limiter.js';

const build: BuildInfo = { version: '0.20.0', commit: null, builtAt: null };
const config = aConfig();

/** The real memory store, counting how often it is asked (to prove limit 0 never asks). */
class CountingMemoryRateLimiter extends MemoryRateLimiter {
  calls = 0;
  override consume(policy: RateLimitPolicy, subject: string): Promise<RateLimitDecision> {
    this.calls++;
    return super.consume(policy, subject);
  }
}

const subjectHeader = (ctx: Context): string | null => ctx.get('x-test-subject') || null;

const testRoutes = (container: Container): RouteModule => ({
  name: 'rate-limit-test',
  register(router) {
    const ok = (ctx: Context) => {
      ctx.body = { ok: true };
    };
    router.get('/api/test/rest', rateLimit(container, { name: 'v1', limit: 2, windowSeconds: 60 }, subjectHeader), ok);
    router.post(
      '/api/test/mcp',
      rateLimit(container, { name: 'mcp', limit: 1, windowSeconds: 60 }, addressSubject),
      ok,
    );
    router.get(
      '/api/test/custom',
      rateLimit(container, { name: 'custom', limit: 1, windowSeconds: 30 }, subjectHeader, {
        onLimited: (ctx, decision, policy) => {
          ctx.status = 429;
          ctx.body = { slowDown: policy.name, wait: decision.resetSeconds };
        },
      }),
      ok,
    );
    router.get('/api/test/off', rateLimit(container, { name: 'v1', limit: 0, windowSeconds: 60 }, subjectHeader), ok);
    router.get(
      '/api/test/missing',
      rateLimit(container, { name: 'actions', limit: 5, windowSeconds: 60 }, subjectHeader),
      () => {
        throw notFound('device', 'd-1');
      },
    );
  },
});

async function boot(limiter: RateLimiter, overrides: Partial<DeskConfig> = {}) {
  const container = new Container();
  const readiness = new Readiness();
  readiness.markReady();
  container.bind(RateLimiter).toConstantValue(limiter);
  container.bind(ResolveTenant).toConstantValue({ byHost: async () => null } as unknown as ResolveTenant);
  const app = createServer({
    ...httpAppOptions(container, { ...config, ...overrides }, build, readiness),
    routes: [testRoutes(container)],
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    fetch: (path: string, init: RequestInit = {}) => fetch(base + path, init),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const header = (subject: string): RequestInit => ({ headers: { 'x-test-subject': subject } });
const rateLimitHeaderNames = (res: Response): string[] =>
  [...res.headers.keys()].filter((name) => /ratelimit|retry-after/i.test(name)).sort();

describe('rateLimit middleware', () => {
  const limiter = new CountingMemoryRateLimiter();
  let app: Awaited<ReturnType<typeof boot>>;
  beforeAll(async () => {
    app = await boot(limiter);
  });
  afterAll(() => app.close());

  it('sets RateLimit-Policy and RateLimit on allowed responses, then 429 problem+json with Retry-After', async () => {
    const first = await app.fetch('/api/test/rest', header('key-a'));
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"v1";q=2;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"v1";r=1;t=(59|60)$/);
    expect(first.headers.get('retry-after')).toBeNull();
    expect(rateLimitHeaderNames(first)).toEqual(['ratelimit', 'ratelimit-policy']); // never X-RateLimit-*

    const second = await app.fetch('/api/test/rest', header('key-a'));
    expect(second.status).toBe(200);
    expect(second.headers.get('ratelimit')).toMatch(/^"v1";r=0;t=(59|60)$/);

    const refused = await app.fetch('/api/test/rest', header('key-a'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.headers.get('ratelimit-policy')).toBe('"v1";q=2;w=60');
    const t = /^"v1";r=0;t=(\d+)$/.exec(refused.headers.get('ratelimit') ?? '')?.[1];
    expect(t).toBeDefined();
    expect(refused.headers.get('retry-after')).toBe(t);
    expect(Number(t)).toBeGreaterThanOrEqual(1);
    expect(Number(t)).toBeLessThanOrEqual(60);
    expect(rateLimitHeaderNames(refused)).toEqual(['ratelimit', 'ratelimit-policy', 'retry-after']);
    expect(refused.headers.get('x-request-id')).toBeTruthy(); // the rest of the stack still ran
    const body = (await refused.json()) as { detail: string };
    expect(body).toMatchObject({ type: PROBLEM_TYPE_BASE + 'rate-limited', status: 429, title: 'Too many requests' });
    expect(body.detail).toMatch(/retry after \d+ seconds/);

    // Another subject has its own count.
    const other = await app.fetch('/api/test/rest', header('key-b'));
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit')).toMatch(/^"v1";r=1;/);
  });

  it('counts per source address when the subject is the address', async () => {
    const post = () => app.fetch('/api/test/mcp', { method: 'POST', body: '[]' });
    expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toBe('"mcp";q=1;w=60');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('lets the caller shape the refusal', async () => {
    expect((await app.fetch('/api/test/custom', header('key-c'))).status).toBe(200);
    const refused = await app.fetch('/api/test/custom', header('key-c'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toBe('"custom";q=1;w=30');
    expect(refused.headers.get('retry-after')).toMatch(/^([12]?\d|30)$/);
    expect(await refused.json()).toEqual({ slowDown: 'custom', wait: Number(refused.headers.get('retry-after')) });
  });

  it('keeps the headers on an error answered further down', async () => {
    const res = await app.fetch('/api/test/missing', header('key-d'));
    expect(res.status).toBe(404);
    expect(res.headers.get('ratelimit-policy')).toBe('"actions";q=5;w=60');
    expect(res.headers.get('ratelimit')).toMatch(/^"actions";r=4;t=\d+$/);
  });

  it('a limit of 0 sets no headers and never asks the store', async () => {
    const before = limiter.calls;
    for (let i = 0; i < 10; i++) {
      const res = await app.fetch('/api/test/off', header('key-e'));
      expect(res.status).toBe(200);
      expect(rateLimitHeaderNames(res)).toEqual([]);
    }
    expect(limiter.calls).toBe(before);
  });

  it('no subject (null): not limited, no headers, no store access', async () => {
    const before = limiter.calls;
    const res = await app.fetch('/api/test/rest');
    expect(res.status).toBe(200);
    expect(rateLimitHeaderNames(res)).toEqual([]);
    expect(limiter.calls).toBe(before);
  });
});

describe('rateLimit middleware: source address', () => {
  const post = (app: Awaited<ReturnType<typeof boot>>, forwardedFor: string) =>
    app.fetch('/api/test/mcp', { method: 'POST', headers: { 'x-forwarded-for': forwardedFor } });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const app = await boot(new MemoryRateLimiter());
    try {
      expect((await post(app, '192.0.2.1')).status).toBe(200);
      expect((await post(app, '192.0.2.2')).status).toBe(429); // both are 127.0.0.1
    } finally {
      await app.close();
    }
  });

  it('honours X-Forwarded-For with TRUST_PROXY', async () => {
    const app = await boot(new MemoryRateLimiter(), { trustProxy: true });
    try {
      expect((await post(app, '192.0.2.1')).status).toBe(200);
      expect((await post(app, '192.0.2.2')).status).toBe(200);
      expect((await post(app, '192.0.2.1')).status).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('counts IPv4-mapped addresses as IPv4 and IPv6 per /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:db8:a:b::99')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:0db8:000a:000b:ffff::1')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});

describe('rateLimit middleware: policies and a failing store', () => {
  it('builds the configured policies, per minute', () => {
    expect(rateLimitPolicies({ rateLimits: { mcp: 60, actions: 45, v1: 600, sso: 30 } })).toEqual({
      mcp: { name: 'mcp', limit: 60, windowSeconds: 60 },
      actions: { name: 'actions', limit: 45, windowSeconds: 60 },
      v1: { name: 'v1', limit: 600, windowSeconds: 60 },
      sso: { name: 'sso-start', limit: 30, windowSeconds: 60 },
    });
  });

  it('refuses a malformed policy when the route is built', () => {
    expect(() => rateLimit(new Container(), { name: 'x"y', limit: 1, windowSeconds: 60 }, () => 's')).toThrow(
      TypeError,
    );
  });

  it('store down: the request goes through with RateLimit-Policy only', async () => {
    const closed = createNetServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const limiter = new RedisRateLimiter({ url: `redis://127.0.0.1:${port}` });
    const app = await boot(limiter);
    try {
      for (let i = 0; i < 3; i++) {
        const res = await app.fetch('/api/test/rest', header('key-f'));
        expect(res.status).toBe(200);
        expect(rateLimitHeaderNames(res)).toEqual(['ratelimit-policy']);
      }
      expect(stderr).toHaveBeenCalledTimes(1);
    } finally {
      stderr.mockRestore();
      await app.close();
      await limiter.close();
    }
  });
});
