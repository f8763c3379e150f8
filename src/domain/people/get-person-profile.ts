import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { defineTool } from '../catalogue/tool.js';
import { deviceSchema, toDeviceView } from '../devices/device.js';
import { loanViewSchema, toLoanView } from '../loans/loan.js';
import { inPool } from '../loans/loan-ref.js';
import { can, type Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { notFound } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { submissionViewSchema, toSubmissionView } from '../submissions/submission.js';
import { ticketSchema } from '../tickets/ticket.js';
import { agreementViewSchema, toAgreementView } from './agreement.js';
import { agreementOn } from './current-agreement.js';
import { guardianSchema } from './guardian.js';
import { personSchema } from './person.js';

export const personProfileInput = z.object({ personId: id().describe('The person id') }).strict();

export const personProfileSchema = z.object({
  person: personSchema,
  guardians: z.array(guardianSchema).describe("A pupil's guardians in order (guardian 1 first); staff have none"),
  agreement: agreementViewSchema
    .nullable()
    .describe("A pupil's acceptable-use agreement for this school year (the newest recorded), or null"),
  loans: z.array(loanViewSchema).optional(),
  devices: z.array(deviceSchema).optional(),
  submissions: z.array(submissionViewSchema).optional(),
  tickets: z.array(ticketSchema).optional(),
});
export type PersonProfile = z.output<typeof personProfileSchema>;

/** The newest submissions and tickets a profile shows. */
const PROFILE_LIMIT = 50;

/**
 * A person with their loans, devices, submissions and tickets: archived people too (their history
 * stays); a pupil's guardians and this school year's acceptable-use agreement. Each section appears only when the caller may see it (permission and module); loans
 * outside the caller's pool are left out. Submissions and tickets are the newest 50 the person
 * reported, requested or handles.
 */
@injectable()
export class GetPersonProfile implements UseCase<typeof personProfileInput, PersonProfile> {
  static readonly required = ['module.people', 'person.view'] as const;
  static readonly input = personProfileInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, { personId }: z.output<typeof personProfileInput>): Promise<PersonProfile> {
    const tenantId = actor.tenant.id;
    const today = dateInZone(this.clock.now(), actor.tenant.timeZone);
    return this.uow.read(async (repos) => {
      const person = await repos.people.findById(tenantId, personId);
      if (!person) throw notFound('person', personId);
      const profile: PersonProfile = { person, guardians: [], agreement: null };
      if (person.kind === 'PUPIL') {
        profile.guardians = await repos.guardians.listFor(tenantId, personId);
        const agreement = await agreementOn(repos, tenantId, personId, today);
        profile.agreement = agreement && toAgreementView(agreement);
      }
      if (can(actor, ['module.loans', 'loan.view'])) {
        const rows = await repos.loans.listHeldBy(tenantId, personId);
        profile.loans = rows.filter((r) => inPool(actor, r.groupId)).map((r) => toLoanView(r, today));
      }
      if (can(actor, ['module.assets', 'device.view'])) {
        profile.devices = (await repos.devices.listAssignedTo(tenantId, personId)).map(toDeviceView);
      }
      if (can(actor, ['module.repairs', 'repair.view'])) {
        const page = await repos.submissions.search(tenantId, { personId }, { page: 1, pageSize: PROFILE_LIMIT });
        profile.submissions = page.items.map(toSubmissionView);
      }
      if (can(actor, ['module.servicedesk', 'ticket.view'])) {
        const page = await repos.tickets.search(tenantId, { personId }, { page: 1, pageSize: PROFILE_LIMIT });
        profile.tickets = page.items;
      }
      return profile;
    });
  }
}

export const personProfileTool = defineTool({
  name: 'people.profile',
  title: 'Person profile',
  description:
    "One person (archived ones too), a pupil's guardians and this school year's acceptable-use agreement, with the loans they hold, the devices assigned to them, and the newest 50 repair submissions and service-desk tickets they reported, requested or handle. Each section appears only when the caller may see it.",
  readOnly: true,
  output: personProfileSchema,
  useCase: GetPersonProfile,
});
