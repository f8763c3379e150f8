import type { Context, Middleware } from 'koa';
import { ConfirmationRequired, ToolCatalogue, type ToolGrant } from '../../../domain/catalogue/catalogue.js';
import { IssueLoan } from '../../../domain/loans/issue-loan.js';
import { ListAllLoans } from '../../../domain/loans/list-all-loans.js';
import { ListLoans } from '../../../domain/loans/list-loans.js';
import { RestoreLoan } from '../../../domain/loans/restore-loan.js';
import { ReturnLoan } from '../../../domain/loans/return-loan.js';
import { WithdrawLoan } from '../../../domain/loans/withdraw-loan.js';
import { invalidField } from '../../../domain/shared/errors.js';
import { perform } from '../../../domain/shared/use-case.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { jsonBody, objectBody } from '../json-body.js';
import { sendProblem } from '../middleware/error-handler.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { HttpProblem, problemDocument } from '../problems.js';
import { queryReader } from '../query.js';
import type { RouteModule } from '../route-module.js';

const readInventoryQuery = queryReader(ListLoans.input);
const readLegacyQuery = queryReader(ListAllLoans.input);

function loanNumber(ctx: Context): number {
  const raw = ctx.params.number ?? '';
  if (!/^[0-9]{1,9}$/.test(raw) || Number(raw) < 1)
    throw invalidField('number', 'must be a loan number (a positive whole number)');
  return Number(raw);
}

/**
 * The console API (SPEC §7.4): the paged loan inventory, the legacy list, loan writes by number (or,
 * for the scan desk, by serial in the body) and the assistant runner. Signed-in users only, with their
 * role's permissions and, for teachers, their loan groups; writes also refuse browser origins that are
 * not ours or the user's own school's.
 */
export const consoleRoutes: RouteModule = {
  name: 'console',
  register(router, deps) {
    const { container, config, resolve } = deps;
    const signedIn = consoleAuth(container);
    // Cookies travel with cross-site requests: a write must come from our own pages, or the pages of
    // the user's own school (or no browser at all).
    const sameOrigin = requireAllowedOrigin(new OriginPolicy(config));

    router.get('/api/loans/inventory', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, ListLoans, consoleActor(ctx), readInventoryQuery(ctx));
    });

    router.get('/api/loans', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, ListAllLoans, consoleActor(ctx), readLegacyQuery(ctx));
    });

    router.post('/api/loans/:number/issue', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      const body = ctx.request.body as Record<string, unknown>;
      ctx.body = await perform(resolve, IssueLoan, consoleActor(ctx), { ...body, number: loanNumber(ctx) });
    });
    // The scan desk's moves: the loan named in the body by its serial (what a barcode carries) or its
    // number, exactly as the loans.issue / loans.return tools take it. One request per scan: the answer
    // is the check (404 unknown serial, 409 already issued or not issued).
    router.post('/api/loans/issue', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, IssueLoan, consoleActor(ctx), objectBody(ctx));
    });
    router.post('/api/loans/return', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, ReturnLoan, consoleActor(ctx), objectBody(ctx));
    });
    // Return, withdraw and restore take nothing but the number in the path.
    for (const [verb, useCase] of [
      ['return', ReturnLoan],
      ['withdraw', WithdrawLoan],
      ['restore', RestoreLoan],
    ] as const) {
      router.post(`/api/loans/:number/${verb}`, signedIn, sameOrigin, jsonBody(), async (ctx) => {
        ctx.body = await perform(resolve, useCase, consoleActor(ctx), { number: loanNumber(ctx) });
      });
    }

    // In-product: no module.integrations needed; a tool the user cannot see does not exist.
    const granted: Middleware = async (ctx, next) => {
      const grant = resolve(ToolCatalogue).find(consoleActor(ctx), 'assistant', ctx.params.name ?? '');
      if (!grant) throw new HttpProblem('unknown_action', `no tool ${ctx.params.name} is available to you`);
      ctx.state.grant = grant;
      await next();
    };

    router.post('/api/assistant/tools/:name', signedIn, sameOrigin, granted, jsonBody(), async (ctx) => {
      const body = ctx.request.body as { input?: unknown; confirm?: unknown };
      const input = body.input ?? {};
      if (typeof input !== 'object' || input === null || Array.isArray(input))
        throw invalidField('input', 'must be an object');
      try {
        const result = await resolve(ToolCatalogue).call(resolve, ctx.state.grant as ToolGrant, input, {
          confirmed: body.confirm === true,
        });
        ctx.body = { result };
      } catch (e) {
        // The catalogue's confirmation rule: nothing ran; say what would, so the user can confirm it.
        if (!(e instanceof ConfirmationRequired)) throw e;
        sendProblem(ctx, problemDocument('confirmation_required', e.message), {
          code: 'confirmation_required',
          tool: e.toolName,
          summary: e.summary,
        });
      }
    });
  },
};
