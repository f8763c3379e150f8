import { CostBreakdown } from '../domain/costs/cost-breakdown.js';
import { ListCosts } from '../domain/costs/list-costs.js';
import { RecordCost } from '../domain/costs/record-cost.js';
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
import { AssignDevice } from '../domain/devices/assign-device.js';
import { ChangeDeviceStatus } from '../domain/devices/change-device-status.js';
import { CreateDevice } from '../domain/devices/create-device.js';
import { GetDevice } from '../domain/devices/get-device.js';
import { GetDeviceRecord } from '../domain/devices/get-device-record.js';
import { ListDeviceHistory } from '../domain/devices/list-device-history.js';
import { UnassignDevice } from '../domain/devices/unassign-device.js';
import { UpdateDevice } from '../domain/devices/update-device.js';
import { SearchDevices } from '../domain/devices/search-devices.js';
import { AuthenticateApiKey } from '../domain/identity/authenticate-api-key.js';
import { ConsumeSetupLink } from '../domain/identity/consume-setup-link.js';
import { CreateApiKey } from '../domain/identity/create-api-key.js';
import { CreateSetupLink } from '../domain/identity/create-setup-link.js';
import { CreateUser } from '../domain/identity/create-user.js';
import { CreateUserWithInvitationFile } from '../domain/identity/create-user-with-invitation-file.js';
import { GetSignedInUser } from '../domain/identity/get-signed-in-user.js';
import { Invitations } from '../domain/identity/invitations.js';
import { InviteUser } from '../domain/identity/invite-user.js';
import { ListUsers } from '../domain/identity/list-users.js';
import { UpdateUser } from '../domain/identity/update-user.js';
import { SearchAudit } from '../domain/audit/search-audit.js';
import { ListModules } from '../domain/tenants/list-modules.js';
import { SetModules } from '../domain/tenants/set-modules.js';
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
import { ArchivePerson } from '../domain/people/archive-person.js';
import { CreatePerson } from '../domain/people/create-person.js';
import { ListLoanGroups } from '../domain/loans/list-loan-groups.js';
import { CreateLoanGroup } from '../domain/loans/create-loan-group.js';
import { RenameLoanGroup } from '../domain/loans/rename-loan-group.js';
import { CreateLoan } from '../domain/loans/create-loan.js';
import { UpdateLoan } from '../domain/loans/update-loan.js';
import { GetPersonProfile } from '../domain/people/get-person-profile.js';
import { ListPeople } from '../domain/people/list-people.js';
import { RestorePerson } from '../domain/people/restore-person.js';
import { UpdatePerson } from '../domain/people/update-person.js';
import { SearchPeople } from '../domain/people/search-people.js';
import { AssignSubmission } from '../domain/submissions/assign-submission.js';
import { ChangeSubmissionStatus } from '../domain/submissions/change-submission-status.js';
import { CreateSubmission } from '../domain/submissions/create-submission.js';
import { GetSubmission } from '../domain/submissions/get-submission.js';
import { ListSubmissions } from '../domain/submissions/list-submissions.js';
import { ChangeModules } from '../domain/tenants/change-modules.js';
import { CreateTenant } from '../domain/tenants/create-tenant.js';
import { ResolveTenant } from '../domain/tenants/resolve-tenant.js';
import { GetTicket } from '../domain/tickets/get-ticket.js';
import { GetTicketByNumber } from '../domain/tickets/get-ticket-by-number.js';
import { ListTickets } from '../domain/tickets/list-tickets.js';
import { CreateTicket } from '../domain/tickets/create-ticket.js';
import { UpdateTicket } from '../domain/tickets/update-ticket.js';
import { ListTicketComments } from '../domain/tickets/list-ticket-comments.js';
import { AddTicketComment } from '../domain/tickets/add-ticket-comment.js';
import { ImportRunner } from '../domain/imports/import-run.js';
import { ImportPeople } from '../domain/imports/import-people.js';
import { ImportDevices } from '../domain/imports/import-devices.js';
import { ImportLoans } from '../domain/imports/import-loans.js';
import { ExportPeople } from '../domain/exports/export-people.js';
import { ExportDevices } from '../domain/exports/export-devices.js';
import { ExportLoans } from '../domain/exports/export-loans.js';
import { ExportSubmissions } from '../domain/exports/export-submissions.js';
import { ExportTickets } from '../domain/exports/export-tickets.js';
import { AuthenticateAccessToken } from '../domain/oauth/authenticate-access-token.js';
import { BeginAuthorization } from '../domain/oauth/begin-authorization.js';
import { DecideAuthorization } from '../domain/oauth/decide-authorization.js';
import { ExchangeToken } from '../domain/oauth/exchange-token.js';
import { GetAuthorization } from '../domain/oauth/get-authorization.js';
import { ListGrants } from '../domain/oauth/list-grants.js';
import { OAuthClients } from '../domain/oauth/oauth-clients.js';
import { RegisterClient } from '../domain/oauth/register-client.js';
import { RevokeGrant } from '../domain/oauth/revoke-grant.js';
import { RevokeToken } from '../domain/oauth/revoke-token.js';
import { CompleteSsoSignIn } from '../domain/sso/complete-sso-sign-in.js';
import { ConfigureSso } from '../domain/sso/configure-sso.js';
import { GetSsoSettings } from '../domain/sso/get-sso-settings.js';
import { GetSsoSignInOption } from '../domain/sso/get-sso-sign-in-option.js';
import { RemoveSso } from '../domain/sso/remove-sso.js';
import { StartSsoSignIn } from '../domain/sso/start-sso-sign-in.js';
import { UnlinkSsoAccount } from '../domain/sso/unlink-sso-account.js';

