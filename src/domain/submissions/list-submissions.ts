import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { PAGE_SIZE_DEFAULT } from '../shared/paging.js';
import { id, page, pageSize, parseInput, text } from '../shared/validation.js';
import { SUBMISSION_STATUSES, toSubmissionView } from './submission.js';

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

/** Repair submissions, newest first. */
@injectable()
export class ListSubmissions {
  static readonly required = ['module.repairs', 'repair.view'] as const;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.input<typeof listSubmissionsInput>) {
    requirePermissions(actor, ListSubmissions.required);
    const { page = 1, pageSize = PAGE_SIZE_DEFAULT, ...search } = parseInput(listSubmissionsInput, input);
    const result = await this.uow.read((r) => r.submissions.search(actor.tenant.id, search, { page, pageSize }));
    return { submissions: result.items.map(toSubmissionView), total: result.total, page, pageSize };
  }
}
