import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { startOfDay } from '../audit/audit-range.js';
import { inPool } from '../loans/loan-ref.js';
import type { Actor } from '../shared/actor.js';
import { addDays, dateInZone } from '../shared/dates.js';
import { invalidField, notFound } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { id, isoDate } from '../shared/validation.js';
import { availability, dayByDay } from './availability.js';
import { aYearAfter, bookingInstant, bookingTime } from './booking-time.js';

export const getAvailabilityInput = z
  .object({
    groupId: id().describe('The loan group'),
    from: bookingTime().describe('Window start (ISO 8601 date-time; without an offset, in the school time zone)'),
    to: bookingTime().describe('Window end, exclusive'),
  })
  .strict();

/** Days are listed for windows of up to six weeks (a week view asks for seven). */
const MAX_DAYS = 42;

export const availabilitySchema = z.object({
  groupId: z.string(),
  from: z.string(),
  to: z.string(),
  inService: z.number().int().describe('Units not withdrawn'),
  out: z.number().int().describe('Of those, units issued and not expected back before the window'),
  booked: z.number().int().describe('The most units other bookings hold back at one moment of the window'),
  free: z.number().int().describe('Units a new booking of the whole window can have'),
  days: z.array(z.object({ date: isoDate(), booked: z.number().int(), free: z.number().int() })),
});
type AvailabilityView = z.output<typeof availabilitySchema>;

/**
 * How many units of a group a booking of [from, to) could have now, as creating one would check
 * it (a dry run: nothing is written), and per school day for a week view. Every booking counts, the
 * caller's or not: a teacher sees how many units are free, never whose bookings hold the others.
 */
@injectable()
export class GetAvailability implements UseCase<typeof getAvailabilityInput, AvailabilityView> {
  static readonly required = ['module.loans', 'loan.view', 'reservation.create'] as const;
  static readonly input = getAvailabilityInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, input: z.output<typeof getAvailabilityInput>): Promise<AvailabilityView> {
    const zone = actor.tenant.timeZone;
    const window = { from: bookingInstant(input.from, zone), to: bookingInstant(input.to, zone) };
    if (window.to <= window.from) throw invalidField('to', 'must be after from');
    if (window.to > aYearAfter(window.from)) throw invalidField('to', 'a window is at most one year long');
    const now = this.clock.now();
    const tenantId = actor.tenant.id;
    return this.uow.read(async (repos) => {
      const group = await repos.loanGroups.findById(tenantId, input.groupId);
      if (!group || !inPool(actor, group.id)) throw notFound('loan group', input.groupId);
      const [units, bookings] = await Promise.all([
        repos.reservations.unitsOf(tenantId, group.id),
        repos.reservations.spansOf(tenantId, group.id, window.from, window.to),
      ]);
      const today = dateInZone(now, zone);
      const whole = availability({
        units,
        bookings,
        ...window,
        firstDay: dateInZone(new Date(window.from), zone),
        today,
      });
      const days = schoolDays(window, zone);
      const perDay = days.length <= MAX_DAYS ? dayByDay({ units, bookings, days, today }) : [];
      return { groupId: group.id, ...window, ...whole, days: perDay };
    });
  }
}

/** The school days a window touches, each as [start, end) clipped to the window. */
function schoolDays(window: { from: string; to: string }, zone: string) {
  const first = dateInZone(new Date(window.from), zone);
  const last = dateInZone(new Date(Date.parse(window.to) - 1), zone);
  const days: { date: string; from: string; to: string }[] = [];
  for (let date = first; date <= last && days.length <= MAX_DAYS; date = addDays(date, 1)) {
    const start = new Date(startOfDay(date, zone)).toISOString();
    const end = new Date(startOfDay(addDays(date, 1), zone)).toISOString();
    days.push({ date, from: start < window.from ? window.from : start, to: end > window.to ? window.to : end });
  }
  return days;
}
