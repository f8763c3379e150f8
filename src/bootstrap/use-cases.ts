import { CostBreakdown } from '../domain/costs/cost-breakdown.js';
import { CreateDemoSchool } from '../domain/demo/create-demo-school.js';
import { SeedDemo } from '../domain/demo/seed-demo.js';
import { EmitDeploymentEvent, SendAlert } from '../domain/events/alerts.js';
import {
  CreateWebhook,
  DeleteWebhook,
  GetWebhook,
  ListWebhookDeliveries,
  ListWebhooks,
  ResendWebhookDelivery,
  RotateWebhookSecret,
  TestWebhook,
  UpdateWebhook,
} from '../domain/webhooks/manage-webhooks.js';
import { GetAlertAddresses, SetAlertAddresses } from '../domain/events/alert-addresses.js';
import { CreateMonitor } from '../domain/monitors/create-monitor.js';
import { DeleteMonitor } from '../domain/monitors/delete-monitor.js';
import { GetMonitor } from '../domain/monitors/get-monitor.js';
import { ListMonitors } from '../domain/monitors/list-monitors.js';
import { RunMonitorChecks } from '../domain/monitors/run-monitor-checks.js';
import { UpdateMonitor } from '../domain/monitors/update-monitor.js';
import { RunBackup } from '../domain/backups/run-backup.js';
import { GetDevice } from '../domain/devices/get-device.js';
import { SearchDevices } from '../domain/devices/search-devices.js';
import { AuthenticateApiKey } from '../domain/identity/authenticate-api-key.js';
import { ConsumeSetupLink } from '../domain/identity/consume-setup-link.js';
import { CreateApiKey } from '../domain/identity/create-api-key.js';
import { CreateSetupLink } from '../domain/identity/create-setup-link.js';
import { CreateUser } from '../domain/identity/create-user.js';
import { ListApiKeys } from '../domain/identity/list-api-keys.js';
import { RevokeApiKey } from '../domain/identity/revoke-api-key.js';
import { AuthenticateSession } from '../domain/identity/authenticate-session.js';
import { SignIn } from '../domain/identity/sign-in.js';
import { SignOut } from '../domain/identity/sign-out.js';
import { IssueLoan } from '../domain/loans/issue-loan.js';
import { ListAllLoans } from '../domain/loans/list-all-loans.js';
import { ListLoans } from '../domain/loans/list-loans.js';
import { LoanTransitionRunner } from '../domain/loans/loan-transition.js';
import { RestoreLoan } from '../domain/loans/restore-loan.js';
import { ReturnLoan } from '../domain/loans/return-loan.js';
import { WithdrawLoan } from '../domain/loans/withdraw-loan.js';
import { GetPersonProfile } from '../domain/people/get-person-profile.js';
import { SearchPeople } from '../domain/people/search-people.js';
import { AssignSubmission } from '../domain/submissions/assign-submission.js';
import { CreateSubmission } from '../domain/submissions/create-submission.js';
import { GetSubmission } from '../domain/submissions/get-submission.js';
import { ListSubmissions } from '../domain/submissions/list-submissions.js';
import { ChangeModules } from '../domain/tenants/change-modules.js';
import { CreateTenant } from '../domain/tenants/create-tenant.js';
import { ResolveTenant } from '../domain/tenants/resolve-tenant.js';
import { GetTicket } from '../domain/tickets/get-ticket.js';
import { GetTicketByNumber } from '../domain/tickets/get-ticket-by-number.js';
import { ListTickets } from '../domain/tickets/list-tickets.js';
import { ImportRunner } from '../domain/imports/import-run.js';
import { ImportPeople } from '../domain/imports/import-people.js';
import { ImportDevices } from '../domain/imports/import-devices.js';
import { ImportLoans } from '../domain/imports/import-loans.js';
import { ExportPeople } from '../domain/exports/export-people.js';
import { ExportDevices } from '../domain/exports/export-devices.js';
import { ExportLoans } from '../domain/exports/export-loans.js';
import { ExportSubmissions } from '../domain/exports/export-submissions.js';
import { ExportTickets } from '../domain/exports/export-tickets.js';

/** Every use case (and the one shared domain service), bound to itself in every deployment mode. */
export const USE_CASES = [
  LoanTransitionRunner,
  IssueLoan,
  ReturnLoan,
  WithdrawLoan,
  RestoreLoan,
  ListLoans,
  ListAllLoans,
  SearchPeople,
  GetPersonProfile,
  SearchDevices,
  GetDevice,
  ListSubmissions,
  GetSubmission,
  CreateSubmission,
  AssignSubmission,
  ListTickets,
  GetTicket,
  GetTicketByNumber,
  CostBreakdown,
  CreateTenant,
  ResolveTenant,
  ChangeModules,
  CreateUser,
  CreateApiKey,
  ListApiKeys,
  RevokeApiKey,
  AuthenticateApiKey,
  CreateSetupLink,
  ConsumeSetupLink,
  SignIn,
  SignOut,
  AuthenticateSession,
  SeedDemo,
  CreateDemoSchool,
  SendAlert,
  EmitDeploymentEvent,
  RunBackup,
  CreateWebhook,
  ListWebhooks,
  GetWebhook,
  UpdateWebhook,
  DeleteWebhook,
  RotateWebhookSecret,
  ListWebhookDeliveries,
  ResendWebhookDelivery,
  TestWebhook,
  GetAlertAddresses,
  SetAlertAddresses,
  CreateMonitor,
  ListMonitors,
  GetMonitor,
  UpdateMonitor,
  DeleteMonitor,
  RunMonitorChecks,
  // Imports and exports (issue 12, points 8 and 9): the three imports share the ImportRunner.
  ImportRunner,
  ImportPeople,
  ImportDevices,
  ImportLoans,
  ExportPeople,
  ExportDevices,
  ExportLoans,
  ExportSubmissions,
  ExportTickets,
] as const;
