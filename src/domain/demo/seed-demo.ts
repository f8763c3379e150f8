import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { CostEntry } from '../costs/cost-entry.js';
import type { Device } from '../devices/device.js';
import type { Loan, LoanGroup } from '../loans/loan.js';
import type { Person } from '../people/person.js';
import type { Actor } from '../shared/actor.js';
import { addDays, dateInZone } from '../shared/dates.js';
import { conflict } from '../shared/errors.js';
import { recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import type { Submission } from '../submissions/submission.js';
import type { Ticket } from '../tickets/ticket.js';
import { ALL_SENT, newClock, type TicketClock } from '../tickets/service-targets/clock.js';
import { recomputeDueTimes } from '../tickets/service-targets/service-terms.js';
import { SeededRandom } from './random.js';
import { DEPARTMENTS, DEVICE_MODELS, FAULTS, FIRST_NAMES, LAST_NAMES, TICKET_SUBJECTS } from './vocabulary.js';

/**
 * A seeded ticket's service clock: running since it was opened while new or open, stopped otherwise,
 * and marked as having sent its warnings and breaches, so a demo school's history raises no alarms.
 */
const seededClock = (t: Ticket): TicketClock => ({
  ...newClock(t.id, t.createdAt),
  runningSince: t.status === 'NEW' || t.status === 'OPEN' ? t.createdAt : null,
  notified: ALL_SENT,
});

export const DEMO_SIZES = {
  small: { people: 150, loanGroups: 3, loans: 60, devices: 200, submissions: 30, tickets: 20 },
  school: { people: 1_500, loanGroups: 12, loans: 600, devices: 2_000, submissions: 300, tickets: 200 },
  district: { people: 400_000, loanGroups: 400, loans: 200_000, devices: 50_000, submissions: 20_000, tickets: 10_000 },
} as const;
export type DemoSize = keyof typeof DEMO_SIZES;
export const isDemoSize = (s: string): s is DemoSize => Object.hasOwn(DEMO_SIZES, s);

export const seedDemoInput = z
  .object({
    size: z.enum(Object.keys(DEMO_SIZES) as [DemoSize, ...DemoSize[]], { error: 'must be small, school or district' }),
  })
  .strict();

/** Rows are generated and inserted in chunks so a district never sits in memory at once. */
const CHUNK = 5_000;
const STAFF_SHARE = 0.08;

export interface SeedReport {
  size: DemoSize;
  people: number;
  loanGroups: number;
  loans: number;
  devices: number;
  submissions: number;
  tickets: number;
  costEntries: number;
}

/**
 * Fills an empty tenant with a believable school (or district): people, loan groups and loaners in
 * every state (some overdue, some without a due date), an asset register, repair submissions,
 * tickets and a year of costs. Deterministic for a given tenant slug and day. One transaction:
 * a failure leaves the tenant empty.
 */
@injectable()
export class SeedDemo implements UseCase<typeof seedDemoInput, SeedReport> {
  static readonly required = ['user.manage'] as const;
  static readonly input = seedDemoInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, { size }: z.output<typeof seedDemoInput>): Promise<SeedReport> {
    const counts = DEMO_SIZES[size];
    const tenantId = actor.tenant.id;
    const now = this.clock.now();
    const today = dateInZone(now, actor.tenant.timeZone);
    const rnd = new SeededRandom(
      [...actor.tenant.slug].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261),
    );

    return this.uow.transaction(async (repos) => {
      // One after another: a transaction is one connection, which runs one query at a time anyway.
      const existing = [
        await repos.people.count(tenantId),
        await repos.loans.count(tenantId),
        await repos.devices.count(tenantId),
        await repos.submissions.count(tenantId),
      ];
      if (existing.some((n) => n > 0))
        throw conflict(`tenant ${actor.tenant.slug} already has data; demo data goes only into an empty tenant`);

      const g = new Generator(rnd, this.ids, today, now.toISOString());
      const staff: Person[] = [];
      const sample: Person[] = []; // a bounded sample of people to hand loans and devices to
      for (let done = 0; done < counts.people; done += CHUNK) {
        const chunk = g.people(done, Math.min(CHUNK, counts.people - done));
        for (const p of chunk) {
          if (p.kind === 'STAFF' && staff.length < 2_000) staff.push(p);
          else if (sample.length < 50_000) sample.push(p);
        }
        await repos.people.insertMany(tenantId, chunk);
      }
      const holders = sample.length > 0 ? sample : staff;

      const groups = g.loanGroups(counts.loanGroups);
      await repos.loanGroups.insertMany(tenantId, groups);
      const firstLoan = await repos.tenants.takeNumbers(tenantId, 'loan', counts.loans);
      for (let done = 0; done < counts.loans; done += CHUNK) {
        const n = Math.min(CHUNK, counts.loans - done);
        await repos.loans.insertMany(tenantId, g.loans(firstLoan + done, n, groups, holders));
      }

      const deviceSerials: string[] = [];
      let costEntries = 0;
      for (let done = 0; done < counts.devices; done += CHUNK) {
        const chunk = g.devices(done, Math.min(CHUNK, counts.devices - done), holders, staff);
        for (const d of chunk) if (deviceSerials.length < 50_000) deviceSerials.push(d.serial);
        await repos.devices.insertMany(tenantId, chunk);
        const purchases = g.purchaseCosts(chunk);
        costEntries += purchases.length;
        await repos.costs.insertMany(tenantId, purchases);
      }

      const firstSubmission = await repos.tenants.takeNumbers(tenantId, 'submission', counts.submissions);
      for (let done = 0; done < counts.submissions; done += CHUNK) {
        const n = Math.min(CHUNK, counts.submissions - done);
        const chunk = g.submissions(firstSubmission + done, n, deviceSerials, holders, staff);
        await repos.submissions.insertMany(tenantId, chunk);
        const repairs = g.repairCosts(chunk);
        costEntries += repairs.length;
        await repos.costs.insertMany(tenantId, repairs);
      }

      const firstTicket = await repos.tenants.takeNumbers(tenantId, 'ticket', counts.tickets);
      for (let done = 0; done < counts.tickets; done += CHUNK) {
        const n = Math.min(CHUNK, counts.tickets - done);
        const chunk = g.tickets(firstTicket + done, n, holders, staff);
        await repos.tickets.insertMany(tenantId, chunk);
        await repos.ticketClocks.insertMany(tenantId, chunk.filter((t) => t.status !== 'CLOSED').map(seededClock));
      }
      await recomputeDueTimes(repos, actor.tenant);
      const licences = g.licenceCosts(Math.max(1, Math.round(counts.people / 1_500)));
      costEntries += licences.length;
      await repos.costs.insertMany(tenantId, licences);

      const report: SeedReport = { size, ...counts, costEntries };
      await this.audit(repos, actor, report, now.toISOString());
      return report;
    });
  }

  private audit(repos: Repositories, actor: Actor, report: SeedReport, at: string) {
    return recordChange(repos, this.ids, {
      tenantId: actor.tenant.id,
      actor: { type: actor.principal.type, id: actor.principal.id },
      action: 'demo.seed',
      target: `tenant:${actor.tenant.slug}`,
      at,
      details: { ...report },
    });
  }
}

