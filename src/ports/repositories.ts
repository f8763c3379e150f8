/**
 * Persistence ports: one file per repository under ports/repositories/ (import the port from its
 * capability's file), and here the set a unit of work hands out. Contract for every repository,
 * pinned by test/persistence/repositories.contract.ts and run against SQLite, Postgres and the in-memory fake:
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
import type { TenantRepository } from './repositories/tenants.js';
import type { PersonRepository } from './repositories/people.js';
import type { DeviceRepository } from './repositories/devices.js';
import type { LoanGroupRepository } from './repositories/loan-groups.js';
import type { TicketRoutingRepository } from './repositories/ticket-routing.js';
import type { CannedReplyRepository } from './repositories/canned-replies.js';
import type { LoanRepository } from './repositories/loans.js';
import type { SubmissionRepository } from './repositories/submissions.js';
import type { TicketRepository } from './repositories/tickets.js';
import type { CostRepository } from './repositories/costs.js';
import type { UserRepository } from './repositories/users.js';
import type { ApiKeyRepository } from './repositories/api-keys.js';
import type { SetupLinkRepository } from './repositories/setup-links.js';
import type { SessionRepository } from './repositories/sessions.js';
import type { AuditRepository } from './repositories/audit.js';
import type { OutboxRepository } from './repositories/outbox.js';
import type { WebhookRepository } from './repositories/webhooks.js';
import type { DeploymentJobRepository } from './repositories/deployment-jobs.js';
import type { MonitorRepository } from './repositories/monitors.js';
import type { AccessChangeRepository } from './repositories/access-changes.js';
import type {
  GrantRepository,
  OAuthAuthorizationRepository,
  OAuthClientRepository,
  OAuthTokenRepository,
} from './repositories/oauth.js';
import type { PendingSignInRepository, SsoBindingRepository, SsoProviderRepository } from './repositories/sso.js';
import type { SchoolSettingRepository } from './repositories/school-settings.js';
import type { GuardianRepository } from './repositories/guardians.js';
import type { ReminderRepository } from './repositories/reminders.js';
import type { ClosureDayRepository } from './repositories/closure-days.js';
import type { TicketClockRepository } from './repositories/ticket-clocks.js';
import type { TicketMessageRepository } from './repositories/ticket-messages.js';
import type { MailboxRepository } from './repositories/mailboxes.js';
import type { ReservationRepository } from './repositories/reservations.js';
import type { AgreementRepository } from './repositories/agreements.js';
import type { AccountRepository } from './repositories/accounts.js';
import type { PortalRepository } from './repositories/portal.js';

/** Every repository, bound to one transaction (or to plain reads). */
export interface Repositories {
  readonly tenants: TenantRepository;
  readonly people: PersonRepository;
  readonly devices: DeviceRepository;
  readonly loanGroups: LoanGroupRepository;
  readonly loans: LoanRepository;
  readonly submissions: SubmissionRepository;
  readonly tickets: TicketRepository;
  readonly ticketRouting: TicketRoutingRepository;
  readonly cannedReplies: CannedReplyRepository;
  readonly ticketClocks: TicketClockRepository;
  readonly closureDays: ClosureDayRepository;
  readonly ticketMessages: TicketMessageRepository;
  readonly mailboxes: MailboxRepository;
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
  readonly schoolSettings: SchoolSettingRepository;
  readonly guardians: GuardianRepository;
  readonly reminders: ReminderRepository;
  readonly reservations: ReservationRepository;
  readonly agreements: AgreementRepository;
  readonly accounts: AccountRepository;
  readonly portal: PortalRepository;
}
