import type { Middleware } from 'koa';
import { z } from 'zod';
import { ToolCatalogue, type ToolGrant } from '../../../domain/catalogue/catalogue.js';
import { actorOf } from '../auth/credential.js';
import { handledRoute, routeGroup } from '../contract/route.js';
import { ACTIONS_PATH, actionsOpenApi } from '../openapi.js';
import { HttpProblem } from '../problems.js';
import type { HttpDeps } from '../route-module.js';

const unknownAction = () => new HttpProblem('unknown_action', 'No action of that name is available to this API key.');

/**
 * Whether the key may use the action is decided before the body is read, so an unknown action is 404
 * whatever was sent with it; the grant is what the handler runs.
 */
const granted =
  (deps: HttpDeps): Middleware =>
  async (ctx, next) => {
    const grant = deps.resolve(ToolCatalogue).find(actorOf(ctx), 'integration', ctx.params.name ?? '');
    if (!grant) throw unknownAction();
    ctx.state.grant = grant;
    await next();
  };

const actionSummary = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  readOnly: z.boolean(),
  inputSchema: z.record(z.string(), z.unknown()),
});

/**
 * The REST action surface (SPEC §7.3, seed §4.3): a view of the one tool catalogue, filtered per key
 * exactly as MCP is. An action that does not exist, that the key's scopes hide, or whose module is off
 * is one and the same 404 `unknown-action`, so a key learns nothing about what it cannot use; a record
 * an action names that does not exist is 404 `not-found`. The key is the actor: mutations are audited
 * under its id by the use cases. 60 requests a minute per key (RATE_LIMIT_ACTIONS_PER_MINUTE).
 */
export const actionRoutes = routeGroup('actions', 'Every tool of the catalogue the key may use, as an HTTP call.', [
  handledRoute({
    method: 'get',
    path: ACTIONS_PATH,
    access: 'key',
    keyPolicy: 'actions',
    operationId: 'listActions',
    summary: 'The actions this key may run, with their input schemas',
    responses: { 200: z.object({ actions: z.array(actionSummary) }) },
    async handle({ ctx, deps, reply }) {
      reply(200, { actions: deps.resolve(ToolCatalogue).summariesFor(actorOf(ctx), 'integration') });
    },
  }),
  handledRoute({
    method: 'get',
    path: `${ACTIONS_PATH}/openapi.json`,
    access: 'key',
    keyPolicy: 'actions',
    operationId: 'getActionsOpenApi',
    summary: 'The actions this key may run, as an OpenAPI 3.1 document (one path per action)',
    responses: { 200: z.record(z.string(), z.unknown()).describe('An OpenAPI 3.1 document') },
    async handle({ ctx, deps, reply }) {
      const tools = deps.resolve(ToolCatalogue).visibleTo(actorOf(ctx), 'integration');
      reply(200, actionsOpenApi(tools, { version: deps.build.version, serverUrl: deps.config.publicUrl }));
    },
  }),
  handledRoute({
    method: 'post',
    path: `${ACTIONS_PATH}/{name}`,
    access: 'key',
    keyPolicy: 'actions',
    operationId: 'runAction',
    summary: 'Run an action with its input as the body',
    description:
      'The body is the action’s input (its schema is in the actions document). `readOnly: false` actions change data.',
    guards: (deps) => [granted(deps)],
    // The tool's own schema judges the input (the body as sent), after the action was found.
    body: z.record(z.string(), z.unknown()).describe('The action’s input'),
    judgesBody: true,
    responses: { 200: z.object({ result: z.unknown() }) },
    problems: ['unknown_action', 'not_found', 'conflict'],
    async handle({ ctx, deps, reply }) {
      const grant = ctx.state.grant as ToolGrant;
      reply(200, { result: await deps.resolve(ToolCatalogue).call(deps.resolve, grant, ctx.request.body) });
    },
  }),
]);
