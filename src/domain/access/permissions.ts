/**
 * The access model of SPEC §4. A permission check is always "required ⊆ effective", where effective =
 * the caller's grants (a key's scopes or a role's permissions) + `module.<x>` for every module the
 * tenant has enabled. `module.*` names are tenant switches: never granted to a role or key.
 */
export const MODULES = [
  'integrations',
  'people',
  'loans',
  'repairs',
  'servicedesk',
  'assets',
  'costs',
  'events',
] as const;
export type ModuleName = (typeof MODULES)[number];

export const PERMISSIONS = [
  'person.view',
  'loan.view',
  'loan.issue',
  'loan.return',
  'repair.view',
  'repair.create',
  'repair.assign',
  'ticket.view',
  'device.view',
  'cost.view',
  'webhook.manage',
  'monitor.manage',
  'event.subscribe',
  'audit.view',
  // Keeping the records (issue 12): each can be a key scope.
  'person.manage',
  'device.manage',
  'loan.manage',
  'ticket.create',
  'ticket.manage',
  'repair.manage',
  'cost.manage',
  // The loaner year (issue 23).
  'reservation.manage',
  'reservation.create',
  'charge.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What each permission lets its holder do, in the words a person reads when an app asks for it (the
 * OAuth consent page) or a key is given it.
 */
export const PERMISSION_DESCRIPTIONS: Readonly<Record<Permission, string>> = {
  'person.view': 'See pupils and staff',
  'loan.view': 'See the loaner pool and who holds what',
  'loan.issue': 'Issue loaners, and take them out of or back into service',
  'loan.return': 'Take loaners back',
  'repair.view': 'See repair submissions',
  'repair.create': 'Report repairs',
  'repair.assign': 'Assign repairs to staff',
  'ticket.view': 'See service-desk tickets',
  'device.view': 'See the asset register',
  'cost.view': 'See costs and spending',
  'webhook.manage': 'Manage webhooks',
  'monitor.manage': 'Manage monitors',
  'event.subscribe': 'Follow the live event stream',
  'audit.view': 'Read the audit log',
  'person.manage': 'Add, change and archive people',
  'device.manage': 'Add and change devices',
  'loan.manage': 'Add and change loaners and loan groups',
  'ticket.create': 'Open tickets',
  'ticket.manage': 'Work on tickets',
  'repair.manage': 'Work on repairs',
  'cost.manage': 'Record costs',
  'reservation.manage': "Book loaners ahead for anyone, and change or cancel anyone's bookings",
  'reservation.create': 'Book loaners of your own loan groups ahead, and change or cancel your own bookings',
  'charge.manage': "See pupils' accounts, and record charges, payments, waivers and insurance cover",
};

/** Console and CLI only: never a tool, never a key scope. */
export const PRIVILEGED_PERMISSIONS = ['user.manage', 'role.manage', 'apikey.manage', 'password.reset'] as const;
export type PrivilegedPermission = (typeof PRIVILEGED_PERMISSIONS)[number];

export type ModulePermission = `module.${ModuleName}`;
export type AnyPermission = Permission | PrivilegedPermission | ModulePermission;

export const ROLES = ['school-admin', 'technician', 'loan-desk', 'teacher', 'read-only'] as const;
export type Role = (typeof ROLES)[number];

const VIEW_PERMISSIONS = PERMISSIONS.filter((p) => p.endsWith('.view'));

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly (Permission | PrivilegedPermission)[]>> = {
  'school-admin': [...PERMISSIONS, ...PRIVILEGED_PERMISSIONS],
  technician: [
    'person.view',
    'loan.view',
    'loan.issue',
    'loan.return',
    'repair.view',
    'repair.create',
    'repair.assign',
    'ticket.view',
    'device.view',
    'cost.view',
    'monitor.manage',
    'event.subscribe',
    'device.manage',
    'loan.manage',
    'ticket.create',
    'ticket.manage',
    'repair.manage',
    'cost.manage',
    'reservation.create',
    'reservation.manage',
    'charge.manage',
  ],
  'loan-desk': [
    'person.view',
    'loan.view',
    'loan.issue',
    'loan.return',
    'repair.view',
    'repair.create',
    'device.view',
    'event.subscribe',
    'loan.manage',
    'ticket.create',
    'reservation.create',
    'reservation.manage',
  ],
  teacher: ['person.view', 'loan.view', 'repair.create', 'ticket.create', 'reservation.create'],
  'read-only': VIEW_PERMISSIONS,
};

export const modulePermission = (m: ModuleName): ModulePermission => `module.${m}`;

export const isModule = (s: string): s is ModuleName => (MODULES as readonly string[]).includes(s);
export const isRole = (s: string): s is Role => (ROLES as readonly string[]).includes(s);
export const isPermission = (s: string): s is Permission => (PERMISSIONS as readonly string[]).includes(s);
export const isPrivileged = (s: string): boolean => (PRIVILEGED_PERMISSIONS as readonly string[]).includes(s);

export function effectivePermissions(
  grants: Iterable<string>,
  enabledModules: Iterable<ModuleName>,
): ReadonlySet<string> {
  const set = new Set<string>();
  // A stored grant that names a module is ignored: modules come from the tenant alone.
  for (const g of grants) if (!g.startsWith('module.')) set.add(g);
  for (const m of enabledModules) set.add(modulePermission(m));
  return set;
}

export const missingPermissions = (effective: ReadonlySet<string>, required: readonly string[]): string[] =>
  required.filter((p) => !effective.has(p));

/**
 * The scopes a holder of `effective` may give a key: every key permission they hold themselves
 * (CreateApiKey refuses any other), in catalogue order. What the console offers as checkboxes.
 */
export const grantableScopes = (effective: ReadonlySet<string>): Permission[] =>
  PERMISSIONS.filter((p) => effective.has(p));

/**
 * The roles a holder of `effective` is offered when adding a user or changing a role: those whose
 * permissions they hold all of (nobody hands out more than they have). CreateUser and UpdateUser
 * refuse any other (requireGrantableRole). Today only school administrators manage users, and they
 * hold every permission, so this is every role for them.
 */
export const grantableRoles = (effective: ReadonlySet<string>): Role[] =>
  ROLES.filter((r) => ROLE_PERMISSIONS[r].every((p) => effective.has(p)));
