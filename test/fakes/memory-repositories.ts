/**
 * In-memory repositories for unit tests: plain arrays, filtered per call. Faithful to the contract in
 * src/ports/repositories.ts, which test/contract/memory.test.ts runs against this fake.
 *
 * Every repository reads and writes one `MemoryState`. Rows go in and come out as copies, so a caller
 * never changes stored state by mutating a result, and a stored row is replaced, never edited in place.
 */
import type { ModuleName, Role } from '../../src/domain/access/permissions.js';
import type { AuditEntry } from '../../src/domain/audit/audit-entry.js';
import { periodKey, type CostEntry, type CostRow } from '../../src/domain/costs/cost-entry.js';
import type { Device } from '../../src/domain/devices/device.js';
import type { EventKind, NewOutboxEvent, OutboxEvent } from '../../src/domain/events/event.js';
import type { ApiKey, StoredApiKey } from '../../src/domain/identity/api-key.js';
import type { Session } from '../../src/domain/identity/session.js';
import type { SetupLink } from '../../src/domain/identity/setup-link.js';
import type { User, UserCredentials } from '../../src/domain/identity/user.js';
import type { Loan, LoanGroup, LoanRow } from '../../src/domain/loans/loan.js';
import type { Monitor, MonitorState, MonitorStatus } from '../../src/domain/monitors/monitor.js';
import type { Person } from '../../src/domain/people/person.js';
import { conflict } from '../../src/domain/shared/errors.js';
import { offsetOf, type Page, type PageRequest } from '../../src/domain/shared/paging.js';
import type { Submission } from '../../src/domain/submissions/submission.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import type { Ticket, TicketComment } from '../../src/domain/tickets/ticket.js';
import type { DeliveryAttempt, DisabledReason, StoredWebhook } from '../../src/domain/webhooks/webhook.js';
import type { Repositories } from '../../src/ports/repositories.js';
import type { ApiKeyRepository } from '../../src/ports/repositories/api-keys.js';
import type { AuditQuery, AuditRepository } from '../../src/ports/repositories/audit.js';
import type { CostFilter, CostQuery, CostRepository } from '../../src/ports/repositories/costs.js';
import type { DeploymentJobRepository, JobRun } from '../../src/ports/repositories/deployment-jobs.js';
import type { DeviceRepository, DeviceSearch } from '../../src/ports/repositories/devices.js';
import type { LoanGroupRepository } from '../../src/ports/repositories/loan-groups.js';
import type { GroupLoanCounts, LoanCounts, LoanFilter, LoanRepository } from '../../src/ports/repositories/loans.js';
import type { MonitorRepository } from '../../src/ports/repositories/monitors.js';
import type { OutboxRepository } from '../../src/ports/repositories/outbox.js';
import type { PersonCursor, PersonFilter, PersonRepository, PersonSearch } from '../../src/ports/repositories/people.js';
import type { SessionRepository } from '../../src/ports/repositories/sessions.js';
import type { SetupLinkRepository } from '../../src/ports/repositories/setup-links.js';
import type { SubmissionRepository, SubmissionSearch } from '../../src/ports/repositories/submissions.js';
import type { Counter, TenantRepository } from '../../src/ports/repositories/tenants.js';
import type { TicketRepository, TicketSearch } from '../../src/ports/repositories/tickets.js';
import type { UserRepository } from '../../src/ports/repositories/users.js';
import type { ClaimedWebhook, WebhookProgress, WebhookRepository } from '../../src/ports/repositories/webhooks.js';
import { AccessChangeRepository } from '../../src/ports/repositories/access-changes.js';
import {
  emptyOAuthState,
  MemoryGrantRepository,
  MemoryOAuthAuthorizationRepository,
  MemoryOAuthClientRepository,
  MemoryOAuthTokenRepository,
  type MemoryOAuthState,
} from './memory-oauth.js';
import type { PendingSignIn, SsoBinding } from '../../src/domain/sso/sso-binding.js';
import type { SsoProvider } from '../../src/domain/sso/sso-provider.js';
import {
  MemoryPendingSignInRepository,
  MemorySsoBindingRepository,
  MemorySsoProviderRepository,
} from './memory-sso-repositories.js';

/** A row and the tenant it belongs to. */
export interface Owned<T> {
  readonly tenantId: string;
  readonly row: T;
}

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
  costs: Owned<CostEntry>[];
  users: Owned<UserCredentials>[];
  apiKeys: StoredApiKey[];
  setupLinks: Owned<SetupLink>[];
  sessions: Owned<Session>[];
  audit: Owned<AuditEntry>[];
  outbox: Owned<OutboxEvent>[];
  /** Per tenant: the alert addresses set (absent: the school administrators). */
  alertEmails: Record<string, string[]>;
  jobs: Record<string, JobRun>;
  webhooks: Owned<StoredWebhook & { leaseOwner: string | null; leaseUntil: string | null }>[];
  deliveries: Owned<DeliveryAttempt>[];
  monitors: Owned<Monitor>[];
  deploymentMonitors: Record<string, MonitorStatus>;
  /** Desk's OAuth authorization server (memory-oauth.ts). */
  oauth: MemoryOAuthState;
  /** Single sign-on (memory-sso-repositories.ts): each tenant's provider, bindings, sign-ins in progress. */
  ssoProviders: Owned<SsoProvider>[];
  ssoBindings: Owned<SsoBinding>[];
  pendingSignIns: Owned<PendingSignIn>[];
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
  costs: [],
  users: [],
  apiKeys: [],
  setupLinks: [],
  sessions: [],
  audit: [],
  outbox: [],
  alertEmails: {},
  jobs: {},
  webhooks: [],
  deliveries: [],
  monitors: [],
  deploymentMonitors: {},
  oauth: emptyOAuthState(),
  ssoProviders: [],
  ssoBindings: [],
  pendingSignIns: [],
});

// Small helpers shared by the repositories.

const copy = <T>(value: T): T => structuredClone(value);

