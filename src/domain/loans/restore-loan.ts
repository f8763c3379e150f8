import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { loanRefInput } from './loan-ref.js';
import { LoanTransitionRunner } from './loan-transition.js';
import { restore, type LoanView } from './loan.js';

/** Puts an UNAVAILABLE loaner back into circulation. Console only. */
@injectable()
export class RestoreLoan implements UseCase<typeof loanRefInput, { loan: LoanView }> {
  static readonly required = ['module.loans', 'loan.issue'] as const;
  static readonly input = loanRefInput;

  constructor(@inject(LoanTransitionRunner) private readonly transitions: LoanTransitionRunner) {}

  execute(actor: Actor, ref: z.output<typeof loanRefInput>): Promise<{ loan: LoanView }> {
    return this.transitions.run(actor, ref, {
      action: 'loan.restore',
      event: 'loan.restored',
      apply: async (loan) => ({ next: restore(loan), holderName: null }),
    });
  }
}
