import type { Context } from 'koa';
import { Database } from '../../../ports/database.js';
import { Secrets } from '../../../ports/secrets.js';
import { DatabaseUnavailableError } from '../../../ports/unit-of-work.js';
import type { HttpDeps, RouteModule } from '../route-module.js';

/** How long `/ready` waits for the database before calling it unavailable. */
export const READY_PING_TIMEOUT_MS = 2_000;

/**
 * The database check of a ready service: `ok` when it answers in time, `unreachable` when it cannot
 * be reached (DatabaseUnavailableError), `timeout` when it does not answer within the limit, `failing`
 * for anything else. Never throws and never passes on the driver's words.
 */
async function databaseCheck(deps: HttpDeps): Promise<'ok' | 'unreachable' | 'timeout' | 'failing'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const ping = deps.container
      .get(Database)
      .ping()
      .then(
        () => 'ok' as const,
        (e: unknown) => (e instanceof DatabaseUnavailableError ? ('unreachable' as const) : ('failing' as const)),
      );
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), READY_PING_TIMEOUT_MS);
    });
    return await Promise.race([ping, timeout]);
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
      // While starting, connecting, migrating or stopping, that is the answer; once ready, the database
      // must also answer now.
      const checks = readiness.failingCheck ?? { database: await databaseCheck(deps) };
      const ready = 'database' in checks && checks.database === 'ok';
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'unready', checks };
    });

    router.get('/api/health/version', (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.vary('Authorization');
      const short = { version: build.version, channel: config.channel };
      ctx.body = presentsBuildInfoToken(ctx, deps) ? { ...short, commit: build.commit, builtAt: build.builtAt } : short;
    });
  },
};
