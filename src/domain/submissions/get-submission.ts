import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { exactlyOne, parseInput } from '../shared/validation.js';
import { findSubmission, submissionRefFields } from './submission-ref.js';
import { toSubmissionView, type SubmissionView } from './submission.js';

export const getSubmissionInput = z
  .object(submissionRefFields)
  .strict()
  .superRefine(exactlyOne(['id', 'number']));

/** One repair submission, by id or number. */
@injectable()
export class GetSubmission {
  static readonly required = ['module.repairs', 'repair.view'] as const;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.input<typeof getSubmissionInput>): Promise<{ submission: SubmissionView }> {
    requirePermissions(actor, GetSubmission.required);
    const ref = parseInput(getSubmissionInput, input);
    return { submission: toSubmissionView(await this.uow.read((r) => findSubmission(r, actor.tenant.id, ref))) };
  }
}
