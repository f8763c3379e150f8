/**
 * The in-memory repositories the use cases are tested on, one file per repository under memory/ (plain
 * arrays, filtered per call, over the one store of memory/store.ts). Faithful to the contract in
 * src/ports/repositories.ts, which test/persistence/memory.test.ts runs against these fakes.
 */
import { MemoryTenantRepository } from './memory/tenants.js';
import { MemoryPersonRepository } from './memory/people.js';
import { MemoryDeviceRepository } from './memory/devices.js';
import { MemoryLoanGroupRepository } from './memory/loan-groups.js';
import { MemoryLoanRepository } from './memory/loans.js';
import { MemorySubmissionRepository } from './memory/submissions.js';
import { MemoryTicketRepository } from './memory/tickets.js';
import { MemoryTicketRoutingRepository } from './memory/ticket-routing.js';
import { MemoryCannedReplyRepository } from './memory/canned-replies.js';
import { MemoryClosureDayRepository, MemoryTicketClockRepository } from './memory/service-targets.js';
import { MemoryTicketMessageRepository } from './memory/ticket-messages.js';
import { MemoryMailboxRepository } from './memory/mailboxes.js';
import { MemoryCostRepository } from './memory/costs.js';
import { MemoryUserRepository } from './memory/users.js';
import { MemoryApiKeyRepository } from './memory/api-keys.js';
import { MemorySetupLinkRepository } from './memory/setup-links.js';
import { MemorySessionRepository } from './memory/sessions.js';
import { MemoryAuditRepository } from './memory/audit.js';
import { MemoryOutboxRepository } from './memory/outbox.js';
import { MemoryDeploymentJobRepository } from './memory/deployment-jobs.js';
import { MemoryWebhookRepository } from './memory/webhooks.js';
import { MemoryMonitorRepository } from './memory/monitors.js';
import { MemoryAccessChangeRepository } from './memory/access-changes.js';
import {
  MemoryGrantRepository,
  MemoryOAuthAuthorizationRepository,
  MemoryOAuthClientRepository,
  MemoryOAuthTokenRepository,
} from './memory/oauth.js';
import {
  MemoryPendingSignInRepository,
  MemorySsoBindingRepository,
  MemorySsoProviderRepository,
} from './memory/sso.js';
import { MemorySchoolSettingRepository } from './memory/school-settings.js';
import { MemoryGuardianRepository } from './memory/guardians.js';
import { MemoryReminderRepository } from './memory/reminders.js';
import { MemoryReservationRepository } from './memory/reservations.js';
import { MemoryAgreementRepository } from './memory/agreements.js';
import { MemoryAccountRepository } from './memory/accounts.js';
import { MemoryPortalRepository } from './memory/portal.js';
import type { MemoryState } from './memory/store.js';
import type { Repositories } from '../../../src/ports/repositories.js';

/**
 * Every repository over one state (a transaction's draft, or the committed state for reads);
 * `accessChanges` is where the transaction's recorded access changes go.
 */
export const memoryRepositories = (state: MemoryState, accessChanges: string[] = []): Repositories => ({
  tenants: new MemoryTenantRepository(state),
  people: new MemoryPersonRepository(state),
  devices: new MemoryDeviceRepository(state),
  loanGroups: new MemoryLoanGroupRepository(state),
  loans: new MemoryLoanRepository(state),
  submissions: new MemorySubmissionRepository(state),
  tickets: new MemoryTicketRepository(state),
  ticketRouting: new MemoryTicketRoutingRepository(state),
  cannedReplies: new MemoryCannedReplyRepository(state),
  ticketClocks: new MemoryTicketClockRepository(state),
  closureDays: new MemoryClosureDayRepository(state),
  ticketMessages: new MemoryTicketMessageRepository(state),
  mailboxes: new MemoryMailboxRepository(state),
  costs: new MemoryCostRepository(state),
  users: new MemoryUserRepository(state),
  apiKeys: new MemoryApiKeyRepository(state),
  setupLinks: new MemorySetupLinkRepository(state),
  sessions: new MemorySessionRepository(state),
  audit: new MemoryAuditRepository(state),
  outbox: new MemoryOutboxRepository(state),
  deploymentJobs: new MemoryDeploymentJobRepository(state),
  webhooks: new MemoryWebhookRepository(state),
  monitors: new MemoryMonitorRepository(state),
  accessChanges: new MemoryAccessChangeRepository(accessChanges),
  oauthClients: new MemoryOAuthClientRepository(state.oauth),
  oauthAuthorizations: new MemoryOAuthAuthorizationRepository(state.oauth),
  grants: new MemoryGrantRepository(state.oauth),
  oauthTokens: new MemoryOAuthTokenRepository(state.oauth),
  ssoProviders: new MemorySsoProviderRepository(state),
  ssoBindings: new MemorySsoBindingRepository(state),
  pendingSignIns: new MemoryPendingSignInRepository(state),
  schoolSettings: new MemorySchoolSettingRepository(state),
  guardians: new MemoryGuardianRepository(state),
  reminders: new MemoryReminderRepository(state),
  reservations: new MemoryReservationRepository(state),
  agreements: new MemoryAgreementRepository(state),
  accounts: new MemoryAccountRepository(state),
  portal: new MemoryPortalRepository(state),
});
