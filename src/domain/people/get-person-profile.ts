import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { can, requirePermissions, type Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { notFound } from '../shared/errors.js';
import { id, parseInput } from '../shared/validation.js';
import { toLoanView, type LoanView } from '../loans/loan.js';
import { inPool } from '../loans/loan-ref.js';
import type { Device } from '../devices/device.js';
import { toSubmissionView, type SubmissionView } from '../submissions/submission.js';
import type { Person } from './person.js';

export const personProfileInput = z.object({ personId: id().describe('The person id') }).strict();

export interface PersonProfile {
  person: Person;
  loans?: LoanView[];
  devices?: Device[];
  submissions?: SubmissionView[];
}

const PROFILE_SUBMISSIONS_LIMIT = 50;

/**
 * A person with their loans, devices and submissions. Each section appears only when the caller may
 * see it (permission and module); loans outside the caller's pool are left out.
 */
@injectable()
export class GetPersonProfile {
  static readonly required = ['module.people', 'person.view'] as const;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, input: z.input<typeof personProfileInput>): Promise<PersonProfile> {
    requirePermissions(actor, GetPersonProfile.required);
    const { personId } = parseInput(personProfileInput, input);
    const tenantId = actor.tenant.id;
    const today = dateInZone(this.clock.now(), actor.tenant.timeZone);
    return this.uow.read(async (repos) => {
      const person = await repos.people.findById(tenantId, personId);
      if (!person) throw notFound('person', personId);
      const profile: PersonProfile = { person };
      if (can(actor, ['module.loans', 'loan.view'])) {
        const rows = await repos.loans.listHeldBy(tenantId, personId);
        profile.loans = rows.filter((r) => inPool(actor, r.groupId)).map((r) => toLoanView(r, today));
      }
      if (can(actor, ['module.assets', 'device.view'])) {
        profile.devices = await repos.devices.listAssignedTo(tenantId, personId);
      }
      if (can(actor, ['module.repairs', 'repair.view'])) {
        const page = await repos.submissions.search(
          tenantId,
          { personId },
          { page: 1, pageSize: PROFILE_SUBMISSIONS_LIMIT },
        );
        profile.submissions = page.items.map(toSubmissionView);
      }
      return profile;
    });
  }
}
