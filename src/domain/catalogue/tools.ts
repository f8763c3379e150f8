import { costBreakdownInput, CostBreakdown } from '../costs/cost-breakdown.js';
import { searchDevicesInput, SearchDevices } from '../devices/search-devices.js';
import { issueLoanInput, IssueLoan } from '../loans/issue-loan.js';
import { listLoansInput, ListLoans } from '../loans/list-loans.js';
import { loanRefInput, ReturnLoan } from '../loans/return-loan.js';
import { personProfileInput, GetPersonProfile } from '../people/get-person-profile.js';
import { searchPeopleInput, SearchPeople } from '../people/search-people.js';
import { assignSubmissionInput, AssignSubmission } from '../submissions/assign-submission.js';
import { createSubmissionInput, CreateSubmission } from '../submissions/create-submission.js';
import { getSubmissionInput, GetSubmission } from '../submissions/get-submission.js';
import { listSubmissionsInput, ListSubmissions } from '../submissions/list-submissions.js';
import { getTicketByNumberInput, getTicketInput, GetTicket } from '../tickets/get-ticket.js';
import { listTicketsInput, ListTickets } from '../tickets/list-tickets.js';
import {
  costBreakdownSchema,
  deviceListSchema,
  loanInventorySchema,
  loanResultSchema,
  peopleResultSchema,
  profileSchema,
  submissionListSchema,
  submissionResultSchema,
  ticketListSchema,
  ticketResultSchema,
} from './output-schemas.js';
import { defineTool, type ToolDefinition } from './tool.js';

