import type { Repositories } from '../../../../ports/repositories.js';
import type { Sql } from '../sql.js';
import { SqliteDb } from '../sqlite-db.js';
import { SqlDeviceRepository } from '../../repositories/devices.js';
import { SqlTenantRepository } from '../../repositories/tenants.js';
import { SqlPersonRepository } from '../../repositories/people.js';
import { SqlAccessChangeRepository } from '../../repositories/access-changes.js';
import { sqliteAccessAnnouncer } from './access-changes.js';
import { SqliteAccountRepository } from './accounts.js';
import { SqlApiKeyRepository } from '../../repositories/api-keys.js';
import { SqliteAuditRepository } from './audit.js';
import { SqliteCostRepository } from './costs.js';
import { SqlDeploymentJobRepository } from '../../repositories/deployment-jobs.js';
import { SqliteGuardianRepository } from './guardians.js';
import { SqliteReminderRepository } from './reminders.js';
import { SqliteReservationRepository } from './reservations.js';
import { SqliteAgreementRepository } from './agreements.js';
import { SqliteLoanGroupRepository } from './loan-groups.js';
import { SqliteLoanRepository } from './loans.js';
import { SqliteMonitorRepository } from './monitors.js';
import {
  SqlGrantRepository,
  SqlOAuthAuthorizationRepository,
  SqlOAuthClientRepository,
  SqlOAuthTokenRepository,
} from '../../repositories/oauth.js';
import { SqliteOutboxRepository } from './outbox.js';
import { SqliteSchoolSettingRepository } from './school-settings.js';
import { SqlSetupLinkRepository } from '../../repositories/setup-links.js';
import { SqlSessionRepository } from '../../repositories/sessions.js';
import {
  SqlPendingSignInRepository,
  SqlSsoBindingRepository,
  SqlSsoProviderRepository,
} from '../../repositories/sso.js';
import { SqliteSubmissionRepository } from './submissions.js';
import { SqliteTicketRepository } from './tickets.js';
import { SqlUserRepository } from '../../repositories/users.js';
import { SqliteWebhookRepository } from './webhooks.js';

export {
  SqliteAuditRepository,
  SqliteCostRepository,
  SqliteLoanGroupRepository,
  SqliteLoanRepository,
  SqliteMonitorRepository,
  SqliteOutboxRepository,
  SqliteSchoolSettingRepository,
  SqliteSubmissionRepository,
  SqliteTicketRepository,
  SqliteWebhookRepository,
};

/**
 * The repositories of one connection; the outbox and the access changes also say what a transaction
 * appended and recorded, for the unit of work to announce once it commits.
 */
export type SqliteRepositories = Repositories & {
  readonly outbox: SqliteOutboxRepository;
  readonly accessChanges: SqlAccessChangeRepository;
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
    users: new SqlUserRepository(db),
    apiKeys: new SqlApiKeyRepository(db),
    setupLinks: new SqlSetupLinkRepository(db),
    sessions: new SqlSessionRepository(db),
    audit: new SqliteAuditRepository(sql),
    outbox: new SqliteOutboxRepository(sql),
    deploymentJobs: new SqlDeploymentJobRepository(db),
    webhooks: new SqliteWebhookRepository(sql),
    monitors: new SqliteMonitorRepository(sql),
    accessChanges: new SqlAccessChangeRepository(db, sqliteAccessAnnouncer),
    oauthClients: new SqlOAuthClientRepository(db),
    oauthAuthorizations: new SqlOAuthAuthorizationRepository(db),
    grants: new SqlGrantRepository(db),
    oauthTokens: new SqlOAuthTokenRepository(db),
    ssoProviders: new SqlSsoProviderRepository(db),
    ssoBindings: new SqlSsoBindingRepository(db),
    pendingSignIns: new SqlPendingSignInRepository(db),
    schoolSettings: new SqliteSchoolSettingRepository(sql),
    guardians: new SqliteGuardianRepository(sql),
    reminders: new SqliteReminderRepository(sql),
    reservations: new SqliteReservationRepository(sql),
    agreements: new SqliteAgreementRepository(sql),
    accounts: new SqliteAccountRepository(sql),
  };
}