/** Builds demo rows. Pure apart from the ids it takes. */
class Generator {
  constructor(
    private readonly rnd: SeededRandom,
    private readonly ids: IdGenerator,
    private readonly today: string,
    private readonly nowIso: string,
  ) {}

  private dayWithin(daysBack: number, daysAhead = 0): string {
    return addDays(this.today, this.rnd.int(-daysBack, daysAhead));
  }

  private instantOn(date: string): string {
    return `${date}T${String(this.rnd.int(7, 16)).padStart(2, '0')}:${String(this.rnd.int(0, 59)).padStart(2, '0')}:00.000Z`;
  }

  people(offset: number, count: number): Person[] {
    return Array.from({ length: count }, (_, i) => {
      const n = offset + i + 1;
      const first = this.rnd.pick(FIRST_NAMES);
      const last = this.rnd.pick(LAST_NAMES);
      const staff = this.rnd.chance(STAFF_SHARE);
      const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
      return {
        id: this.ids.next(),
        name: `${first} ${last}`,
        email: `${handle}.${n}@demo.school`,
        kind: staff ? 'STAFF' : 'PUPIL',
        userGroup: staff ? this.rnd.pick(DEPARTMENTS) : `${this.rnd.int(7, 13)}${'ABCDEF'[this.rnd.int(0, 5)]}`,
        externalId: `MIS-${String(n).padStart(7, '0')}`,
        archivedAt: null,
      };
    });
  }

