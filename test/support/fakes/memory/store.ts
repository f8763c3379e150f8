/**
 * The one store every in-memory repository reads and writes (what a database would hold), and the
 * small helpers they share. Rows go in and come out as copies, so a caller never changes stored state
 * by mutating a result, and a stored row is replaced, never edited in place.
 */
import type { AuditEntry } from '../../../../src/domain/audit/audit-entry.js';
import type { CostEntry } from '../../../../src/domain/costs/cost-entry.js';
import type { Device } from '../../../../src/domain/devices/device.js';
import type { OutboxEvent } from '../../../../src/domain/events/event.js';
import type { StoredApiKey } from '../../../../src/domain/identity/api-key.js';
import type { Session } from '../../../../src/domain/identity/session.js';
import type { SetupLink } from '../../../../src/domain/identity/setup-link.js';
import type { UserCredentials } from '../../../../src/domain/identity/user.js';
import type { Loan, LoanGroup } from '../../../../src/domain/loans/loan.js';
import type { Monitor, MonitorStatus } from '../../../../src/domain/monitors/monitor.js';
import type { Guardian } from '../../../../src/domain/people/guardian.js';
import type { Reminder } from '../../../../src/domain/reminders/reminder.js';
import type { Agreement } from '../../../../src/domain/people/agreement.js';
import type { AccountEntry, Coverage } from '../../../../src/domain/accounts/account-entry.js';
import type { Person } from '../../../../src/domain/people/person.js';
import type { Reservation } from '../../../../src/domain/reservations/reservation.js';
import { conflict } from '../../../../src/domain/shared/errors.js';
import { offsetOf, type Page, type PageRequest } from '../../../../src/domain/shared/paging.js';
import type { PendingSignIn, SsoBinding } from '../../../../src/domain/sso/sso-binding.js';
import type { SsoProvider } from '../../../../src/domain/sso/sso-provider.js';
import type { Submission } from '../../../../src/domain/submissions/submission.js';
import type { Tenant } from '../../../../src/domain/tenants/tenant.js';
import type { Ticket, TicketComment } from '../../../../src/domain/tickets/ticket.js';
import type { DeliveryAttempt, StoredWebhook } from '../../../../src/domain/webhooks/webhook.js';
import type { JobRun } from '../../../../src/ports/repositories/deployment-jobs.js';
import { emptyOAuthState, type MemoryOAuthState } from './oauth.js';
import type { RoutingRule, StoredTeam, TicketCategory } from '../../../../src/domain/tickets/routing/routing.js';
import type { CannedReply } from '../../../../src/domain/tickets/canned-reply.js';
import type { ClosureDay } from '../../../../src/domain/tickets/service-targets/closure-day.js';
import type { TicketClock } from '../../../../src/domain/tickets/service-targets/clock.js';
import type { StaffMailChoice, TicketMessage } from '../../../../src/domain/tickets/mail/ticket-message.js';
import type {
  Mailbox,
  MailReceipt,
  TicketAttachment,
  UnreadableMessage,
} from '../../../../src/domain/tickets/mail-in/mailbox.js';

import type { PortalSession, SignInLink } from '../../../../src/domain/portal/requester.js';

/** A row and the tenant it belongs to. */
export interface Owned<T> {
  readonly tenantId: string;
  readonly row: T;
}

/** What the mail-in tables hold in memory. */
export interface MemoryMailInState {
  mailboxes: Owned<Mailbox>[];
  receipts: Owned<MailReceipt>[];
  unreadable: Owned<UnreadableMessage>[];
  attachments: Owned<{ attachment: TicketAttachment; content: Buffer }>[];
  addresses: Owned<{ ticketId: string; address: string }>[];
  html: Owned<{ ticketId: string; commentId: string | null; html: string }>[];
}

export const emptyMailIn = (): MemoryMailInState => ({
  mailboxes: [],
  receipts: [],
  unreadable: [],
  attachments: [],
  addresses: [],
  html: [],
});

