import type { Repositories } from '../../../../ports/repositories.js';
import type { Sql } from '../sql.js';
import { SqliteDb } from '../sqlite-db.js';
import { SqlDeviceRepository } from '../../repositories/devices.js';
import { SqlTenantRepository } from '../../repositories/tenants.js';
import { SqlPersonRepository } from '../../repositories/people.js';
import { SqlAuditRepository } from '../../repositories/audit.js';
import { SqlMonitorRepository } from '../../repositories/monitors.js';
import { SqlOutboxRepository } from '../../repositories/outbox.js';
import { SqlReminderRepository } from '../../repositories/reminders.js';
import { SqlSchoolSettingRepository } from '../../repositories/school-settings.js';
import { SqlWebhookRepository } from '../../repositories/webhooks.js';
import { SqliteAccessChangeRepository } from './access-changes.js';
import { SqliteAccountRepository } from './accounts.js';
import { SqliteApiKeyRepository } from './api-keys.js';
import { SqliteCostRepository } from './costs.js';
import { SqliteDeploymentJobRepository } from './deployment-jobs.js';
import { SqliteGuardianRepository } from './guardians.js';
import { SqliteReservationRepository } from './reservations.js';
import { SqliteAgreementRepository } from './agreements.js';
import { SqliteLoanGroupRepository } from './loan-groups.js';
import { SqliteLoanRepository } from './loans.js';
import {
  SqliteGrantRepository,
  SqliteOAuthAuthorizationRepository,
  SqliteOAuthClientRepository,
  SqliteOAuthTokenRepository,
} from './oauth.js';
import { SqliteSetupLinkRepository } from './setup-links.js';
import { SqliteSessionRepository } from './sessions.js';
import { SqlitePendingSignInRepository, SqliteSsoBindingRepository, SqliteSsoProviderRepository } from './sso.js';
import { SqliteSubmissionRepository } from './submissions.js';
import { SqliteTicketRepository } from './tickets.js';
import { SqliteUserRepository } from './users.js';

export {
  SqliteAccessChangeRepository,
  SqliteApiKeyRepository,
  SqliteCostRepository,
  SqliteDeploymentJobRepository,
  SqliteLoanGroupRepository,
  SqliteLoanRepository,
  SqliteSetupLinkRepository,
  SqlitePendingSignInRepository,
  SqliteSsoBindingRepository,
  SqliteSsoProviderRepository,
  SqliteSubmissionRepository,
  SqliteTicketRepository,
  SqliteUserRepository,
};

/**
 * The repositories of one connection; the outbox and the access changes also say what a transaction
 * appended and recorded, for the unit of work to announce once it commits.
 */
export type SqliteRepositories = Repositories & {
  readonly outbox: SqlOutboxRepository;
  readonly accessChanges: SqliteAccessChangeRepository;
};

/** Every repository on one connection. */
export function sqliteRepositories(sql: Sql): SqliteRepositories {
  const db = new SqliteDb(sql);
  return {
    tenants: new SqlTenantRepository(db),
    people: new SqlPersonRepository(db),
    devices: new SqlDeviceRepository(db),
    loanGroups: new SqliteLoanGroupRepository(sql),
    loans: new SqliteLoanRepository(sql),
    submissions: new SqliteSubmissionRepository(sql),
    tickets: new SqliteTicketRepository(sql),
    costs: new SqliteCostRepository(sql),
    users: new SqliteUserRepository(sql),
    apiKeys: new SqliteApiKeyRepository(sql),
    setupLinks: new SqliteSetupLinkRepository(sql),
    sessions: new SqliteSessionRepository(sql),
    // audit_entries has no column of its own for the order of insertion: SQLite's rowid is that.
    audit: new SqlAuditRepository(db, { recordedOrder: 'rowid' }),
    outbox: new SqlOutboxRepository(db),
    deploymentJobs: new SqliteDeploymentJobRepository(sql),
    webhooks: new SqlWebhookRepository(db),
    monitors: new SqlMonitorRepository(db),
    accessChanges: new SqliteAccessChangeRepository(sql),
    oauthClients: new SqliteOAuthClientRepository(sql),
    oauthAuthorizations: new SqliteOAuthAuthorizationRepository(sql),
    grants: new SqliteGrantRepository(sql),
    oauthTokens: new SqliteOAuthTokenRepository(sql),
    ssoProviders: new SqliteSsoProviderRepository(sql),
    ssoBindings: new SqliteSsoBindingRepository(sql),
    pendingSignIns: new SqlitePendingSignInRepository(sql),
    schoolSettings: new SqlSchoolSettingRepository(db),
    guardians: new SqliteGuardianRepository(sql),
    reminders: new SqlReminderRepository(db),
    reservations: new SqliteReservationRepository(sql),
    agreements: new SqliteAgreementRepository(sql),
    accounts: new SqliteAccountRepository(sql),
  };
}