const rowsOf = <T>(table: readonly Owned<T>[], tenantId: string): T[] =>
  table.filter((o) => o.tenantId === tenantId).map((o) => o.row);

const findRow = <T extends { readonly id: string }>(table: readonly Owned<T>[], tenantId: string, id: string) =>
  table.find((o) => o.tenantId === tenantId && o.row.id === id)?.row ?? null;

/** Literal, case-insensitive substring match (`%` and `_` are plain characters); null never matches. */
const contains = (value: string | null | undefined, q: string): boolean =>
  value != null && value.toLowerCase().includes(q.toLowerCase());

/** An optional exact filter: unset matches everything. */
const matches = <T>(wanted: T | undefined, actual: T): boolean => wanted === undefined || wanted === actual;

const compare = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);

const pageOf = <T>(sorted: readonly T[], page: PageRequest): Page<T> => {
  const start = offsetOf(page);
  return { items: sorted.slice(start, start + page.pageSize).map(copy), total: sorted.length };
};

/** Throws `conflict` when an added row repeats a unique key of a stored row or of another added row. */
function assertUnique<T>(stored: readonly T[], added: readonly T[], keys: Record<string, (row: T) => unknown>): void {
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
function insertOwned<T extends { readonly id: string }>(
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
function replaceOwned<T extends { readonly id: string }>(
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
const optionalKey =
  <T>(keyOf: (row: T) => string | null) =>
  (row: T): unknown =>
    keyOf(row) ?? Symbol('no key');

/**
 * A versioned update: writes `changed(stored)` with the version bumped, only while the stored version
 * equals `next.version`. False when the row is missing (in this tenant) or was changed first.
 */
function updateVersioned<T extends { readonly id: string; readonly version: number }>(
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

export class MemoryTenantRepository implements TenantRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(tenant: Tenant): Promise<void> {
    assertUnique(this.state.tenants, [tenant], { 'tenant id': (t) => t.id, 'tenant slug': (t) => t.slug });
    const taken = new Set(this.state.tenants.flatMap((t) => t.hosts.map((h) => h.toLowerCase())));
    for (const host of tenant.hosts) {
      if (taken.has(host.toLowerCase())) throw conflict(`host ${host} already belongs to a tenant`);
    }
    this.state.tenants.push(copy(tenant));
  }

  async findBySlug(slug: string): Promise<Tenant | null> {
    return copy(this.state.tenants.find((t) => t.slug === slug) ?? null);
  }

  async findByHost(host: string): Promise<Tenant | null> {
    const wanted = host.toLowerCase();
    return copy(this.state.tenants.find((t) => t.hosts.some((h) => h.toLowerCase() === wanted)) ?? null);
  }

  async findById(tenantId: string): Promise<Tenant | null> {
    return copy(this.state.tenants.find((t) => t.id === tenantId) ?? null);
  }

  async list(): Promise<Tenant[]> {
    return [...this.state.tenants].sort((a, b) => compare(a.slug, b.slug)).map(copy);
  }

  async setModules(tenantId: string, modules: readonly ModuleName[]): Promise<void> {
    this.state.tenants = this.state.tenants.map((t) => (t.id === tenantId ? { ...t, modules: [...modules] } : t));
  }

  async takeNumber(tenantId: string, counter: Counter): Promise<number> {
    return this.takeNumbers(tenantId, counter, 1);
  }

  async takeNumbers(tenantId: string, counter: Counter, count: number): Promise<number> {
    const first = await this.peekNumber(tenantId, counter);
    this.state.counters[`${tenantId}:${counter}`] = first + count - 1;
    return first;
  }

  async peekNumber(tenantId: string, counter: Counter): Promise<number> {
    return (this.state.counters[`${tenantId}:${counter}`] ?? 0) + 1;
  }

  async alertEmails(tenantId: string): Promise<string[] | null> {
    return copy(this.state.alertEmails[tenantId] ?? null);
  }

  async setAlertEmails(tenantId: string, emails: readonly string[] | null): Promise<void> {
    if (emails) this.state.alertEmails[tenantId] = [...emails];
    else delete this.state.alertEmails[tenantId];
  }
}

const PERSON_KEYS = { 'external id': optionalKey<Person>((p) => p.externalId) };

const byNameThenId = (a: Person, b: Person): number => compare(a.name, b.name) || compare(a.id, b.id);

export class MemoryPersonRepository implements PersonRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, people: readonly Person[]): Promise<void> {
    insertOwned(this.state.people, tenantId, people, PERSON_KEYS);
  }

  async findById(tenantId: string, id: string): Promise<Person | null> {
    return copy(findRow(this.state.people, tenantId, id));
  }

  async search(tenantId: string, search: PersonSearch): Promise<Person[]> {
    return this.matching(tenantId, search).slice(0, search.limit).map(copy);
  }

  async list(tenantId: string, filter: PersonFilter, page: PageRequest): Promise<Page<Person>> {
    return pageOf(this.matching(tenantId, filter), page);
  }

  async scan(tenantId: string, filter: PersonFilter, after: PersonCursor | null, limit: number): Promise<Person[]> {
    return this.matching(tenantId, filter)
      .filter((p) => after === null || byNameThenId(p, { ...p, name: after.name, id: after.id }) > 0)
      .slice(0, limit)
      .map(copy);
  }

  async findByIds(tenantId: string, ids: readonly string[]): Promise<Person[]> {
    const wanted = new Set(ids);
    return rowsOf(this.state.people, tenantId)
      .filter((p) => wanted.has(p.id))
      .map(copy);
  }

  async findByExternalIds(tenantId: string, externalIds: readonly string[]): Promise<Person[]> {
    const wanted = new Set(externalIds);
    return rowsOf(this.state.people, tenantId)
      .filter((p) => p.externalId !== null && wanted.has(p.externalId))
      .map(copy);
  }

  async findByEmails(tenantId: string, emails: readonly string[]): Promise<Person[]> {
    const wanted = new Set(emails);
    return rowsOf(this.state.people, tenantId)
      .filter((p) => p.email !== null && wanted.has(p.email))
      .map(copy);
  }

  async update(tenantId: string, person: Person): Promise<boolean> {
    return (await this.updateMany(tenantId, [person])) === 1;
  }

  async updateMany(tenantId: string, people: readonly Person[]): Promise<number> {
    return replaceOwned(this.state.people, tenantId, people, PERSON_KEYS);
  }

  async count(tenantId: string): Promise<number> {
    return rowsOf(this.state.people, tenantId).length;
  }

  private matching(tenantId: string, f: PersonFilter): Person[] {
    const { q } = f;
    return rowsOf(this.state.people, tenantId)
      .filter((p) => !q || [p.name, p.email, p.externalId].some((v) => contains(v, q)))
      .filter((p) => matches(f.kind, p.kind) && matches(f.userGroup, p.userGroup ?? undefined))
      .filter((p) => f.includeArchived === true || p.archivedAt === null)
      .sort(byNameThenId);
  }
}

const DEVICE_KEYS = { serial: (d: Device) => d.serial };

export class MemoryDeviceRepository implements DeviceRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, devices: readonly Device[]): Promise<void> {
    insertOwned(this.state.devices, tenantId, devices, DEVICE_KEYS);
  }

  async findBySerials(tenantId: string, serials: readonly string[]): Promise<Device[]> {
    const wanted = new Set(serials);
    return rowsOf(this.state.devices, tenantId)
      .filter((d) => wanted.has(d.serial))
      .map(copy);
  }

  async scan(tenantId: string, search: DeviceSearch, after: string | null, limit: number): Promise<Device[]> {
    return this.matching(tenantId, search)
      .filter((d) => after === null || d.serial > after)
      .slice(0, limit)
      .map(copy);
  }

  async update(tenantId: string, device: Device): Promise<boolean> {
    return (await this.updateMany(tenantId, [device])) === 1;
  }

  async updateMany(tenantId: string, devices: readonly Device[]): Promise<number> {
    return replaceOwned(this.state.devices, tenantId, devices, DEVICE_KEYS);
  }

  async findById(tenantId: string, id: string): Promise<Device | null> {
    return copy(findRow(this.state.devices, tenantId, id));
  }

  async findBySerial(tenantId: string, serial: string): Promise<Device | null> {
    return copy(rowsOf(this.state.devices, tenantId).find((d) => d.serial === serial) ?? null);
  }

  async search(tenantId: string, search: DeviceSearch, page: PageRequest): Promise<Page<Device>> {
    return pageOf(this.matching(tenantId, search), page);
  }

  private matching(tenantId: string, search: DeviceSearch): Device[] {
    const { q } = search;
    return this.bySerial(tenantId)
      .filter((d) => q === undefined || [d.serial, d.manufacturer, d.model].some((v) => contains(v, q)))
      .filter((d) => matches(search.kind, d.kind) && matches(search.status, d.status))
      .filter((d) => matches(search.assignedTo, d.assignedPersonId ?? undefined));
  }

  async listAssignedTo(tenantId: string, personId: string): Promise<Device[]> {
    return this.bySerial(tenantId)
      .filter((d) => d.assignedPersonId === personId)
      .map(copy);
  }

  async count(tenantId: string): Promise<number> {
    return rowsOf(this.state.devices, tenantId).length;
  }

  private bySerial(tenantId: string): Device[] {
    return rowsOf(this.state.devices, tenantId).sort((a, b) => compare(a.serial, b.serial));
  }
}

