import type { Context, Middleware } from 'koa';
import { SearchDevices } from '../../../domain/devices/search-devices.js';
import { GetDevice } from '../../../domain/devices/get-device.js';
import { ListSubmissions } from '../../../domain/submissions/list-submissions.js';
import { GetSubmission } from '../../../domain/submissions/get-submission.js';
import { requirePermissions, type Actor } from '../../../domain/shared/actor.js';
import { perform } from '../../../domain/shared/use-case.js';
import { Clock } from '../../../ports/clock.js';
import { authenticateKey } from '../auth/api-key.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { passThrough } from '../routing/routes.js';
import { queryReader } from '../query.js';
import type { HttpDeps, RouteModule } from '../route-module.js';

/**
 * The rate-limit policies of the API-key surface (docs/operators.md, configuration): `v1` counts the data routes
 * per key (RATE_LIMIT_V1_PER_MINUTE); `actions` counts the action surface per key
 * (RATE_LIMIT_ACTIONS_PER_MINUTE).
 */
export type RestRatePolicy = 'v1' | 'actions';

/** Stages the composition of the HTTP app plugs into the API-key routes. */
export interface RestHooks {
  /**
   * Called once per policy while the routes are registered. The middleware it returns runs on every
   * request of that policy right after the key is authenticated — `ctx.state.actor` is set and
   * `actor.principal.id` is the key id to count by — and before anything else the route does, so a
   * throttled key gets 429 whatever it asked for. Unauthenticated requests never reach it.
   */
  readonly rateLimit?: (policy: RestRatePolicy, deps: HttpDeps) => Middleware;
}

/** The authenticated key, as the guard left it on the request. */
export const actorOf = (ctx: Context): Actor => {
  const actor = ctx.state.actor as Actor | undefined;
  if (!actor) throw new Error('actorOf: the route is missing the API-key guard');
  return actor;
};

/**
 * The rate-limit subject of the API-key routes: the authenticated key's id, or null before the guard
 * has run (for `rateLimit(container, policy, keySubject)` of middleware/rate-limit.ts).
 */
export const keySubject = (ctx: Context): string | null => (ctx.state.actor as Actor | undefined)?.principal.id ?? null;

/**
 * What every `/api/v1` route runs before its handler, in order:
 * 1. the key from `x-api-key` only (no cookie, no session, Authorization ignored): missing, invalid,
 *    revoked or expired → 401; a host or `x-tenant-slug` naming another tenant → 401;
 * 2. the rate limit of the route's policy, per key (when the app wires one);
 * 3. `module.integrations` → otherwise 404 module-disabled (seed §7: a module that is off is 404 on REST).
 * Responses are per key and never cached by intermediaries.
 */
export function apiKeyGuard(deps: HttpDeps, policy: RestRatePolicy, hooks: RestHooks): Middleware[] {
  const authenticate: Middleware = async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.state.actor = await authenticateKey(deps.container, ctx, 'x-api-key');
    await next();
  };
  const integrationsEnabled: Middleware = async (ctx, next) => {
    requirePermissions(actorOf(ctx), ['module.integrations']);
    await next();
  };
  const limit = hooks.rateLimit?.(policy, deps);
  if (limit && limit !== passThrough) return [authenticate, limit, integrationsEnabled];
  // No limit between them: one layer does both.
  const admitted: Middleware = async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    const actor = await authenticateKey(deps.container, ctx, 'x-api-key');
    ctx.state.actor = actor;
    requirePermissions(actor, ['module.integrations']);
    await next();
  };
  return [admitted];
}

const readDeviceQuery = queryReader(SearchDevices.input);
const readSubmissionQuery = queryReader(ListSubmissions.input);

/**
 * REST `/api/v1` (SPEC §7.2, seed §4.2): ping, devices and submissions. Handlers translate HTTP to the
 * use case and back; the use case admits the call (module, permission, then input), so the answers
 * come in that order: 401, 404 module off, 403 permission, then 400 input.
 */
export function createV1Routes(hooks: RestHooks = {}): RouteModule {
  return {
    name: 'v1',
    register(router, deps) {
      const guard = apiKeyGuard(deps, 'v1', hooks);
      const { resolve } = deps;

      router.get('/api/v1/ping', ...guard, (ctx) => {
        const actor = actorOf(ctx);
        ctx.body = {
          ok: true,
          version: deps.build.version,
          tenant: { slug: actor.tenant.slug, name: actor.tenant.name },
          // The key's grants: the effective permissions without the tenant's module switches.
          key: {
            id: actor.principal.id,
            name: actor.principal.name,
            scopes: [...actor.permissions].filter((p) => !p.startsWith('module.')),
          },
          modules: [...actor.tenant.modules],
          features: ['actions'],
          time: resolve(Clock).now().toISOString(),
        };
      });

      router.get('/api/v1/devices', ...guard, async (ctx) => {
        ctx.body = await perform(resolve, SearchDevices, actorOf(ctx), readDeviceQuery(ctx));
      });

      router.get('/api/v1/devices/:id', ...guard, async (ctx) => {
        ctx.body = await perform(resolve, GetDevice, actorOf(ctx), { id: ctx.params.id });
      });

      router.get('/api/v1/submissions', ...guard, async (ctx) => {
        ctx.body = await perform(resolve, ListSubmissions, actorOf(ctx), readSubmissionQuery(ctx));
      });

      router.get('/api/v1/submissions/:id', ...guard, async (ctx) => {
        ctx.body = await perform(resolve, GetSubmission, actorOf(ctx), { id: ctx.params.id });
      });
    },
  };
}

/**
 * The production limits: per key, after authentication, with RATE_LIMIT_V1_PER_MINUTE for the data
 * routes and RATE_LIMIT_ACTIONS_PER_MINUTE for the action surface (0 turns either off).
 */
export const keyRateLimits: RestHooks = {
  rateLimit: (policy, deps) => rateLimit(deps.container, deps.rateLimits[policy], keySubject),
};

export const v1Routes: RouteModule = createV1Routes(keyRateLimits);
