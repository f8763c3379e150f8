import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { AuditActorType } from '../audit/audit-entry.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { defineTool } from '../catalogue/tool.js';
import { conflict, DomainError, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { id, text } from '../shared/validation.js';
import { inPool } from '../loans/loan-ref.js';
import {
  submissionEventData,
  submissionResultSchema,
  toSubmissionView,
  type Submission,
  type SubmissionView,
} from './submission.js';
import { COVERAGES } from './repair-states.js';

export const createSubmissionInput = z
  .object({
    serial: text(1, 100).describe('Serial number of a device or loaner of this school'),
    description: text(1, 4000).describe('What is wrong, 1 to 4000 characters'),
    reporterId: id().optional().describe('The person reporting the fault'),
    coverage: z.enum(COVERAGES).optional().describe('Who pays: WARRANTY, INSURANCE, SCHOOL or PARENT'),
  })
  .strict();

/**
 * Writes a new repair submission of a serial the caller found, with its audit entry and
 * `submission.created` event, in the caller's transaction (the console's and the portal's one way).
 */
export async function lodgeSubmission(
  repos: Repositories,
  ids: IdGenerator,
  tenantId: string,
  o: {
    serial: string;
    description: string;
    reporterId: string | null;
    coverage: Submission['coverage'];
    actor: { type: AuditActorType; id: string; via?: string };
    at: string;
  },
): Promise<SubmissionView> {
  const created: Submission = {
    id: ids.next(),
    number: await repos.tenants.takeNumber(tenantId, 'submission'),
    serial: o.serial,
    description: o.description,
    reporterId: o.reporterId,
    assigneeId: null,
    status: 'NEW',
    coverage: o.coverage,
    costMinor: null,
    createdAt: o.at,
    updatedAt: o.at,
    version: 1,
  };
  await repos.submissions.insertMany(tenantId, [created]);
  const submission = toSubmissionView(created);
  await recordChange(repos, ids, {
    tenantId,
    actor: o.actor,
    action: 'submission.create',
    target: `submission:${created.number}`,
    at: o.at,
    details: { serial: created.serial },
    event: { kind: 'submission.created', payload: submissionEventData(submission) },
  });
  return submission;
}

/** Lodges a repair submission against a serial number. Changes no device. */
@injectable()
export class CreateSubmission implements UseCase<typeof createSubmissionInput, { submission: SubmissionView }> {
  static readonly required = ['module.repairs', 'repair.create'] as const;
  static readonly input = createSubmissionInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, i: z.output<typeof createSubmissionInput>): Promise<{ submission: SubmissionView }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      // A loaner outside the caller's pool does not exist for them (its serial is not revealed).
      const loan = await repos.loans.findBySerial(tenantId, i.serial);
      const known =
        (await repos.devices.findBySerial(tenantId, i.serial)) ?? (loan && inPool(actor, loan.groupId) ? loan : null);
      if (!known) throw new DomainError('not_found', `no device or loaner of this school has the serial ${i.serial}`);
      if (i.reporterId) {
        const reporter = await repos.people.findById(tenantId, i.reporterId);
        if (!reporter) throw notFound('person', i.reporterId);
        if (reporter.archivedAt !== null) throw conflict(`${reporter.name} is archived (a leaver): restore them first`);
      }
      const submission = await lodgeSubmission(repos, this.ids, tenantId, {
        serial: known.serial,
        description: i.description,
        reporterId: i.reporterId ?? null,
        coverage: i.coverage ?? null,
        actor: auditActor(actor),
        at,
      });
      return { submission };
    });
  }
}

export const createSubmissionTool = defineTool({
  name: 'submissions.create',
  title: 'Lodge a repair submission',
  description:
    'Lodge a repair submission against the serial number of a device or loaner of this school, with a description of the fault and optionally the reporter and who pays (coverage). Changes data: confirm with the user first.',
  readOnly: false,
  output: submissionResultSchema,
  useCase: CreateSubmission,
});
