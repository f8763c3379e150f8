import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { defineTool } from '../catalogue/tool.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import { id, pageOf, text, pagingInput } from '../shared/validation.js';
import { submissionViewSchema, toSubmissionView } from './submission.js';
import { SUBMISSION_STATUSES } from './repair-states.js';

export const listSubmissionsInput = z
  .object({
    status: z.enum(SUBMISSION_STATUSES).optional().describe('NEW, ASSIGNED, IN_REPAIR, RESOLVED or CLOSED'),
    serial: text(1, 100).optional().describe('Only submissions for this serial number'),
    assigneeId: id().optional().describe('Only submissions assigned to this staff member'),
    q: text(1, 200).optional().describe('Text contained in the description or serial (case-insensitive)'),
    ...pagingInput('Submissions'),
  })
  .strict();

export const submissionListSchema = pageOf('submissions', submissionViewSchema);
type SubmissionList = z.output<typeof submissionListSchema>;

/** Repair submissions, newest first. */
@injectable()
export class ListSubmissions implements UseCase<typeof listSubmissionsInput, SubmissionList> {
  static readonly required = ['module.repairs', 'repair.view'] as const;
  static readonly input = listSubmissionsInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(
    actor: Actor,
    { page, pageSize, ...search }: z.output<typeof listSubmissionsInput>,
  ): Promise<SubmissionList> {
    const paging = requestedPage({ page, pageSize });
    const result = await this.uow.read((r) => r.submissions.search(actor.tenant.id, search, paging));
    return { submissions: result.items.map(toSubmissionView), ...pageInfo(result, paging) };
  }
}

export const listSubmissionsTool = defineTool({
  name: 'submissions.list',
  title: 'List repair submissions',
  description:
    'Page through device repair submissions, newest first, filtered by status, serial, assignee or a search text in the description.',
  readOnly: true,
  output: submissionListSchema,
  useCase: ListSubmissions,
});
