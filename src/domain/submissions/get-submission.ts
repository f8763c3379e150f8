import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { defineTool } from '../catalogue/tool.js';
import { exactlyOne } from '../shared/validation.js';
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
