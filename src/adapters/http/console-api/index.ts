import { z } from 'zod';
import { consoleOpenApi, type ConsoleDocument } from '../contract/openapi.js';
import { registerRoutes } from '../contract/register.js';
import { handledRoute, routeGroup, type RouteGroup } from '../contract/route.js';
import type { RouteModule } from '../route-module.js';
import { accountRoutes } from './accounts.js';
import { apiKeyRoutes } from './api-keys.js';
import { assistantRoutes } from './assistant.js';
import { auditRoutes } from './audit.js';
import { authRoutes } from './auth.js';
import { connectedAppRoutes } from './connected-apps.js';
import { costRoutes } from './costs.js';
import { deviceRoutes } from './devices.js';
import { eventStreamRoutes } from './events.js';
import { loanGroupRoutes, loanRoutes } from './loans.js';
import { alertRoutes, monitorRoutes } from './monitors.js';
import { moduleRoutes } from './modules.js';
import { peopleRoutes } from './people.js';
import { recordRoutes } from './records.js';
import { repairRoutes } from './repairs.js';
import { reservationRoutes } from './reservations.js';
import { schoolSettingRoutes } from './settings.js';
import { ssoRoutes } from './sso.js';
import { ticketRoutes } from './tickets.js';
import { userRoutes } from './users.js';
import { webhookRoutes } from './webhooks.js';

/**
 * The console API, by capability, in the order the document and the docs list them. Each group's
 * routes are declared in its own file; to add a capability, write `console-api/<capability>.ts`
 * exporting a routeGroup and list it here.
 */
const CAPABILITIES: readonly RouteGroup[] = [
  authRoutes,
  ssoRoutes,
  loanRoutes,
  loanGroupRoutes,
  reservationRoutes,
  assistantRoutes,
  peopleRoutes,
  accountRoutes,
  deviceRoutes,
  repairRoutes,
  ticketRoutes,
  costRoutes,
  monitorRoutes,
  alertRoutes,
  eventStreamRoutes,
  recordRoutes,
  userRoutes,
  apiKeyRoutes,
  moduleRoutes,
  schoolSettingRoutes,
  auditRoutes,
  connectedAppRoutes,
  webhookRoutes,
];

/** The route that answers with the document itself (which lists it too). */
const contractRoutes = (document: () => ConsoleDocument): RouteGroup =>
  routeGroup('contract', 'The console API describing itself.', [
    handledRoute({
      method: 'get',
      path: '/api/openapi.json',
      operationId: 'getConsoleOpenApi',
      summary: 'This document: the console API as OpenAPI 3.1, generated from its route declarations',
      responses: { 200: z.record(z.string(), z.unknown()).describe('An OpenAPI 3.1 document') },
      async handle({ reply }) {
        reply(200, document().document);
      },
    }),
  ]);

/**
 * Every console route group, the document's own route included, and the document they make, made on
 * first use: a server builds it only when someone asks for it (or the answer check needs it).
 */
function declaredConsoleApi(o: { version: string; serverUrl: string }): {
  readonly groups: readonly RouteGroup[];
  readonly document: () => ConsoleDocument;
} {
  let made: ConsoleDocument | undefined;
  const document = (): ConsoleDocument => (made ??= consoleOpenApi(groups, o));
  const groups = [...CAPABILITIES, contractRoutes(document)];
  return { groups, document };
}

/** Every console route group, the document's own route included, and the document they make. */
export function consoleApi(o: { version: string; serverUrl: string }): {
  readonly groups: readonly RouteGroup[];
  readonly document: ConsoleDocument;
} {
  const { groups, document } = declaredConsoleApi(o);
  return { groups, document: document() };
}

/** Registers every declared console route, and the document they make at `GET /api/openapi.json`. */
export const consoleApiRoutes: RouteModule = {
  name: 'console-api',
  register(router, deps) {
    const { groups, document } = declaredConsoleApi({ version: deps.build.version, serverUrl: deps.config.publicUrl });
    registerRoutes(router, deps, groups, document);
  },
};
