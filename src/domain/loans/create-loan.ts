import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { conflict, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id, text } from '../shared/validation.js';
import { inPool } from './loan-ref.js';
import { LOAN_KINDS, loanEventData, newLoan, toLoanView, type LoanGroup, type LoanView } from './loan.js';

/** A loaner's serial as a manager types it (trimmed; compared exactly). */
export const loanSerial = () => text(1, 100).describe("The loaner's serial number, unique among the school's loaners");

export const createLoanInput = z
  .object({
    kind: z.enum(LOAN_KINDS).describe('LAPTOP or IPAD'),
    serial: loanSerial(),
    groupId: id().describe('The loan group (cart, desk, shelf) it belongs to'),
  })
  .strict();

/** The group a unit goes into: one of the tenant's, inside the caller's pool, or not found. */
export async function poolGroup(repos: Repositories, actor: Actor, groupId: string): Promise<LoanGroup> {
  const group = await repos.loanGroups.findById(actor.tenant.id, groupId);
  if (!group || !inPool(actor, group.id)) throw notFound('loan group', groupId);
  return group;
}

/** Refuses a serial another loaner of the tenant has (asked first for a clear answer; the unique index decides a race). */
export async function serialFree(repos: Repositories, tenantId: string, serial: string): Promise<void> {
  const holder = await repos.loans.findBySerial(tenantId, serial);
  if (holder) throw conflict(`serial ${serial} is already loan ${holder.number}`);
}

/**
 * Adds a unit to the loaner pool: AVAILABLE, with the tenant's next loan number (numbers are never
 * reused: a failed creation rolls its number back with it, so no number is ever skipped for a
 * unit that exists). A serial is unique among loaners; it may be a register device's serial too,
 * since a school's loaners are often in its asset register as well (the same physical device).
 */
@injectable()
export class CreateLoan implements UseCase<typeof createLoanInput, { loan: LoanView }> {
  static readonly required = ['module.loans', 'loan.manage'] as const;
  static readonly input = createLoanInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof createLoanInput>): Promise<{ loan: LoanView }> {
    const tenantId = actor.tenant.id;
    const now = this.clock.now();
    const at = now.toISOString();
    return this.uow.transaction(async (repos) => {
      const group = await poolGroup(repos, actor, input.groupId);
      await serialFree(repos, tenantId, input.serial);
      const created = newLoan({
        id: this.ids.next(),
        number: await repos.tenants.takeNumber(tenantId, 'loan'),
        kind: input.kind,
        serial: input.serial,
        groupId: group.id,
      });
      await repos.loans.insertMany(tenantId, [created]);
      const loan = toLoanView(
        { ...created, groupName: group.name, holderName: null },
        dateInZone(now, actor.tenant.timeZone),
      );
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'loan.create',
        target: `loan:${created.number}`,
        at,
        details: { kind: created.kind, serial: created.serial, groupId: created.groupId },
        event: { kind: 'loan.created', payload: loanEventData(loan) },
      });
      return { loan };
    });
  }
}