/** Every use case (and the shared domain services), bound to itself in every deployment mode. */
export const USE_CASES = [
  LoanTransitionRunner,
  IssueLoan,
  ReturnLoan,
  WithdrawLoan,
  RestoreLoan,
  ListLoans,
  ListAllLoans,
  ListLoanGroups,
  CreateLoanGroup,
  RenameLoanGroup,
  CreateLoan,
  UpdateLoan,
  SearchPeople,
  GetPersonProfile,
  ListPeople,
  CreatePerson,
  UpdatePerson,
  ArchivePerson,
  RestorePerson,
  SearchDevices,
  GetDevice,
  GetDeviceRecord,
  ListDeviceHistory,
  CreateDevice,
  UpdateDevice,
  AssignDevice,
  UnassignDevice,
  ChangeDeviceStatus,
  ListSubmissions,
  GetSubmission,
  CreateSubmission,
  AssignSubmission,
  ChangeSubmissionStatus,
  ListTickets,
  GetTicket,
  GetTicketByNumber,
  CreateTicket,
  UpdateTicket,
  ListTicketComments,
  AddTicketComment,
  CostBreakdown,
  RecordCost,
  ListCosts,
  CreateTenant,
  ResolveTenant,
  ChangeModules,
  CreateUser,
  // Staff, keys, modules and the audit log in the console (issue 12, point 7).
  Invitations,
  CreateUserWithInvitationFile,
  ListUsers,
  UpdateUser,
  InviteUser,
  GetSignedInUser,
  ListModules,
  SetModules,
  SearchAudit,
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
  // Desk as the OAuth authorization server of its MCP endpoint (issue 20).
  OAuthClients,
  RegisterClient,
  BeginAuthorization,
  GetAuthorization,
  DecideAuthorization,
  ExchangeToken,
  RevokeToken,
  AuthenticateAccessToken,
  ListGrants,
  RevokeGrant,
  // Single sign-on with each school's OpenID provider (the identity issue).
  GetSsoSettings,
  ConfigureSso,
  RemoveSso,
  UnlinkSsoAccount,
  GetSsoSignInOption,
  StartSsoSignIn,
  CompleteSsoSignIn,
] as const;
