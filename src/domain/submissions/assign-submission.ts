import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { defineTool } from '../catalogue/tool.js';
import { conflict, invalidField, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { exactlyOne, id } from '../shared/validation.js';
import { findSubmission, submissionRefFields } from './submission-ref.js';
import {
  assign,
  submissionEventData,
  submissionResultSchema,
  toSubmissionView,
  type SubmissionView,
} from './submission.js';

export const assignSubmissionInput = z
  .object({ ...submissionRefFields, assigneeId: id().describe('A staff member who will handle the repair') })
  .strict()
  .superRefine(exactlyOne(['id', 'number']));

/** Assigns (or reassigns) a NEW or ASSIGNED submission to a staff member. */
@injectable()
export class AssignSubmission implements UseCase<typeof assignSubmissionInput, { submission: SubmissionView }> {
  static readonly required = ['module.repairs', 'repair.assign'] as const;
  static readonly input = assignSubmissionInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(
    actor: Actor,
    { assigneeId, ...ref }: z.output<typeof assignSubmissionInput>,
  ): Promise<{ submission: SubmissionView }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const current = await findSubmission(repos, tenantId, ref, { forUpdate: true });
      const assignee = await repos.people.findById(tenantId, assigneeId);
      if (!assignee) throw notFound('person', assigneeId);
      if (assignee.kind !== 'STAFF') throw invalidField('assigneeId', 'must be a staff member');
      if (assignee.archivedAt !== null) throw conflict(`${assignee.name} is archived (a leaver): restore them first`);
      const next = assign(current, assignee.id, at);
      if (!(await repos.submissions.update(tenantId, next))) {
        throw conflict(`submission ${current.number} was changed by someone else; reload and try again`);
      }
      const submission = toSubmissionView(next);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'submission.assign',
        target: `submission:${current.number}`,
        at,
        details: { from: current.assigneeId, to: assignee.id },
        event: { kind: 'submission.assigned', payload: submissionEventData(submission) },
      });
      return { submission };
    });
  }
}

export const assignSubmissionTool = defineTool({
  name: 'submissions.assign',
  title: 'Assign a repair submission',
  description:
    'Assign a NEW submission, or reassign an ASSIGNED one, to a staff member. Give exactly one of `id` or `number`. Changes data: confirm with the user first.',
  readOnly: false,
  output: submissionResultSchema,
  useCase: AssignSubmission,
});
