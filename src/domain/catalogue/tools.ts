import { costBreakdownTool } from '../costs/cost-breakdown.js';
import { searchDevicesTool } from '../devices/search-devices.js';
import { issueLoanTool } from '../loans/issue-loan.js';
import { listLoansTool } from '../loans/list-loans.js';
import { returnLoanTool } from '../loans/return-loan.js';
import { personProfileTool } from '../people/get-person-profile.js';
import { searchPeopleTool } from '../people/search-people.js';
import { createReservationTool } from '../reservations/create-reservation.js';
import { listReservationsTool } from '../reservations/list-reservations.js';
import { assignSubmissionTool } from '../submissions/assign-submission.js';
import { createSubmissionTool } from '../submissions/create-submission.js';
import { getSubmissionTool } from '../submissions/get-submission.js';
import { listSubmissionsTool } from '../submissions/list-submissions.js';
import { getTicketByNumberTool } from '../tickets/get-ticket-by-number.js';
import { getTicketTool } from '../tickets/get-ticket.js';
import { listTicketsTool } from '../tickets/list-tickets.js';
import type { ToolDefinition } from './tool.js';

/**
 * The tool catalogue of SPEC §6: every tool, once, in the order clients list them. Each is defined
 * beside its use case; adding one is that definition and a line here (docs/architecture.md, Adding a tool).
 */
export const TOOLS: readonly ToolDefinition[] = [
  searchPeopleTool,
  personProfileTool,
  listLoansTool,
  issueLoanTool,
  returnLoanTool,
  listReservationsTool,
  createReservationTool,
  listSubmissionsTool,
  getSubmissionTool,
  createSubmissionTool,
  assignSubmissionTool,
  listTicketsTool,
  getTicketTool,
  getTicketByNumberTool,
  searchDevicesTool,
  costBreakdownTool,
];
