import { CostBreakdown, costBreakdownSchema } from '../../../domain/costs/cost-breakdown.js';
import { costEntrySchema, costListSchema, ListCosts } from '../../../domain/costs/list-costs.js';
import { costResultSchema, RecordCost } from '../../../domain/costs/record-cost.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('CostEntry', costEntrySchema);

/**
 * Costs (module `costs`, issue 12 point 6): the cost register (cost.view), a cost entered by hand
 * (cost.manage), and the spend breakdown of the `costs.breakdown` tool for the console's chart.
 * Every amount is in minor units of the school's currency.
 */
export const costRoutes = routeGroup('costs', 'What the school spent on its devices, and who paid.', [
  useCaseRoute({
    method: 'get',
    path: '/api/costs',
    summary: 'The cost register, newest first, with filters, a page at a time',
    useCase: ListCosts,
    output: named('CostList', costListSchema),
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/costs/breakdown',
    summary: 'Spend by type, coverage or period over a date range (default: the last 12 months)',
    useCase: CostBreakdown,
    output: named('CostBreakdown', costBreakdownSchema),
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/costs',
    summary: 'Record a cost by hand: a purchase, parts, a licence, or (below 0) a refund',
    useCase: RecordCost,
    status: 201,
    output: named('CostResult', costResultSchema),
  }),
]);
