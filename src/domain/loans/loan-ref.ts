import { z } from 'zod';
import type { Repositories } from '../../ports/repositories.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import type { LoanRow } from './loan.js';
import { exactlyOne, positiveInt, text } from '../shared/validation.js';

/** A loan is addressed by exactly one of its number or its serial. */
export const loanRefFields = {
  number: positiveInt().optional().describe('The loaner number'),
  serial: text(1, 100).optional().describe("The loaner's serial number"),
};

/** The input of a transition that needs nothing but the loan (return, withdraw, restore). */
export const loanRefInput = z
  .object(loanRefFields)
  .strict()
  .superRefine(exactlyOne(['number', 'serial']));

export const inPool = (actor: Actor, groupId: string): boolean =>
  actor.loanGroupIds === null || actor.loanGroupIds.includes(groupId);

/** Finds the loan inside the caller's authorised pool; a loan outside it does not exist for them. */
export async function findLoanInPool(
  repos: Repositories,
  actor: Actor,
  ref: { number?: number | undefined; serial?: string | undefined },
  opts: { forUpdate?: boolean } = {},
): Promise<LoanRow> {
  const tenantId = actor.tenant.id;
  const row =
    ref.number !== undefined
      ? await repos.loans.findByNumber(tenantId, ref.number, opts)
      : await repos.loans.findBySerial(tenantId, ref.serial ?? '', opts);
  const label = ref.number !== undefined ? `${ref.number}` : `with serial ${ref.serial}`;
  if (!row || !inPool(actor, row.groupId)) throw notFound('loaner', label);
  return row;
}

export type LoanRef = z.output<z.ZodObject<typeof loanRefFields>>;