const GROUP_KEYS = { 'loan group': (g: LoanGroup) => g.name };

export class MemoryLoanGroupRepository implements LoanGroupRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, groups: readonly LoanGroup[]): Promise<void> {
    insertOwned(this.state.loanGroups, tenantId, groups, GROUP_KEYS);
  }

  async findByNames(tenantId: string, names: readonly string[]): Promise<LoanGroup[]> {
    const wanted = new Set(names);
    return rowsOf(this.state.loanGroups, tenantId)
      .filter((g) => wanted.has(g.name))
      .map(copy);
  }

  async rename(tenantId: string, id: string, name: string): Promise<boolean> {
    return replaceOwned(this.state.loanGroups, tenantId, [{ id, name }], GROUP_KEYS) === 1;
  }

  async findById(tenantId: string, id: string): Promise<LoanGroup | null> {
    return copy(findRow(this.state.loanGroups, tenantId, id));
  }

  async list(tenantId: string): Promise<LoanGroup[]> {
    return rowsOf(this.state.loanGroups, tenantId)
      .sort((a, b) => compare(a.name, b.name) || compare(a.id, b.id))
      .map(copy);
  }
}

const inPool = (pool: readonly string[] | null, groupId: string): boolean => pool === null || pool.includes(groupId);

const isLoanOverdue = (l: Loan, today: string): boolean =>
  l.status === 'ISSUED' && l.dueDate !== null && l.dueDate < today;

function loanMatches(l: LoanRow, f: LoanFilter): boolean {
  const q = f.q;
  return (
    inPool(f.poolGroupIds, l.groupId) &&
    matches(f.status, l.status) &&
    matches(f.groupId, l.groupId) &&
    matches(f.kind, l.kind) &&
    matches(f.userGroup, l.userGroup ?? undefined) &&
    matches(f.holderId, l.holderId ?? undefined) &&
    (f.overdueBefore === undefined || isLoanOverdue(l, f.overdueBefore)) &&
    (f.dueOn === undefined || (l.status === 'ISSUED' && l.dueDate === f.dueOn)) &&
    (q === undefined ||
      [l.serial, l.holderName, l.groupName].some((v) => contains(v, q)) ||
      (f.qNumber !== undefined && l.number === f.qNumber))
  );
}

