/**
 * Persistence ports. Contract for every repository, pinned by test/contract/repositories.contract.ts
 * and run against SQLite, Postgres and the in-memory fake:
 *
 * - The tenant id comes first on every method and scopes every query: a row of another tenant is
 *   never read, counted or changed. The few lookups that find the tenant (by slug, host, key prefix,
 *   setup token hash, administrator e-mail) say so in their comment.
 * - A missing row is `null` (single reads) or an empty array; repositories never throw `not_found`.
 * - A uniqueness violation (slug, host, serial, e-mail) throws `DomainError('conflict')`.
 * - Lists are ordered as stated and paged with `offset = (page - 1) * pageSize`.
 * - Free-text `q` matches case-insensitively as a literal substring (`%` and `_` are not wildcards).
 * - E-mail addresses arrive normalised (trimmed, lower case) and are compared exactly; so are kinds,
 *   statuses and other filter values. "Ordered by name" uses the database's collation.
 * - Dates are `YYYY-MM-DD` strings; instants are ISO 8601 UTC strings; money is integer minor units.
 * - Versioned `update`s write only if the stored `version` still equals the given one, bump it and
 *   return true; false means another writer changed the row first (the caller reports a conflict).
 * - `forUpdate` locks the row until the transaction ends (Postgres `FOR UPDATE`; SQLite's write
 *   transactions already hold the database lock).
 */
import type { DeliveryAttempt, DisabledReason, StoredWebhook } from '../domain/webhooks/webhook.js';
import type { ModuleName, Role } from '../domain/access/permissions.js';
import type { AuditEntry, NewAuditEntry } from '../domain/audit/audit-entry.js';
import type { CostBreakdownBy, CostEntry, CostPeriod, CostRow, CostType } from '../domain/costs/cost-entry.js';
import type { Device } from '../domain/devices/device.js';
import type { DeviceStatus } from '../domain/devices/device-states.js';
import type { EventKind, NewOutboxEvent, OutboxEvent } from '../domain/events/event.js';
import type { StoredApiKey, ApiKey } from '../domain/identity/api-key.js';
import type { SetupLink } from '../domain/identity/setup-link.js';
import type { Session } from '../domain/identity/session.js';
import type { User, UserCredentials } from '../domain/identity/user.js';
import type { Loan, LoanGroup, LoanKind, LoanRow, LoanStatus } from '../domain/loans/loan.js';
import type { Monitor, MonitorState, MonitorStatus } from '../domain/monitors/monitor.js';
import type { Person, PersonKind } from '../domain/people/person.js';
import type { Page, PageRequest } from '../domain/shared/paging.js';
import type { Submission } from '../domain/submissions/submission.js';
import type { Coverage, SubmissionStatus } from '../domain/submissions/repair-states.js';
import type { Ticket, TicketComment } from '../domain/tickets/ticket.js';
import type { TicketStatus } from '../domain/tickets/ticket-states.js';
import type { Tenant } from '../domain/tenants/tenant.js';
import type { AccessChangeRepository } from './repositories/access-changes.js';
import type {
  GrantRepository,
  OAuthAuthorizationRepository,
  OAuthClientRepository,
  OAuthTokenRepository,
} from './repositories/oauth.js';
import type { PendingSignInRepository, SsoBindingRepository, SsoProviderRepository } from './repositories/sso.js';

/** Per-tenant sequences. `event` numbers the tenant's events (OutboxRepository). */
export type Counter = 'loan' | 'submission' | 'ticket' | 'event';