  loanGroups(count: number): LoanGroup[] {
    const fixed = ['Library shelf', 'IT desk', 'Staff room'];
    return Array.from({ length: count }, (_, i) => ({
      id: this.ids.next(),
      name: i < fixed.length && count <= 20 ? fixed[i]! : `Cart ${String(i + 1).padStart(3, '0')}`,
    }));
  }

  loans(firstNumber: number, count: number, groups: readonly LoanGroup[], holders: readonly Person[]): Loan[] {
    return Array.from({ length: count }, (_, i) => {
      const number = firstNumber + i;
      const kind = this.rnd.chance(0.7) ? 'LAPTOP' : 'IPAD';
      const status = this.rnd.weighted({ ISSUED: 55, AVAILABLE: 40, UNAVAILABLE: 5 });
      const base: Loan = {
        id: this.ids.next(),
        number,
        kind,
        serial: `${kind === 'LAPTOP' ? 'LT' : 'IP'}${String(number).padStart(6, '0')}${this.rnd.alnum(4)}`,
        groupId: this.rnd.pick(groups).id,
        status,
        holderId: null,
        userGroup: null,
        issuedAt: null,
        dueDate: null,
        version: 1,
      };
      if (status !== 'ISSUED' || holders.length === 0)
        return status === 'ISSUED' ? { ...base, status: 'AVAILABLE' } : base;
      const holder = this.rnd.pick(holders);
      const issuedOn = this.dayWithin(60);
      // A quarter have no due date; of the rest, those due before today are overdue.
      const dueDate = this.rnd.chance(0.25) ? null : addDays(issuedOn, this.rnd.int(7, 70));
      return { ...base, holderId: holder.id, userGroup: holder.userGroup, issuedAt: this.instantOn(issuedOn), dueDate };
    });
  }

  devices(offset: number, count: number, holders: readonly Person[], staff: readonly Person[]): Device[] {
    return Array.from({ length: count }, (_, i) => {
      const spec = this.rnd.pick(DEVICE_MODELS);
      const status = this.rnd.weighted({ IN_USE: 70, IN_STOCK: 20, IN_REPAIR: 5, RETIRED: 5 });
      const purchaseDate = this.dayWithin(5 * 365);
      const people = spec.kind === 'DESKTOP' || spec.kind === 'PRINTER' || spec.kind === 'PROJECTOR' ? staff : holders;
      return {
        id: this.ids.next(),
        serial: `SN${String(offset + i + 1).padStart(7, '0')}${this.rnd.alnum(3)}`,
        kind: spec.kind,
        manufacturer: spec.manufacturer,
        model: spec.model,
        status,
        assignedPersonId: status === 'IN_USE' && people.length > 0 ? this.rnd.pick(people).id : null,
        purchaseDate,
        purchaseCostMinor: spec.costMinor + this.rnd.int(-2_000, 2_000),
        warrantyEnd: addDays(purchaseDate, 3 * 365),
        statusBeforeRepair: status === 'IN_REPAIR' ? 'IN_STOCK' : null,
      };
    });
  }

  submissions(
    firstNumber: number,
    count: number,
    serials: readonly string[],
    holders: readonly Person[],
    staff: readonly Person[],
  ): Submission[] {
    return Array.from({ length: count }, (_, i) => {
      const status = this.rnd.weighted({ NEW: 15, ASSIGNED: 15, IN_REPAIR: 15, RESOLVED: 25, CLOSED: 30 });
      const createdAt = this.instantOn(this.dayWithin(365));
      const done = status === 'RESOLVED' || status === 'CLOSED';
      return {
        id: this.ids.next(),
        number: firstNumber + i,
        serial: serials.length > 0 ? this.rnd.pick(serials) : 'SN0000000',
        description: this.rnd.pick(FAULTS),
        reporterId: holders.length > 0 ? this.rnd.pick(holders).id : null,
        assigneeId: status !== 'NEW' && staff.length > 0 ? this.rnd.pick(staff).id : null,
        status,
        coverage: this.rnd.weighted({ WARRANTY: 35, INSURANCE: 15, SCHOOL: 40, PARENT: 10 }),
        costMinor: done ? this.rnd.int(0, 250) * 100 : null,
        createdAt,
        updatedAt: createdAt,
        version: 1,
      };
    });
  }