export class MemoryLoanRepository implements LoanRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, loans: readonly Loan[]): Promise<void> {
    insertOwned(this.state.loans, tenantId, loans, { 'loan number': (l) => l.number, serial: (l) => l.serial });
  }

  async findByNumber(tenantId: string, number: number): Promise<LoanRow | null> {
    return copy(this.rows(tenantId).find((l) => l.number === number) ?? null);
  }

  async findBySerial(tenantId: string, serial: string): Promise<LoanRow | null> {
    return copy(this.rows(tenantId).find((l) => l.serial === serial) ?? null);
  }

  async findBySerials(tenantId: string, serials: readonly string[]): Promise<LoanRow[]> {
    const wanted = new Set(serials);
    return this.rows(tenantId)
      .filter((l) => wanted.has(l.serial))
      .map(copy);
  }

  async scan(tenantId: string, filter: LoanFilter, after: number, limit: number): Promise<LoanRow[]> {
    return this.rows(tenantId)
      .filter((l) => l.number > after && loanMatches(l, filter))
      .slice(0, limit)
      .map(copy);
  }

  async update(tenantId: string, loan: Loan): Promise<boolean> {
    const others = rowsOf(this.state.loans, tenantId).filter((l) => l.id !== loan.id);
    if (others.some((l) => l.serial === loan.serial)) throw conflict(`serial ${loan.serial} is already taken`);
    return updateVersioned(this.state.loans, tenantId, loan, (stored) => ({
      ...stored,
      serial: loan.serial,
      groupId: loan.groupId,
      status: loan.status,
      holderId: loan.holderId,
      userGroup: loan.userGroup,
      issuedAt: loan.issuedAt,
      dueDate: loan.dueDate,
    }));
  }

  async list(tenantId: string, filter: LoanFilter, page: PageRequest): Promise<Page<LoanRow>> {
    return pageOf(
      this.rows(tenantId).filter((l) => loanMatches(l, filter)),
      page,
    );
  }

  async listAll(tenantId: string, filter: LoanFilter, limit: number): Promise<Page<LoanRow>> {
    return this.list(tenantId, filter, { page: 1, pageSize: limit });
  }

  async counts(tenantId: string, poolGroupIds: readonly string[] | null, today: string): Promise<LoanCounts> {
    const pool = this.rows(tenantId).filter((l) => inPool(poolGroupIds, l.groupId));
    const issued = pool.filter((l) => l.status === 'ISSUED');
    return {
      total: pool.length,
      available: pool.filter((l) => l.status === 'AVAILABLE').length,
      issued: issued.length,
      overdue: issued.filter((l) => isLoanOverdue(l, today)).length,
      withoutDueDate: issued.filter((l) => l.dueDate === null).length,
    };
  }

  async countsByGroup(
    tenantId: string,
    poolGroupIds: readonly string[] | null,
    today: string,
  ): Promise<GroupLoanCounts[]> {
    const groupIds = new Set(this.rows(tenantId).map((l) => l.groupId));
    return Promise.all(
      [...groupIds]
        .filter((groupId) => inPool(poolGroupIds, groupId))
        .map(async (groupId) => ({ groupId, ...(await this.counts(tenantId, [groupId], today)) })),
    );
  }

  async listHeldBy(tenantId: string, personId: string): Promise<LoanRow[]> {
    return this.rows(tenantId)
      .filter((l) => l.holderId === personId)
      .map(copy);
  }

  async count(tenantId: string): Promise<number> {
    return rowsOf(this.state.loans, tenantId).length;
  }

  /** The tenant's loans joined with their group and holder names, by number. */
  private rows(tenantId: string): LoanRow[] {
    const groupNames = new Map(rowsOf(this.state.loanGroups, tenantId).map((g) => [g.id, g.name]));
    const personNames = new Map(rowsOf(this.state.people, tenantId).map((p) => [p.id, p.name]));
    return rowsOf(this.state.loans, tenantId)
      .map((l) => ({
        ...l,
        groupName: groupNames.get(l.groupId) ?? '',
        holderName: l.holderId === null ? null : (personNames.get(l.holderId) ?? null),
      }))
      .sort((a, b) => a.number - b.number);
  }
}

export class MemorySubmissionRepository implements SubmissionRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, submissions: readonly Submission[]): Promise<void> {
    insertOwned(this.state.submissions, tenantId, submissions, { 'submission number': (s) => s.number });
  }

  async findById(tenantId: string, id: string): Promise<Submission | null> {
    return copy(findRow(this.state.submissions, tenantId, id));
  }

  async findByNumber(tenantId: string, number: number): Promise<Submission | null> {
    return copy(rowsOf(this.state.submissions, tenantId).find((s) => s.number === number) ?? null);
  }

  async update(tenantId: string, submission: Submission): Promise<boolean> {
    return updateVersioned(this.state.submissions, tenantId, submission, (stored) => ({
      ...stored,
      assigneeId: submission.assigneeId,
      status: submission.status,
      coverage: submission.coverage,
      costMinor: submission.costMinor,
      updatedAt: submission.updatedAt,
    }));
  }

  async search(tenantId: string, search: SubmissionSearch, page: PageRequest): Promise<Page<Submission>> {
    return pageOf(this.matching(tenantId, search), page);
  }

  async scan(tenantId: string, search: SubmissionSearch, before: number | null, limit: number): Promise<Submission[]> {
    return this.matching(tenantId, search)
      .filter((s) => before === null || s.number < before)
      .slice(0, limit)
      .map(copy);
  }

  private matching(tenantId: string, search: SubmissionSearch): Submission[] {
    const { q, personId } = search;
    return rowsOf(this.state.submissions, tenantId)
      .filter((s) => matches(search.status, s.status) && matches(search.serial, s.serial))
      .filter((s) => matches(search.assigneeId, s.assigneeId ?? undefined))
      .filter((s) => personId === undefined || s.reporterId === personId || s.assigneeId === personId)
      .filter((s) => q === undefined || contains(s.description, q) || contains(s.serial, q))
      .sort((a, b) => b.number - a.number);
  }

  async count(tenantId: string): Promise<number> {
    return rowsOf(this.state.submissions, tenantId).length;
  }
}

