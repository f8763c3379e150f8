import { CreateLoan } from '../../../domain/loans/create-loan.js';
import { CreateLoanGroup } from '../../../domain/loans/create-loan-group.js';
import { ListLoanGroups } from '../../../domain/loans/list-loan-groups.js';
import { RenameLoanGroup } from '../../../domain/loans/rename-loan-group.js';
import { UpdateLoan } from '../../../domain/loans/update-loan.js';
import { perform } from '../../../domain/shared/use-case.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { jsonBody, objectBody } from '../json-body.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import type { RouteModule } from '../route-module.js';

/**
 * A number in a path, as data: digits become a number, anything else stays text, which the use case's
 * schema refuses naming the field once the caller has been admitted (404 module, 403 permission, 400).
 */
const pathNumber = (raw: string | undefined): unknown =>
  raw !== undefined && /^[0-9]{1,15}$/.test(raw) ? Number(raw) : raw;

/**
 * Keeping the loaner pool (issue 12, point 4), for signed-in staff: loan groups (list, create,
 * rename) and units (add with the next number; move to another group or change the serial). Beside
 * the console's loan moves (`/api/loans/:number/issue|return|withdraw|restore`, routes/console.ts):
 * a unit is addressed by its number there and here. Writes follow the Origins rule.
 */
export const loanPoolRoutes: RouteModule = {
  name: 'loan-pool',
  register(router, deps) {
    const { container, config, resolve } = deps;
    const signedIn = consoleAuth(container);
    const sameOrigin = requireAllowedOrigin(new OriginPolicy(config));

    router.get('/api/loan-groups', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, ListLoanGroups, consoleActor(ctx), {});
    });
    router.post('/api/loan-groups', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, CreateLoanGroup, consoleActor(ctx), objectBody(ctx));
      ctx.status = 201;
    });
    router.patch('/api/loan-groups/:id', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, RenameLoanGroup, consoleActor(ctx), { ...objectBody(ctx), id: ctx.params.id });
    });

    router.post('/api/loans', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, CreateLoan, consoleActor(ctx), objectBody(ctx));
      ctx.status = 201;
    });
    router.patch('/api/loans/:number', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, UpdateLoan, consoleActor(ctx), {
        ...objectBody(ctx),
        number: pathNumber(ctx.params.number),
      });
    });
  },
};
