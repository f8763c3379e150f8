import { actorOf } from '../auth/credential.js';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { ConfirmationRequired, ToolCatalogue, type ToolGrant } from '../../../domain/catalogue/catalogue.js';
import { invalidField } from '../../../domain/shared/errors.js';
import { handledRoute, routeGroup } from '../contract/route.js';
import { sendProblem } from '../middleware/error-handler.js';
import { HttpProblem, problemDocument } from '../problems.js';

const assistantCall = z.object({
  input: z
    .record(z.string(), z.unknown())
    .nullable()
    .optional()
    .describe("The tool's input (its input schema); {} when absent or null"),
  confirm: z.boolean().optional().describe('true to run a tool that changes data'),
});

/**
 * The console's assistant runs the tools of the one catalogue (the MCP server's and the action
 * surface's), in-product: no `integrations` module needed, and a tool the user cannot see does not
 * exist (404 unknown-action). A tool that changes data runs only with `confirm: true`; without it,
 * nothing runs and the answer (409 confirmation-required) says what would.
 */
export const assistantRoutes = routeGroup('assistant', "The console's assistant: the tool catalogue, in-product.", [
  handledRoute({
    method: 'post',
    path: '/api/assistant/tools/{name}',
    operationId: 'callAssistantTool',
    summary: 'Run a tool of the catalogue as the signed-in user',
    who: "Any signed-in user, for the tools their role's permissions and the school's modules allow",
    // The tool is found before the body is read: a tool the user cannot see is 404 whatever was sent.
    guards: ({ resolve }) => [
      (async (ctx, next) => {
        const grant = resolve(ToolCatalogue).find(actorOf(ctx), 'assistant', ctx.params.name ?? '');
        if (!grant) throw new HttpProblem('unknown_action', `no tool ${ctx.params.name} is available to you`);
        ctx.state.grant = grant;
        await next();
      }) satisfies Middleware,
    ],
    body: assistantCall,
    judgesBody: true,
    responses: { 200: z.object({ result: z.unknown().describe("The tool's result (its output schema)") }) },
    problems: ['unknown_action', 'confirmation_required', 'forbidden', 'not_found', 'conflict', 'invalid'],
    async handle({ ctx, deps, body, reply }) {
      const call = (body ?? {}) as { input?: unknown; confirm?: unknown };
      const input = call.input ?? {}; // null, too, reads as "no input"
      if (typeof input !== 'object' || input === null || Array.isArray(input))
        throw invalidField('input', 'must be an object');
      try {
        const result = await deps.resolve(ToolCatalogue).call(deps.resolve, ctx.state.grant as ToolGrant, input, {
          confirmed: call.confirm === true,
        });
        reply(200, { result });
      } catch (e) {
        // The catalogue's confirmation rule: nothing ran; say what would, so the user can confirm it.
        if (!(e instanceof ConfirmationRequired)) throw e;
        sendProblem(ctx, problemDocument('confirmation_required', e.message), {
          code: 'confirmation_required',
          tool: e.toolName,
          summary: e.summary,
        });
      }
    },
  }),
]);
