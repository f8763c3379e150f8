import type { Context } from 'koa';
import { ToolCatalogue } from '../../../domain/catalogue/catalogue.js';
import { IssueLoan } from '../../../domain/loans/issue-loan.js';
import { listAllLoansInput, ListAllLoans } from '../../../domain/loans/list-all-loans.js';
import { listLoansInput, ListLoans } from '../../../domain/loans/list-loans.js';
import { RestoreLoan } from '../../../domain/loans/restore-loan.js';
import { ReturnLoan } from '../../../domain/loans/return-loan.js';
import { WithdrawLoan } from '../../../domain/loans/withdraw-loan.js';
import { DomainError, invalidField } from '../../../domain/shared/errors.js';
import { parseInput } from '../../../domain/shared/validation.js';
import { resolveFrom } from '../../resolve-use-case.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { jsonBody } from '../json-body.js';
import { sendProblem } from '../middleware/error-handler.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { HttpProblem, problemDocument } from '../problems.js';
import { queryReader } from '../query.js';
import type { RouteModule } from '../route-module.js';

const readInventoryQuery = queryReader(listLoansInput);
const readLegacyQuery = queryReader(listAllLoansInput);

/** `overdue`: only the value `true` turns the filter on; any other value is ignored (seed §4.4). */
function withOverdue<T extends { overdue?: unknown }>(input: T): T {
  const { overdue, ...rest } = input;
  return (overdue === 'true' ? { ...rest, overdue: true } : rest) as T;
}

function loanNumber(ctx: Context): number {
  const raw = ctx.params.number ?? '';
  if (!/^[0-9]{1,9}$/.test(raw) || Number(raw) < 1)
    throw invalidField('number', 'must be a loan number (a positive whole number)');
  return Number(raw);
}

/** A readable line saying what a tool would do, for the confirmation the assistant asks for. */
function summarise(title: string, input: Record<string, unknown>): string {
  const args = Object.entries(input).map(([k, v]) => `${k} ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return args.length ? `${title}: ${args.join(', ')}` : title;
}

/**
 * The console API (SPEC §7.4): the paged loan inventory, the legacy list, loan writes by number and
 * the assistant runner. Signed-in users only, with their role's permissions and, for teachers, their
 * loan groups; writes also refuse browser origins that are not ours or the user's own school's.
 */
export const consoleRoutes: RouteModule = {
  name: 'console',
  register(router, deps) {
    const { container, config } = deps;
    const signedIn = consoleAuth(container);
    // Cookies travel with cross-site requests: a write must come from our own pages, or the pages of
    // the user's own school (or no browser at all).
    const sameOrigin = requireAllowedOrigin(new OriginPolicy(config));

    router.get('/api/loans/inventory', signedIn, async (ctx) => {
      ctx.body = await container.get(ListLoans).execute(consoleActor(ctx), withOverdue(readInventoryQuery(ctx)));
    });

    router.get('/api/loans', signedIn, async (ctx) => {
      ctx.body = await container.get(ListAllLoans).execute(consoleActor(ctx), withOverdue(readLegacyQuery(ctx)));
    });

    router.post('/api/loans/:number/issue', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      const body = ctx.request.body as Record<string, unknown>;
      ctx.body = await container
        .get(IssueLoan)
        .execute(consoleActor(ctx), { ...body, number: loanNumber(ctx) } as never);
    });
    // Return, withdraw and restore take nothing but the number in the path.
    const transitions = {
      return: (ctx: Context) => container.get(ReturnLoan).execute(consoleActor(ctx), { number: loanNumber(ctx) }),
      withdraw: (ctx: Context) => container.get(WithdrawLoan).execute(consoleActor(ctx), { number: loanNumber(ctx) }),
      restore: (ctx: Context) => container.get(RestoreLoan).execute(consoleActor(ctx), { number: loanNumber(ctx) }),
    };
    for (const [verb, run] of Object.entries(transitions)) {
      router.post(`/api/loans/:number/${verb}`, signedIn, sameOrigin, jsonBody(), async (ctx) => {
        ctx.body = await run(ctx);
      });
    }

    router.post('/api/assistant/tools/:name', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      const actor = consoleActor(ctx);
      const catalogue = container.get(ToolCatalogue);
      // In-product: no module.integrations needed; a tool the user cannot see does not exist.
      const tool = catalogue.find(actor, 'assistant', ctx.params.name ?? '');
      if (!tool) throw new HttpProblem('unknown_action', `no tool ${ctx.params.name} is available to you`);
      const body = ctx.request.body as { input?: unknown; confirm?: unknown };
      const input = body.input ?? {};
      if (typeof input !== 'object' || input === null || Array.isArray(input))
        throw invalidField('input', 'must be an object');
      // Invalid input is reported before any confirmation: nobody should confirm a call that cannot run.
      parseInput(tool.definition.input, input);
      if (!tool.readOnly && body.confirm !== true) {
        const summary = summarise(tool.title, input as Record<string, unknown>);
        sendProblem(ctx, {
          ...problemDocument(
            'confirmation_required',
            `${tool.name} changes data: repeat the request with "confirm": true to run it`,
          ),
          code: 'confirmation_required',
          tool: tool.name,
          summary,
        } as never);
        return;
      }
      ctx.body = { result: await catalogue.invoke(resolveFrom(container), actor, 'assistant', tool.name, input) };
    });
  },
};
