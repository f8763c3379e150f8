import { CancelReservation } from '../../../domain/reservations/cancel-reservation.js';
import { CreateReservation } from '../../../domain/reservations/create-reservation.js';
import { availabilitySchema, GetAvailability } from '../../../domain/reservations/get-availability.js';
import { GetReservation } from '../../../domain/reservations/get-reservation.js';
import { ListReservations, reservationListSchema } from '../../../domain/reservations/list-reservations.js';
import { reservationResultSchema, reservationViewSchema } from '../../../domain/reservations/reservation.js';
import { UpdateReservation } from '../../../domain/reservations/update-reservation.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('Reservation', reservationViewSchema);
named('ReservationResult', reservationResultSchema);

/**
 * Bookings of loan groups ahead of time (module `loans`, issue 23). `reservation.manage` books in
 * any group and handles every booking; `reservation.create` alone books in the caller's own loan
 * groups and sees, changes and cancels only the bookings they made (any other is 404 to them).
 * Date-times without an offset are in the school's time zone; answers give UTC instants. A booking
 * the group cannot give is 409, saying how many units are free.
 */
export const reservationRoutes = routeGroup('reservations', 'Loaners booked ahead: class sets and single units.', [
  useCaseRoute({
    method: 'post',
    path: '/api/reservations',
    summary: 'Book units of a loan group for a window',
    useCase: CreateReservation,
    status: 201,
    output: reservationResultSchema,
    problems: ['not_found', 'conflict'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/reservations',
    summary: 'Bookings by start, filtered by group, person, window and state',
    useCase: ListReservations,
    output: named('ReservationList', reservationListSchema),
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/reservations/availability',
    summary: 'How many units of a group a booking of a window could have, and per day (a dry run)',
    useCase: GetAvailability,
    output: named('Availability', availabilitySchema),
    problems: ['not_found'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/reservations/{id}',
    summary: 'One booking',
    useCase: GetReservation,
    output: reservationResultSchema,
  }),
  useCaseRoute({
    method: 'patch',
    path: '/api/reservations/{id}',
    summary: "Change an active booking's size, window, person or note",
    useCase: UpdateReservation,
    output: reservationResultSchema,
    problems: ['not_found', 'conflict'],
  }),
  useCaseRoute({
    method: 'delete',
    path: '/api/reservations/{id}',
    summary: 'Cancel a booking (it stays, CANCELLED, as history)',
    useCase: CancelReservation,
    output: reservationResultSchema,
    problems: ['conflict'],
  }),
]);
