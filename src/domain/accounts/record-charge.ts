import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Person } from '../people/person.js';
import type { Actor } from '../shared/actor.js';
import { conflict, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import { id, positiveInt, text, wholeNumber } from '../shared/validation.js';
import { accountEntrySchema, entryEventData, MAX_ENTRY_MINOR, newEntry } from './account-entry.js';
import { currentSchoolYear, lockedHolder, requirePupil } from './account-holder.js';
import { insuranceSetting, priceCharge, type PricedCharge } from './insurance.js';

/** An amount of money one entry carries: at least 1 minor unit, at most MAX_ENTRY_MINOR. */
export const entryAmount = () =>
  wholeNumber()
    .min(1, { message: 'must be at least 1 (minor units)' })
    .max(MAX_ENTRY_MINOR, { message: `must be at most ${MAX_ENTRY_MINOR}` })
    .describe('Minor units of the school currency (cents), at least 1');

export const recordChargeInput = z
  .object({
    id: id().describe('The pupil'),
    amountMinor: entryAmount(),
    reason: text(1, 500).describe('What the charge is for: a cracked screen, a lost charger…'),
    submissionId: id().optional().describe('The repair it is for (a submission of this school)'),
    loanNumber: positiveInt().optional().describe('The loaner it is for, by number (one of this school)'),
  })
  .strict();

export const chargeResultSchema = z.object({
  entry: accountEntrySchema,
  balanceMinor: z.number().int().describe('What the pupil owes now'),
  cover: z
    .enum(['claim', 'no_claims_left', 'none'])
    .describe(
      'claim: the cover took it down to the deductible; no_claims_left: covered, but this year’s claims are used; none: charged in full',
    ),
});
export type ChargeResult = z.output<typeof chargeResultSchema>;

/**
 * Whether a repair is this pupil's, as far as the records tell: refused when the device or loaner of
 * its serial is now with someone else and the pupil did not report it. A device with nobody now (it
 * came back for the repair) cannot tell, and is allowed.
 */
async function assertRepairOf(repos: Repositories, tenantId: string, pupil: Person, submissionId: string) {
  const submission = await repos.submissions.findById(tenantId, submissionId);
  if (!submission) throw notFound('submission', submissionId);
  if (submission.reporterId === pupil.id) return;
  const [device, loan] = await Promise.all([
    repos.devices.findBySerial(tenantId, submission.serial),
    repos.loans.findBySerial(tenantId, submission.serial),
  ]);
  const holders = [device?.assignedPersonId, loan?.holderId].filter((h): h is string => !!h);
  if (holders.length > 0 && !holders.includes(pupil.id)) {
    throw conflict(
      `repair ${submission.number} (serial ${submission.serial}) is of a device with someone else, and this pupil did not report it`,
    );
  }
}

/**
 * Charges a pupil for a repair, a lost or stolen loaner, or anything else the school bills. When the
 * pupil is covered this school year and has a claim left, the charge is reduced to the school's
 * deductible and says so (gross, covered, plan, the claim's year). The pupil's row lock makes the
 * count of claims and the new charge one step: two charges at once never both use the last claim.
 */
@injectable()
export class RecordCharge implements UseCase<typeof recordChargeInput, ChargeResult> {
  static readonly required = ['module.people', 'charge.manage'] as const;
  static readonly input = recordChargeInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, i: z.output<typeof recordChargeInput>): Promise<ChargeResult> {
    const tenantId = actor.tenant.id;
    const now = this.clock.now();
    const at = now.toISOString();
    return this.uow.transaction(async (repos) => {
      const pupil = await lockedHolder(repos, tenantId, i.id);
      requirePupil(pupil, 'a charge');
      if (i.submissionId !== undefined) await assertRepairOf(repos, tenantId, pupil, i.submissionId);
      if (i.loanNumber !== undefined && !(await repos.loans.findByNumber(tenantId, i.loanNumber)))
        throw notFound('loaner', i.loanNumber);

      const year = await currentSchoolYear(repos, actor, now);
      const cover = await repos.accounts.coverageOf(tenantId, pupil.id, year);
      const terms = await readSchoolSetting(repos, tenantId, insuranceSetting);
      const used = cover ? await repos.accounts.claimsUsed(tenantId, pupil.id, year) : 0;
      const priced: PricedCharge = priceCharge(i.amountMinor, cover, used, terms, year);

      const entry = newEntry(
        {
          id: this.ids.next(),
          personId: pupil.id,
          kind: 'charge',
          amountMinor: priced.amountMinor,
          recordedBy: actor.principal.id,
          recordedAt: at,
        },
        {
          reason: i.reason,
          grossMinor: priced.grossMinor,
          coveredMinor: priced.coveredMinor,
          plan: priced.plan,
          claimYear: priced.claimYear,
          submissionId: i.submissionId ?? null,
          loanNumber: i.loanNumber ?? null,
        },
      );
      await repos.accounts.append(tenantId, entry);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'charge.create',
        target: `person:${pupil.id}`,
        at,
        details: {
          chargeId: entry.id,
          amountMinor: entry.amountMinor,
          grossMinor: entry.grossMinor,
          coveredMinor: entry.coveredMinor,
          cover: priced.cover,
          claimYear: entry.claimYear,
          submissionId: entry.submissionId,
          loanNumber: entry.loanNumber,
          reason: entry.reason,
        },
        event: { kind: 'charge.created', payload: entryEventData(entry) },
      });
      const balanceMinor = await repos.accounts.balance(tenantId, pupil.id);
      return { entry, balanceMinor, cover: priced.cover };
    });
  }
}