export abstract class TenantRepository {
  /** Inserts the tenant with its hosts and modules. Duplicate slug or host → conflict. */
  abstract create(tenant: Tenant): Promise<void>;
  /** Finds the tenant (cross-tenant lookup by its unique slug). */
  abstract findBySlug(slug: string): Promise<Tenant | null>;
  /** Finds the tenant (cross-tenant lookup by one of its host names, lower case). */
  abstract findByHost(host: string): Promise<Tenant | null>;
  abstract findById(tenantId: string): Promise<Tenant | null>;
  /** Every tenant, ordered by slug. */
  abstract list(): Promise<Tenant[]>;
  abstract setModules(tenantId: string, modules: readonly ModuleName[]): Promise<void>;
  /** Takes the next number of a per-tenant sequence (starting at 1); numbers are never reused. */
  abstract takeNumber(tenantId: string, counter: Counter): Promise<number>;
  /** Takes `count` consecutive numbers and returns the first (bulk seeding). */
  abstract takeNumbers(tenantId: string, counter: Counter, count: number): Promise<number>;
  /** The number `takeNumber` would return next, without taking it. */
  abstract peekNumber(tenantId: string, counter: Counter): Promise<number>;
  /** Where the tenant's alerts go (SendAlert): the addresses set, or null for "the school administrators". */
  abstract alertEmails(tenantId: string): Promise<string[] | null>;
  abstract setAlertEmails(tenantId: string, emails: readonly string[] | null): Promise<void>;
}

export interface PersonSearch {
  /** Literal, case-insensitive substring of name, e-mail or external id. */
  readonly q: string;
  readonly kind?: PersonKind | undefined;
  readonly userGroup?: string | undefined;
  readonly limit: number;
}

export interface PersonFilter {
  /** Literal, case-insensitive substring of name, e-mail or external id. */
  readonly q?: string | undefined;
  readonly kind?: PersonKind | undefined;
  readonly userGroup?: string | undefined;
  /** Archived people are left out unless this is true. */
  readonly includeArchived?: boolean | undefined;
}

/** Where a scan resumes: after this person in (name, id) order. */
export interface PersonCursor {
  readonly name: string;
  readonly id: string;
}

export abstract class PersonRepository {
  /** Duplicate external id within the tenant → conflict. */
  abstract insertMany(tenantId: string, people: readonly Person[]): Promise<void>;
  /** Any person of the tenant, archived or not. `forUpdate` locks the row (see the contract above). */
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Person | null>;
  /** The tool's search: never archived people. Ordered by name, then id. */
  abstract search(tenantId: string, search: PersonSearch): Promise<Person[]>;
  /** The console list: ordered by name, then id. */
  abstract list(tenantId: string, filter: PersonFilter, page: PageRequest): Promise<Page<Person>>;
  /**
   * Up to `limit` people matching `filter` after `after` (null: from the start), in (name, id) order,
   * without a total: what an export streams and `--archive-missing` walks, at any size.
   */
  abstract scan(tenantId: string, filter: PersonFilter, after: PersonCursor | null, limit: number): Promise<Person[]>;
  /** People (archived too) with these ids, in no particular order (an unknown id is left out). */
  abstract findByIds(tenantId: string, ids: readonly string[]): Promise<Person[]>;
  /** People (archived too) with these external ids, in no particular order. */
  abstract findByExternalIds(tenantId: string, externalIds: readonly string[]): Promise<Person[]>;
  /** People (archived too) with these e-mail addresses (compared exactly), in no particular order. */
  abstract findByEmails(tenantId: string, emails: readonly string[]): Promise<Person[]>;
  /**
   * Writes every field but the id (name, e-mail, kind, userGroup, externalId, archivedAt); false when
   * there is no such person. Duplicate external id → conflict. Loans follow a new name for search.
   */
  abstract update(tenantId: string, person: Person): Promise<boolean>;
  /** `update` for many people at once (imports); the count of rows written. */
  abstract updateMany(tenantId: string, people: readonly Person[]): Promise<number>;
  abstract count(tenantId: string): Promise<number>;
}

export interface DeviceSearch {
  /** Literal, case-insensitive substring of serial, manufacturer or model. */
  readonly q?: string | undefined;
  readonly kind?: string | undefined;
  readonly status?: DeviceStatus | undefined;
  /** Devices assigned to this person. */
  readonly assignedTo?: string | undefined;
}

