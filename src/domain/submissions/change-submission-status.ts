import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { costEventData, MAX_AMOUNT_MINOR, type CostEntry } from '../costs/cost-entry.js';
import { deviceEventData, toDeviceView, type Device } from '../devices/device.js';
import { DEVICE_STATUSES } from '../devices/device-states.js';
import { can, type Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { conflict } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { exactlyOne, text, wholeNumber } from '../shared/validation.js';
import { moveForRepair, repairInHand, withdrawnFor } from '../loans/repair-hold.js';
import { ownPerson } from '../people/own-person.js';
import { findSubmission, submissionRefFields } from './submission-ref.js';
import {
  DEVICE_OUTCOMES,
  deviceMoved,
  moveTo,
  repairDevice,
  submissionStatusEventData,
  toSubmissionView,
  withCost,
  submissionViewSchema,
  type Submission,
} from './submission.js';
import { COVERAGES, REPAIR_MOVES, type RepairMove } from './repair-states.js';

export const changeSubmissionStatusInput = z
  .object({
    ...submissionRefFields,
    status: z
      .enum(REPAIR_MOVES, { error: 'must be IN_REPAIR, RESOLVED or CLOSED (assigning makes a submission ASSIGNED)' })
      .describe('Where the repair goes: IN_REPAIR, RESOLVED or CLOSED'),
    note: text(1, 2000).optional().describe('What was done or found; kept in the audit trail, never in an event'),
    cost: z
      .object({
        amountMinor: wholeNumber()
          .min(0, { message: 'must be 0 or more (record a refund with POST /costs)' })
          .max(MAX_AMOUNT_MINOR, { message: `must be at most ${MAX_AMOUNT_MINOR}` })
          .describe('What the repair cost, in minor units of the school currency (0: nothing)'),
        coverage: z.enum(COVERAGES).optional().describe('Who paid (default: the coverage it was lodged with)'),
      })
      .strict()
      .optional()
      .describe('Only with status RESOLVED'),
  })
  .strict()
  .superRefine(exactlyOne(['id', 'number']))
  .superRefine((v, ctx) => {
    if (v.cost !== undefined && v.status !== 'RESOLVED') {
      ctx.addIssue({ code: 'custom', path: ['cost'], message: 'a cost is given only when the repair is RESOLVED' });
    }
  });

/** What the move did to the register device with the submission's serial (see DeviceOutcome). */
export const repairDeviceReportSchema = z.object({
  id: z.string(),
  serial: z.string(),
  status: z.enum(DEVICE_STATUSES),
  outcome: z.enum(DEVICE_OUTCOMES),
});
export type RepairDeviceReport = z.output<typeof repairDeviceReportSchema>;

export const submissionStatusResultSchema = z.object({
  submission: submissionViewSchema,
  device: repairDeviceReportSchema
    .nullable()
    .describe(
      'Null when the serial is no register device (a loaner), on CLOSED, or when the caller may not see devices',
    ),
});
export type SubmissionStatusResult = z.output<typeof submissionStatusResultSchema>;

/**
 * Moves a repair along ASSIGNED → IN_REPAIR → RESOLVED → CLOSED (or closes a NEW or ASSIGNED one that
 * needs no repair, with a note). In the same transaction: the register device with the serial goes
 * into repair and back (a loaner changes nothing), and a cost given on RESOLVED becomes a REPAIR cost
 * entry dated today in the school's time zone. Each change is audited and emits its event.
 */
@injectable()
export class ChangeSubmissionStatus implements UseCase<typeof changeSubmissionStatusInput, SubmissionStatusResult> {
  static readonly required = ['module.repairs', 'repair.manage'] as const;
  static readonly input = changeSubmissionStatusInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(
    actor: Actor,
    { status: to, note, cost, ...ref }: z.output<typeof changeSubmissionStatusInput>,
  ): Promise<SubmissionStatusResult> {
    const tenantId = actor.tenant.id;
    const now = this.clock.now();
    const at = now.toISOString();
    return this.uow.transaction(async (repos) => {
      const current = await findSubmission(repos, tenantId, ref, { forUpdate: true });
      let moved = moveTo(current, to, at, note);
      // A NEW repair taken into repair is the mover's: they are its assignee when they are staff.
      const taker = current.status === 'NEW' && to === 'IN_REPAIR' ? await ownPerson(repos, actor) : null;
      if (taker?.kind === 'STAFF') moved = { ...moved, assigneeId: taker.id };
      const next = cost ? withCost(moved, cost) : moved;

      // The register device with this serial (a loaner's serial finds none), locked before it is read.
      const device =
        to === 'CLOSED' ? null : await repos.devices.findBySerial(tenantId, current.serial, { forUpdate: true });
      const anotherInHand = Boolean(
        device && to === 'RESOLVED' && (await repairInHand(repos, tenantId, current.serial, current.id)) !== null,
      );
      const effect = device ? repairDevice(device, to, anotherInHand) : null;

      if (!(await repos.submissions.update(tenantId, next))) {
        throw conflict(`submission ${current.number} was changed by someone else; reload and try again`);
      }
      const submission = toSubmissionView(next);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'submission.status',
        target: `submission:${current.number}`,
        at,
        details: {
          from: current.status,
          to,
          note: note ?? null,
          ...(next.assigneeId !== current.assigneeId ? { assigneeId: next.assigneeId } : {}),
          ...(cost ? { cost: { amountMinor: next.costMinor, coverage: next.coverage } } : {}),
          ...(effect
            ? { device: { id: effect.device.id, serial: effect.device.serial, outcome: effect.outcome } }
            : {}),
        },
        event: { kind: 'submission.status_changed', payload: submissionStatusEventData(submission, current.status) },
      });
      if (device && effect && deviceMoved(effect.outcome)) {
        await this.moveDevice(repos, actor, device, effect.device, current, at);
      }
      if (cost && cost.amountMinor > 0) await this.recordCost(repos, actor, next, now, at);
      await this.keepLoanerOut(repos, actor, current, to, now);

      const report =
        effect && can(actor, ['module.assets', 'device.view'])
          ? {
              id: effect.device.id,
              serial: effect.device.serial,
              status: effect.device.status,
              outcome: effect.outcome,
            }
          : null;
      return { submission, device: report };
    });
  }

  /**
   * A loaner in repair is out of the pool (repair-hold.ts): withdrawn when AVAILABLE as its repair
   * goes IN_REPAIR, restored when the repair that withdrew it is RESOLVED or CLOSED and no other
   * repair of it is in hand. One issued stays with its holder (the repair is done in hand) and is
   * withdrawn when it comes back.
   */
  private async keepLoanerOut(repos: Repositories, actor: Actor, s: Submission, to: RepairMove, now: Date) {
    const ending = s.status === 'IN_REPAIR' && to !== 'IN_REPAIR';
    if (to !== 'IN_REPAIR' && !ending) return;
    const tenantId = actor.tenant.id;
    const loaner = await repos.loans.findBySerial(tenantId, s.serial, { forUpdate: true });
    if (!loaner) return;
    if (to === 'IN_REPAIR') {
      if (loaner.status === 'AVAILABLE') await moveForRepair(repos, this.ids, actor, loaner, 'withdraw', s.number, now);
      return;
    }
    if (loaner.status !== 'UNAVAILABLE' || (await repairInHand(repos, tenantId, s.serial, s.id)) !== null) return;
    if (await withdrawnFor(repos, tenantId, loaner, s.number)) {
      await moveForRepair(repos, this.ids, actor, loaner, 'restore', s.number, now);
    }
  }

  private async moveDevice(repos: Repositories, actor: Actor, from: Device, to: Device, s: Submission, at: string) {
    const tenantId = actor.tenant.id;
    if (!(await repos.devices.update(tenantId, to))) {
      throw conflict(`device ${from.serial} was changed by someone else; reload and try again`);
    }
    await recordChange(repos, this.ids, {
      tenantId,
      actor: auditActor(actor),
      action: 'device.status',
      target: `device:${to.id}`,
      at,
      details: { from: from.status, to: to.status, submission: s.number },
      event: { kind: 'device.updated', payload: deviceEventData(toDeviceView(to)) },
    });
  }

  /**
   * A repair's cost as a REPAIR cost entry, so the spend breakdown shows it. The move's note stays in
   * the audit trail: the cost list (cost.view) shows the source, `submission:<number>`, instead.
   */
  private async recordCost(repos: Repositories, actor: Actor, s: Submission, now: Date, at: string) {
    const tenantId = actor.tenant.id;
    const entry: CostEntry = {
      id: this.ids.next(),
      type: 'REPAIR',
      coverage: s.coverage,
      amountMinor: s.costMinor ?? 0,
      date: dateInZone(now, actor.tenant.timeZone),
      source: `submission:${s.number}`,
      note: null,
    };
    await repos.costs.insertMany(tenantId, [entry]);
    await recordChange(repos, this.ids, {
      tenantId,
      actor: auditActor(actor),
      action: 'cost.record',
      target: `cost:${entry.id}`,
      at,
      details: {
        type: entry.type,
        coverage: entry.coverage,
        amountMinor: entry.amountMinor,
        date: entry.date,
        source: entry.source,
      },
      event: { kind: 'cost.recorded', payload: costEventData(entry) },
    });
  }
}
