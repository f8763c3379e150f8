import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { defineTool } from '../catalogue/tool.js';
import { exactlyOne } from '../shared/validation.js';
import { nameAuditEntries, namedAuditEntrySchema } from '../audit/audit-names.js';
import { findSubmission, submissionRefFields } from './submission-ref.js';
import { submissionResultSchema, toSubmissionView, type SubmissionView } from './submission.js';

export const getSubmissionInput = z
  .object(submissionRefFields)
  .strict()
  .superRefine(exactlyOne(['id', 'number']));

/** One repair submission, by id or number. */
@injectable()
export class GetSubmission implements UseCase<typeof getSubmissionInput, { submission: SubmissionView }> {
  static readonly required = ['module.repairs', 'repair.view'] as const;
  static readonly input = getSubmissionInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, ref: z.output<typeof getSubmissionInput>): Promise<{ submission: SubmissionView }> {
    return { submission: toSubmissionView(await this.uow.read((r) => findSubmission(r, actor.tenant.id, ref))) };
  }
}

export const getSubmissionTool = defineTool({
  name: 'submissions.get',
  title: 'Get a repair submission',
  description: 'One repair submission. Give exactly one of `id` or `number`.',
  readOnly: true,
  output: submissionResultSchema,
  useCase: GetSubmission,
});

/** Entries of a repair's story the page shows: the newest. */
export const SUBMISSION_HISTORY_LIMIT = 100;

export const submissionHistorySchema = z.object({
  history: z
    .array(namedAuditEntrySchema)
    .describe(
      "The repair's story, newest first: lodged, assigned, each status move with its note and cost, with who acted and the people by name",
    ),
});

/**
 * A repair's story (the audit entries about `submission:<number>`): lodged, assigned, and each move
 * with its note and cost, named for the reader (people by name only for a caller who may see people).
 */
@injectable()
export class GetSubmissionHistory implements UseCase<
  typeof getSubmissionInput,
  z.output<typeof submissionHistorySchema>
> {
  static readonly required = ['module.repairs', 'repair.view'] as const;
  static readonly input = getSubmissionInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, ref: z.output<typeof getSubmissionInput>) {
    return this.uow.read(async (repos) => {
      const s = await findSubmission(repos, actor.tenant.id, ref);
      const page = await repos.audit.search(
        actor.tenant.id,
        { targets: [`submission:${s.number}`] },
        { page: 1, pageSize: SUBMISSION_HISTORY_LIMIT },
      );
      return { history: await nameAuditEntries(repos, actor, page.items) };
    });
  }
}
