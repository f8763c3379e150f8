import { z } from 'zod';
import type { Repositories } from '../../../ports/repositories.js';
import type { TenantContext } from '../../shared/actor.js';
import { defineSchoolSetting, readSchoolSetting } from '../../settings/school-setting.js';
import { TICKET_PRIORITIES, type TicketPriority } from '../ticket-states.js';
import {
  advanceClock,
  answeredBy,
  dueTimes,
  newClock,
  type ClockedTicket,
  type Targets,
  type TicketClock,
} from './clock.js';
import { SchoolCalendar, WEEKDAYS, type WeekHours, type Weekday } from './school-calendar.js';

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const time = (what: string) =>
  z.string().regex(TIME, { message: 'must be a time of day, HH:MM (00:00 to 24:00)' }).describe(what);

const opening = z
  .object({
    opens: time('When the desk opens, HH:MM in the school time zone'),
    closes: time('When it closes, HH:MM (24:00: midnight)'),
  })
  .strict()
  .superRefine((o, ctx) => {
    // Only two times of day are compared: a malformed one is already named by its own field.
    if (TIME.test(o.opens) && TIME.test(o.closes) && o.opens >= o.closes)
      ctx.addIssue({ code: 'custom', path: ['closes'], message: 'must be after the time it opens' });
  });

const SCHOOL_DAY = { opens: '08:00', closes: '16:30' } as const;
const capital = (d: string) => `${d[0]!.toUpperCase()}${d.slice(1)}`;
const day = (d: Weekday) =>
  opening
    .nullable()
    .default(d === 'saturday' || d === 'sunday' ? null : SCHOOL_DAY)
    .describe(`The desk's hours on ${capital(d)}s; null: closed`);

/**
 * When the help desk works (issue 30, point 5), in the school's time zone (its general settings):
 * one opening per weekday, Monday to Friday 08:00 to 16:30 unless the school says otherwise.
 * Service targets count only these hours, less the closure days. Saving it moves the due times of
 * the tickets still running (recomputeDueTimes).
 */
export const businessHoursSetting = defineSchoolSetting({
  name: 'business-hours',
  title: "The help desk's hours",
  required: ['module.servicedesk', 'ticket.manage'],
  schema: z
    .object(Object.fromEntries(WEEKDAYS.map((d) => [d, day(d)])) as Record<Weekday, ReturnType<typeof day>>)
    .strict()
    .superRefine((w, ctx) => {
      if (!WEEKDAYS.some((d) => w[d] !== null))
        ctx.addIssue({ code: 'custom', path: ['monday'], message: 'the desk must open on at least one day' });
    }),
  afterSave: (repos, tenant) => recomputeDueTimes(repos, tenant),
});

const minutes = (what: string, fallback: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 60)
    .nullable()
    .default(fallback)
    .describe(`${what}, in minutes of the desk's hours; null: no target`);

// The desk's default day is 8.5 hours (510 minutes): the defaults read "within half an hour, in four
// hours" for urgent, "within the hour, by the end of the day" for high, and so on.
const DEFAULT_TARGETS: Record<TicketPriority, readonly [number, number]> = {
  URGENT: [30, 240],
  HIGH: [60, 510],
  NORMAL: [240, 3 * 510],
  LOW: [510, 10 * 510],
};

const priorityTargets = (p: TicketPriority) => {
  const [firstResponseMinutes, resolutionMinutes] = DEFAULT_TARGETS[p];
  return z
    .object({
      firstResponseMinutes: minutes('Time to the first answer from the desk', firstResponseMinutes),
      resolutionMinutes: minutes('Time to resolution', resolutionMinutes),
    })
    .strict()
    .default({ firstResponseMinutes, resolutionMinutes })
    .describe(`Targets of ${p} tickets`);
};

/**
 * How long a ticket of each priority may wait (issue 30, point 5): to the desk's first answer and
 * to its resolution, in minutes of the desk's hours. On by default, with targets a school's IT team
 * can keep; `enabled: false` gives no due times and sends no warnings. Saving it moves the due times
 * of the tickets still running.
 */
export const serviceTargetsSetting = defineSchoolSetting({
  name: 'service-targets',
  title: 'Service targets by priority',
  required: ['module.servicedesk', 'ticket.manage'],
  schema: z
    .object({
      enabled: z.boolean().default(true).describe('Give tickets due times, and send warnings and breaches'),
      ...(Object.fromEntries(TICKET_PRIORITIES.map((p) => [p, priorityTargets(p)])) as Record<
        TicketPriority,
        ReturnType<typeof priorityTargets>
      >),
    })
    .strict(),
  afterSave: (repos, tenant) => recomputeDueTimes(repos, tenant),
});

