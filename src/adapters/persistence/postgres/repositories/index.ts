import type { Repositories } from '../../../../ports/repositories.js';
import type { Queryable } from '../sql.js';
import { PgDb } from '../pg-db.js';
import { SqlDeviceRepository } from '../../repositories/devices.js';
import { SqlTenantRepository } from '../../repositories/tenants.js';
import { SqlPersonRepository } from '../../repositories/people.js';
import { PgAccessChangeRepository } from './access-changes.js';
import { PgAccountRepository } from './accounts.js';
import { PgApiKeyRepository } from './api-keys.js';
import { PgAuditRepository } from './audit.js';
import { SqlCostRepository } from '../../repositories/costs.js';
import { PgDeploymentJobRepository } from './deployment-jobs.js';
import { PgGuardianRepository } from './guardians.js';
import { PgReminderRepository } from './reminders.js';
import { PgReservationRepository } from './reservations.js';
import { PgAgreementRepository } from './agreements.js';
import { SqlLoanGroupRepository } from '../../repositories/loan-groups.js';
import { SqlLoanRepository } from '../../repositories/loans.js';
import { PgLoanQueries } from './loans.js';
import { PgMonitorRepository } from './monitors.js';
import {
  PgGrantRepository,
  PgOAuthAuthorizationRepository,
  PgOAuthClientRepository,
  PgOAuthTokenRepository,
} from './oauth.js';
import { PgOutboxRepository } from './outbox.js';
import { PgSchoolSettingRepository } from './school-settings.js';
import { PgSetupLinkRepository } from './setup-links.js';
import { PgSessionRepository } from './sessions.js';
import { PgPendingSignInRepository, PgSsoBindingRepository, PgSsoProviderRepository } from './sso.js';
import { SqlSubmissionRepository } from '../../repositories/submissions.js';
import { SqlTicketRepository } from '../../repositories/tickets.js';
import { PgUserRepository } from './users.js';
import { PgWebhookRepository } from './webhooks.js';

export {
  PgAccessChangeRepository,
  PgApiKeyRepository,
  PgAuditRepository,
  PgDeploymentJobRepository,
  PgMonitorRepository,
  PgOutboxRepository,
  PgSchoolSettingRepository,
  PgSetupLinkRepository,
  PgPendingSignInRepository,
  PgSsoBindingRepository,
  PgSsoProviderRepository,
  PgUserRepository,
  PgWebhookRepository,
};

/**
 * Every repository over one connection (a transaction) or over the pool (plain reads); the outbox and
 * the access changes also say what a transaction appended and recorded, for the unit of work.
 */
export function pgRepositories(db: Queryable): Repositories & {
  readonly outbox: PgOutboxRepository;
  readonly accessChanges: PgAccessChangeRepository;
} {
  const sql = new PgDb(db);
  return {
    tenants: new SqlTenantRepository(sql),
    people: new SqlPersonRepository(sql),
    devices: new SqlDeviceRepository(sql),
    loanGroups: new SqlLoanGroupRepository(sql),
    loans: new SqlLoanRepository(sql, new PgLoanQueries(sql)),
    submissions: new SqlSubmissionRepository(sql),
    tickets: new SqlTicketRepository(sql),
    costs: new SqlCostRepository(sql),
    users: new PgUserRepository(db),
    apiKeys: new PgApiKeyRepository(db),
    setupLinks: new PgSetupLinkRepository(db),
    sessions: new PgSessionRepository(db),
    audit: new PgAuditRepository(db),
    outbox: new PgOutboxRepository(db),
    deploymentJobs: new PgDeploymentJobRepository(db),
    webhooks: new PgWebhookRepository(db),
    monitors: new PgMonitorRepository(db),
    accessChanges: new PgAccessChangeRepository(db),
    oauthClients: new PgOAuthClientRepository(db),
    oauthAuthorizations: new PgOAuthAuthorizationRepository(db),
    grants: new PgGrantRepository(db),
    oauthTokens: new PgOAuthTokenRepository(db),
    ssoProviders: new PgSsoProviderRepository(db),
    ssoBindings: new PgSsoBindingRepository(db),
    pendingSignIns: new PgPendingSignInRepository(db),
    schoolSettings: new PgSchoolSettingRepository(db),
    guardians: new PgGuardianRepository(db),
    reminders: new PgReminderRepository(db),
    reservations: new PgReservationRepository(db),
    agreements: new PgAgreementRepository(db),
    accounts: new PgAccountRepository(db),
  };
}
