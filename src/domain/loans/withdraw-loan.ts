import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { parseInput } from '../shared/validation.js';
import { LoanTransitionRunner } from './loan-transition.js';
import { withdraw } from './loan.js';
import { loanRefInput } from './return-loan.js';

/** Takes an AVAILABLE loaner out of circulation (lost, in repair). Console only. */
@injectable()
export class WithdrawLoan {
  static readonly required = ['module.loans', 'loan.issue'] as const;

  constructor(@inject(LoanTransitionRunner) private readonly transitions: LoanTransitionRunner) {}

  async execute(actor: Actor, input: z.input<typeof loanRefInput>) {
    requirePermissions(actor, WithdrawLoan.required);
    return this.transitions.run(actor, parseInput(loanRefInput, input), {
      required: WithdrawLoan.required,
      action: 'loan.withdraw',
      event: 'loan.withdrawn',
      apply: async (loan) => ({ next: withdraw(loan), holderName: null }),
    });
  }
}
