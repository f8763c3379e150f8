import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { pageOf, pagingInput } from '../shared/validation.js';
import { outstandingBalanceSchema } from './account-entry.js';

/** `outstanding=true` is the one list offered (who owes what); it is accepted so links can say so. */
const outstandingFlag = z
  .enum(['true'], { error: 'must be true: the list is of outstanding balances' })
  .optional()
  .describe('true: people who owe (the only list offered)');

export const listOutstandingInput = z.object({ outstanding: outstandingFlag, ...pagingInput('People') }).strict();
export const exportOutstandingInput = z.object({ outstanding: outstandingFlag }).strict();

export const outstandingListSchema = pageOf('balances', outstandingBalanceSchema).extend({
  currency: z.string().describe("The school's currency: every amount is in its minor units"),
});
export type OutstandingList = z.output<typeof outstandingListSchema>;

/**
 * Who owes what: every person with a balance above zero (leavers too: what they owe stays owed),
 * the longest-owing first (by their oldest charge not yet settled), a page at a time.
 */
@injectable()
export class ListOutstanding implements UseCase<typeof listOutstandingInput, OutstandingList> {
  static readonly required = ['module.people', 'charge.manage'] as const;
  static readonly input = listOutstandingInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, i: z.output<typeof listOutstandingInput>): Promise<OutstandingList> {
    const paging = requestedPage(i);
    const found = await this.uow.read((r) => r.accounts.outstanding(actor.tenant.id, paging));
    return { balances: found.items, ...pageInfo(found, paging), currency: actor.tenant.currency };
  }
}
