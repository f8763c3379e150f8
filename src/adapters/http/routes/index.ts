import type { RouteModule } from '../route-module.js';
import { healthRoutes } from './health.js';
import { mcpRoutes } from './mcp.js';

/**
 * Every HTTP surface, in registration order. To add one (v1, actions, MCP, console, metrics), write
 * `routes/<surface>.ts` exporting a RouteModule and list it here.
 */
export const routeModules: readonly RouteModule[] = [healthRoutes, mcpRoutes];