export abstract class DeviceRepository {
  /** Duplicate serial within the tenant → conflict. */
  abstract insertMany(tenantId: string, devices: readonly Device[]): Promise<void>;
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Device | null>;
  abstract findBySerial(tenantId: string, serial: string, opts?: { forUpdate?: boolean }): Promise<Device | null>;
  /** Devices with these serials, in no particular order. */
  abstract findBySerials(tenantId: string, serials: readonly string[]): Promise<Device[]>;
  /** Ordered by serial. */
  abstract search(tenantId: string, search: DeviceSearch, page: PageRequest): Promise<Page<Device>>;
  /** Up to `limit` matches with a serial after `after` (null: from the start), by serial, without a total. */
  abstract scan(tenantId: string, search: DeviceSearch, after: string | null, limit: number): Promise<Device[]>;
  /** Devices assigned to the person, ordered by serial. */
  abstract listAssignedTo(tenantId: string, personId: string): Promise<Device[]>;
  /** Writes every field but the id; false when there is no such device. Duplicate serial → conflict. */
  abstract update(tenantId: string, device: Device): Promise<boolean>;
  /** `update` for many devices at once (imports); the count of rows written. */
  abstract updateMany(tenantId: string, devices: readonly Device[]): Promise<number>;
  abstract count(tenantId: string): Promise<number>;
}

export abstract class LoanGroupRepository {
  /** Duplicate name within the tenant → conflict. */
  abstract insertMany(tenantId: string, groups: readonly LoanGroup[]): Promise<void>;
  abstract findById(tenantId: string, id: string): Promise<LoanGroup | null>;
  /** Groups with these names (compared exactly), in no particular order. */
  abstract findByNames(tenantId: string, names: readonly string[]): Promise<LoanGroup[]>;
  /** Ordered by name. */
  abstract list(tenantId: string): Promise<LoanGroup[]>;
  /** False when there is no such group; a name another group has → conflict. Loans follow it for search. */
  abstract rename(tenantId: string, id: string, name: string): Promise<boolean>;
}

export interface LoanFilter {
  /** The authorised pool: only loans of these groups; null = the whole tenant. */
  readonly poolGroupIds: readonly string[] | null;
  readonly status?: LoanStatus | undefined;
  readonly groupId?: string | undefined;
  readonly kind?: LoanKind | undefined;
  readonly userGroup?: string | undefined;
  readonly holderId?: string | undefined;
  /** Literal, case-insensitive substring of serial, holder name or group name... */
  readonly q?: string | undefined;
  /** ...or, when q is a whole number, the loan with that number. */
  readonly qNumber?: number | undefined;
  /** When set: ISSUED loans with a due date before this date (the tenant's today). */
  readonly overdueBefore?: string | undefined;
  /** When set: ISSUED loans due on exactly this date (the console's "due today"). */
  readonly dueOn?: string | undefined;
}

export interface LoanCounts {
  readonly total: number;
  readonly available: number;
  readonly issued: number;
  /** ISSUED with a due date before `today`. */
  readonly overdue: number;
  /** ISSUED with no due date. */
  readonly withoutDueDate: number;
}

export interface GroupLoanCounts extends LoanCounts {
  readonly groupId: string;
}

