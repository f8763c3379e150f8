import type { Repositories } from '../../../../ports/repositories.js';
import type { Queryable } from '../sql.js';
import { PgDb } from '../pg-db.js';
import { SqlDeviceRepository } from '../../repositories/devices.js';
import { SqlTenantRepository } from '../../repositories/tenants.js';
import { SqlPersonRepository } from '../../repositories/people.js';
import { SqlAuditRepository } from '../../repositories/audit.js';
import { SqlMonitorRepository } from '../../repositories/monitors.js';
import { SqlOutboxRepository } from '../../repositories/outbox.js';
import { SqlReminderRepository } from '../../repositories/reminders.js';
import { SqlSchoolSettingRepository } from '../../repositories/school-settings.js';
import { SqlWebhookRepository } from '../../repositories/webhooks.js';
import { pgOutbox } from './outbox.js';
import { PgAccessChangeRepository } from './access-changes.js';
import { PgAccountRepository } from './accounts.js';
import { PgApiKeyRepository } from './api-keys.js';
import { PgCostRepository } from './costs.js';
import { PgDeploymentJobRepository } from './deployment-jobs.js';
import { PgGuardianRepository } from './guardians.js';
import { PgReservationRepository } from './reservations.js';
import { PgAgreementRepository } from './agreements.js';
import { PgLoanGroupRepository } from './loan-groups.js';
import { PgLoanRepository } from './loans.js';
import {
  PgGrantRepository,
  PgOAuthAuthorizationRepository,
  PgOAuthClientRepository,
  PgOAuthTokenRepository,
} from './oauth.js';
import { PgSetupLinkRepository } from './setup-links.js';
import { PgSessionRepository } from './sessions.js';
import { PgPendingSignInRepository, PgSsoBindingRepository, PgSsoProviderRepository } from './sso.js';
import { PgSubmissionRepository } from './submissions.js';
import { PgTicketRepository } from './tickets.js';
import { PgUserRepository } from './users.js';

export {
  PgAccessChangeRepository,
  PgApiKeyRepository,
  PgCostRepository,
  PgDeploymentJobRepository,
  PgLoanGroupRepository,
  PgLoanRepository,
  PgSetupLinkRepository,
  PgPendingSignInRepository,
  PgSsoBindingRepository,
  PgSsoProviderRepository,
  PgSubmissionRepository,
  PgTicketRepository,
  PgUserRepository,
};

/**
 * Every repository over one connection (a transaction) or over the pool (plain reads); the outbox and
 * the access changes also say what a transaction appended and recorded, for the unit of work.
 */
export function pgRepositories(db: Queryable): Repositories & {
  readonly outbox: SqlOutboxRepository;
  readonly accessChanges: PgAccessChangeRepository;
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
    users: new PgUserRepository(db),
    apiKeys: new PgApiKeyRepository(db),
    setupLinks: new PgSetupLinkRepository(db),
    sessions: new PgSessionRepository(db),
    // seq (a bigserial) orders entries as they were inserted; the audit indexes end with it.
    audit: new SqlAuditRepository(sql, { recordedOrder: 'seq' }),
    outbox: new SqlOutboxRepository(sql, pgOutbox),
    deploymentJobs: new PgDeploymentJobRepository(db),
    webhooks: new SqlWebhookRepository(sql),
    monitors: new SqlMonitorRepository(sql),
    accessChanges: new PgAccessChangeRepository(db),
    oauthClients: new PgOAuthClientRepository(db),
    oauthAuthorizations: new PgOAuthAuthorizationRepository(db),
    grants: new PgGrantRepository(db),
    oauthTokens: new PgOAuthTokenRepository(db),
    ssoProviders: new PgSsoProviderRepository(db),
    ssoBindings: new PgSsoBindingRepository(db),
    pendingSignIns: new PgPendingSignInRepository(db),
    schoolSettings: new SqlSchoolSettingRepository(sql),
    guardians: new PgGuardianRepository(db),
    reminders: new SqlReminderRepository(sql),
    reservations: new PgReservationRepository(db),
    agreements: new PgAgreementRepository(db),
    accounts: new PgAccountRepository(db),
  };
}
