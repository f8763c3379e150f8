import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { conflict, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { personEventData, type Person } from './person.js';

export const archivePersonInput = z.object({ id: id() }).strict();

/** At most this many loans and devices are named in a refusal; the rest are counted. */
const NAMED = 5;

/** `loaner 12`, `loaners 12, 14`, `loaners 1, 2, 3, 4, 5 and 3 more`. */
function listed(one: string, many: string, refs: readonly (string | number)[]): string {
  const shown = refs.slice(0, NAMED).join(', ');
  const more = refs.length > NAMED ? ` and ${refs.length - NAMED} more` : '';
  return `${refs.length === 1 ? one : many} ${shown}${more}`;
}

/**
 * What a person still holds, as a refusal naming them: "Ada Lovelace holds loaner 12 and device SN123:
 * return or unassign them first". Null when they hold nothing.
 */
export function holdingsRefusal(
  person: Pick<Person, 'name'>,
  loans: readonly number[],
  devices: readonly string[],
): string | null {
  if (loans.length === 0 && devices.length === 0) return null;
  const held = [
    ...(loans.length ? [listed('loaner', 'loaners', loans)] : []),
    ...(devices.length ? [listed('device', 'devices', devices)] : []),
  ].join(' and ');
  const count = loans.length + devices.length;
  const verb = loans.length && devices.length ? 'return or unassign' : loans.length ? 'return' : 'unassign';
  return `${person.name} holds ${held}: ${verb} ${count === 1 ? 'it' : 'them'} first`;
}

/**
 * Archives a leaver: never deleted, so their history stays, but left out of searches and unable to
 * receive a loan or a device. Refused while they hold an issued loan or an assigned device. The
 * person is locked first, so an issue or an assignment racing this archive either finishes before
 * it (and is seen here) or waits and then finds the person archived (IssueLoan, AssignDevice).
 */
@injectable()
export class ArchivePerson implements UseCase<typeof archivePersonInput, { person: Person }> {
  static readonly required = ['module.people', 'person.manage'] as const;
  static readonly input = archivePersonInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, { id: personId }: z.output<typeof archivePersonInput>): Promise<{ person: Person }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const current = await repos.people.findById(tenantId, personId, { forUpdate: true });
      if (!current) throw notFound('person', personId);
      if (current.archivedAt !== null) throw conflict(`${current.name} is already archived`);
      // Every loan and device of the tenant, whatever the caller's loan pool: a leaver holding a
      // laptop from any cart is exactly what this refusal is for.
      const loans = (await repos.loans.listHeldBy(tenantId, personId)).map((l) => l.number);
      const devices = (await repos.devices.listAssignedTo(tenantId, personId)).map((d) => d.serial);
      const refusal = holdingsRefusal(current, loans, devices);
      if (refusal) throw conflict(refusal);
      const person: Person = { ...current, archivedAt: at };
      await repos.people.update(tenantId, person);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'person.archive',
        target: `person:${person.id}`,
        at,
        event: { kind: 'person.archived', payload: personEventData(person) },
      });
      return { person };
    });
  }
}