export abstract class LoanRepository {
  /**
   * Duplicate serial or number within the tenant → conflict. Numbers must have been taken with
   * `TenantRepository.takeNumber(s)`: inserting does not advance the counter. A holder must already
   * be stored (adapters index the holder's name for `q` when a loan is stored or changes holder).
   */
  abstract insertMany(tenantId: string, loans: readonly Loan[]): Promise<void>;
  abstract findByNumber(tenantId: string, number: number, opts?: { forUpdate?: boolean }): Promise<LoanRow | null>;
  abstract findBySerial(tenantId: string, serial: string, opts?: { forUpdate?: boolean }): Promise<LoanRow | null>;
  /** Loans with these serials, in no particular order. */
  abstract findBySerials(tenantId: string, serials: readonly string[]): Promise<LoanRow[]>;
  /**
   * Versioned update of everything but id and number: serial, group, status, holder, userGroup,
   * issuedAt and dueDate. The summary's counts and free-text search follow in the same transaction.
   * Duplicate serial → conflict.
   */
  abstract update(tenantId: string, loan: Loan): Promise<boolean>;
  /** Ordered by number ascending. */
  abstract list(tenantId: string, filter: LoanFilter, page: PageRequest): Promise<Page<LoanRow>>;
  /** Every match, ordered by number, at most `limit` rows; `total` counts all matches. */
  abstract listAll(tenantId: string, filter: LoanFilter, limit: number): Promise<Page<LoanRow>>;
  /** Up to `limit` matches numbered above `after` (0: from the start), by number, without a total. */
  abstract scan(tenantId: string, filter: LoanFilter, after: number, limit: number): Promise<LoanRow[]>;
  /** Counts over the pool alone (no other filter). */
  abstract counts(tenantId: string, poolGroupIds: readonly string[] | null, today: string): Promise<LoanCounts>;
  /**
   * The counts of `counts`, one row per group of the pool (null: every group) that has loans, in no
   * particular order: a group without loans has no row. Read from the same tallies, in one query.
   */
  abstract countsByGroup(
    tenantId: string,
    poolGroupIds: readonly string[] | null,
    today: string,
  ): Promise<GroupLoanCounts[]>;
  /** Loans currently held by the person, ordered by number. */
  abstract listHeldBy(tenantId: string, personId: string): Promise<LoanRow[]>;
  abstract count(tenantId: string): Promise<number>;
}

export interface SubmissionSearch {
  readonly status?: SubmissionStatus | undefined;
  readonly serial?: string | undefined;
  readonly assigneeId?: string | undefined;
  /** Also matches submissions whose reporter or assignee is this person (profile). */
  readonly personId?: string | undefined;
  /** Literal, case-insensitive substring of description or serial. */
  readonly q?: string | undefined;
}

export abstract class SubmissionRepository {
  abstract insertMany(tenantId: string, submissions: readonly Submission[]): Promise<void>;
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Submission | null>;
  abstract findByNumber(tenantId: string, number: number, opts?: { forUpdate?: boolean }): Promise<Submission | null>;
  /** Versioned update of assignee, status, coverage, cost and updatedAt. */
  abstract update(tenantId: string, submission: Submission): Promise<boolean>;
  /** Newest first: number descending. */
  abstract search(tenantId: string, search: SubmissionSearch, page: PageRequest): Promise<Page<Submission>>;
  /** Up to `limit` matches numbered below `before` (null: from the newest), newest first, without a total. */
  abstract scan(
    tenantId: string,
    search: SubmissionSearch,
    before: number | null,
    limit: number,
  ): Promise<Submission[]>;
  abstract count(tenantId: string): Promise<number>;
}

export interface TicketSearch {
  readonly status?: TicketStatus | undefined;
  /** Literal, case-insensitive substring of subject or body. */
  readonly q?: string | undefined;
  readonly assigneeId?: string | undefined;
  /** Tickets this person requested or is assigned (a person's profile). */
  readonly personId?: string | undefined;
}

export abstract class TicketRepository {
  abstract insertMany(tenantId: string, tickets: readonly Ticket[]): Promise<void>;
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Ticket | null>;
  abstract findByNumber(tenantId: string, number: number): Promise<Ticket | null>;
  /** Newest first: number descending. */
  abstract search(tenantId: string, search: TicketSearch, page: PageRequest): Promise<Page<Ticket>>;
  /** Up to `limit` matches numbered below `before` (null: from the newest), newest first, without a total. */
  abstract scan(tenantId: string, search: TicketSearch, before: number | null, limit: number): Promise<Ticket[]>;
  /** Writes status, priority, assignee, requester, subject, body and updatedAt; false when there is no such ticket. */
  abstract update(tenantId: string, ticket: Ticket): Promise<boolean>;
  abstract addComment(tenantId: string, comment: TicketComment): Promise<void>;
  /** A ticket's comments, oldest first (then in the order they were added); internal notes only when asked. */
  abstract listComments(
    tenantId: string,
    ticketId: string,
    opts: { includeInternal: boolean },
    page: PageRequest,
  ): Promise<Page<TicketComment>>;
}

export interface CostQuery {
  readonly by: CostBreakdownBy;
  /** Bucket size when `by` is `period`. */
  readonly period: CostPeriod;
  /** Inclusive date range. */
  readonly from: string;
  readonly to: string;
}