export class MemoryTicketRepository implements TicketRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, tickets: readonly Ticket[]): Promise<void> {
    insertOwned(this.state.tickets, tenantId, tickets, { 'ticket number': (t) => t.number });
  }

  async findById(tenantId: string, id: string): Promise<Ticket | null> {
    return copy(findRow(this.state.tickets, tenantId, id));
  }

  async findByNumber(tenantId: string, number: number): Promise<Ticket | null> {
    return copy(rowsOf(this.state.tickets, tenantId).find((t) => t.number === number) ?? null);
  }

  async search(tenantId: string, search: TicketSearch, page: PageRequest): Promise<Page<Ticket>> {
    return pageOf(this.matching(tenantId, search), page);
  }

  async scan(tenantId: string, search: TicketSearch, before: number | null, limit: number): Promise<Ticket[]> {
    return this.matching(tenantId, search)
      .filter((t) => before === null || t.number < before)
      .slice(0, limit)
      .map(copy);
  }

  async update(tenantId: string, ticket: Ticket): Promise<boolean> {
    return (
      replaceOwned(this.state.tickets, tenantId, [ticket], {}, (stored, next) => ({
        ...next,
        number: stored.number,
        createdAt: stored.createdAt,
      })) === 1
    );
  }

  async addComment(tenantId: string, comment: TicketComment): Promise<void> {
    insertOwned(this.state.ticketComments, tenantId, [comment]);
  }

  async listComments(
    tenantId: string,
    ticketId: string,
    opts: { includeInternal: boolean },
    page: PageRequest,
  ): Promise<Page<TicketComment>> {
    // Oldest first; a stable sort keeps comments of one instant in the order they were added.
    const found = rowsOf(this.state.ticketComments, tenantId)
      .filter((c) => c.ticketId === ticketId && (opts.includeInternal || !c.internal))
      .sort((a, b) => compare(a.createdAt, b.createdAt));
    return pageOf(found, page);
  }

  private matching(tenantId: string, search: TicketSearch): Ticket[] {
    const { q, personId } = search;
    return rowsOf(this.state.tickets, tenantId)
      .filter((t) => matches(search.status, t.status))
      .filter((t) => matches(search.assigneeId, t.assigneeId ?? undefined))
      .filter((t) => personId === undefined || t.requesterId === personId || t.assigneeId === personId)
      .filter((t) => q === undefined || contains(t.subject, q) || contains(t.body, q))
      .sort((a, b) => b.number - a.number);
  }
}

export class MemoryCostRepository implements CostRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertMany(tenantId: string, entries: readonly CostEntry[]): Promise<void> {
    insertOwned(this.state.costs, tenantId, entries);
  }

  async list(tenantId: string, filter: CostFilter, page: PageRequest): Promise<Page<CostEntry>> {
    // Newest first: the later-recorded first, then (stable sort) by date.
    const found = rowsOf(this.state.costs, tenantId)
      .reverse()
      .filter((e) => matches(filter.type, e.type))
      .filter((e) => filter.coverage === undefined || (e.coverage ?? 'NONE') === filter.coverage)
      .filter(
        (e) => (filter.from === undefined || e.date >= filter.from) && (filter.to === undefined || e.date <= filter.to),
      )
      .sort((a, b) => compare(b.date, a.date));
    return pageOf(found, page);
  }

  async breakdown(tenantId: string, query: CostQuery): Promise<CostRow[]> {
    const keyOf = (e: CostEntry): string =>
      query.by === 'type' ? e.type : query.by === 'coverage' ? (e.coverage ?? 'NONE') : periodKey(e.date, query.period);
    const sums = new Map<string, { count: number; amountMinor: number }>();
    for (const e of rowsOf(this.state.costs, tenantId)) {
      if (e.date < query.from || e.date > query.to) continue;
      const sum = sums.get(keyOf(e)) ?? { count: 0, amountMinor: 0 };
      sums.set(keyOf(e), { count: sum.count + 1, amountMinor: sum.amountMinor + e.amountMinor });
    }
    return [...sums].sort(([a], [b]) => compare(a, b)).map(([key, sum]) => ({ key, ...sum }));
  }
}

const withoutHash = ({ passwordHash: _hash, ...user }: UserCredentials): User => user;

export class MemoryUserRepository implements UserRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(tenantId: string, user: User, passwordHash: string | null): Promise<void> {
    insertOwned(this.state.users, tenantId, [{ ...user, passwordHash }], { 'e-mail': (u) => u.email.toLowerCase() });
  }

  async findById(tenantId: string, id: string): Promise<UserCredentials | null> {
    return copy(findRow(this.state.users, tenantId, id));
  }

  async findByEmail(tenantId: string, email: string): Promise<UserCredentials | null> {
    const wanted = email.toLowerCase();
    return copy(rowsOf(this.state.users, tenantId).find((u) => u.email.toLowerCase() === wanted) ?? null);
  }

  async findActiveAdminsByEmail(email: string): Promise<{ tenantId: string; user: User }[]> {
    const wanted = email.toLowerCase();
    return this.state.users
      .filter(({ row: u }) => u.active && u.role === 'school-admin' && u.email.toLowerCase() === wanted)
      .map(({ tenantId, row }) => ({ tenantId, user: copy(withoutHash(row)) }));
  }

  async setPasswordHash(tenantId: string, userId: string, hash: string): Promise<void> {
    this.state.users = this.state.users.map((o) =>
      o.tenantId === tenantId && o.row.id === userId ? { tenantId, row: { ...o.row, passwordHash: hash } } : o,
    );
  }

  async listActiveByRole(tenantId: string, role: Role): Promise<User[]> {
    return rowsOf(this.state.users, tenantId)
      .filter((u) => u.active && u.role === role)
      .sort((a, b) => compare(a.email, b.email))
      .map((u) => copy(withoutHash(u)));
  }

  async list(tenantId: string, page: PageRequest): Promise<Page<User>> {
    const users = rowsOf(this.state.users, tenantId)
      .sort((a, b) => compare(a.email, b.email))
      .map(withoutHash);
    return pageOf(users, page);
  }

  async withPassword(tenantId: string, ids: readonly string[]): Promise<string[]> {
    return rowsOf(this.state.users, tenantId)
      .filter((u) => ids.includes(u.id) && u.passwordHash !== null)
      .map((u) => u.id);
  }

  async update(tenantId: string, user: User): Promise<boolean> {
    const replaced = replaceOwned(this.state.users, tenantId, [{ ...user, passwordHash: null }], {}, (stored) => ({
      ...stored,
      name: user.name,
      role: user.role,
      loanGroupIds: [...user.loanGroupIds],
      active: user.active,
    }));
    return replaced === 1;
  }
}

