import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { loanRefInput } from './loan-ref.js';
import { LoanTransitionRunner } from './loan-transition.js';
import { withdraw, type LoanView } from './loan.js';

/** Takes an AVAILABLE loaner out of circulation (lost, in repair). Console only. */
@injectable()
export class WithdrawLoan implements UseCase<typeof loanRefInput, { loan: LoanView }> {
  static readonly required = ['module.loans', 'loan.issue'] as const;
  static readonly input = loanRefInput;

  constructor(@inject(LoanTransitionRunner) private readonly transitions: LoanTransitionRunner) {}

  execute(actor: Actor, ref: z.output<typeof loanRefInput>): Promise<{ loan: LoanView }> {
    return this.transitions.run(actor, ref, {
      action: 'loan.withdraw',
      event: 'loan.withdrawn',
      apply: async (loan) => ({ next: withdraw(loan), holderName: null }),
    });
  }
}
