import type { RouteGroup } from '../contract/route.js';
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
import { schoolRoutes } from './school.js';
import { schoolSettingRoutes } from './settings.js';
import { ssoRoutes } from './sso.js';
import { ticketRoutes } from './tickets.js';
import { cannedReplyRoutes, ticketRoutingRoutes } from './ticket-routing.js';
import { serviceTargetRoutes } from './service-targets.js';
import { mailboxRoutes } from './mailboxes.js';
import { portalRoutes } from './portal.js';
import { userRoutes } from './users.js';
import { webhookRoutes } from './webhooks.js';

/**
 * The console API, by capability, in the order the document and the docs list them. Each group's
 * routes are declared in its own file; to add a capability, write `console-api/<capability>.ts`
 * exporting a routeGroup and list it here (../declared-api.ts compiles and serves them).
 */
export const consoleGroups: readonly RouteGroup[] = [
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
  ticketRoutingRoutes,
  cannedReplyRoutes,
  serviceTargetRoutes,
  mailboxRoutes,
  portalRoutes,
  costRoutes,
  monitorRoutes,
  alertRoutes,
  eventStreamRoutes,
  recordRoutes,
  userRoutes,
  apiKeyRoutes,
  moduleRoutes,
  schoolRoutes,
  schoolSettingRoutes,
  auditRoutes,
  connectedAppRoutes,
  webhookRoutes,
];
