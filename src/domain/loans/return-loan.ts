import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { exactlyOne, parseInput } from '../shared/validation.js';
import { loanRefFields } from './loan-ref.js';
import { LoanTransitionRunner } from './loan-transition.js';
import { returnLoan } from './loan.js';

export const loanRefInput = z
  .object(loanRefFields)
  .strict()
  .superRefine(exactlyOne(['number', 'serial']));

/** Takes an ISSUED loaner back into the pool; clears holder and due date. */
@injectable()
export class ReturnLoan {
  static readonly required = ['module.loans', 'loan.return'] as const;

  constructor(@inject(LoanTransitionRunner) private readonly transitions: LoanTransitionRunner) {}

  async execute(actor: Actor, input: z.input<typeof loanRefInput>) {
    requirePermissions(actor, ReturnLoan.required);
    return this.transitions.run(actor, parseInput(loanRefInput, input), {
      required: ReturnLoan.required,
      action: 'loan.return',
      event: 'loan.returned',
      apply: async (loan) => ({ next: returnLoan(loan), holderName: null }),
    });
  }
}
