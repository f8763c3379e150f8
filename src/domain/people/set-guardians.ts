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
import { guardianInput, guardianSchema, MAX_GUARDIANS, type Guardian } from './guardian.js';
import { personEventData } from './person.js';

export const setGuardiansInput = z
  .object({
    id: id(),
    guardians: z
      .array(guardianInput)
      .max(MAX_GUARDIANS, { message: `at most ${MAX_GUARDIANS} guardians` })
      .describe('Every guardian of the pupil, in order (guardian 1 first); [] removes them all'),
  })
  .strict();

export const guardiansResultSchema = z.object({ guardians: z.array(guardianSchema) });

/**
 * Replaces a pupil's guardians whole, in the order given (archived pupils too: a leaver's record can
 * still be corrected). Staff have no guardians: 409. The audit entry and the `person.updated` event
 * say how many there now are, never a name, an e-mail or a telephone number. Nothing changed: nothing
 * written.
 */
@injectable()
export class SetGuardians implements UseCase<typeof setGuardiansInput, { guardians: Guardian[] }> {
  static readonly required = ['module.people', 'person.manage'] as const;
  static readonly input = setGuardiansInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(
    actor: Actor,
    { id: personId, guardians }: z.output<typeof setGuardiansInput>,
  ): Promise<{ guardians: Guardian[] }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const person = await repos.people.findById(tenantId, personId, { forUpdate: true });
      if (!person) throw notFound('person', personId);
      if (person.kind !== 'PUPIL') throw conflict('only pupils have guardians: this person is staff');
      const before = await repos.guardians.listFor(tenantId, personId);
      if (JSON.stringify(before) === JSON.stringify(guardians)) return { guardians: before };
      await repos.guardians.replace(tenantId, personId, guardians);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'person.guardians.set',
        target: `person:${personId}`,
        at,
        details: { from: before.length, to: guardians.length },
        event: { kind: 'person.updated', payload: personEventData(person) },
      });
      return { guardians };
    });
  }
}
