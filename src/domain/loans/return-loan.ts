import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { defineTool } from '../catalogue/tool.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { loanRefInput } from './loan-ref.js';
import { LoanTransitionRunner } from './loan-transition.js';
import { loanResultSchema, returnLoan, type LoanView } from './loan.js';

/** Takes an ISSUED loaner back into the pool; clears holder and due date. */
@injectable()
export class ReturnLoan implements UseCase<typeof loanRefInput, { loan: LoanView }> {
  static readonly required = ['module.loans', 'loan.return'] as const;
  static readonly input = loanRefInput;

  constructor(@inject(LoanTransitionRunner) private readonly transitions: LoanTransitionRunner) {}

  execute(actor: Actor, ref: z.output<typeof loanRefInput>): Promise<{ loan: LoanView }> {
    return this.transitions.run(actor, ref, {
      action: 'loan.return',
      event: 'loan.returned',
      apply: async (loan) => ({ next: returnLoan(loan), holderName: null }),
    });
  }
}

export const returnLoanTool = defineTool({
  name: 'loans.return',
  title: 'Return a loan',
  description:
    'Take an ISSUED loaner back into the pool; clears the holder and due date. Give exactly one of `number` or `serial`. Changes data: confirm with the user first.',
  readOnly: false,
  output: loanResultSchema,
  useCase: ReturnLoan,
});