/** Everything the store holds: what a database would. */
export interface MemoryState {
  tenants: Tenant[];
  /** The last number taken, per `<tenantId>:<counter>`. */
  counters: Record<string, number>;
  people: Owned<Person>[];
  devices: Owned<Device>[];
  loanGroups: Owned<LoanGroup>[];
  loans: Owned<Loan>[];
  submissions: Owned<Submission>[];
  tickets: Owned<Ticket>[];
  ticketComments: Owned<TicketComment>[];
  ticketCategories: Owned<TicketCategory>[];
  teams: Owned<StoredTeam>[];
  routingRules: Owned<RoutingRule>[];
  cannedReplies: Owned<CannedReply>[];
  /** Tickets' service clocks, keyed by the ticket's id. */
  ticketClocks: Owned<TicketClock>[];
  closureDays: Owned<ClosureDay>[];
  /** A ticket's e-mail, with the instant a sender claimed it. */
  ticketMessages: Owned<TicketMessage & { readonly claimedAt: string | null }>[];
  staffMailChoices: Owned<StaffMailChoice>[];
  mailIn: MemoryMailInState;
  costs: Owned<CostEntry>[];
  users: Owned<UserCredentials>[];
  apiKeys: StoredApiKey[];
  setupLinks: Owned<SetupLink>[];
  sessions: Owned<Session>[];
  audit: Owned<AuditEntry>[];
  outbox: Owned<OutboxEvent>[];
  /** Per tenant: the alert addresses set (absent: the school administrators). */
  alertEmails: Record<string, string[]>;
  /** A school's settings as JSON text, per `<tenantId>:<name>` (stored as the databases do). */
  schoolSettings: Record<string, string>;
  /** Each person's guardians in order, per `<tenantId>:<personId>`. */
  guardians: Record<string, Guardian[]>;
  reminders: Owned<Reminder>[];
  reservations: Owned<Reservation>[];
  /** Acceptable-use agreements as recorded, every one kept. */
  agreements: Owned<Agreement>[];
  /** Pupils' account entries in the order recorded, and insurance cover. */
  accountEntries: Owned<AccountEntry>[];
  coverages: Owned<Coverage>[];
  jobs: Record<string, JobRun>;
  webhooks: Owned<StoredWebhook & { leaseOwner: string | null; leaseUntil: string | null }>[];
  deliveries: Owned<DeliveryAttempt>[];
  monitors: Owned<Monitor>[];
  deploymentMonitors: Record<string, MonitorStatus>;
  /** Desk's OAuth authorization server (oauth.ts). */
  oauth: MemoryOAuthState;
  /** Single sign-on (sso.ts): each tenant's provider, bindings, sign-ins in progress. */
  ssoProviders: Owned<SsoProvider>[];
  ssoBindings: Owned<SsoBinding>[];
  pendingSignIns: Owned<PendingSignIn>[];
  /** The portal (portal.ts): sign-in links and sessions, each with its token's hash. */
  portalLinks: Owned<SignInLink>[];
  portalSessions: Owned<PortalSession & { readonly tokenHash: string }>[];
}

export const emptyState = (): MemoryState => ({
  tenants: [],
  counters: {},
  people: [],
  devices: [],
  loanGroups: [],
  loans: [],
  submissions: [],
  tickets: [],
  ticketComments: [],
  ticketCategories: [],
  teams: [],
  routingRules: [],
  cannedReplies: [],
  ticketClocks: [],
  closureDays: [],
  ticketMessages: [],
  staffMailChoices: [],
  mailIn: emptyMailIn(),
  costs: [],
  users: [],
  apiKeys: [],
  setupLinks: [],
  sessions: [],
  audit: [],
  outbox: [],
  alertEmails: {},
  schoolSettings: {},
  guardians: {},
  reminders: [],
  reservations: [],
  agreements: [],
  accountEntries: [],
  coverages: [],
  jobs: {},
  webhooks: [],
  deliveries: [],
  monitors: [],
  deploymentMonitors: {},
  oauth: emptyOAuthState(),
  ssoProviders: [],
  ssoBindings: [],
  pendingSignIns: [],
  portalLinks: [],
  portalSessions: [],
});