export interface CostFilter {
  readonly type?: CostType | undefined;
  /** `NONE` selects entries without a coverage. */
  readonly coverage?: Coverage | 'NONE' | undefined;
  /** Inclusive date range; either end may be open. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

export abstract class CostRepository {
  abstract insertMany(tenantId: string, entries: readonly CostEntry[]): Promise<void>;
  /** Newest first: date descending, then the later-recorded entry first. */
  abstract list(tenantId: string, filter: CostFilter, page: PageRequest): Promise<Page<CostEntry>>;
  /**
   * Sums and counts per key, ordered by key. Keys: the type, the coverage (`NONE` when unset), or the
   * period key of `periodKey()` (`2025-09`, `2025-Q3`, `2025`).
   */
  abstract breakdown(tenantId: string, query: CostQuery): Promise<CostRow[]>;
}

export abstract class UserRepository {
  /** Duplicate e-mail within the tenant → conflict. */
  abstract create(tenantId: string, user: User, passwordHash: string | null): Promise<void>;
  /** `forUpdate` locks the row (see the contract above): a change of the user reads it that way. */
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<UserCredentials | null>;
  abstract findByEmail(tenantId: string, email: string): Promise<UserCredentials | null>;
  /** Cross-tenant: active school administrators with this e-mail, with their tenant ids. */
  abstract findActiveAdminsByEmail(email: string): Promise<{ tenantId: string; user: User }[]>;
  abstract setPasswordHash(tenantId: string, userId: string, hash: string): Promise<void>;
  /**
   * The tenant's active users with this role, ordered by e-mail. `forUpdate` locks their rows: the
   * last active school administrator is checked that way before a demotion or deactivation.
   */
  abstract listActiveByRole(tenantId: string, role: Role, opts?: { forUpdate?: boolean }): Promise<User[]>;
  /** Every user of the tenant, ordered by e-mail. */
  abstract list(tenantId: string, page: PageRequest): Promise<Page<User>>;
  /** Of these users, the ids of those who have a password set, in no particular order. */
  abstract withPassword(tenantId: string, ids: readonly string[]): Promise<string[]>;
  /** Writes name, role, loan groups and active; false when there is no such user. */
  abstract update(tenantId: string, user: User): Promise<boolean>;
}

export abstract class ApiKeyRepository {
  abstract create(key: StoredApiKey): Promise<void>;
  /** Cross-tenant: the key determines its tenant. Keys with this lookup prefix, any state. */
  abstract findByPrefix(prefix: string): Promise<StoredApiKey[]>;
  abstract findById(tenantId: string, id: string): Promise<ApiKey | null>;
  /** Ordered by creation time, then id. */
  abstract list(tenantId: string): Promise<ApiKey[]>;
  /** Sets revokedAt if not yet revoked; false when no such key or already revoked. */
  abstract revoke(tenantId: string, id: string, at: string): Promise<boolean>;
  abstract touch(tenantId: string, id: string, at: string): Promise<void>;
}

export abstract class SetupLinkRepository {
  abstract create(tenantId: string, link: SetupLink): Promise<void>;
  /** Marks every unused, unreplaced link of the user as replaced at `at`. */
  abstract replaceOpen(tenantId: string, userId: string, at: string): Promise<void>;
  /** Cross-tenant: the token identifies its tenant. */
  abstract findByTokenHash(tokenHash: string): Promise<{ tenantId: string; link: SetupLink } | null>;
  /** Sets usedAt only if the link is still unused and unreplaced; false otherwise. */
  abstract markUsed(tenantId: string, id: string, at: string): Promise<boolean>;
  /** The links of these users that may still be used at `now` (unused, unreplaced, expiring after it), in no particular order. */
  abstract listOpen(tenantId: string, userIds: readonly string[], now: string): Promise<SetupLink[]>;
}

