import { inject, injectable } from 'inversify';
import { moneyInWords } from '../shared/words.js';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { conflict, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id, text } from '../shared/validation.js';
import { newEntry } from './account-entry.js';
import { lockedHolder } from './account-holder.js';
import { entryAmount } from './record-charge.js';
import type { EntryResult } from './record-payment.js';

export const recordWaiverInput = z
  .object({
    id: id().describe('The pupil'),
    amountMinor: entryAmount(),
    reason: text(1, 500).describe('Why the school lets it go: hardship, a charge in error…'),
    chargeId: id().optional().describe('The charge it waives (all or part of); none: the balance in general'),
  })
  .strict();

/**
 * Lets go of what a pupil owes, or of one charge (all or part of it): never more than is owed, nor
 * more than what is left of that charge after its earlier waivers. Audited; a waiver has no event,
 * as no system outside Desk acts on money the school gave up (payments and charges have theirs).
 */
@injectable()
export class RecordWaiver implements UseCase<typeof recordWaiverInput, EntryResult> {
  static readonly required = ['module.people', 'charge.manage'] as const;
  static readonly input = recordWaiverInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, i: z.output<typeof recordWaiverInput>): Promise<EntryResult> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const person = await lockedHolder(repos, tenantId, i.id);
      if (i.chargeId !== undefined) {
        const charge = await repos.accounts.findEntry(tenantId, i.chargeId);
        // Another person's entry, a payment's id or another school's: not a charge of this account.
        if (!charge || charge.personId !== person.id || charge.kind !== 'charge') throw notFound('charge', i.chargeId);
        const left = charge.amountMinor - (await repos.accounts.waivedOf(tenantId, charge.id));
        if (i.amountMinor > left)
          throw conflict(
            `${moneyInWords(left, actor.tenant.currency)} of this charge is left to waive: a waiver may not be more`,
          );
      }
      const owed = await repos.accounts.balance(tenantId, person.id);
      if (i.amountMinor > owed)
        throw conflict(
          `the balance owed is ${moneyInWords(owed, actor.tenant.currency)}: a waiver may not be more than what is owed`,
        );
      const entry = newEntry(
        {
          id: this.ids.next(),
          personId: person.id,
          kind: 'waiver',
          amountMinor: i.amountMinor,
          recordedBy: actor.principal.id,
          recordedAt: at,
        },
        { reason: i.reason, chargeId: i.chargeId ?? null },
      );
      await repos.accounts.append(tenantId, entry);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'waiver.record',
        target: `person:${person.id}`,
        at,
        details: { waiverId: entry.id, amountMinor: entry.amountMinor, chargeId: entry.chargeId, reason: entry.reason },
      });
      return { entry, balanceMinor: owed - entry.amountMinor };
    });
  }
}