const publicKey = ({ tenantId: _tenant, hash: _hash, ...key }: StoredApiKey): ApiKey => copy(key);

export class MemoryApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(key: StoredApiKey): Promise<void> {
    assertUnique(this.state.apiKeys, [key], { 'API key id': (k) => k.id });
    this.state.apiKeys.push(copy(key));
  }

  async findByPrefix(prefix: string): Promise<StoredApiKey[]> {
    return this.state.apiKeys.filter((k) => k.prefix === prefix).map(copy);
  }

  async findById(tenantId: string, id: string): Promise<ApiKey | null> {
    const key = this.find(tenantId, id);
    return key ? publicKey(key) : null;
  }

  async list(tenantId: string): Promise<ApiKey[]> {
    return this.state.apiKeys
      .filter((k) => k.tenantId === tenantId)
      .sort((a, b) => compare(a.createdAt, b.createdAt) || compare(a.id, b.id))
      .map(publicKey);
  }

  async revoke(tenantId: string, id: string, at: string): Promise<boolean> {
    const key = this.find(tenantId, id);
    if (!key || key.revokedAt !== null) return false;
    this.replace({ ...key, revokedAt: at });
    return true;
  }

  async touch(tenantId: string, id: string, at: string): Promise<void> {
    const key = this.find(tenantId, id);
    if (key) this.replace({ ...key, lastUsedAt: at });
  }

  private find(tenantId: string, id: string): StoredApiKey | undefined {
    return this.state.apiKeys.find((k) => k.tenantId === tenantId && k.id === id);
  }

  private replace(key: StoredApiKey): void {
    this.state.apiKeys = this.state.apiKeys.map((k) => (k.id === key.id ? key : k));
  }
}

export class MemorySetupLinkRepository implements SetupLinkRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(tenantId: string, link: SetupLink): Promise<void> {
    insertOwned(this.state.setupLinks, tenantId, [link], { 'token hash': (l) => l.tokenHash });
  }

  async replaceOpen(tenantId: string, userId: string, at: string): Promise<void> {
    this.state.setupLinks = this.state.setupLinks.map((o) =>
      o.tenantId === tenantId && o.row.userId === userId && isOpen(o.row)
        ? { tenantId, row: { ...o.row, replacedAt: at } }
        : o,
    );
  }

  async findByTokenHash(tokenHash: string): Promise<{ tenantId: string; link: SetupLink } | null> {
    const found = this.state.setupLinks.find((o) => o.row.tokenHash === tokenHash);
    return found ? { tenantId: found.tenantId, link: copy(found.row) } : null;
  }

  async markUsed(tenantId: string, id: string, at: string): Promise<boolean> {
    const link = findRow(this.state.setupLinks, tenantId, id);
    if (!link || !isOpen(link)) return false;
    this.state.setupLinks = this.state.setupLinks.map((o) =>
      o.tenantId === tenantId && o.row.id === id ? { tenantId, row: { ...o.row, usedAt: at } } : o,
    );
    return true;
  }

  async listOpen(tenantId: string, userIds: readonly string[], now: string): Promise<SetupLink[]> {
    return rowsOf(this.state.setupLinks, tenantId)
      .filter((l) => userIds.includes(l.userId) && isOpen(l) && l.expiresAt > now)
      .map(copy);
  }
}

const isOpen = (link: SetupLink): boolean => link.usedAt === null && link.replacedAt === null;

export class MemorySessionRepository implements SessionRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(tenantId: string, session: Session): Promise<void> {
    insertOwned(this.state.sessions, tenantId, [session], {});
  }

  async findById(tenantId: string, id: string): Promise<Session | null> {
    return copy(findRow(this.state.sessions, tenantId, id));
  }

  async revoke(tenantId: string, id: string, at: string): Promise<boolean> {
    const session = findRow(this.state.sessions, tenantId, id);
    if (!session || session.revokedAt !== null) return false;
    this.state.sessions = this.state.sessions.map((o) =>
      o.tenantId === tenantId && o.row.id === id ? { tenantId, row: { ...o.row, revokedAt: at } } : o,
    );
    return true;
  }

  async revokeAllOf(tenantId: string, userId: string, at: string): Promise<string[]> {
    const revoked: string[] = [];
    this.state.sessions = this.state.sessions.map((o) => {
      if (o.tenantId !== tenantId || o.row.userId !== userId || o.row.revokedAt !== null) return o;
      revoked.push(o.row.id);
      return { tenantId, row: { ...o.row, revokedAt: at } };
    });
    return revoked;
  }
}

