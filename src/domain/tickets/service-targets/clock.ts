import { z } from 'zod';
import { isoInstant } from '../../shared/validation.js';
import type { TicketPriority, TicketStatus } from '../ticket-states.js';
import type { SchoolCalendar } from './school-calendar.js';
import { RESOLUTION_RUNS } from './running.js';

/**
 * A ticket's service clock (issue 30, point 5), kept beside the ticket: the school minutes its
 * resolution has used so far, since when the clock runs (null: stopped, while the ticket waits on the
 * requester or is resolved), which warnings and breaches were already sent (each once), and the
 * next instant one may be due (what the service-target job looks up, by index).
 *
 * The first-response target runs from the ticket's creation until the desk first answers: a public
 * reply from someone other than the requester, or a move to waiting, resolved or closed. It never
 * stops, because asking the requester is itself an answer. The resolution target runs while the
 * ticket is new or open and stops while it waits on the requester or is resolved; reopening starts
 * it again with what was left. Both count school time only (school-calendar.ts).
 */
export interface TicketClock {
  readonly ticketId: string;
  readonly usedMinutes: number;
  readonly runningSince: string | null;
  /** SENT bits. */
  readonly notified: number;
  readonly nextCheckAt: string | null;
}

/** What was sent, as bits of `notified`. */
export const SENT = {
  firstResponseWarning: 1,
  firstResponseBreach: 2,
  resolutionWarning: 4,
  resolutionBreach: 8,
} as const;
/** Every bit: nothing more is sent (a seeded ticket, one open before clocks existed). */
export const ALL_SENT = 15;

/** A target's warning goes at this share of its time (the 80 %). */
export const WARNING_AT = 0.8;

/** The minutes of school time a priority's tickets have: null when the school set no target. */
export interface Targets {
  readonly firstResponseMinutes: number | null;
  readonly resolutionMinutes: number | null;
}

/** The parts of a ticket its clock reads and writes. */
export interface ClockedTicket {
  readonly status: TicketStatus;
  readonly priority: TicketPriority;
  readonly createdAt: string;
  readonly firstRespondedAt: string | null;
  readonly firstResponseDueAt: string | null;
  readonly resolutionDueAt: string | null;
}

export type DueTimes = Pick<ClockedTicket, 'firstRespondedAt' | 'firstResponseDueAt' | 'resolutionDueAt'>;

/** The fields every ticket shows, documented once (ticket.ts adds them to the ticket's schema). */
export const dueTimeFields = {
  firstResponseDueAt: isoInstant()
    .nullable()
    .describe('When the first answer from the desk is due, in school hours (null: no target)'),
  firstRespondedAt: isoInstant().nullable().describe('When the desk first answered (null: not yet)'),
  resolutionDueAt: isoInstant()
    .nullable()
    .describe(
      'When resolution is due, in school hours; while the ticket waits on the requester or is resolved, the clock is stopped and this is when it was due as it stopped (null: no target)',
    ),
};
export const dueTimesSchema = z.object(dueTimeFields);

/** Statuses that answer the requester: moving to one is a first response. */
const ANSWERED: readonly TicketStatus[] = ['PENDING', 'RESOLVED', 'CLOSED'];

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const earliest = (instants: readonly (string | null)[]): string | null =>
  instants.reduce<string | null>((min, t) => (t !== null && (min === null || t < min) ? t : min), null);

/** A new ticket's clock: running from its creation. */
export const newClock = (ticketId: string, createdAt: string): TicketClock => ({
  ticketId,
  usedMinutes: 0,
  runningSince: createdAt,
  notified: 0,
  nextCheckAt: null,
});

/**
 * Moves a clock along a ticket's change at `at` (its status, or its first answer): a move out of new
 * or open stops the resolution clock and books the school minutes it ran; a move back starts it.
 */
export function advanceClock(
  clock: TicketClock,
  before: Pick<ClockedTicket, 'status'>,
  after: Pick<ClockedTicket, 'status'>,
  at: string,
  calendar: SchoolCalendar,
): TicketClock {
  const wasRunning = clock.runningSince !== null;
  const runs = RESOLUTION_RUNS.includes(after.status);
  if (wasRunning && !runs) {
    const used = calendar.between(new Date(clock.runningSince!), new Date(at));
    return { ...clock, usedMinutes: clock.usedMinutes + used, runningSince: null };
  }
  if (!wasRunning && runs && before.status !== after.status) return { ...clock, runningSince: at };
  return clock;
}

