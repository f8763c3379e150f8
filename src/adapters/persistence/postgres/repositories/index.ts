import type { Repositories } from '../../../../ports/repositories.js';
import type { Queryable } from '../sql.js';
import { PgDb } from '../pg-db.js';
import { SqlDeviceRepository } from '../../repositories/devices.js';
import { SqlTenantRepository } from '../../repositories/tenants.js';
import { SqlPersonRepository } from '../../repositories/people.js';
import { SqlAccessChangeRepository } from '../../repositories/access-changes.js';
import { PgAccessAnnouncer } from './access-changes.js';
import { PgAccountRepository } from './accounts.js';
import { SqlApiKeyRepository } from '../../repositories/api-keys.js';
import { PgAuditRepository } from './audit.js';
import { PgCostRepository } from './costs.js';
import { SqlDeploymentJobRepository } from '../../repositories/deployment-jobs.js';
import { PgGuardianRepository } from './guardians.js';
import { PgReminderRepository } from './reminders.js';
import { PgReservationRepository } from './reservations.js';
import { PgAgreementRepository } from './agreements.js';
import { PgLoanGroupRepository } from './loan-groups.js';
import { PgLoanRepository } from './loans.js';
import { PgMonitorRepository } from './monitors.js';
import {
  SqlGrantRepository,
  SqlOAuthAuthorizationRepository,
  SqlOAuthClientRepository,
  SqlOAuthTokenRepository,
} from '../../repositories/oauth.js';
import { PgOutboxRepository } from './outbox.js';
import { PgSchoolSettingRepository } from './school-settings.js';
import { SqlSetupLinkRepository } from '../../repositories/setup-links.js';
import { SqlSessionRepository } from '../../repositories/sessions.js';
import {
  SqlPendingSignInRepository,
  SqlSsoBindingRepository,
  SqlSsoProviderRepository,
} from '../../repositories/sso.js';
import { PgSubmissionRepository } from './submissions.js';
import { PgTicketRepository } from './tickets.js';
import { SqlUserRepository } from '../../repositories/users.js';
import { PgWebhookRepository } from './webhooks.js';

export {
  PgAuditRepository,
  PgCostRepository,
  PgLoanGroupRepository,
  PgLoanRepository,
  PgMonitorRepository,
  PgOutboxRepository,
  PgSchoolSettingRepository,
  PgSubmissionRepository,
  PgTicketRepository,
  PgWebhookRepository,
};

/**
 * Every repository over one connection (a transaction) or over the pool (plain reads); the outbox and
 * the access changes also say what a transaction appended and recorded, for the unit of work.
 */
export function pgRepositories(db: Queryable): Repositories & {
  readonly outbox: PgOutboxRepository;
  readonly accessChanges: SqlAccessChangeRepository<PgAccessAnnouncer>;
} {
  const sql = new PgDb(db);
  return {
    tenants: new SqlTenantRepository(sql),
    people: new SqlPersonRepository(sql),
    devices: new SqlDeviceRepository(sql),
    loanGroups: new PgLoanGroupRepository(db),
    loans: new PgLoanRepository(db),
    submissions: new PgSubmissionRepository(db),
    tickets: new PgTicketRepository(db),
    costs: new PgCostRepository(db),
    users: new SqlUserRepository(sql),
    apiKeys: new SqlApiKeyRepository(sql),
    setupLinks: new SqlSetupLinkRepository(sql),
    sessions: new SqlSessionRepository(sql),
    audit: new PgAuditRepository(db),
    outbox: new PgOutboxRepository(db),
    deploymentJobs: new SqlDeploymentJobRepository(sql),
    webhooks: new PgWebhookRepository(db),
    monitors: new PgMonitorRepository(db),
    accessChanges: new SqlAccessChangeRepository(sql, new PgAccessAnnouncer()),
    oauthClients: new SqlOAuthClientRepository(sql),
    oauthAuthorizations: new SqlOAuthAuthorizationRepository(sql),
    grants: new SqlGrantRepository(sql),
    oauthTokens: new SqlOAuthTokenRepository(sql),
    ssoProviders: new SqlSsoProviderRepository(sql),
    ssoBindings: new SqlSsoBindingRepository(sql),
    pendingSignIns: new SqlPendingSignInRepository(sql),
    schoolSettings: new PgSchoolSettingRepository(db),
    guardians: new PgGuardianRepository(db),
    reminders: new PgReminderRepository(db),
    reservations: new PgReservationRepository(db),
    agreements: new PgAgreementRepository(db),
    accounts: new PgAccountRepository(db),
  };
}