export class MemoryAuditRepository implements AuditRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async record(tenantId: string, entry: AuditEntry): Promise<void> {
    this.state.audit.push({ tenantId, row: copy(entry) });
  }

  async list(tenantId: string, opts: { limit: number; action?: string }): Promise<AuditEntry[]> {
    // Newest first: latest recorded first, then (stable sort) by time.
    return rowsOf(this.state.audit, tenantId)
      .reverse()
      .filter((e) => matches(opts.action, e.action))
      .sort((a, b) => compare(b.at, a.at))
      .slice(0, opts.limit)
      .map(copy);
  }

  async search(tenantId: string, q: AuditQuery, page: PageRequest): Promise<Page<AuditEntry>> {
    const found = rowsOf(this.state.audit, tenantId)
      .reverse()
      .filter((e) => matches(q.actorId, e.actor.id) && matches(q.action, e.action))
      .filter((e) => q.targets === undefined || q.targets.includes(e.target))
      .filter((e) => (q.from === undefined || e.at >= q.from) && (q.to === undefined || e.at <= q.to))
      .sort((a, b) => compare(b.at, a.at));
    return pageOf(found, page);
  }
}

export class MemoryOutboxRepository implements OutboxRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async append(
    tenantId: string,
    event: NewOutboxEvent & { readonly id: string; readonly eventId: number },
  ): Promise<void> {
    assertUnique(
      this.state.outbox.map((o) => o.row),
      [event],
      { 'event id': (e) => e.id },
    );
    if (rowsOf(this.state.outbox, tenantId).some((e) => e.eventId === event.eventId)) {
      throw conflict(`event ${event.eventId} already exists`);
    }
    this.state.outbox.push({ tenantId, row: copy(event) });
  }

  async listAfter(
    tenantId: string,
    afterId: number,
    limit: number,
    kinds?: readonly EventKind[],
  ): Promise<OutboxEvent[]> {
    return rowsOf(this.state.outbox, tenantId)
      .filter((e) => e.eventId > afterId && (!kinds || kinds.includes(e.kind)))
      .sort((a, b) => a.eventId - b.eventId)
      .slice(0, limit)
      .map(copy);
  }

  async newestId(tenantId: string): Promise<number> {
    return Math.max(0, ...rowsOf(this.state.outbox, tenantId).map((e) => e.eventId));
  }
}

export class MemoryDeploymentJobRepository implements DeploymentJobRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async find(name: string): Promise<JobRun | null> {
    return copy(this.state.jobs[name] ?? null);
  }

  async started(name: string, at: string): Promise<void> {
    this.state.jobs[name] = { ...this.run(name), lastStartedAt: at };
  }

  async finished(name: string, at: string, outcome: 'ok' | 'failed', error: string | null): Promise<void> {
    this.state.jobs[name] = { ...this.run(name), lastFinishedAt: at, lastOutcome: outcome, lastError: error };
  }

  private run(name: string): JobRun {
    return (
      this.state.jobs[name] ?? { name, lastStartedAt: null, lastFinishedAt: null, lastOutcome: null, lastError: null }
    );
  }
}

type LeasedWebhook = StoredWebhook & { leaseOwner: string | null; leaseUntil: string | null };
const unleased = ({ leaseOwner: _o, leaseUntil: _u, ...w }: LeasedWebhook): StoredWebhook => copy(w);

export class MemoryWebhookRepository implements WebhookRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(tenantId: string, webhook: StoredWebhook): Promise<void> {
    insertOwned(this.state.webhooks, tenantId, [{ ...webhook, leaseOwner: null, leaseUntil: null }], {});
  }

  async findById(tenantId: string, id: string): Promise<StoredWebhook | null> {
    const row = findRow(this.state.webhooks, tenantId, id);
    return row ? unleased(row) : null;
  }

  async list(tenantId: string): Promise<StoredWebhook[]> {
    return rowsOf(this.state.webhooks, tenantId)
      .sort((a, b) => compare(a.createdAt, b.createdAt) || compare(a.id, b.id))
      .map(unleased);
  }

  async update(tenantId: string, webhook: StoredWebhook, opts: { resetSchedule?: boolean } = {}): Promise<boolean> {
    const { cursor: _c, attempt: _a, nextAttemptAt: _n, ...settings } = copy(webhook);
    const reset = opts.resetSchedule ? { attempt: 0, nextAttemptAt: null } : {};
    return this.change(tenantId, webhook.id, (w) => ({ ...w, ...settings, ...reset }));
  }

  async disable(tenantId: string, id: string, reason: DisabledReason, at: string): Promise<void> {
    this.change(tenantId, id, (w) => ({
      ...w,
      enabled: false,
      disabledReason: reason,
      updatedAt: at,
      leaseOwner: null,
      leaseUntil: null,
    }));
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const before = this.state.webhooks.length;
    this.state.webhooks = this.state.webhooks.filter((o) => !(o.tenantId === tenantId && o.row.id === id));
    this.state.deliveries = this.state.deliveries.filter((o) => !(o.tenantId === tenantId && o.row.webhookId === id));
    return this.state.webhooks.length < before;
  }

  async claimDue(now: string, owner: string, leaseUntil: string, limit: number): Promise<ClaimedWebhook[]> {
    const newest = (tenantId: string) => Math.max(0, ...rowsOf(this.state.outbox, tenantId).map((e) => e.eventId));
    const due = this.state.webhooks
      .filter(
        ({ tenantId, row: w }) =>
          w.enabled &&
          (w.nextAttemptAt === null || w.nextAttemptAt <= now) &&
          (w.leaseUntil === null || w.leaseUntil < now) &&
          newest(tenantId) > w.cursor,
      )
      .slice(0, limit);
    for (const o of due) this.change(o.tenantId, o.row.id, (w) => ({ ...w, leaseOwner: owner, leaseUntil }));
    return due.map((o) => ({ tenantId: o.tenantId, webhook: unleased(o.row) }));
  }

  async progress(
    tenantId: string,
    id: string,
    owner: string,
    p: WebhookProgress,
    leaseUntil: string,
  ): Promise<boolean> {
    const row = findRow(this.state.webhooks, tenantId, id);
    if (!row || row.leaseOwner !== owner || !row.enabled) return false;
    return this.change(tenantId, id, (w) => ({ ...w, ...p, leaseUntil }));
  }

  async release(tenantId: string, id: string, owner: string): Promise<void> {
    const row = findRow(this.state.webhooks, tenantId, id);
    if (row?.leaseOwner === owner) this.change(tenantId, id, (w) => ({ ...w, leaseOwner: null, leaseUntil: null }));
  }

  async recordAttempt(tenantId: string, attempt: DeliveryAttempt): Promise<void> {
    this.state.deliveries.push({ tenantId, row: copy(attempt) });
  }

  async listAttempts(tenantId: string, webhookId: string, page: PageRequest): Promise<Page<DeliveryAttempt>> {
    const rows = rowsOf(this.state.deliveries, tenantId).filter((a) => a.webhookId === webhookId);
    return pageOf(rows.reverse().map(copy), page);
  }

  async findAttempt(tenantId: string, webhookId: string, id: string): Promise<DeliveryAttempt | null> {
    const row = rowsOf(this.state.deliveries, tenantId).find((a) => a.webhookId === webhookId && a.id === id);
    return row ? copy(row) : null;
  }

  private change(tenantId: string, id: string, f: (w: LeasedWebhook) => LeasedWebhook): boolean {
    let changed = false;
    this.state.webhooks = this.state.webhooks.map((o) => {
      if (o.tenantId !== tenantId || o.row.id !== id) return o;
      changed = true;
      return { tenantId, row: f(o.row) };
    });
    return changed;
  }
}

