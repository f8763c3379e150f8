import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { defineTool } from '../catalogue/tool.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { loanRefInput } from './loan-ref.js';
import { moveForRepair, repairInHand } from './repair-hold.js';
import { LoanTransitionRunner } from './loan-transition.js';
import { loanResultSchema, returnLoan, type LoanRow } from './loan.js';
import { isoDate, isoInstant } from '../shared/validation.js';

/**
 * What a return answers: the loan back in the pool, and who held it until when. The desk's undo
 * re-issues from this (same holder, same due date), and a client can say "returned by Ada".
 */
export const returnResultSchema = loanResultSchema.extend({
  returnedFrom: z.object({
    holder: z.object({ id: z.string(), name: z.string() }),
    issuedAt: isoInstant().nullable(),
    dueDate: isoDate().nullable(),
  }),
  keptForRepair: z
    .number()
    .int()
    .nullable()
    .describe('The repair in hand that keeps the loaner out of the pool (withdrawn until it ends), else null'),
});
export type ReturnResult = z.output<typeof returnResultSchema>;

/**
 * Takes an ISSUED loaner back into the pool; clears holder and due date. One whose repair is in
 * hand (IN_REPAIR, mended while the pupil kept it) comes back withdrawn for that repair instead.
 */
@injectable()
export class ReturnLoan implements UseCase<typeof loanRefInput, ReturnResult> {
  static readonly required = ['module.loans', 'loan.return'] as const;
  static readonly input = loanRefInput;

  constructor(@inject(LoanTransitionRunner) private readonly transitions: LoanTransitionRunner) {}

  async execute(actor: Actor, ref: z.output<typeof loanRefInput>): Promise<ReturnResult> {
    let held: LoanRow | undefined;
    let keptForRepair: number | null = null;
    const { loan } = await this.transitions.run(actor, ref, {
      action: 'loan.return',
      event: 'loan.returned',
      apply: async (current) => {
        const next = returnLoan(current);
        held = current;
        return { next, holderName: null };
      },
      // Back from its holder while a repair of it is in hand: out of the pool until that repair ends.
      after: async (written, repos, now, ids) => {
        keptForRepair = await repairInHand(repos, actor.tenant.id, written.serial);
        if (keptForRepair === null) return null;
        return moveForRepair(repos, ids, actor, written, 'withdraw', keptForRepair, now);
      },
    });
    return { loan, returnedFrom: returnedFrom(held!), keptForRepair };
  }
}

/** The holder and dates of a loan that was ISSUED (so has a holder) just before its return. */
const returnedFrom = (row: LoanRow): ReturnResult['returnedFrom'] => ({
  holder: { id: row.holderId ?? '', name: row.holderName ?? '' },
  issuedAt: row.issuedAt,
  dueDate: row.dueDate,
});

export const returnLoanTool = defineTool({
  name: 'loans.return',
  title: 'Return a loan',
  description:
    'Take an ISSUED loaner back into the pool; clears the holder and due date, and answers who held it until when (`returnedFrom`). A loaner whose repair is IN_REPAIR comes back withdrawn until that repair ends (`keptForRepair`). Give exactly one of `number` or `serial`. Changes data: confirm with the user first.',
  readOnly: false,
  output: returnResultSchema,
  useCase: ReturnLoan,
});
