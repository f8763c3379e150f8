import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { defineTool } from '../catalogue/tool.js';
import { PAGE_SIZE_DEFAULT } from '../shared/paging.js';
import { id, page, pageOf, pageSize, text } from '../shared/validation.js';
import { submissionViewSchema, toSubmissionView } from './submission.js';
import { SUBMISSION_STATUSES } from './repair-states.js';

export const listSubmissionsInput = z
  .object({
    status: z.enum(SUBMISSION_STATUSES).optional().describe('NEW, ASSIGNED, IN_REPAIR, RESOLVED or CLOSED'),
    serial: text(1, 100).optional().describe('Only submissions for this serial number'),
    assigneeId: id().optional().describe('Only submissions assigned to this staff member'),
    q: text(1, 200).optional().describe('Text contained in the description or serial (case-insensitive)'),
    page: page().describe('Page number, from 1 (default 1)'),
    pageSize: pageSize().describe('Submissions per page, 1 to 100 (default 50)'),
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
    { page = 1, pageSize = PAGE_SIZE_DEFAULT, ...search }: z.output<typeof listSubmissionsInput>,
  ): Promise<SubmissionList> {
    const result = await this.uow.read((r) => r.submissions.search(actor.tenant.id, search, { page, pageSize }));
    return { submissions: result.items.map(toSubmissionView), total: result.total, page, pageSize };
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
