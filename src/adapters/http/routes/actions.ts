import type { RouterMiddleware } from '@koa/router';
import type { ServiceIdentifier } from 'inversify';
import { ToolCatalogue, UnknownToolError } from '../../../domain/catalogue/catalogue.js';
import type { Resolve } from '../../../domain/catalogue/tool.js';
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
      const catalogue = () => deps.container.get(ToolCatalogue);
      // Use cases are bound to themselves (bootstrap/use-cases.ts); the cast bridges the catalogue's
      // resolver type, which takes any use-case class, to inversify's service identifier.
      const resolve: Resolve = <T>(useCase: abstract new (...args: never[]) => T) =>
        deps.container.get<T>(useCase as unknown as ServiceIdentifier<T>);

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

      // Whether the action exists for this key is answered before the body is read, so an unknown
      // action is 404 whatever was sent with it.
      const actionAvailable: RouterMiddleware = async (ctx, next) => {
        if (!catalogue().find(actorOf(ctx), 'integration', ctx.params.name ?? '')) throw unknownAction();
        await next();
      };

      router.post(`${ACTIONS_PATH}/:name`, ...guard, actionAvailable, jsonBody(), async (ctx) => {
        try {
          const result = await catalogue().invoke(
            resolve,
            actorOf(ctx),
            'integration',
            ctx.params.name ?? '',
            ctx.request.body,
          );
          ctx.body = { result };
        } catch (e) {
          if (e instanceof UnknownToolError) throw unknownAction();
          throw e;
        }
      });
    },
  };
}

export const actionRoutes: RouteModule = createActionRoutes(keyRateLimits);
