/**
 * An audit entry in words (issue 29, point 6): what happened ("Loaner issued"), to what ("Loaner 12",
 * "Repair 5", a person by name) and what changed ("Status: in the pool → out on loan; Holder: Ada
 * Lovelace"), with the names the server gives beside the ids (`names`). The codes stay in the entry
 * for programs and are one click away on the page; an action or field this file does not know is
 * still shown, by its code made readable, rather than hidden.
 */
import { formatDate, formatInstant, formatMoney } from './format.js';
import { kindName, moduleName, roleName } from './words.js';

/** What each record of a target or an action is called. */
const RECORDS: Readonly<Record<string, string>> = {
  loan: 'Loaner',
  loan_group: 'Loan group',
  setup_link: 'Setup link',
  reservation: 'Booking',
  person: 'Person',
  device: 'Device',
  submission: 'Repair',
  ticket: 'Ticket',
  user: 'User',
  apikey: 'API key',
  apiKey: 'API key',
  cost: 'Cost',
  charge: 'Charge',
  payment: 'Payment',
  waiver: 'Waiver',
  coverage: 'Insurance cover',
  monitor: 'Monitor',
  webhook: 'Webhook',
  tenant: 'School',
  module: 'Module',
  import: 'Import',
  oauth: 'Connected app',
  oauthClient: 'Connected app',
  oauthGrant: 'Connected app',
  sso: 'Single sign-on',
  auth: 'Sign-in',
  demo: 'Demo data',
};

/** Whole actions whose words are not "<record> <verb>". */
const ACTIONS: Readonly<Record<string, string>> = {
  'loan.create': 'Loaner added',
  'loan.update': 'Loaner corrected',
  'loan.remind': 'Reminder e-mailed',
  'submission.create': 'Repair reported',
  'submission.status': 'Repair moved',
  'person.agreement.record': 'Agreement recorded',
  'person.guardians.set': 'Guardians changed',
  'tenant.alerts.set': 'Alert addresses changed',
  'tenant.create': 'School created',
  'tenant.update': 'School settings changed',
  'module.change': 'Module turned on or off',
  'auth.sso_bound': 'Single sign-on linked to a user',
  'auth.sso_refused': 'Single sign-on refused',
  'sso.unlink': 'Single sign-on unlinked from a user',
  'oauth.authorize': 'Connected app authorised',
  'oauth.grant_revoke': "Connected app's access revoked",
  'device.status': 'Device status changed',
  'demo.seed': 'Demo data added',
  'loan_group.rename': 'Loan group renamed',
  'setup_link.create': 'Setup link made',
  'setup_link.use': 'Setup link used',
  'setup_link.rejected': 'Setup link refused',
};

const VERBS: Readonly<Record<string, string>> = {
  create: 'added',
  update: 'changed',
  delete: 'deleted',
  remove: 'removed',
  set: 'set',
  issue: 'issued',
  return: 'returned',
  withdraw: 'withdrawn',
  restore: 'restored',
  archive: 'archived',
  assign: 'assigned',
  unassign: 'unassigned',
  cancel: 'cancelled',
  fulfil: 'picked up',
  record: 'recorded',
  revoke: 'revoked',
  invite: 'invited',
  comment: 'commented on',
  disable: 'disabled',
  resend: 'sent again',
  test: 'tested',
  configure: 'set up',
};

/** `IN_REPAIR` as `in repair`, `camelCase` as `camel case`: a code made readable. */
const readable = (code: string): string =>
  code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .toLowerCase();
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export function actionInWords(action: string): string {
  const whole = ACTIONS[action];
  if (whole) return whole;
  const [record = '', verb = ''] = action.split('.');
  const what = RECORDS[record];
  const done = VERBS[verb];
  return what && done ? `${what} ${done}` : capital(readable(action));
}

