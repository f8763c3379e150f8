import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { schoolYearName } from '../settings/school-year.js';
import { id, text } from '../shared/validation.js';
import { coverageSchema, type Coverage } from './account-entry.js';
import { lockedHolder, requirePupil } from './account-holder.js';

export const setCoverageInput = z
  .object({
    id: id().describe('The pupil'),
    plan: text(1, 100).describe('The insurance plan’s name'),
    schoolYear: schoolYearName().describe('The school year it covers, 2026-2027'),
  })
  .strict();

export const removeCoverageInput = z
  .object({
    id: id().describe('The pupil'),
    schoolYear: schoolYearName().describe('The school year whose cover ends, 2026-2027'),
  })
  .strict();

export const coverageResultSchema = z.object({ coverage: coverageSchema });

/**
 * Marks a pupil covered for a school year under a plan (one cover per pupil per year: setting it
 * again changes the plan). Charges already made keep what they were charged.
 */
@injectable()
export class SetCoverage implements UseCase<typeof setCoverageInput, { coverage: Coverage }> {
  static readonly required = ['module.people', 'charge.manage'] as const;
  static readonly input = setCoverageInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, i: z.output<typeof setCoverageInput>): Promise<{ coverage: Coverage }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const pupil = await lockedHolder(repos, tenantId, i.id);
      requirePupil(pupil, 'insurance cover');
      const before = await repos.accounts.coverageOf(tenantId, pupil.id, i.schoolYear);
      const coverage: Coverage = {
        personId: pupil.id,
        schoolYear: i.schoolYear,
        plan: i.plan,
        recordedBy: actor.principal.id,
        recordedAt: at,
      };
      await repos.accounts.putCoverage(tenantId, coverage);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'coverage.set',
        target: `person:${pupil.id}`,
        at,
        details: { schoolYear: i.schoolYear, plan: i.plan, before: before?.plan ?? null },
      });
      return { coverage };
    });
  }
}

/** Ends a pupil's cover for a school year (404 when there was none). Claims it took stay taken. */
@injectable()
export class RemoveCoverage implements UseCase<typeof removeCoverageInput, void> {
  static readonly required = ['module.people', 'charge.manage'] as const;
  static readonly input = removeCoverageInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, i: z.output<typeof removeCoverageInput>): Promise<void> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    await this.uow.transaction(async (repos) => {
      const pupil = await lockedHolder(repos, tenantId, i.id);
      const before = await repos.accounts.coverageOf(tenantId, pupil.id, i.schoolYear);
      if (!before || !(await repos.accounts.deleteCoverage(tenantId, pupil.id, i.schoolYear)))
        throw notFound('coverage', `${pupil.id} ${i.schoolYear}`);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'coverage.remove',
        target: `person:${pupil.id}`,
        at,
        details: { schoolYear: i.schoolYear, plan: before.plan },
      });
    });
  }
}
