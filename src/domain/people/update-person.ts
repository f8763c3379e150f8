import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { patched, requireSomeField } from '../shared/patch.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { assertExternalIdFree } from './external-id.js';
import { PERSON_FIELDS, personEventData, personFields, type Person } from './person.js';

export const updatePersonInput = z
  .object({
    id: id(),
    name: personFields.name.optional(),
    email: personFields.email.optional(),
    kind: personFields.kind.optional(),
    userGroup: personFields.userGroup.optional(),
    externalId: personFields.externalId.optional(),
  })
  .strict();

/**
 * Changes a person's details (archived people too: a leaver's record can still be corrected). The
 * audit entry names the fields that changed, never their values: names and e-mail addresses stay
 * out of the audit trail. A change that changes nothing writes nothing (no audit entry, no event).
 */
@injectable()
export class UpdatePerson implements UseCase<typeof updatePersonInput, { person: Person }> {
  static readonly required = ['module.people', 'person.manage'] as const;
  static readonly input = updatePersonInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(
    actor: Actor,
    { id: personId, ...input }: z.output<typeof updatePersonInput>,
  ): Promise<{ person: Person }> {
    requireSomeField(input, PERSON_FIELDS);
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const current = await repos.people.findById(tenantId, personId, { forUpdate: true });
      if (!current) throw notFound('person', personId);
      const { next, changed } = patched(current, input, PERSON_FIELDS);
      if (changed.length === 0) return { person: current };
      if (changed.includes('externalId')) await assertExternalIdFree(repos, tenantId, next.externalId, next.id);
      await repos.people.update(tenantId, next);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'person.update',
        target: `person:${next.id}`,
        at,
        details: { fields: changed },
        event: { kind: 'person.updated', payload: personEventData(next) },
      });
      return { person: next };
    });
  }
}
