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

export const restorePersonInput = z.object({ id: id() }).strict();

/** Brings an archived person back (a pupil who returns, an archive by mistake): searchable again. */
@injectable()
export class RestorePerson implements UseCase<typeof restorePersonInput, { person: Person }> {
  static readonly required = ['module.people', 'person.manage'] as const;
  static readonly input = restorePersonInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, { id: personId }: z.output<typeof restorePersonInput>): Promise<{ person: Person }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const current = await repos.people.findById(tenantId, personId, { forUpdate: true });
      if (!current) throw notFound('person', personId);
      if (current.archivedAt === null) throw conflict(`${current.name} is not archived`);
      const person: Person = { ...current, archivedAt: null };
      await repos.people.update(tenantId, person);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'person.restore',
        target: `person:${person.id}`,
        at,
        details: { archivedAt: current.archivedAt },
        event: { kind: 'person.updated', payload: personEventData(person) },
      });
      return { person };
    });
  }
}
