import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { conflict } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { poolGroup } from './create-loan.js';
import { loanEventData, loanGroupSchema, restore, toLoanView, withdraw, type LoanRow } from './loan.js';
import { serialsInRepair } from './repair-hold.js';

export const loanGroupRefInput = z.object({ groupId: id().describe('The loan group') }).strict();

export const groupMoveResultSchema = z.object({
  loanGroup: loanGroupSchema,
  changed: z.array(z.number().int()).describe('The loaners this moved, by number'),
  outOnLoan: z
    .array(z.number().int())
    .describe('Loaners out on loan, left with their holders (withdraw them once they are back)'),
  keptForRepair: z
    .array(z.number().int())
    .describe('Loaners a repair in hand keeps withdrawn (restored when their repair ends)'),
});
export type GroupMoveResult = z.output<typeof groupMoveResultSchema>;

/** The most loaners one group move reads: far above any cart or shelf, so a group is moved whole. */
const BATCH = 500;

/**
 * A whole loan group out of service, or back (a cart sent away for the summer, a shelf closed): every
 * loaner of the group that can move does, in one transaction, each audited and with its event as a
 * single withdraw or restore is, and the answer says which could not and why (out on loan, or kept
 * for a repair in hand). Nothing to move is not an error: the answer's `changed` is empty.
 */
@injectable()
export class LoanGroupMover {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async run(actor: Actor, groupId: string, move: 'withdraw' | 'restore'): Promise<GroupMoveResult> {
    const tenantId = actor.tenant.id;
    const now = this.clock.now();
    const at = now.toISOString();
    const today = dateInZone(now, actor.tenant.timeZone);
    return this.uow.transaction(async (repos) => {
      const group = await poolGroup(repos, actor, groupId);
      const units = await this.units(repos, actor, group.id);
      const inRepair = move === 'restore' ? await serialsInRepair(repos, tenantId) : new Map<string, number>();
      const result: GroupMoveResult = { loanGroup: group, changed: [], outOnLoan: [], keptForRepair: [] };
      for (const unit of units) {
        if (unit.status === 'ISSUED') {
          result.outOnLoan.push(unit.number);
          continue;
        }
        if (move === 'withdraw' ? unit.status !== 'AVAILABLE' : unit.status !== 'UNAVAILABLE') continue;
        if (inRepair.has(unit.serial)) {
          result.keptForRepair.push(unit.number);
          continue;
        }
        const next = move === 'withdraw' ? withdraw(unit) : restore(unit);
        if (!(await repos.loans.update(tenantId, next))) {
          throw conflict(`loaner ${unit.number} was changed by someone else; nothing was changed, try again`);
        }
        const view = toLoanView({ ...next, groupName: group.name, holderName: null }, today);
        await recordChange(repos, this.ids, {
          tenantId,
          actor: auditActor(actor),
          action: move === 'withdraw' ? 'loan.withdraw' : 'loan.restore',
          target: `loan:${unit.number}`,
          at,
          details: { from: unit.status, to: next.status, holderId: null, groupId: group.id },
          event: { kind: move === 'withdraw' ? 'loan.withdrawn' : 'loan.restored', payload: loanEventData(view) },
        });
        result.changed.push(unit.number);
      }
      return result;
    });
  }

  private async units(repos: Repositories, actor: Actor, groupId: string): Promise<LoanRow[]> {
    const filter = { poolGroupIds: null, groupId };
    const all: LoanRow[] = [];
    for (let after = 0; ;) {
      const batch = await repos.loans.scan(actor.tenant.id, filter, after, BATCH);
      all.push(...batch);
      if (batch.length < BATCH) return all;
      after = batch[batch.length - 1]!.number;
    }
  }
}

/** Withdraws every loaner of a group that is in the pool. */
@injectable()
export class WithdrawLoanGroup implements UseCase<typeof loanGroupRefInput, GroupMoveResult> {
  static readonly required = ['module.loans', 'loan.manage'] as const;
  static readonly input = loanGroupRefInput;

  constructor(@inject(LoanGroupMover) private readonly mover: LoanGroupMover) {}

  execute(actor: Actor, input: z.output<typeof loanGroupRefInput>): Promise<GroupMoveResult> {
    return this.mover.run(actor, input.groupId, 'withdraw');
  }
}

/** Restores every withdrawn loaner of a group, but those a repair in hand keeps out. */
@injectable()
export class RestoreLoanGroup implements UseCase<typeof loanGroupRefInput, GroupMoveResult> {
  static readonly required = ['module.loans', 'loan.manage'] as const;
  static readonly input = loanGroupRefInput;

  constructor(@inject(LoanGroupMover) private readonly mover: LoanGroupMover) {}

  execute(actor: Actor, input: z.output<typeof loanGroupRefInput>): Promise<GroupMoveResult> {
    return this.mover.run(actor, input.groupId, 'restore');
  }
}
