import { inject, injectable } from 'inversify';
import { moneyInWords } from '../shared/words.js';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { conflict } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id, text } from '../shared/validation.js';
import { accountEntrySchema, entryEventData, PAYMENT_METHODS, newEntry } from './account-entry.js';
import { lockedHolder } from './account-holder.js';
import { entryAmount } from './record-charge.js';

export const recordPaymentInput = z
  .object({
    id: id().describe('The pupil'),
    amountMinor: entryAmount(),
    method: z.enum(PAYMENT_METHODS).describe('cash, cheque, card, online or other'),
    reference: text(1, 200).optional().describe('A receipt number or transaction reference'),
  })
  .strict();

/** What recording a payment or a waiver answers with: the entry and what is owed now. */
export const entryResultSchema = z.object({
  entry: accountEntrySchema,
  balanceMinor: z.number().int().describe('What the pupil owes now'),
});
export type EntryResult = z.output<typeof entryResultSchema>;

/**
 * Records money a pupil (or their family) paid. A payment above what is owed is refused: Desk keeps
 * no credit on an account, so a balance is never below zero and "who owes what" stays plain; the
 * desk gives the change back, or records a later charge first.
 */
@injectable()
export class RecordPayment implements UseCase<typeof recordPaymentInput, EntryResult> {
  static readonly required = ['module.people', 'charge.manage'] as const;
  static readonly input = recordPaymentInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, i: z.output<typeof recordPaymentInput>): Promise<EntryResult> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const person = await lockedHolder(repos, tenantId, i.id);
      const owed = await repos.accounts.balance(tenantId, person.id);
      if (i.amountMinor > owed)
        throw conflict(
          `the balance owed is ${moneyInWords(owed, actor.tenant.currency)}: a payment may not be more than what is owed`,
        );
      const entry = newEntry(
        {
          id: this.ids.next(),
          personId: person.id,
          kind: 'payment',
          amountMinor: i.amountMinor,
          recordedBy: actor.principal.id,
          recordedAt: at,
        },
        { method: i.method, reference: i.reference ?? null },
      );
      await repos.accounts.append(tenantId, entry);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'payment.record',
        target: `person:${person.id}`,
        at,
        details: {
          paymentId: entry.id,
          amountMinor: entry.amountMinor,
          method: entry.method,
          reference: entry.reference,
        },
        event: { kind: 'payment.recorded', payload: entryEventData(entry) },
      });
      return { entry, balanceMinor: owed - entry.amountMinor };
    });
  }
}
