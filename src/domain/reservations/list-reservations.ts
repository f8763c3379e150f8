import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { defineTool } from '../catalogue/tool.js';
import type { Actor } from '../shared/actor.js';
import { invalidField } from '../shared/errors.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { id, pageOf, pagingInput } from '../shared/validation.js';
import { auditActor } from '../shared/record-change.js';
import { bookingInstant, bookingTime } from './booking-time.js';
import { RESERVATION_STATUSES, reservationViewSchema, toReservationView } from './reservation.js';

export const listReservationsInput = z
  .object({
    groupId: id().optional().describe('Only bookings of this loan group'),
    personId: id().optional().describe('Only bookings for this person'),
    from: bookingTime().optional().describe('Only bookings that end after this date-time (school time zone)'),
    to: bookingTime().optional().describe('Only bookings that start before this date-time (school time zone)'),
    status: z.enum(RESERVATION_STATUSES).optional().describe('Only bookings in this state'),
    ...pagingInput('Bookings'),
  })
  .strict();

export const reservationListSchema = pageOf('reservations', reservationViewSchema);
type ReservationList = z.output<typeof reservationListSchema>;

/**
 * Bookings by start, cancelled ones included (history) unless `status` says otherwise. Listing needs
 * `loan.view` beside `reservation.create` (every role with `reservation.manage` has both): holders
 * of `reservation.manage` see every booking of their pool, anyone else only the bookings they made.
 */
@injectable()
export class ListReservations implements UseCase<typeof listReservationsInput, ReservationList> {
  static readonly required = ['module.loans', 'loan.view', 'reservation.create'] as const;
  static readonly input = listReservationsInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(
    actor: Actor,
    { page, pageSize, from, to, ...filters }: z.output<typeof listReservationsInput>,
  ): Promise<ReservationList> {
    const paging = requestedPage({ page, pageSize });
    const zone = actor.tenant.timeZone;
    const window = {
      from: from === undefined ? undefined : bookingInstant(from, zone),
      to: to === undefined ? undefined : bookingInstant(to, zone),
    };
    if (window.from !== undefined && window.to !== undefined && window.to <= window.from) {
      throw invalidField('to', 'must be after from');
    }
    const mine = actor.permissions.has('reservation.manage') ? undefined : auditActor(actor);
    return this.uow.read(async (repos) => {
      const found = await repos.reservations.list(
        actor.tenant.id,
        {
          poolGroupIds: actor.loanGroupIds,
          ...filters,
          ...window,
          createdBy: mine && { type: mine.type, id: mine.id },
        },
        paging,
      );
      return { reservations: found.items.map(toReservationView), ...pageInfo(found, paging) };
    });
  }
}

export const listReservationsTool = defineTool({
  name: 'reservations.list',
  title: 'List bookings of loaners',
  description:
    'Bookings of loan groups (class sets, single loaners booked ahead), by start, filtered by group, person, window (ISO date-times in the school time zone) or status. Without reservation.manage, only your own bookings.',
  readOnly: true,
  output: reservationListSchema,
  useCase: ListReservations,
});