  tickets(firstNumber: number, count: number, holders: readonly Person[], staff: readonly Person[]): Ticket[] {
    return Array.from({ length: count }, (_, i) => {
      const status = this.rnd.weighted({ NEW: 15, OPEN: 25, PENDING: 10, RESOLVED: 25, CLOSED: 25 });
      const subject = this.rnd.pick(TICKET_SUBJECTS).replace('%s', String(this.rnd.int(1, 40)));
      const requesters = staff.length > 0 ? staff : holders;
      const ticket = {
        id: this.ids.next(),
        number: firstNumber + i,
        subject,
        body: `${subject}. Reported via the service desk.`,
        status,
        priority: this.rnd.weighted({ LOW: 20, NORMAL: 55, HIGH: 20, URGENT: 5 }),
        requesterId: requesters.length > 0 ? this.rnd.pick(requesters).id : null,
        assigneeId: status !== 'NEW' && staff.length > 0 ? this.rnd.pick(staff).id : null,
        categoryId: null,
        teamId: null,
      };
      // Tickets still being worked are recent, as a desk that keeps up has them; the rest span the term.
      const createdAt = this.instantOn(this.dayWithin(status === 'NEW' || status === 'OPEN' ? 14 : 180));
      // The desk answered every ticket it moved on, within the day; due times follow (recomputeDueTimes).
      const firstRespondedAt =
        status === 'NEW' ? null : new Date(Date.parse(createdAt) + this.rnd.int(5, 600) * 60_000).toISOString();
      return {
        ...ticket,
        firstResponseDueAt: null,
        firstRespondedAt,
        resolutionDueAt: null,
        createdAt,
        updatedAt: firstRespondedAt ?? createdAt,
      };
    });
  }

  /** Devices bought in the last year appear as PURCHASE costs. */
  purchaseCosts(devices: readonly Device[]): CostEntry[] {
    const yearAgo = addDays(this.today, -365);
    return devices
      .filter((d) => d.purchaseDate !== null && d.purchaseDate > yearAgo && d.purchaseCostMinor !== null)
      .map((d) => ({
        id: this.ids.next(),
        type: 'PURCHASE',
        coverage: null,
        amountMinor: d.purchaseCostMinor ?? 0,
        date: d.purchaseDate ?? this.today,
        source: `device:${d.serial}`,
        note: null,
      }));
  }

  /** Finished repairs with a cost appear as REPAIR costs, some with PARTS. */
  repairCosts(submissions: readonly Submission[]): CostEntry[] {
    return submissions.flatMap((s) => {
      if (!s.costMinor) return [];
      const date = s.createdAt.slice(0, 10);
      const repair: CostEntry = {
        id: this.ids.next(),
        type: 'REPAIR',
        coverage: s.coverage,
        amountMinor: s.costMinor,
        date,
        source: `submission:${s.number}`,
        note: null,
      };
      if (!this.rnd.chance(0.3)) return [repair];
      return [repair, { ...repair, id: this.ids.next(), type: 'PARTS', amountMinor: this.rnd.int(5, 80) * 100 }];
    });
  }

  /** Monthly software licences over the last twelve months. */
  licenceCosts(seats: number): CostEntry[] {
    return Array.from({ length: 12 }, (_, m) => ({
      id: this.ids.next(),
      type: 'LICENSE',
      coverage: 'SCHOOL',
      amountMinor: 45_000 * seats,
      date: addDays(this.today, -30 * m),
      source: `licence:office-suite:${this.nowIso.slice(0, 4)}-${m + 1}`,
      note: 'Office suite licences',
    }));
  }
}
