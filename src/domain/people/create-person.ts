import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { assertExternalIdFree } from './external-id.js';
import { personEventData, personFields, type Person } from './person.js';

export const createPersonInput = z
  .object({
    name: personFields.name,
    email: personFields.email.optional(),
    kind: personFields.kind,
    userGroup: personFields.userGroup.optional(),
    externalId: personFields.externalId.optional(),
  })
  .strict();

/**
 * Adds a pupil or a member of staff. The external id (the MIS or directory id) is unique in the
 * tenant; the e-mail address is not (siblings may share a family address, staff a department's).
 */
@injectable()
export class CreatePerson implements UseCase<typeof createPersonInput, { person: Person }> {
  static readonly required = ['module.people', 'person.manage'] as const;
  static readonly input = createPersonInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof createPersonInput>): Promise<{ person: Person }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    const person: Person = {
      id: this.ids.next(),
      name: input.name,
      email: input.email ?? null,
      kind: input.kind,
      userGroup: input.userGroup ?? null,
      externalId: input.externalId ?? null,
      archivedAt: null,
    };
    return this.uow.transaction(async (repos) => {
      await assertExternalIdFree(repos, tenantId, person.externalId, null);
      await repos.people.insertMany(tenantId, [person]);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'person.create',
        target: `person:${person.id}`,
        at,
        // Never the name or the e-mail address: the audit trail outlives a leaver's record.
        details: { kind: person.kind, externalId: person.externalId },
        event: { kind: 'person.created', payload: personEventData(person) },
      });
      return { person };
    });
  }
}
