import type { Repositories } from '../../../../ports/repositories.js';
import type { Sql } from '../sql.js';
import { SqliteDb } from '../sqlite-db.js';
import { SqlDeviceRepository } from '../../repositories/devices.js';
import { SqlTenantRepository } from '../../repositories/tenants.js';
import { SqlPersonRepository } from '../../repositories/people.js';
import { SqliteAccessChangeRepository } from './access-changes.js';
import { SqliteAccountRepository } from './accounts.js';
import { SqliteApiKeyRepository } from './api-keys.js';
import { SqliteAuditRepository } from './audit.js';
import { SqlCostRepository } from '../../repositories/costs.js';
import { SqliteDeploymentJobRepository } from './deployment-jobs.js';
import { SqliteGuardianRepository } from './guardians.js';
import { SqliteReminderRepository } from './reminders.js';
import { SqliteReservationRepository } from './reservations.js';
import { SqliteAgreementRepository } from './agreements.js';
import { SqlLoanGroupRepository } from '../../repositories/loan-groups.js';
import { SqlLoanRepository } from '../../repositories/loans.js';
import { SqliteLoanQueries } from './loans.js';
import { SqliteMonitorRepository } from './monitors.js';
import {
  SqliteGrantRepository,
  SqliteOAuthAuthorizationRepository,
  SqliteOAuthClientRepository,
  SqliteOAuthTokenRepository,
} from './oauth.js';
import { SqliteOutboxRepository } from './outbox.js';
import { SqliteSchoolSettingRepository } from './school-settings.js';
import { SqliteSetupLinkRepository } from './setup-links.js';
import { SqliteSessionRepository } from './sessions.js';
import { SqlitePendingSignInRepository, SqliteSsoBindingRepository, SqliteSsoProviderRepository } from './sso.js';
import { SqlSubmissionRepository } from '../../repositories/submissions.js';
import { SqlTicketRepository } from '../../repositories/tickets.js';
import { SqliteUserRepository } from './users.js';
import { SqliteWebhookRepository } from './webhooks.js';

export {
  SqliteAccessChangeRepository,
  SqliteApiKeyRepository,
  SqliteAuditRepository,
  SqliteDeploymentJobRepository,
  SqliteMonitorRepository,
  SqliteOutboxRepository,
  SqliteSchoolSettingRepository,
  SqliteSetupLinkRepository,
  SqlitePendingSignInRepository,
  SqliteSsoBindingRepository,
  SqliteSsoProviderRepository,
  SqliteUserRepository,
  SqliteWebhookRepository,
};

/**
 * The repositories of one connection; the outbox and the access changes also say what a transaction
 * appended and recorded, for the unit of work to announce once it commits.
 */
export type SqliteRepositories = Repositories & {
  readonly outbox: SqliteOutboxRepository;
  readonly accessChanges: SqliteAccessChangeRepository;
};

/** Every repository on one connection. */
export function sqliteRepositories(sql: Sql): SqliteRepositories {
  const db = new SqliteDb(sql);
  return {
    tenants: new SqlTenantRepository(db),
    people: new SqlPersonRepository(db),
    devices: new SqlDeviceRepository(db),
    loanGroups: new SqlLoanGroupRepository(db),
    loans: new SqlLoanRepository(db, new SqliteLoanQueries(db)),
    submissions: new SqlSubmissionRepository(db),
    tickets: new SqlTicketRepository(db),
    costs: new SqlCostRepository(db),
    users: new SqliteUserRepository(sql),
    apiKeys: new SqliteApiKeyRepository(sql),
    setupLinks: new SqliteSetupLinkRepository(sql),
    sessions: new SqliteSessionRepository(sql),
    audit: new SqliteAuditRepository(sql),
    outbox: new SqliteOutboxRepository(sql),
    deploymentJobs: new SqliteDeploymentJobRepository(sql),
    webhooks: new SqliteWebhookRepository(sql),
    monitors: new SqliteMonitorRepository(sql),
    accessChanges: new SqliteAccessChangeRepository(sql),
    oauthClients: new SqliteOAuthClientRepository(sql),
    oauthAuthorizations: new SqliteOAuthAuthorizationRepository(sql),
    grants: new SqliteGrantRepository(sql),
    oauthTokens: new SqliteOAuthTokenRepository(sql),
    ssoProviders: new SqliteSsoProviderRepository(sql),
    ssoBindings: new SqliteSsoBindingRepository(sql),
    pendingSignIns: new SqlitePendingSignInRepository(sql),
    schoolSettings: new SqliteSchoolSettingRepository(sql),
    guardians: new SqliteGuardianRepository(sql),
    reminders: new SqliteReminderRepository(sql),
    reservations: new SqliteReservationRepository(sql),
    agreements: new SqliteAgreementRepository(sql),
    accounts: new SqliteAccountRepository(sql),
  };
}
