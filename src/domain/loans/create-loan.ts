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
  if (holder) throw conflict(`serial ${serial} is already loaner ${holder.number}`);
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
    return this.uow.transaction(async (repos) => {
      const [loan] = await addUnits(repos, this.ids, actor, this.clock.now(), input.groupId, input.kind, [
        input.serial,
      ]);
      return { loan: loan! };
    });
  }
}

/**
 * Adds units to one group of the caller's pool, numbered in the order given, each audited
 * (`loan.create`) with its `loan.created` event: the one body of adding one loaner and adding a cart.
 * `serials` must already be distinct; one the school has is refused (409) naming it, its place in the
 * list and the loaner that has it.
 */
export async function addUnits(
  repos: Repositories,
  ids: IdGenerator,
  actor: Actor,
  now: Date,
  groupId: string,
  kind: (typeof LOAN_KINDS)[number],
  serials: readonly string[],
): Promise<LoanView[]> {
  const tenantId = actor.tenant.id;
  const at = now.toISOString();
  const today = dateInZone(now, actor.tenant.timeZone);
  const group = await poolGroup(repos, actor, groupId);
  // Asked first for a clear answer; the unique index still decides a race (a conflict too).
  const taken = new Map((await repos.loans.findBySerials(tenantId, serials)).map((l) => [l.serial, l.number]));
  if (taken.size > 0) {
    if (serials.length === 1) throw conflict(`serial ${serials[0]} is already loaner ${taken.get(serials[0]!)}`);
    const lines = serials.flatMap((serial, i) => (taken.has(serial) ? [{ serial, i }] : []));
    throw conflict(
      `${lines.length === 1 ? 'a serial is' : `${lines.length} serials are`} already in the pool: ` +
        lines.map(({ serial, i }) => `${serial} (line ${i + 1}) is loaner ${taken.get(serial)}`).join(', '),
    );
  }
  const created = [];
  for (const serial of serials) {
    created.push(
      newLoan({
        id: ids.next(),
        number: await repos.tenants.takeNumber(tenantId, 'loan'),
        kind,
        serial,
        groupId: group.id,
      }),
    );
  }
  await repos.loans.insertMany(tenantId, created);
  const views: LoanView[] = [];
  for (const unit of created) {
    const loan = toLoanView({ ...unit, groupName: group.name, holderName: null }, today);
    await recordChange(repos, ids, {
      tenantId,
      actor: auditActor(actor),
      action: 'loan.create',
      target: `loan:${unit.number}`,
      at,
      details: { kind: unit.kind, serial: unit.serial, groupId: unit.groupId },
      event: { kind: 'loan.created', payload: loanEventData(loan) },
    });
    views.push(loan);
  }
  return views;
}

/** Most units one request adds: a few carts' worth. */
export const ADD_LOANERS_MAX = 200;

export const addLoanersInput = z
  .object({
    kind: z.enum(LOAN_KINDS).describe('LAPTOP or IPAD, for every unit'),
    groupId: id().describe('The loan group (cart, desk, shelf) they all go into'),
    serials: z
      .array(loanSerial())
      .min(1, { message: 'give at least one serial' })
      .max(ADD_LOANERS_MAX, { message: `at most ${ADD_LOANERS_MAX} at once` })
      .superRefine((serials, ctx) => {
        const seen = new Map<string, number>();
        serials.forEach((serial, i) => {
          const first = seen.get(serial);
          if (first === undefined) seen.set(serial, i);
          else ctx.addIssue({ code: 'custom', path: [i], message: `repeats line ${first + 1} (${serial})` });
        });
      })
      .describe('Their serial numbers, one per unit, numbered in this order'),
  })
  .strict();

/**
 * Adds a cart's worth of loaners at once (the console's "Add loaners"): every serial goes into the
 * group with the next numbers, in the order given, or none does (one transaction). A serial the
 * school already has, or one given twice, is named by its place in the list.
 */
@injectable()
export class AddLoaners implements UseCase<typeof addLoanersInput, { loans: LoanView[] }> {
  static readonly required = ['module.loans', 'loan.manage'] as const;
  static readonly input = addLoanersInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof addLoanersInput>): Promise<{ loans: LoanView[] }> {
    return this.uow.transaction(async (repos) => ({
      loans: await addUnits(repos, this.ids, actor, this.clock.now(), input.groupId, input.kind, input.serials),
    }));
  }
}
