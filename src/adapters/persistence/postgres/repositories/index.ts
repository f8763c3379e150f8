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
import { PgDb } from '../pg-db.js';
import type { Queryable } from '../sql.js';
import { PgAccessAnnouncer } from './access-changes.js';
import { PgCostRepository } from './costs.js';
import { PgLoanGroupRepository } from './loan-groups.js';
import { PgLoanRepository } from './loans.js';
import { pgOutbox } from './outbox.js';
import { PgSubmissionRepository } from './submissions.js';
import { PgTicketRepository } from './tickets.js';

/**
 * Every repository over one connection (a transaction) or over the pool (plain reads); the outbox and
 * the access changes also say what a transaction appended and recorded, for the unit of work.
 */
export function pgRepositories(queryable: Queryable): Repositories & {
  readonly outbox: SqlOutboxRepository;
  readonly accessChanges: SqlAccessChangeRepository<PgAccessAnnouncer>;
} {
  const db = new PgDb(queryable);
  return {
    tenants: new SqlTenantRepository(db),
    people: new SqlPersonRepository(db),
    devices: new SqlDeviceRepository(db),
    loanGroups: new PgLoanGroupRepository(queryable),
    loans: new PgLoanRepository(queryable),
    submissions: new PgSubmissionRepository(queryable),
    tickets: new PgTicketRepository(queryable),
    costs: new PgCostRepository(queryable),
    users: new SqlUserRepository(db),
    apiKeys: new SqlApiKeyRepository(db),
    setupLinks: new SqlSetupLinkRepository(db),
    sessions: new SqlSessionRepository(db),
    // seq (a bigserial) orders entries as they were inserted; the audit indexes end with it.
    audit: new SqlAuditRepository(db, { recordedOrder: 'seq' }),
    outbox: new SqlOutboxRepository(db, pgOutbox),
    deploymentJobs: new SqlDeploymentJobRepository(db),
    webhooks: new SqlWebhookRepository(db),
    monitors: new SqlMonitorRepository(db),
    accessChanges: new SqlAccessChangeRepository(db, new PgAccessAnnouncer()),
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
