import { CostBreakdown } from '../../../domain/costs/cost-breakdown.js';
import { ListCosts } from '../../../domain/costs/list-costs.js';
import { RecordCost } from '../../../domain/costs/record-cost.js';
import { perform } from '../../../domain/shared/use-case.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { jsonBody, objectBody } from '../json-body.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { queryReader } from '../query.js';
import type { RouteModule } from '../route-module.js';

const readCostQuery = queryReader(ListCosts.input);
const readBreakdownQuery = queryReader(CostBreakdown.input);

/**
 * Costs in the console (issue 12, point 6; module `costs`): the cost register (cost.view), a cost
 * entered by hand (cost.manage), and the spend breakdown of the `costs.breakdown` tool for the
 * console's chart. Signed-in staff only; writes also refuse browser origins that are not ours or
 * the user's own school's.
 */
export const costRoutes: RouteModule = {
  name: 'costs',
  register(router, { container, config, resolve }) {
    const signedIn = consoleAuth(container);
    const sameOrigin = requireAllowedOrigin(new OriginPolicy(config));

    router.get('/api/costs', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, ListCosts, consoleActor(ctx), readCostQuery(ctx));
    });
    router.get('/api/costs/breakdown', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, CostBreakdown, consoleActor(ctx), readBreakdownQuery(ctx));
    });
    router.post('/api/costs', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, RecordCost, consoleActor(ctx), objectBody(ctx));
      ctx.status = 201;
    });
  },
};