export type ServiceTargets = z.output<typeof serviceTargetsSetting.schema>;

/** What a school's service targets are counted on: its calendar of desk hours and its targets. */
export interface ServiceTerms {
  readonly calendar: SchoolCalendar;
  readonly targets: ServiceTargets;
  /** The targets of a priority (none at all when the school turned targets off). */
  targetsOf(priority: TicketPriority): Targets;
}

/** A school's service terms as they stand, read in the caller's transaction (three reads). */
export async function loadServiceTerms(
  repos: Repositories,
  tenant: Pick<TenantContext, 'id' | 'timeZone'>,
): Promise<ServiceTerms> {
  // One after another: inside a transaction every query shares one connection (Postgres runs them in turn anyway).
  const hours = await readSchoolSetting(repos, tenant.id, businessHoursSetting);
  const targets = await readSchoolSetting(repos, tenant.id, serviceTargetsSetting);
  const closures = await repos.closureDays.list(tenant.id);
  const calendar = new SchoolCalendar(hours as WeekHours, tenant.timeZone, closures);
  return {
    calendar,
    targets,
    targetsOf: (p) => (targets.enabled ? targets[p] : { firstResponseMinutes: null, resolutionMinutes: null }),
  };
}

/** A ticket's due times and clock under the school's terms (clock.ts's dueTimes, with the priority's targets). */
export function clockUnder<T extends ClockedTicket>(
  terms: ServiceTerms,
  ticket: T,
  clock: TicketClock,
): { ticket: T; clock: TicketClock } {
  const next = dueTimes(ticket, clock, terms.targetsOf(ticket.priority), terms.calendar);
  return { ticket: { ...ticket, ...next.times }, clock: next.clock };
}

/**
 * Works out afresh the due times of a school's tickets that can still move, in the caller's
 * transaction: after its hours, closure days or targets changed. Writes only the rows that moved.
 */
export async function recomputeDueTimes(
  repos: Repositories,
  tenant: Pick<TenantContext, 'id' | 'timeZone'>,
): Promise<number> {
  const terms = await loadServiceTerms(repos, tenant);
  const rows = await repos.ticketClocks.listActive(tenant.id);
  const moved = rows
    .map((row) => ({ before: row, after: clockUnder(terms, row.ticket, row.clock) }))
    .filter(
      ({ before, after }) =>
        before.ticket.firstResponseDueAt !== after.ticket.firstResponseDueAt ||
        before.ticket.resolutionDueAt !== after.ticket.resolutionDueAt ||
        before.clock.nextCheckAt !== after.clock.nextCheckAt,
    )
    .map(({ after }) => after);
  if (moved.length > 0) await repos.ticketClocks.saveRows(tenant.id, moved);
  return moved.length;
}

/**
 * Starts a new ticket's clock in the caller's transaction: the ticket with its due times, to insert,
 * and its clock saved.
 */
export async function startClock<T extends ClockedTicket & { readonly id: string }>(
  repos: Repositories,
  tenant: Pick<TenantContext, 'id' | 'timeZone'>,
  ticket: T,
): Promise<T> {
  const terms = await loadServiceTerms(repos, tenant);
  const next = clockUnder(terms, ticket, newClock(ticket.id, ticket.createdAt));
  await repos.ticketClocks.save(tenant.id, next.clock);
  return next.ticket;
}

/**
 * Moves a ticket's clock along a change at `at`, in the caller's transaction: a move of status
 * (answering the requester stops the first-response clock; waiting or resolved stops the
 * resolution clock, open starts it again), a new priority (its targets), or the desk's first
 * answer (`after.firstRespondedAt` set). Returns the changed ticket with its due times, to write.
 */
export async function moveClock<T extends ClockedTicket & { readonly id: string }>(
  repos: Repositories,
  tenant: Pick<TenantContext, 'id' | 'timeZone'>,
  before: ClockedTicket,
  after: T,
  at: string,
): Promise<T> {
  const terms = await loadServiceTerms(repos, tenant);
  // A ticket closed before clocks existed has none; its next change starts one as of its creation.
  const clock = (await repos.ticketClocks.find(tenant.id, after.id)) ?? newClock(after.id, after.createdAt);
  const answered = { ...after, firstRespondedAt: answeredBy(after, after.status, at) };
  const next = clockUnder(terms, answered, advanceClock(clock, before, after, at, terms.calendar));
  await repos.ticketClocks.save(tenant.id, next.clock);
  return next.ticket;
}
