import { consoleApiRoutes } from '../console-api/index.js';
import type { RouteModule } from '../route-module.js';
import { actionRoutes } from './actions.js';
import { eventRoutes } from './events.js';
import { healthRoutes } from './health.js';
import { mcpRoutes } from './mcp.js';
import { metricsRoutes } from './metrics.js';
import { oauthRoutes } from './oauth.js';
import { v1Routes } from './v1.js';

/**
 * Every HTTP surface, in registration order. To add one (v1, actions, MCP, console, metrics), write
 * `routes/<surface>.ts` exporting a RouteModule and list it here.
 */
export const routeModules: readonly RouteModule[] = [
  healthRoutes,
  metricsRoutes,
  v1Routes,
  actionRoutes,
  mcpRoutes,
  oauthRoutes,
  eventRoutes,
  consoleApiRoutes,
];
