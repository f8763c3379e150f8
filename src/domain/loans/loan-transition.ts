import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { conflict } from '../shared/errors.js';
import type { EventKind } from '../events/event.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { findLoanInPool, type LoanRef } from './loan-ref.js';
import { loanEventData, toLoanView, type Loan, type LoanRow, type LoanView } from './loan.js';

export interface LoanTransition {
  readonly action: string;
  readonly event: EventKind;
  /**
   * The pure state change, plus the holder's name when the transition sets a holder, and what else
   * the audit entry should say (the warnings a desk confirmed; an issue's bookings:
   * reservation-hold.ts). `ids` is the transaction's id source, for what the change records itself.
   */
  apply(
    loan: LoanRow,
    repos: Repositories,
    at: string,
    today: string,
    ids: IdGenerator,
  ): Promise<{ next: Loan; holderName: string | null; details?: Record<string, unknown> }>;
  /**
   * What follows from the change in the same transaction, given the loan as written (a loaner
   * returned while its repair is in hand is withdrawn for it: repair-hold.ts). Answers the loan as
   * it then is, or null when nothing followed.
   */
  after?(written: Loan & { groupName: string }, repos: Repositories, now: Date, ids: IdGenerator): Promise<Loan | null>;
}

/**
 * The shared shape of issue, return, withdraw and restore: lock the loan, apply the pure transition,
 * write it if nobody else did first, record audit entry and event, and what follows, in the same
 * transaction. The caller was admitted by the use case's declarations (use-case.ts); nothing is
 * checked again here.
 */
@injectable()
export class LoanTransitionRunner {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async run(actor: Actor, ref: LoanRef, transition: LoanTransition): Promise<{ loan: LoanView }> {
    const now = this.clock.now();
    const at = now.toISOString();
    const today = dateInZone(now, actor.tenant.timeZone);
    return this.uow.transaction(async (repos) => {
      const current = await findLoanInPool(repos, actor, ref, { forUpdate: true });
      const { next, holderName, details } = await transition.apply(current, repos, at, today, this.ids);
      if (!(await repos.loans.update(actor.tenant.id, next))) {
        throw conflict(`loaner ${current.number} was changed by someone else; reload and try again`);
      }
      const loan = toLoanView({ ...next, groupName: current.groupName, holderName }, today);
      await recordChange(repos, this.ids, {
        tenantId: actor.tenant.id,
        actor: auditActor(actor),
        action: transition.action,
        target: `loan:${current.number}`,
        at,
        details: { from: current.status, to: next.status, holderId: next.holderId ?? current.holderId, ...details },
        event: { kind: transition.event, payload: loanEventData(loan) },
      });
      const settled = await transition.after?.(
        { ...next, version: next.version + 1, groupName: current.groupName },
        repos,
        now,
        this.ids,
      );
      return {
        loan: settled ? toLoanView({ ...settled, groupName: current.groupName, holderName: null }, today) : loan,
      };
    });
  }
}