export class MemoryMonitorRepository implements MonitorRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(tenantId: string, monitor: Monitor): Promise<void> {
    insertOwned(this.state.monitors, tenantId, [monitor]);
  }

  async findById(tenantId: string, id: string): Promise<Monitor | null> {
    return copy(findRow(this.state.monitors, tenantId, id));
  }

  async list(tenantId: string): Promise<Monitor[]> {
    return rowsOf(this.state.monitors, tenantId)
      .sort((a, b) => compare(a.name, b.name) || compare(a.id, b.id))
      .map(copy);
  }

  async count(tenantId: string): Promise<number> {
    return rowsOf(this.state.monitors, tenantId).length;
  }

  async update(tenantId: string, monitor: Monitor): Promise<boolean> {
    const i = this.state.monitors.findIndex((o) => o.tenantId === tenantId && o.row.id === monitor.id);
    if (i < 0) return false;
    this.state.monitors[i] = { tenantId, row: { ...copy(monitor), createdAt: this.state.monitors[i]!.row.createdAt } };
    return true;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const before = this.state.monitors.length;
    this.state.monitors = this.state.monitors.filter((o) => !(o.tenantId === tenantId && o.row.id === id));
    return this.state.monitors.length < before;
  }

  async listDue(at: string, limit: number): Promise<{ tenantId: string; monitor: Monitor }[]> {
    return this.active()
      .filter((o) => o.row.nextCheckAt <= at)
      .sort((a, b) => compare(a.row.nextCheckAt, b.row.nextCheckAt) || compare(a.row.id, b.row.id))
      .slice(0, limit)
      .map((o) => ({ tenantId: o.tenantId, monitor: copy(o.row) }));
  }

  async countByState(): Promise<Record<MonitorState, number>> {
    const counts: Record<MonitorState, number> = { unknown: 0, up: 0, down: 0 };
    for (const o of this.active()) counts[o.row.state] += 1;
    return counts;
  }

  async deploymentStatus(name: string): Promise<MonitorStatus | null> {
    return copy(this.state.deploymentMonitors[name] ?? null);
  }

  async saveDeploymentStatus(name: string, status: MonitorStatus): Promise<void> {
    this.state.deploymentMonitors[name] = copy(status);
  }

  /** Monitors of tenants with the events module. */
  private active(): Owned<Monitor>[] {
    const on = new Set(this.state.tenants.filter((t) => t.modules.includes('events')).map((t) => t.id));
    return this.state.monitors.filter((o) => on.has(o.tenantId));
  }
}

/** Records a transaction's access changes in `recorded`, for the unit of work to announce after it commits. */
export class MemoryAccessChangeRepository extends AccessChangeRepository {
  constructor(private readonly recorded: string[] = []) {
    super();
  }

  async changed(lookups: readonly string[]): Promise<void> {
    this.recorded.push(...lookups);
  }
}

/**
 * Every repository over one state (a transaction's draft, or the committed state for reads);
 * `accessChanges` is where the transaction's recorded access changes go.
 */
export const memoryRepositories = (state: MemoryState, accessChanges: string[] = []): Repositories => ({
  tenants: new MemoryTenantRepository(state),
  people: new MemoryPersonRepository(state),
  devices: new MemoryDeviceRepository(state),
  loanGroups: new MemoryLoanGroupRepository(state),
  loans: new MemoryLoanRepository(state),
  submissions: new MemorySubmissionRepository(state),
  tickets: new MemoryTicketRepository(state),
  costs: new MemoryCostRepository(state),
  users: new MemoryUserRepository(state),
  apiKeys: new MemoryApiKeyRepository(state),
  setupLinks: new MemorySetupLinkRepository(state),
  sessions: new MemorySessionRepository(state),
  audit: new MemoryAuditRepository(state),
  outbox: new MemoryOutboxRepository(state),
  deploymentJobs: new MemoryDeploymentJobRepository(state),
  webhooks: new MemoryWebhookRepository(state),
  monitors: new MemoryMonitorRepository(state),
  accessChanges: new MemoryAccessChangeRepository(accessChanges),
  oauthClients: new MemoryOAuthClientRepository(state.oauth),
  oauthAuthorizations: new MemoryOAuthAuthorizationRepository(state.oauth),
  grants: new MemoryGrantRepository(state.oauth),
  oauthTokens: new MemoryOAuthTokenRepository(state.oauth),
  ssoProviders: new MemorySsoProviderRepository(state),
  ssoBindings: new MemorySsoBindingRepository(state),
  pendingSignIns: new MemoryPendingSignInRepository(state),
});