export abstract class SessionRepository {
  abstract create(tenantId: string, session: Session): Promise<void>;
  abstract findById(tenantId: string, id: string): Promise<Session | null>;
  /** Sets revokedAt if not yet revoked; false when no such session or already revoked. */
  abstract revoke(tenantId: string, id: string, at: string): Promise<boolean>;
  /** Revokes every session of the user not yet revoked (a deactivated user); the ids of those it revoked. */
  abstract revokeAllOf(tenantId: string, userId: string, at: string): Promise<string[]>;
}

export interface AuditQuery {
  /** The actor's id (a user id, an API key id, `cli`...). */
  readonly actorId?: string | undefined;
  readonly action?: string | undefined;
  /** Entries about any of these targets (`device:<id>`, `loan:12`...). */
  readonly targets?: readonly string[] | undefined;
  /** Inclusive range of instants (ISO 8601 UTC); either end may be open. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

export abstract class AuditRepository {
  abstract record(tenantId: string, entry: AuditEntry): Promise<void>;
  /** Newest first (`at` descending, then the later-recorded entry first). */
  abstract list(tenantId: string, opts: { limit: number; action?: string }): Promise<AuditEntry[]>;
  /** Newest first, as `list`, filtered and paged. */
  abstract search(tenantId: string, query: AuditQuery, page: PageRequest): Promise<Page<AuditEntry>>;
}

export abstract class OutboxRepository {
  /**
   * Appends an event numbered `eventId`, which the caller took from the tenant's `event` counter in
   * the same transaction (record-change.ts): the counter stays locked until the transaction ends, so
   * a tenant's events commit in the order of their ids. Once committed, the adapter lets readers in
   * every process know (EventSignal).
   */
  abstract append(
    tenantId: string,
    event: NewOutboxEvent & { readonly id: string; readonly eventId: number },
  ): Promise<void>;
  /** The tenant's events after `afterId`, oldest first; only those of `kinds` when given. */
  abstract listAfter(
    tenantId: string,
    afterId: number,
    limit: number,
    kinds?: readonly EventKind[],
  ): Promise<OutboxEvent[]>;
  /** The newest event id of the tenant, 0 when it has none. */
  abstract newestId(tenantId: string): Promise<number>;
}

/** A webhook another delivery worker may not take while `leaseOwner` works on it (until the lease ends). */
export interface ClaimedWebhook {
  readonly tenantId: string;
  readonly webhook: StoredWebhook;
}

/** Where a webhook's deliveries stand after an attempt (see StoredWebhook). */
export interface WebhookProgress {
  readonly cursor: number;
  readonly attempt: number;
  readonly nextAttemptAt: string | null;
}

export abstract class WebhookRepository {
  abstract create(tenantId: string, webhook: StoredWebhook): Promise<void>;
  abstract findById(tenantId: string, id: string): Promise<StoredWebhook | null>;
  /** Oldest first. */
  abstract list(tenantId: string): Promise<StoredWebhook[]>;
  /**
   * Writes what an administrator changes (url, events, description, enabled, disabled reason, secrets),
   * never the delivery progress, which the worker owns; `resetSchedule` (a webhook turned back on)
   * also clears the failed attempts, so the next event is tried now.
   */
  abstract update(tenantId: string, webhook: StoredWebhook, opts?: { resetSchedule?: boolean }): Promise<boolean>;
  /** Desk turns a webhook off by itself (410 Gone, or the schedule ran out); its lease ends. */
  abstract disable(tenantId: string, id: string, reason: DisabledReason, at: string): Promise<void>;
  /** Deletes the webhook and its delivery log. */
  abstract delete(tenantId: string, id: string): Promise<boolean>;
  /**
   * Across tenants (the delivery worker serves them all): takes up to `limit` enabled webhooks whose
   * next attempt is due at `now`, that have an event after their cursor and that no live lease holds,
   * and leases them to `owner` until `leaseUntil`. On Postgres rows another instance is claiming are
   * skipped (`FOR UPDATE SKIP LOCKED`), so each webhook is worked on by one instance at a time.
   */
  abstract claimDue(now: string, owner: string, leaseUntil: string, limit: number): Promise<ClaimedWebhook[]>;
  /** Records progress and extends the lease, only while `owner` holds it and the webhook is on (false otherwise). */
  abstract progress(
    tenantId: string,
    id: string,
    owner: string,
    progress: WebhookProgress,
    leaseUntil: string,
  ): Promise<boolean>;
  /** Ends `owner`'s lease (a lease that passed to another owner is left alone). */
  abstract release(tenantId: string, id: string, owner: string): Promise<void>;
  abstract recordAttempt(tenantId: string, attempt: DeliveryAttempt): Promise<void>;
  /** Newest first. */
  abstract listAttempts(tenantId: string, webhookId: string, page: PageRequest): Promise<Page<DeliveryAttempt>>;
  abstract findAttempt(tenantId: string, webhookId: string, id: string): Promise<DeliveryAttempt | null>;
}