/** The tool catalogue of SPEC §6: every tool, once. */
export const TOOLS: readonly ToolDefinition[] = [
  defineTool({
    name: 'people.search',
    title: 'Find people',
    description:
      'Find pupils and staff by part of their name, e-mail or MIS id. Filter by kind (PUPIL or STAFF) and class or department. Returns at most `limit` people, ordered by name.',
    module: 'people',
    permissions: ['person.view'],
    readOnly: true,
    input: searchPeopleInput,
    output: peopleResultSchema,
    run: (get, actor, input) => get(SearchPeople).execute(actor, input as never),
  }),
  defineTool({
    name: 'people.profile',
    title: 'Person profile',
    description:
      'One person with the loans they hold, the devices assigned to them and the repair submissions they reported or handle. Each section appears only when the caller may see it.',
    module: 'people',
    permissions: ['person.view'],
    readOnly: true,
    input: personProfileInput,
    output: profileSchema,
    run: (get, actor, input) => get(GetPersonProfile).execute(actor, input as never),
  }),
  defineTool({
    name: 'loans.list',
    title: 'List loans',
    description:
      'Page through the loaner pool (ordered by loan number) with optional filters: status, group, kind, class, holder, overdue, or a search text matched against serial, holder name and group name (a whole number also matches that loan number). The summary counts the whole pool the caller may see, independent of the filters.',
    module: 'loans',
    permissions: ['loan.view'],
    readOnly: true,
    input: listLoansInput,
    output: loanInventorySchema,
    run: (get, actor, input) => get(ListLoans).execute(actor, input as never),
  }),
  defineTool({
    name: 'loans.issue',
    title: 'Issue a loan',
    description:
      'Hand an AVAILABLE loaner to a person, optionally until a due date (YYYY-MM-DD in the school time zone). Give exactly one of `number` or `serial`. Changes data: confirm with the user first.',
    module: 'loans',
    permissions: ['loan.issue'],
    readOnly: false,
    input: issueLoanInput,
    output: loanResultSchema,
    run: (get, actor, input) => get(IssueLoan).execute(actor, input as never),
  }),
  defineTool({
    name: 'loans.return',
    title: 'Return a loan',
    description:
      'Take an ISSUED loaner back into the pool; clears the holder and due date. Give exactly one of `number` or `serial`. Changes data: confirm with the user first.',
    module: 'loans',
    permissions: ['loan.return'],
    readOnly: false,
    input: loanRefInput,
    output: loanResultSchema,
    run: (get, actor, input) => get(ReturnLoan).execute(actor, input as never),
  }),
  defineTool({
    name: 'submissions.list',
    title: 'List repair submissions',
    description:
      'Page through device repair submissions, newest first, filtered by status, serial, assignee or a search text in the description.',
    module: 'repairs',
    permissions: ['repair.view'],
    readOnly: true,
    input: listSubmissionsInput,
    output: submissionListSchema,
    run: (get, actor, input) => get(ListSubmissions).execute(actor, input as never),
  }),
  defineTool({
    name: 'submissions.get',
    title: 'Get a repair submission',
    description: 'One repair submission. Give exactly one of `id` or `number`.',
    module: 'repairs',
    permissions: ['repair.view'],
    readOnly: true,
    input: getSubmissionInput,
    output: submissionResultSchema,
    run: (get, actor, input) => get(GetSubmission).execute(actor, input as never),
  }),
  defineTool({
    name: 'submissions.create',
    title: 'Lodge a repair submission',
    description:
      'Lodge a repair submission against the serial number of a device or loaner of this school, with a description of the fault and optionally the reporter and who pays (coverage). Changes data: confirm with the user first.',
    module: 'repairs',
    permissions: ['repair.create'],
    readOnly: false,
    input: createSubmissionInput,
    output: submissionResultSchema,
    run: (get, actor, input) => get(CreateSubmission).execute(actor, input as never),
  }),
  defineTool({
    name: 'submissions.assign',
    title: 'Assign a repair submission',
    description:
      'Assign a NEW submission, or reassign an ASSIGNED one, to a staff member. Give exactly one of `id` or `number`. Changes data: confirm with the user first.',
    module: 'repairs',
    permissions: ['repair.assign'],
    readOnly: false,
    input: assignSubmissionInput,
    output: submissionResultSchema,
    run: (get, actor, input) => get(AssignSubmission).execute(actor, input as never),
  }),
  defineTool({
    name: 'tickets.list',
    title: 'List service-desk tickets',
    description:
      'Page through the service-desk queue, newest first, filtered by status or a search text in subject and body.',
    module: 'servicedesk',
    permissions: ['ticket.view'],
    readOnly: true,
    input: listTicketsInput,
    output: ticketListSchema,
    run: (get, actor, input) => get(ListTickets).execute(actor, input as never),
  }),
  defineTool({
    name: 'tickets.get',
    title: 'Get a ticket',
    description: 'One service-desk ticket by its id.',
    module: 'servicedesk',
    permissions: ['ticket.view'],
    readOnly: true,
    input: getTicketInput,
    output: ticketResultSchema,
    run: (get, actor, input) => get(GetTicket).execute(actor, input as never),
  }),
  defineTool({
    name: 'tickets.byNumber',
    title: 'Get a ticket by number',
    description: 'One service-desk ticket by the number people quote (e.g. 1042).',
    module: 'servicedesk',
    permissions: ['ticket.view'],
    readOnly: true,
    input: getTicketByNumberInput,
    output: ticketResultSchema,
    run: (get, actor, input) => get(GetTicket).byNumber(actor, input as never),
  }),
  defineTool({
    name: 'devices.search',
    title: 'Search the asset register',
    description:
      'Page through the asset register (ordered by serial), filtered by kind, status, or a search text in serial, manufacturer and model.',
    module: 'assets',
    permissions: ['device.view'],
    readOnly: true,
    input: searchDevicesInput,
    output: deviceListSchema,
    run: (get, actor, input) => get(SearchDevices).execute(actor, input as never),
  }),
  defineTool({
    name: 'costs.breakdown',
    title: 'Spend breakdown',
    description:
      'Spend in minor units of the school currency, grouped by cost type, coverage (who paid) or period (month, quarter or year), over an inclusive date range (default: the last 12 months).',
    module: 'costs',
    permissions: ['cost.view'],
    readOnly: true,
    input: costBreakdownInput,
    output: costBreakdownSchema,
    run: (get, actor, input) => get(CostBreakdown).execute(actor, input as never),
  }),
];
