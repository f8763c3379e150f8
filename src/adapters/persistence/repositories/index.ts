import { SqlClosureDayRepository } from './closure-days.js';
import { SqlTicketClockRepository } from './ticket-clocks.js';
import { SqlTicketMessageRepository } from './ticket-messages.js';
import { SqlMailboxRepository } from './mailboxes.js';
import type { Repositories } from '../../../ports/repositories.js';
import type { Db } from '../sql/db.js';
import { SqlAccessChangeRepository, type AccessAnnouncer } from './access-changes.js';
import { SqlAccountRepository } from './accounts.js';
import { SqlAgreementRepository } from './agreements.js';
import { SqlApiKeyRepository } from './api-keys.js';
import { SqlAuditRepository } from './audit.js';
import { SqlCostRepository } from './costs.js';
import { SqlDeploymentJobRepository } from './deployment-jobs.js';
import { SqlDeviceRepository } from './devices.js';
import { SqlGuardianRepository } from './guardians.js';
import { SqlLoanGroupRepository } from './loan-groups.js';
import { SqlTicketRoutingRepository } from './ticket-routing.js';
import { SqlCannedReplyRepository } from './canned-replies.js';
import { SqlLoanRepository, type LoanQueries } from './loans.js';
import { SqlMonitorRepository } from './monitors.js';
import {
  SqlGrantRepository,
  SqlOAuthAuthorizationRepository,
  SqlOAuthClientRepository,
  SqlOAuthTokenRepository,
} from './oauth.js';
import { SqlOutboxRepository, type OutboxDialect } from './outbox.js';
import { SqlPersonRepository } from './people.js';
import { SqlPortalRepository } from './portal.js';
import { SqlReminderRepository } from './reminders.js';
import { SqlReservationRepository } from './reservations.js';
import { SqlSchoolSettingRepository } from './school-settings.js';
import { SqlSessionRepository } from './sessions.js';
import { SqlSetupLinkRepository } from './setup-links.js';
import { SqlPendingSignInRepository, SqlSsoBindingRepository, SqlSsoProviderRepository } from './sso.js';
import { SqlSubmissionRepository } from './submissions.js';
import { SqlTenantRepository } from './tenants.js';
import { SqlTicketRepository } from './tickets.js';
import { SqlUserRepository } from './users.js';
import { SqlWebhookRepository } from './webhooks.js';

/**
 * What a dialect adds to the shared repositories, where its SQL really differs from the other's:
 * how a commit's access changes reach the other processes, how an event append is announced (if it
 * must be), and the loan inventory's machinery (tallies, free-text search, pages).
 */
export interface DialectParts<A extends AccessAnnouncer> {
  readonly access: A;
  readonly outbox?: OutboxDialect;
  readonly loans: LoanQueries;
}

/**
 * Every repository over one Db: the capabilities are written once (one module each in this folder),
 * and a dialect's repositories/index.ts gives its Db and its parts. The outbox and the access changes
 * also say what a transaction appended and recorded, for the unit of work to announce after COMMIT.
 */
export function repositoriesOver<A extends AccessAnnouncer>(
  db: Db,
  parts: DialectParts<A>,
): Repositories & { readonly outbox: SqlOutboxRepository; readonly accessChanges: SqlAccessChangeRepository<A> } {
  return {
    tenants: new SqlTenantRepository(db),
    people: new SqlPersonRepository(db),
    devices: new SqlDeviceRepository(db),
    loanGroups: new SqlLoanGroupRepository(db),
    loans: new SqlLoanRepository(db, parts.loans),
    submissions: new SqlSubmissionRepository(db),
    tickets: new SqlTicketRepository(db),
    ticketRouting: new SqlTicketRoutingRepository(db),
    cannedReplies: new SqlCannedReplyRepository(db),
    ticketClocks: new SqlTicketClockRepository(db),
    closureDays: new SqlClosureDayRepository(db),
    ticketMessages: new SqlTicketMessageRepository(db),
    mailboxes: new SqlMailboxRepository(db),
    costs: new SqlCostRepository(db),
    users: new SqlUserRepository(db),
    apiKeys: new SqlApiKeyRepository(db),
    setupLinks: new SqlSetupLinkRepository(db),
    sessions: new SqlSessionRepository(db),
    audit: new SqlAuditRepository(db),
    outbox: new SqlOutboxRepository(db, parts.outbox),
    deploymentJobs: new SqlDeploymentJobRepository(db),
    webhooks: new SqlWebhookRepository(db),
    monitors: new SqlMonitorRepository(db),
    accessChanges: new SqlAccessChangeRepository(db, parts.access),
    oauthClients: new SqlOAuthClientRepository(db),
    oauthAuthorizations: new SqlOAuthAuthorizationRepository(db),
    grants: new SqlGrantRepository(db),
    oauthTokens: new SqlOAuthTokenRepository(db),
    ssoProviders: new SqlSsoProviderRepository(db),
    ssoBindings: new SqlSsoBindingRepository(db),
    pendingSignIns: new SqlPendingSignInRepository(db),
    schoolSettings: new SqlSchoolSettingRepository(db),
    guardians: new SqlGuardianRepository(db),
    reminders: new SqlReminderRepository(db),
    reservations: new SqlReservationRepository(db),
    agreements: new SqlAgreementRepository(db),
    accounts: new SqlAccountRepository(db),
    portal: new SqlPortalRepository(db),
  };
}