/** When a deployment job last ran, and how it ended (deployment-wide: not a tenant's). */
export interface JobRun {
  readonly name: string;
  readonly lastStartedAt: string | null;
  readonly lastFinishedAt: string | null;
  readonly lastOutcome: 'ok' | 'failed' | null;
  readonly lastError: string | null;
}

/** The record of scheduled deployment jobs (backups...), so a schedule survives restarts. */
export abstract class DeploymentJobRepository {
  abstract find(name: string): Promise<JobRun | null>;
  abstract started(name: string, at: string): Promise<void>;
  abstract finished(name: string, at: string, outcome: 'ok' | 'failed', error: string | null): Promise<void>;
}

/** A tenant's monitors, and the deployment's own (the disk): what the scheduler checks. */
export abstract class MonitorRepository {
  /** Duplicate id → conflict. */
  abstract create(tenantId: string, monitor: Monitor): Promise<void>;
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<Monitor | null>;
  /** Ordered by name, then id. */
  abstract list(tenantId: string): Promise<Monitor[]>;
  abstract count(tenantId: string): Promise<number>;
  /** Writes every field but id and createdAt; false when there is no such monitor. */
  abstract update(tenantId: string, monitor: Monitor): Promise<boolean>;
  /** False when there is no such monitor. */
  abstract delete(tenantId: string, id: string): Promise<boolean>;
  /**
   * Cross-tenant (the scheduler, SPEC §11): monitors due at `at` (nextCheckAt ≤ at), the longest
   * waiting first (then by id), at most `limit`, each with its tenant id.
   */
  abstract listDue(at: string, limit: number): Promise<{ tenantId: string; monitor: Monitor }[]>;
  /** Cross-tenant (metrics): how many monitors are in each state, every state present. */
  abstract countByState(): Promise<Record<MonitorState, number>>;
  /** A deployment monitor's status (`disk`); null until one is saved. */
  abstract deploymentStatus(name: string): Promise<MonitorStatus | null>;
  abstract saveDeploymentStatus(name: string, status: MonitorStatus): Promise<void>;
}

/** Every repository, bound to one transaction (or to plain reads). */
export interface Repositories {
  readonly tenants: TenantRepository;
  readonly people: PersonRepository;
  readonly devices: DeviceRepository;
  readonly loanGroups: LoanGroupRepository;
  readonly loans: LoanRepository;
  readonly submissions: SubmissionRepository;
  readonly tickets: TicketRepository;
  readonly costs: CostRepository;
  readonly users: UserRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly setupLinks: SetupLinkRepository;
  readonly sessions: SessionRepository;
  readonly audit: AuditRepository;
  readonly outbox: OutboxRepository;
  readonly deploymentJobs: DeploymentJobRepository;
  readonly webhooks: WebhookRepository;
  readonly monitors: MonitorRepository;
  readonly accessChanges: AccessChangeRepository;
  readonly oauthClients: OAuthClientRepository;
  readonly oauthAuthorizations: OAuthAuthorizationRepository;
  readonly grants: GrantRepository;
  readonly oauthTokens: OAuthTokenRepository;
  readonly ssoProviders: SsoProviderRepository;
  readonly ssoBindings: SsoBindingRepository;
  readonly pendingSignIns: PendingSignInRepository;
}

export type { NewAuditEntry, NewOutboxEvent };
