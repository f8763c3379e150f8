import { AssignSubmission } from '../../../domain/submissions/assign-submission.js';
import {
  ChangeSubmissionStatus,
  repairDeviceReportSchema,
  submissionStatusResultSchema,
} from '../../../domain/submissions/change-submission-status.js';
import { CreateSubmission } from '../../../domain/submissions/create-submission.js';
import {
  GetSubmission,
  GetSubmissionHistory,
  submissionHistorySchema,
} from '../../../domain/submissions/get-submission.js';
import { ListSubmissions, submissionListSchema } from '../../../domain/submissions/list-submissions.js';
import { submissionResultSchema, submissionViewSchema } from '../../../domain/submissions/submission.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('Submission', submissionViewSchema);
named('SubmissionResult', submissionResultSchema);
named('RepairDeviceReport', repairDeviceReportSchema);

/**
 * Repairs (module `repairs`, issue 12 point 6): the submission list, one submission, lodging and
 * assigning (the tools' use cases), and moving a repair along. A submission is named by its id in
 * the path; a serial, reporter or assignee of no one's reach is 404, a move the repair's state does
 * not allow (or an archived person) is 409.
 */
export const repairRoutes = routeGroup('repairs', 'Repair submissions: lodged, assigned and moved along.', [
  useCaseRoute({
    method: 'get',
    path: '/api/submissions',
    summary: 'Repair submissions, newest first, with filters, a page at a time',
    useCase: ListSubmissions,
    output: named('SubmissionList', submissionListSchema),
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/submissions/{id}',
    summary: 'One repair submission (the query is not read)',
    useCase: GetSubmission,
    pathOnly: true,
    output: submissionResultSchema,
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/submissions/{id}/history',
    summary: "A repair's story: lodged, assigned, each status move with its note and cost, who and when",
    useCase: GetSubmissionHistory,
    pathOnly: true,
    output: named('SubmissionHistory', submissionHistorySchema),
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/submissions',
    summary: 'Lodge a repair submission against the serial of a device or loaner',
    useCase: CreateSubmission,
    status: 201,
    output: submissionResultSchema,
    problems: ['not_found', 'conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/submissions/{id}/assign',
    summary: 'Assign a NEW submission, or reassign an ASSIGNED one, to a staff member',
    useCase: AssignSubmission,
    output: submissionResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/submissions/{id}/status',
    summary: 'Move a repair along (IN_REPAIR, RESOLVED with its cost, CLOSED), and its register device with it',
    useCase: ChangeSubmissionStatus,
    output: named('SubmissionStatusResult', submissionStatusResultSchema),
    problems: ['conflict'],
  }),
]);
