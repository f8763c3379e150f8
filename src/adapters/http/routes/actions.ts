import type { Context, Middleware } from 'koa';
import { ToolCatalogue, type ToolGrant } from '../../../domain/catalogue/catalogue.js';
import { jsonBody } from '../json-body.js';
import { ACTIONS_PATH, actionsOpenApi } from '../openapi.js';
import { HttpProblem } from '../problems.js';
import type { RouteModule } from '../route-module.js';
import { actorOf, apiKeyGuard, keyRateLimits, type RestHooks } from './v1.js';

const unknownAction = () => new HttpProblem('unknown_action', 'No action of that name is available to this API key.');

/**
 * The REST action surface (SPEC §7.3, seed §4.3): a view of the one tool catalogue, filtered per key
 * exactly as MCP is. An action that does not exist, that the key's scopes hide, or whose module is off
 * is one and the same 404 `unknown-action`, so a key learns nothing about what it cannot use; a record
 * an action names that does not exist is 404 `not-found`. The key is the actor: mutations are audited
 * under its id by the use cases.
 */
export function createActionRoutes(hooks: RestHooks = {}): RouteModule {
  return {
    name: 'actions',
    register(router, deps) {
      const guard = apiKeyGuard(deps, 'actions', hooks);
      const catalogue = () => deps.resolve(ToolCatalogue);

      router.get(ACTIONS_PATH, ...guard, (ctx) => {
        ctx.body = {
          actions: catalogue().summariesFor(actorOf(ctx), 'integration'),
        };
      });

      router.get(`${ACTIONS_PATH}/openapi.json`, ...guard, (ctx) => {
        ctx.body = actionsOpenApi(catalogue().visibleTo(actorOf(ctx), 'integration'), {
          version: deps.build.version,
          serverUrl: deps.config.publicUrl,
        });
      });

      // Whether the key may use the action is decided once, before the body is read, so an unknown
      // action is 404 whatever was sent with it; the grant is what the handler runs.
      const granted: Middleware = async (ctx, next) => {
        const grant = catalogue().find(actorOf(ctx), 'integration', ctx.params.name ?? '');
        if (!grant) throw unknownAction();
        ctx.state.grant = grant;
        await next();
      };

      router.post(`${ACTIONS_PATH}/:name`, ...guard, granted, jsonBody(), async (ctx: Context) => {
        const result = await catalogue().call(deps.resolve, ctx.state.grant as ToolGrant, ctx.request.body);
        ctx.body = { result };
      });
    },
  };
}

export const actionRoutes: RouteModule = createActionRoutes(keyRateLimits);
