import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import { schoolYearOf, schoolYearSetting } from '../settings/school-year.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { conflict, invalidField, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { calendarDate, id, text } from '../shared/validation.js';
import { agreementSchema, type Agreement } from './agreement.js';
import { personEventData } from './person.js';

/** The fields of an agreement as the console and imports write them. */
export const agreementFields = {
  signedAt: calendarDate().describe("The day it was signed, YYYY-MM-DD (the school's time zone); not in the future"),
  signedBy: text(1, 200).describe("Who signed it: the pupil's guardian, or the pupil"),
};

export const recordAgreementInput = z.object({ id: id(), ...agreementFields }).strict();

export const agreementResultSchema = z.object({ agreement: agreementSchema });

/**
 * Records a pupil's acceptable-use agreement for the school year `signedAt` falls in (from the
 * school's year start), with who recorded it and when. A date in the future (the school's today) is
 * refused; so is a member of staff (409). Recording again for a year keeps the earlier one in the
 * history; the newest recorded counts. Audited without the signer's name; a `person.updated` event.
 */
@injectable()
export class RecordAgreement implements UseCase<typeof recordAgreementInput, { agreement: Agreement }> {
  static readonly required = ['module.people', 'person.manage'] as const;
  static readonly input = recordAgreementInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(
    actor: Actor,
    { id: personId, signedAt, signedBy }: z.output<typeof recordAgreementInput>,
  ): Promise<{ agreement: Agreement }> {
    const tenantId = actor.tenant.id;
    const now = this.clock.now();
    if (signedAt > dateInZone(now, actor.tenant.timeZone)) throw invalidField('signedAt', 'must not be in the future');
    return this.uow.transaction(async (repos) => {
      const person = await repos.people.findById(tenantId, personId, { forUpdate: true });
      if (!person) throw notFound('person', personId);
      if (person.kind !== 'PUPIL') throw conflict('acceptable-use agreements are for pupils: this person is staff');
      const start = await readSchoolSetting(repos, tenantId, schoolYearSetting);
      const recorder = auditActor(actor);
      const agreement: Agreement = {
        id: this.ids.next(),
        personId,
        schoolYear: schoolYearOf(signedAt, start).name,
        signedAt,
        signedBy,
        recordedBy: { type: recorder.type, id: recorder.id },
        recordedAt: now.toISOString(),
      };
      await repos.agreements.record(tenantId, agreement);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: recorder,
        action: 'person.agreement.record',
        target: `person:${personId}`,
        at: agreement.recordedAt,
        details: { agreementId: agreement.id, schoolYear: agreement.schoolYear, signedAt },
        event: { kind: 'person.updated', payload: personEventData(person) },
      });
      return { agreement };
    });
  }
}
