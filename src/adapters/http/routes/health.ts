import type { Context } from 'koa';
import { Database } from '../../../ports/database.js';
import { Secrets } from '../../../ports/secrets.js';
import type { HttpDeps, RouteModule } from '../route-module.js';

/** How long `/ready` waits for the database before calling it unavailable. */
export const READY_PING_TIMEOUT_MS = 2_000;

/** Resolves true when the database answers in time; never throws and never passes on the driver's words. */
async function databaseAnswers(deps: HttpDeps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const ping = deps.container.get(Database).ping();
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), READY_PING_TIMEOUT_MS);
    });
    return await Promise.race([ping.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const bearerToken = (ctx: Context): string | null => /^Bearer +(\S+) *$/i.exec(ctx.get('Authorization'))?.[1] ?? null;

/** True only when a build-info token is configured and the caller presents it (constant-time compare). */
function presentsBuildInfoToken(ctx: Context, deps: HttpDeps): boolean {
  const expected = deps.config.buildInfoToken;
  const presented = bearerToken(ctx);
  if (!expected || presented === null) return false;
  return deps.container.get(Secrets).equal(presented, expected);
}

/**
 * Health (SPEC §7.5, seed §4.5): no tenant, no credential, and `/api/health` and `/version` never
 * touch the database. Nothing here is cached by intermediaries (`/version` may carry the long form).
 */
export const healthRoutes: RouteModule = {
  name: 'health',
  register(router, deps) {
    const { build, config, readiness } = deps;

    router.get('/api/health', (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        status: 'ok',
        version: build.version,
        channel: config.channel,
        uptimeSeconds: Math.floor(process.uptime()),
      };
    });

    router.get('/api/health/ready', async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      if (!readiness.ready) {
        ctx.status = 503;
        ctx.body = { status: 'unready', checks: { service: readiness.reason } };
        return;
      }
      const database = (await databaseAnswers(deps)) ? 'ok' : 'unavailable';
      ctx.status = database === 'ok' ? 200 : 503;
      ctx.body = { status: database === 'ok' ? 'ready' : 'unready', checks: { database } };
    });

    router.get('/api/health/version', (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.vary('Authorization');
      const short = { version: build.version, channel: config.channel };
      ctx.body = presentsBuildInfoToken(ctx, deps) ? { ...short, commit: build.commit, builtAt: build.builtAt } : short;
    });
  },
};
