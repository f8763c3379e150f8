/**
 * Every page of the console: its address pattern, its title, how to load it (each page is its own
 * chunk, fetched on first visit) and who may see it. The navigation, the keyboard shortcuts and the
 * "not for you" answer are all read from this one list. To add a page: a folder under pages/ whose
 * index.tsx exports the page as default, and an entry here.
 */
import type { PageRoute } from './page-props.js';
import { importKinds } from './pages/settings/import/kinds.js';
import { can, me } from './state/session.js';

export const ROUTES: readonly PageRoute[] = [
  {
    path: '/',
    title: 'Home',
    load: () => import('./pages/home/index.js'),
    nav: { label: 'Home', order: 0 },
    shortcut: 'h',
  },
  // Repairs ("submissions" in the API). `/repairs/new` before `/repairs/:id`: the first match wins.
  // Those who may only report repairs (teachers) get the list page's way to report one.
  {
    path: '/repairs',
    title: 'Repairs',
    load: () => import('./pages/repairs/index.js'),
    allowed: () => can('module.repairs') && (can('repair.view') || can('repair.create')),
    nav: { label: 'Repairs', order: 40 },
    shortcut: 'r',
  },
  {
    path: '/repairs/new',
    title: 'Report a repair',
    load: () => import('./pages/repairs/new.js'),
    allowed: () => can('module.repairs', 'repair.create'),
  },
  {
    path: '/repairs/:id',
    title: 'Repair',
    load: () => import('./pages/repairs/detail.js'),
    allowed: () => can('module.repairs', 'repair.view'),
  },
  // The service desk. Those who may open tickets but not read the queue get the way to open one.
  {
    path: '/tickets',
    title: 'Tickets',
    load: () => import('./pages/tickets/index.js'),
    allowed: () => can('module.servicedesk') && (can('ticket.view') || can('ticket.create')),
    nav: { label: 'Tickets', order: 50 },
    shortcut: 't',
  },
  {
    path: '/tickets/new',
    title: 'New ticket',
    load: () => import('./pages/tickets/new.js'),
    allowed: () => can('module.servicedesk', 'ticket.create'),
  },
  {
    path: '/tickets/:id',
    title: 'Ticket',
    load: () => import('./pages/tickets/detail.js'),
    allowed: () => can('module.servicedesk', 'ticket.view'),
  },
  // People and devices (issue 13, point 4). `/new` comes before `/:id`: the first pattern that
  // matches an address wins.
  {
    path: '/people',
    title: 'People',
    load: () => import('./pages/people/index.js'),
    allowed: () => can('module.people', 'person.view'),
    nav: { label: 'People', order: 20 },
    shortcut: 'p',
  },
  {
    path: '/people/new',
    title: 'New person',
    load: () => import('./pages/people/new.js'),
    allowed: () => can('module.people', 'person.manage'),
  },
  {
    path: '/people/:id',
    title: 'Person',
    load: () => import('./pages/people/person.js'),
    allowed: () => can('module.people', 'person.view'),
  },
  {
    path: '/people/:id/edit',
    title: 'Edit person',
    load: () => import('./pages/people/edit.js'),
    allowed: () => can('module.people', 'person.manage'),
  },
  {
    path: '/devices',
    title: 'Devices',
    load: () => import('./pages/devices/index.js'),
    allowed: () => can('module.assets', 'device.view'),
    nav: { label: 'Devices', order: 30 },
    shortcut: 'd',
  },
  {
    path: '/devices/new',
    title: 'New device',
    load: () => import('./pages/devices/new.js'),
    allowed: () => can('module.assets', 'device.manage'),
  },
  {
    path: '/devices/:id',
    title: 'Device',
    load: () => import('./pages/devices/device.js'),
    allowed: () => can('module.assets', 'device.view'),
  },
  {
    path: '/devices/:id/edit',
    title: 'Edit device',
    load: () => import('./pages/devices/edit.js'),
    allowed: () => can('module.assets', 'device.manage'),
  },
  {
    path: '/loans',
    title: 'Loans',
    load: () => import('./pages/loans/index.js'),
    allowed: () => can('module.loans', 'loan.view'),
    nav: { label: 'Loans', order: 10 },
    shortcut: 'l',
  },
  {
    path: '/loans/bookings',
    title: 'Bookings',
    load: () => import('./pages/loans/bookings/index.js'),
    // Listing bookings needs loan.view beside reservation.create (desk staff hold reservation.manage too).
    allowed: () => can('module.loans', 'loan.view', 'reservation.create'),
    nav: { label: 'Bookings', order: 15 },
    shortcut: 'b',
  },
  {
    path: '/loans/scan',
    title: 'Scan desk',
    load: () => import('./pages/loans/scan/index.js'),
    // Issuing or returning: a desk that may do either can use it.
    allowed: () => can('module.loans', 'loan.view') && (can('loan.issue') || can('loan.return')),
    shortcut: 's',
  },
  {
    path: '/loans/add',
    title: 'Add loaners',
    load: () => import('./pages/loans/add/index.js'),
    allowed: () => can('module.loans', 'loan.view', 'loan.manage'),
  },
  {
    path: '/loans/:number',
    title: 'Loan',
    load: () => import('./pages/loans/loan.js'),
    allowed: () => can('module.loans', 'loan.view'),
  },
  {
    path: '/costs',
    title: 'Costs',
    load: () => import('./pages/costs/index.js'),
    allowed: () => can('module.costs', 'cost.view'),
    nav: { label: 'Costs', order: 70 },
    shortcut: 'c',
  },
  // Who owes what; each account is kept on the person's page.
  {
    path: '/charges',
    title: 'Balances owed',
    load: () => import('./pages/charges/index.js'),
    allowed: () => can('module.people', 'charge.manage'),
    nav: { label: 'Balances', order: 75 },
  },
  {
    path: '/settings',
    title: 'Settings',
    load: () => import('./pages/settings/index.js'),
    nav: { label: 'Settings', order: 90 },
    shortcut: ',',
  },
  {
    path: '/settings/users',
    title: 'Users and roles',
    load: () => import('./pages/settings/users/index.js'),
    allowed: () => can('user.manage'),
    settings: { label: 'Users and roles', description: 'invite staff, change roles, turn accounts off', order: 10 },
  },
  {
    path: '/settings/loaner-year',
    title: 'Loaner year',
    load: () => import('./pages/settings/loaner-year/index.js'),
    allowed: () => can('user.manage'),
    settings: {
      label: 'Loaner year',
      description: 'when the school year starts, and the checks at the desk when a loan is issued',
      order: 17,
    },
  },
  {
    path: '/settings/sso',
    title: 'Single sign-on',
    load: () => import('./pages/settings/sso/index.js'),
    allowed: () => can('user.manage'),
    settings: {
      label: 'Single sign-on',
      description: "sign staff in with the school's Google Workspace, Microsoft Entra ID or other OpenID provider",
      order: 15,
    },
  },
  {
    path: '/settings/keys',
    title: 'API keys',
    load: () => import('./pages/settings/keys/index.js'),
    allowed: () => can('apikey.manage'),
    settings: {
      label: 'API keys',
      description: 'keys for other programs and MCP clients, and revoking them',
      order: 20,
    },
  },
  {
    path: '/settings/webhooks',
    title: 'Webhooks',
    load: () => import('./pages/settings/webhooks/index.js'),
    allowed: () => can('module.events', 'webhook.manage'),
    settings: { label: 'Webhooks', description: 'send events to other systems, with their delivery log', order: 30 },
  },
  {
    path: '/settings/webhooks/:id',
    title: 'Webhook',
    load: () => import('./pages/settings/webhooks/webhook.js'),
    allowed: () => can('module.events', 'webhook.manage'),
  },
  {
    path: '/settings/import',
    title: 'Import',
    load: () => import('./pages/settings/import/index.js'),
    allowed: () => importKinds().length > 0,
    settings: {
      label: 'Import',
      description: 'bring people, devices or loan units in from a CSV file (checked first), and export them',
      order: 40,
    },
  },
  {
    path: '/settings/monitors',
    title: 'Monitors',
    load: () => import('./pages/settings/monitors/index.js'),
    allowed: () => can('module.events', 'monitor.manage'),
    settings: { label: 'Monitors', description: 'addresses Desk checks, and whether they are up', order: 60 },
  },
  {
    path: '/settings/helpdesk',
    title: 'Help desk',
    load: () => import('./pages/settings/helpdesk/index.js'),
    allowed: () => can('module.servicedesk', 'ticket.manage'),
    settings: {
      label: 'Help desk',
      description: 'ticket categories, teams, routing, hours and targets, e-mail to requesters and mailboxes',
      order: 55,
    },
  },
  {
    path: '/settings/school',
    title: 'School',
    load: () => import('./pages/settings/school/index.js'),
    allowed: () => me.value?.user.role === 'school-admin',
    settings: { label: 'School', description: 'its name, time zone, currency and host names', order: 5 },
  },
  {
    path: '/settings/reminders',
    title: 'Reminders',
    load: () => import('./pages/settings/reminders/index.js'),
    allowed: () => can('module.loans', 'user.manage'),
    settings: { label: 'Reminders', description: 'e-mails to holders and guardians of overdue loans', order: 65 },
  },
  {
    path: '/settings/apps',
    title: 'Connected apps',
    load: () => import('./pages/settings/apps/index.js'),
    settings: {
      label: 'Connected apps',
      description: 'AI assistants and other apps allowed to act for you, and disconnecting them',
      order: 25,
    },
  },
  {
    path: '/settings/insurance',
    title: 'Insurance',
    load: () => import('./pages/settings/insurance/index.js'),
    allowed: () => can('module.people', 'user.manage'),
    settings: {
      label: 'Insurance',
      description: "the deductible and the claims a year of pupils' insurance cover",
      order: 75,
    },
  },
  {
    path: '/settings/audit',
    title: 'Audit log',
    load: () => import('./pages/settings/audit/index.js'),
    allowed: () => can('audit.view'),
    settings: { label: 'Audit log', description: 'who changed what, and when', order: 80 },
  },
];

/** The pages a signed-in user is offered in the navigation, in order. */
export const navigation = (): PageRoute[] =>
  ROUTES.filter((r) => r.nav && (r.allowed?.() ?? true)).sort((a, b) => a.nav!.order - b.nav!.order);

/** Re-exported for routes: `allowed: () => can('module.loans', 'loan.view')`. */
export { can };