/** A target (`loan:12`, `person:<id>`) in words, and the console page it has, if any. */
export function targetInWords(
  target: string,
  names: Readonly<Record<string, string>>,
): { words: string; href: string | null } {
  const colon = target.indexOf(':');
  const [kind, ref] = colon < 0 ? [target, ''] : [target.slice(0, colon), target.slice(colon + 1)];
  const what = RECORDS[kind] ?? capital(readable(kind));
  const name = names[ref];
  const href =
    kind === 'loan'
      ? `/loans/${ref}`
      : kind === 'person'
        ? `/people/${ref}`
        : kind === 'device'
          ? `/devices/${ref}`
          : kind === 'ticket'
            ? `/tickets/${ref}`
            : null;
  if (name) return { words: `${what} ${name}`, href };
  // A number names the record as people say it; a bare id says nothing a person can use.
  if (/^\d+$/.test(ref) || kind === 'tenant' || kind === 'import' || kind === 'module') {
    return { words: `${what} ${ref}`, href };
  }
  return { words: what, href };
}

/** What a state is called, for the statuses Desk's records have. */
const STATES: Readonly<Record<string, string>> = {
  AVAILABLE: 'in the pool',
  ISSUED: 'out on loan',
  UNAVAILABLE: 'withdrawn',
  IN_STOCK: 'in stock',
  IN_USE: 'in use',
  IN_REPAIR: 'in repair',
  NEW: 'new',
  ASSIGNED: 'assigned',
  RESOLVED: 'resolved',
  CLOSED: 'closed',
};

const FIELDS: Readonly<Record<string, string>> = {
  holderId: 'Holder',
  assigneeId: 'Assigned to',
  reporterId: 'Reported by',
  requesterId: 'Requester',
  personId: 'Person',
  groupId: 'Loan group',
  userId: 'User',
  keyId: 'API key',
  dueDate: 'Due back',
  amountMinor: 'Amount',
  costMinor: 'Cost',
  balanceMinor: 'Balance',
  submission: 'Repair',
  loan: 'Loaner',
  loanNumber: 'Loaner',
  userGroup: 'Class',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function valueInWords(field: string, value: unknown, names: Readonly<Record<string, string>>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return /Minor$/.test(field) ? formatMoney(value) : value.toLocaleString();
  if (typeof value === 'string') {
    if (names[value]) return names[value]!;
    if (DATE.test(value)) return formatDate(value);
    if (INSTANT.test(value)) return formatInstant(value);
    if (STATES[value]) return STATES[value]!;
    if (field === 'kind') return kindName(value);
    if (field === 'module') return moduleName(value);
    if (field === 'role' || field === 'roles') return roleName(value);
    // An id nobody is named by: not worth a person's reading.
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value)) return 'a record no longer in Desk';
    return value;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? 'none' : value.map((v) => valueInWords(field, v, names)).join(', ');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => `${fieldName(k).toLowerCase()} ${valueInWords(k, v, names)}`)
      .join(', ');
  }
  return String(value);
}

const fieldName = (field: string): string => FIELDS[field] ?? capital(readable(field.replace(/Id$/, '')));

/**
 * What an entry's details say, as short lines: a move as "Status: from → to" (or per field, for a
 * correction whose `from` and `to` are records), then each other detail by its name.
 */
export function changesInWords(
  action: string,
  details: Readonly<Record<string, unknown>>,
  names: Readonly<Record<string, string>>,
): string[] {
  const lines: string[] = [];
  const { from, to, ...rest } = details as { from?: unknown; to?: unknown } & Record<string, unknown>;
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isRecord(from) || isRecord(to)) {
    const f = isRecord(from) ? from : {};
    const t = isRecord(to) ? to : {};
    for (const field of new Set([...Object.keys(f), ...Object.keys(t)])) {
      lines.push(
        `${fieldName(field)}: ${valueInWords(field, f[field], names)} → ${valueInWords(field, t[field], names)}`,
      );
    }
  } else if (from !== undefined || to !== undefined) {
    // A rename moves a name; every other move of one value is a move of state.
    const what = action.endsWith('.rename') ? 'Name' : 'Status';
    lines.push(`${what}: ${valueInWords('status', from, names)} → ${valueInWords('status', to, names)}`);
  }
  for (const [field, value] of Object.entries(rest)) {
    if (value === null || value === undefined) continue;
    lines.push(`${fieldName(field)}: ${valueInWords(field, value, names)}`);
  }
  return lines;
}