// Small helpers shared by the repositories.

export const copy = <T>(value: T): T => structuredClone(value);

export const rowsOf = <T>(table: readonly Owned<T>[], tenantId: string): T[] =>
  table.filter((o) => o.tenantId === tenantId).map((o) => o.row);

export const findRow = <T extends { readonly id: string }>(table: readonly Owned<T>[], tenantId: string, id: string) =>
  table.find((o) => o.tenantId === tenantId && o.row.id === id)?.row ?? null;

/** Literal, case-insensitive substring match (`%` and `_` are plain characters); null never matches. */
export const contains = (value: string | null | undefined, q: string): boolean =>
  value != null && value.toLowerCase().includes(q.toLowerCase());

/** An optional exact filter: unset matches everything. */
export const matches = <T>(wanted: T | undefined, actual: T): boolean => wanted === undefined || wanted === actual;

export const compare = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);

export const pageOf = <T>(sorted: readonly T[], page: PageRequest): Page<T> => {
  const start = offsetOf(page);
  return { items: sorted.slice(start, start + page.pageSize).map(copy), total: sorted.length };
};

/** Throws `conflict` when an added row repeats a unique key of a stored row or of another added row. */
export function assertUnique<T>(
  stored: readonly T[],
  added: readonly T[],
  keys: Record<string, (row: T) => unknown>,
): void {
  for (const [name, keyOf] of Object.entries(keys)) {
    const seen = new Set(stored.map(keyOf));
    for (const row of added) {
      const key = keyOf(row);
      if (seen.has(key)) throw conflict(`${name} ${String(key)} is already taken`);
      seen.add(key);
    }
  }
}

/** Inserts rows of one tenant after checking the table's unique keys inside that tenant (ids: globally). */
export function insertOwned<T extends { readonly id: string }>(
  table: Owned<T>[],
  tenantId: string,
  rows: readonly T[],
  tenantKeys: Record<string, (row: T) => unknown> = {},
): void {
  assertUnique(
    table.map((o) => o.row),
    rows,
    { id: (r) => r.id },
  );
  assertUnique(rowsOf(table, tenantId), rows, tenantKeys);
  table.push(...rows.map((row) => ({ tenantId, row: copy(row) })));
}

/**
 * Replaces rows of one tenant by id with `changed(stored, next)`, after checking the table's unique
 * keys inside the tenant against every other row; returns how many rows it replaced.
 */
export function replaceOwned<T extends { readonly id: string }>(
  table: Owned<T>[],
  tenantId: string,
  rows: readonly T[],
  tenantKeys: Record<string, (row: T) => unknown> = {},
  changed: (stored: T, next: T) => T = (_stored, next) => next,
): number {
  let replaced = 0;
  for (const next of rows) {
    const i = table.findIndex((o) => o.tenantId === tenantId && o.row.id === next.id);
    if (i < 0) continue;
    const row = changed(table[i]!.row, copy(next));
    const others = rowsOf(table, tenantId).filter((r) => r.id !== next.id);
    assertUnique(others, [row], tenantKeys);
    table[i] = { tenantId, row };
    replaced++;
  }
  return replaced;
}

/** A unique key that may be absent: rows without it never collide (a partial unique index). */
export const optionalKey =
  <T>(keyOf: (row: T) => string | null) =>
  (row: T): unknown =>
    keyOf(row) ?? Symbol('no key');

/**
 * A versioned update: writes `changed(stored)` with the version bumped, only while the stored version
 * equals `next.version`. False when the row is missing (in this tenant) or was changed first.
 */
export function updateVersioned<T extends { readonly id: string; readonly version: number }>(
  table: Owned<T>[],
  tenantId: string,
  next: T,
  changed: (stored: T) => T,
): boolean {
  const i = table.findIndex((o) => o.tenantId === tenantId && o.row.id === next.id);
  const stored = table[i]?.row;
  if (!stored || stored.version !== next.version) return false;
  table[i] = { tenantId, row: { ...changed(stored), version: stored.version + 1 } };
  return true;
}
