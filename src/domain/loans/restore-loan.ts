import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { parseInput } from '../shared/validation.js';
import { LoanTransitionRunner } from './loan-transition.js';
import { restore } from './loan.js';
import { loanRefInput } from './return-loan.js';

/** Puts an UNAVAILABLE loaner back into circulation. Console only. */
@injectable()
export class RestoreLoan {
  static readonly required = ['module.loans', 'loan.issue'] as const;

  constructor(@inject(LoanTransitionRunner) private readonly transitions: LoanTransitionRunner) {}

  async execute(actor: Actor, input: z.input<typeof loanRefInput>) {
    requirePermissions(actor, RestoreLoan.required);
    return this.transitions.run(actor, parseInput(loanRefInput, input), {
      required: RestoreLoan.required,
      action: 'loan.restore',
      event: 'loan.restored',
      apply: async (loan) => ({ next: restore(loan), holderName: null }),
    });
  }
}
