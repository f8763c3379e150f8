import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { conflict } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id, positiveInt } from '../shared/validation.js';
import { loanSerial, poolGroup, serialFree } from './create-loan.js';
import { findLoanInPool } from './loan-ref.js';
import { changeUnit, loanEventData, toLoanView, UNIT_FIELDS, type LoanView } from './loan.js';
import { changedFields, requireSomeField } from '../shared/patch.js';

export const updateLoanInput = z
  .object({
    number: positiveInt().describe('The loan number'),
    groupId: id().optional().describe('Move the unit to this loan group'),
    serial: loanSerial().optional(),
  })
  .strict();

/**
 * Moves a unit of the pool to another group and/or gives it another serial, while nobody holds it
 * (AVAILABLE or UNAVAILABLE; ISSUED → conflict). The versioned update moves it between the summary's
 * counts and re-indexes it for search in the same transaction. What equals the unit's own values is
 * no change: a request that changes nothing answers the loan as it is and records nothing (an ISSUED
 * unit included: nothing was asked of it).
 */
@injectable()
export class UpdateLoan implements UseCase<typeof updateLoanInput, { loan: LoanView }> {
  static readonly required = ['module.loans', 'loan.manage'] as const;
  static readonly input = updateLoanInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, { number, ...asked }: z.output<typeof updateLoanInput>): Promise<{ loan: LoanView }> {
    requireSomeField(asked, UNIT_FIELDS);
    const tenantId = actor.tenant.id;
    const now = this.clock.now();
    const at = now.toISOString();
    const today = dateInZone(now, actor.tenant.timeZone);
    return this.uow.transaction(async (repos) => {
      const current = await findLoanInPool(repos, actor, { number }, { forUpdate: true });
      const next = changeUnit(current, asked);
      if (next === current) return { loan: toLoanView(current, today) };
      const group = next.groupId === current.groupId ? null : await poolGroup(repos, actor, next.groupId);
      if (next.serial !== current.serial) await serialFree(repos, tenantId, next.serial);
      if (!(await repos.loans.update(tenantId, next))) {
        throw conflict(`loaner ${current.number} was changed by someone else; reload and try again`);
      }
      const loan = toLoanView({ ...next, groupName: group?.name ?? current.groupName }, today);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'loan.update',
        target: `loan:${current.number}`,
        at,
        details: changedFields(current, next, UNIT_FIELDS),
        event: { kind: 'loan.updated', payload: loanEventData(loan) },
      });
      return { loan };
    });
  }
}
