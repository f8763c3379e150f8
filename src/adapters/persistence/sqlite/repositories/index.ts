import type { Repositories } from '../../../../ports/repositories.js';
import { SqlAccessChangeRepository } from '../../repositories/access-changes.js';
import { SqlAccountRepository } from '../../repositories/accounts.js';
import { SqlAgreementRepository } from '../../repositories/agreements.js';
import { SqlGuardianRepository } from '../../repositories/guardians.js';
import { SqlReservationRepository } from '../../repositories/reservations.js';
import { SqlApiKeyRepository } from '../../repositories/api-keys.js';
import { SqlAuditRepository } from '../../repositories/audit.js';
import { SqlDeploymentJobRepository } from '../../repositories/deployment-jobs.js';
import { SqlDeviceRepository } from '../../repositories/devices.js';
import { SqlMonitorRepository } from '../../repositories/monitors.js';
import {
  SqlGrantRepository,
  SqlOAuthAuthorizationRepository,
  SqlOAuthClientRepository,
  SqlOAuthTokenRepository,
} from '../../repositories/oauth.js';
import { SqlOutboxRepository } from '../../repositories/outbox.js';
import { SqlPersonRepository } from '../../repositories/people.js';
import { SqlReminderRepository } from '../../repositories/reminders.js';
import { SqlSchoolSettingRepository } from '../../repositories/school-settings.js';
import { SqlSessionRepository } from '../../repositories/sessions.js';
import { SqlSetupLinkRepository } from '../../repositories/setup-links.js';
import {
  SqlPendingSignInRepository,
  SqlSsoBindingRepository,
  SqlSsoProviderRepository,
} from '../../repositories/sso.js';
import { SqlTenantRepository } from '../../repositories/tenants.js';
import { SqlUserRepository } from '../../repositories/users.js';
import { SqlWebhookRepository } from '../../repositories/webhooks.js';
import type { Sql } from '../sql.js';
import { SqliteDb } from '../sqlite-db.js';
import { sqliteAccessAnnouncer } from './access-changes.js';
import { SqliteCostRepository } from './costs.js';
import { SqliteLoanGroupRepository } from './loan-groups.js';
import { SqliteLoanRepository } from './loans.js';
import { SqliteSubmissionRepository } from './submissions.js';
import { SqliteTicketRepository } from './tickets.js';

/**
 * The repositories of one connection; the outbox and the access changes also say what a transaction
 * appended and recorded, for the unit of work to announce once it commits.
 */
export type SqliteRepositories = Repositories & {
  readonly outbox: SqlOutboxRepository;
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
    // audit_entries has no column of its own for the order of insertion: SQLite's rowid is that.
    audit: new SqlAuditRepository(db, { recordedOrder: 'rowid' }),
    outbox: new SqlOutboxRepository(db),
    deploymentJobs: new SqlDeploymentJobRepository(db),
    webhooks: new SqlWebhookRepository(db),
    monitors: new SqlMonitorRepository(db),
    accessChanges: new SqlAccessChangeRepository(db, sqliteAccessAnnouncer),
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
  };
}
