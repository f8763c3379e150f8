import type { RouteGroup } from '../contract/route.js';
import { actionRoutes } from './actions.js';
import { eventKeyRoutes } from './events.js';
import { pingRoutes } from './ping.js';
import { deviceKeyRoutes, submissionKeyRoutes } from './records.js';

/**
 * The API-key surface, `/api/v1` (SPEC §7.2, §7.3), by capability: the routes only keys call. The
 * console routes that keys may call too are declared once, in console-api/, as `keyed` (their
 * `/api/v1` twins). To add a capability, write `v1-api/<capability>.ts` exporting a routeGroup of
 * `access: 'key'` routes and list it here (../declared-api.ts compiles and serves them).
 */
export const keyGroups: readonly RouteGroup[] = [
  pingRoutes,
  deviceKeyRoutes,
  submissionKeyRoutes,
  actionRoutes,
  eventKeyRoutes,
];
