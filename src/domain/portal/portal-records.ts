/**
 * A requester's own records in the portal (issue 30, point 1): the repairs they reported, what they
 * hold (devices assigned to them and loaners on loan to them, with due dates), their bookings, and
 * "Report a problem with my device", which files a repair against a serial they hold.
 */
import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { dateInZone, isOverdue } from '../shared/dates.js';
import { DomainError } from '../shared/errors.js';
import { id, text } from '../shared/validation.js';
import { lodgeSubmission } from '../submissions/create-submission.js';
import type { Submission, SubmissionView } from '../submissions/submission.js';
import { filedFor } from './portal-me.js';
import type {
  portalDeviceListSchema,
  portalLoanListSchema,
  portalRepairListSchema,
  portalRepairResultSchema,
  portalDeviceSchema,
} from './portal-views.js';
import { requesterRef, requireModule, type Requester } from './requester.js';

/** The newest repairs the portal lists: a pupil's years of them fit many times over. */
const REPAIRS_SHOWN = 100;
const BOOKINGS_SHOWN = 50;

const repairView = (s: Submission | SubmissionView) => ({
  id: s.id,
  number: s.number,
  serial: s.serial,
  description: s.description,
  status: s.status,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

/** What a person holds: devices assigned to them, and loaners issued to them (loans on). */
async function heldBy(repos: Repositories, r: Requester, personId: string, today: string) {
  const tenantId = r.tenant.id;
  // Also read inside a transaction (a repair reported): one query after another on its connection.
  const devices = await repos.devices.listAssignedTo(tenantId, personId);
  const loans = r.tenant.modules.includes('loans') ? await repos.loans.listHeldBy(tenantId, personId) : [];
  const shown: z.output<typeof portalDeviceSchema>[] = [
    ...devices.map((d) => ({
      serial: d.serial,
      kind: d.kind,
      model: d.model,
      source: 'device' as const,
      loanNumber: null,
      dueDate: null,
    })),
    ...loans.map((l) => ({
      serial: l.serial,
      kind: l.kind,
      model: null,
      source: 'loan' as const,
      loanNumber: l.number,
      dueDate: l.dueDate,
    })),
  ];
  return { shown, loans: loans.map((l) => ({ ...l, overdue: isOverdue(l.status, l.dueDate, today) })) };
}

/** `GET /api/portal/repairs`: the repairs the requester reported, newest first. */
@injectable()
export class ListMyRepairs {
  static readonly input = z.object({}).strict();
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(r: Requester): Promise<z.output<typeof portalRepairListSchema>> {
    requireModule(r, 'repairs');
    const found = await this.uow.read((repos) =>
      repos.submissions.search(r.tenant.id, { reporterId: r.person.id }, { page: 1, pageSize: REPAIRS_SHOWN }),
    );
    return { repairs: found.items.map(repairView) };
  }
}

/** `GET /api/portal/loans`: what the requester holds on loan, soonest due first, and their bookings to come. */
@injectable()
export class ListMyLoans {
  static readonly input = z.object({}).strict();
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(r: Requester): Promise<z.output<typeof portalLoanListSchema>> {
    requireModule(r, 'loans');
    const now = this.clock.now();
    const today = dateInZone(now, r.tenant.timeZone);
    return this.uow.read(async (repos) => {
      const [{ loans }, bookings] = await Promise.all([
        heldBy(repos, r, r.person.id, today),
        repos.reservations.list(
          r.tenant.id,
          { poolGroupIds: null, personId: r.person.id, status: 'ACTIVE', from: now.toISOString() },
          { page: 1, pageSize: BOOKINGS_SHOWN },
        ),
      ]);
      return {
        loans: loans
          .map((l) => ({
            number: l.number,
            kind: l.kind,
            serial: l.serial,
            groupName: l.groupName,
            issuedAt: l.issuedAt,
            dueDate: l.dueDate,
            overdue: l.overdue,
          }))
          .sort((a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') || a.number - b.number),
        bookings: bookings.items.map((b) => ({
          id: b.id,
          groupName: b.groupName,
          quantity: b.quantity,
          from: b.from,
          to: b.to,
          status: b.status,
        })),
      };
    });
  }
}

/** `GET /api/portal/devices`: the devices and loaners the requester holds (what "Report a problem" offers). */
@injectable()
export class ListMyDevices {
  static readonly input = z
    .object({ forPersonId: id().optional().describe('A teacher only: one of their pupils') })
    .strict();
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(
    r: Requester,
    input: { forPersonId?: string | undefined },
  ): Promise<z.output<typeof portalDeviceListSchema>> {
    const today = dateInZone(this.clock.now(), r.tenant.timeZone);
    return this.uow.read(async (repos) => {
      const person = await filedFor(repos, r, input.forPersonId);
      return { devices: (await heldBy(repos, r, person.id, today)).shown };
    });
  }
}

export const reportDeviceProblemInput = z
  .object({
    serial: text(1, 100).describe('The serial of a device or loaner the requester (or their pupil) holds'),
    description: text(1, 4000).describe('What is wrong, 1 to 4000 characters'),
    forPersonId: id().optional().describe('A teacher only: the pupil of their loan groups who holds it'),
  })
  .strict();

/**
 * `POST /api/portal/repairs`: "Report a problem with my device". The serial must be one the person
 * holds now (assigned, or on loan to them); anything else is "not found", so the portal never
 * confirms another's serial. The repair's reporter is that person; the audit names who filed it.
 */
@injectable()
export class ReportDeviceProblem {
  static readonly input = reportDeviceProblemInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(
    r: Requester,
    input: z.output<typeof reportDeviceProblemInput>,
  ): Promise<z.output<typeof portalRepairResultSchema>> {
    requireModule(r, 'repairs');
    const now = this.clock.now();
    const today = dateInZone(now, r.tenant.timeZone);
    return this.uow.transaction(async (repos) => {
      const person = await filedFor(repos, r, input.forPersonId);
      const held = (await heldBy(repos, r, person.id, today)).shown.find(
        (d) => d.serial.toLowerCase() === input.serial.toLowerCase(),
      );
      if (!held) throw new DomainError('not_found', `no device or loaner you hold has the serial ${input.serial}`);
      const submission = await lodgeSubmission(repos, this.ids, r.tenant.id, {
        serial: held.serial,
        description: input.description,
        reporterId: person.id,
        coverage: null,
        actor: requesterRef(r),
        at: now.toISOString(),
      });
      return { repair: repairView(submission) };
    });
  }
}
