import { declaredRoutes } from '../declared-api.js';
import type { RouteModule } from '../route-module.js';
import { healthRoutes } from './health.js';
import { mcpRoutes } from './mcp.js';
import { metricsRoutes } from './metrics.js';
import { oauthRoutes } from './oauth.js';

/**
 * Every HTTP surface, in registration order: the protocol surfaces written by hand (health, metrics,
 * MCP, the OAuth protocol), then every declared route (the console API and the API-key surface, from
 * their declarations: declared-api.ts). To add a protocol surface, write `routes/<surface>.ts`
 * exporting a RouteModule and list it here; a console or key route is a declaration instead.
 */
export const routeModules: readonly RouteModule[] = [
  healthRoutes,
  metricsRoutes,
  mcpRoutes,
  oauthRoutes,
  declaredRoutes,
];
