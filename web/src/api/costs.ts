/**
 * Costs: the breakdown (by type, who pays or period), the list, and recording one by hand. Types from
 * the console API's declarations (console-api.gen.ts).
 */
import { call, type QueryParams, type RequestBody } from './client.js';
import type { CostBreakdown, CostEntry, CostList } from './console-api.gen.js';

export type { CostBreakdown, CostEntry, CostList };
export type CostFilters = NonNullable<QueryParams<'get', '/api/costs'>>;
export type BreakdownQuery = QueryParams<'get', '/api/costs/breakdown'>;
export type NewCost = RequestBody<'post', '/api/costs'>;

export const costBreakdown = (q: BreakdownQuery) => call('get', '/api/costs/breakdown', { query: q });
export const listCosts = (filters: CostFilters) => call('get', '/api/costs', { query: filters });
export const recordCost = (cost: NewCost) => call('post', '/api/costs', { body: cost });