/** The first answer a status move gives, if the ticket had none. */
export const answeredBy = (t: Pick<ClockedTicket, 'firstRespondedAt'>, status: TicketStatus, at: string) =>
  t.firstRespondedAt === null && ANSWERED.includes(status) ? at : t.firstRespondedAt;

/** When the thresholds of a ticket's targets fall, as its clock stands. */
function thresholds(t: ClockedTicket, clock: TicketClock, targets: Targets, calendar: SchoolCalendar) {
  const created = new Date(t.createdAt);
  const fr = targets.firstResponseMinutes;
  const firstResponse =
    fr === null
      ? null
      : { warnAt: iso(calendar.add(created, Math.ceil(fr * WARNING_AT))), dueAt: iso(calendar.add(created, fr)) };
  const res = targets.resolutionMinutes;
  let resolution: { warnAt: string | null; dueAt: string | null } | null = null;
  if (res !== null && clock.runningSince !== null) {
    const since = new Date(clock.runningSince);
    resolution = {
      warnAt: iso(calendar.add(since, Math.ceil(res * WARNING_AT) - clock.usedMinutes)),
      dueAt: iso(calendar.add(since, res - clock.usedMinutes)),
    };
  }
  return { firstResponse, resolution };
}

/**
 * A ticket's due times and its clock's next check, worked out afresh from the clock, the targets of
 * its priority and the school's calendar: what a change of status, priority, hours, closure days or
 * targets leaves. A stopped resolution clock keeps the due time it had as it stopped.
 */
export function dueTimes(
  t: ClockedTicket,
  clock: TicketClock,
  targets: Targets,
  calendar: SchoolCalendar,
): { times: DueTimes; clock: TicketClock } {
  const { firstResponse, resolution } = thresholds(t, clock, targets, calendar);
  const resolutionDueAt =
    targets.resolutionMinutes === null ? null : clock.runningSince === null ? t.resolutionDueAt : resolution!.dueAt;
  const times: DueTimes = {
    firstRespondedAt: t.firstRespondedAt,
    firstResponseDueAt: firstResponse?.dueAt ?? null,
    resolutionDueAt,
  };
  const pending = (bit: number, instant: string | null | undefined) =>
    (clock.notified & bit) === 0 && instant ? instant : null;
  const answering = t.firstRespondedAt === null && t.status !== 'CLOSED';
  const nextCheckAt = earliest([
    answering ? pending(SENT.firstResponseWarning, firstResponse?.warnAt) : null,
    answering ? pending(SENT.firstResponseBreach, firstResponse?.dueAt) : null,
    pending(SENT.resolutionWarning, resolution?.warnAt),
    pending(SENT.resolutionBreach, resolution?.dueAt),
  ]);
  return { times, clock: { ...clock, nextCheckAt } };
}

/** One warning or breach due of a ticket at `now`, as the job sends it. */
export interface ClockAlarm {
  readonly kind: 'ticket.sla_warning' | 'ticket.sla_breached';
  readonly target: 'firstResponse' | 'resolution';
  readonly dueAt: string;
  readonly bit: number;
}

/**
 * The warnings and breaches whose time has come at `now` and were not yet sent, each at most once: a
 * breach found late goes without the warning it passed (one e-mail, not two at once).
 */
export function dueAlarms(
  t: ClockedTicket,
  clock: TicketClock,
  targets: Targets,
  calendar: SchoolCalendar,
  now: string,
): ClockAlarm[] {
  const { firstResponse, resolution } = thresholds(t, clock, targets, calendar);
  const alarms: ClockAlarm[] = [];
  const check = (
    target: ClockAlarm['target'],
    times: { warnAt: string | null; dueAt: string | null } | null,
    warnBit: number,
    breachBit: number,
  ) => {
    if (!times?.dueAt) return;
    if (times.dueAt <= now) {
      if ((clock.notified & breachBit) === 0)
        alarms.push({ kind: 'ticket.sla_breached', target, dueAt: times.dueAt, bit: breachBit | warnBit });
    } else if (times.warnAt && times.warnAt <= now && (clock.notified & warnBit) === 0) {
      alarms.push({ kind: 'ticket.sla_warning', target, dueAt: times.dueAt, bit: warnBit });
    }
  };
  if (t.firstRespondedAt === null && t.status !== 'CLOSED')
    check('firstResponse', firstResponse, SENT.firstResponseWarning, SENT.firstResponseBreach);
  check('resolution', resolution, SENT.resolutionWarning, SENT.resolutionBreach);
  return alarms;
}

export { nextDueAt } from './running.js';
