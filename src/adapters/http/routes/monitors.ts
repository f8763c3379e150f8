import type { Context, Middleware } from 'koa';
import { GetAlertAddresses, SetAlertAddresses } from '../../../domain/events/alert-addresses.js';
import { CreateMonitor } from '../../../domain/monitors/create-monitor.js';
import { DeleteMonitor } from '../../../domain/monitors/delete-monitor.js';
import { GetMonitor } from '../../../domain/monitors/get-monitor.js';
import { ListMonitors } from '../../../domain/monitors/list-monitors.js';
import { UpdateMonitor } from '../../../domain/monitors/update-monitor.js';
import type { Actor } from '../../../domain/shared/actor.js';
import { perform, type Resolve } from '../../../domain/shared/use-case.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { jsonBody } from '../json-body.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import type { RouteModule } from '../route-module.js';
import { actorOf, apiKeyGuard, keyRateLimits, type RestHooks } from './v1.js';

const body = (ctx: Context): Record<string, unknown> => ctx.request.body as Record<string, unknown>;

/**
 * The monitor routes of one surface, under `base`: create (201), list, get, change, delete (204).
 * Each is one use case (module `events`, permission `monitor.manage`), so the answers come in that
 * order: 404 module off, 403 permission, 400 input naming the field, 404 a monitor of no one's
 * reach (another tenant's included).
 */
function monitorRoutes(
  router: Parameters<RouteModule['register']>[0],
  resolve: Resolve,
  base: string,
  guard: { read: Middleware[]; write: Middleware[] },
  actor: (ctx: Context) => Actor,
): void {
  router.post(base, ...guard.write, jsonBody(), async (ctx) => {
    ctx.body = await perform(resolve, CreateMonitor, actor(ctx), body(ctx));
    ctx.status = 201;
  });
  router.get(base, ...guard.read, async (ctx) => {
    ctx.body = await perform(resolve, ListMonitors, actor(ctx), {});
  });
  router.get(`${base}/:id`, ...guard.read, async (ctx) => {
    ctx.body = await perform(resolve, GetMonitor, actor(ctx), { id: ctx.params.id });
  });
  router.patch(`${base}/:id`, ...guard.write, jsonBody(), async (ctx) => {
    ctx.body = await perform(resolve, UpdateMonitor, actor(ctx), { ...body(ctx), id: ctx.params.id });
  });
  router.delete(`${base}/:id`, ...guard.write, async (ctx) => {
    await perform(resolve, DeleteMonitor, actor(ctx), { id: ctx.params.id });
    ctx.status = 204;
  });
}

/**
 * Monitors (issue 11, point 6) on both surfaces: `/api/monitors` for signed-in staff (writes only
 * from our own origins, as every console write) and `/api/v1/monitors` for API keys with the
 * `monitor.manage` scope (behind the v1 guard: key, rate limit, `integrations`). Plus the tenant's
 * alert addresses, `GET`/`PUT /api/settings/alerts`, for school administrators in the console.
 */
export function createMonitorRoutes(hooks: RestHooks = keyRateLimits): RouteModule {
  return {
    name: 'monitors',
    register(router, deps) {
      const { container, config, resolve } = deps;
      const signedIn = consoleAuth(container);
      const sameOrigin = requireAllowedOrigin(new OriginPolicy(config));
      monitorRoutes(
        router,
        resolve,
        '/api/monitors',
        { read: [signedIn], write: [signedIn, sameOrigin] },
        consoleActor,
      );
      const keyed = apiKeyGuard(deps, 'v1', hooks);
      monitorRoutes(router, resolve, '/api/v1/monitors', { read: keyed, write: keyed }, actorOf);

      router.get('/api/settings/alerts', signedIn, async (ctx) => {
        ctx.body = await perform(resolve, GetAlertAddresses, consoleActor(ctx), {});
      });
      router.put('/api/settings/alerts', signedIn, sameOrigin, jsonBody(), async (ctx) => {
        ctx.body = await perform(resolve, SetAlertAddresses, consoleActor(ctx), body(ctx));
      });
    },
  };
}

export const monitorRoutesModule: RouteModule = createMonitorRoutes();
