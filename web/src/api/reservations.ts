/**
 * Bookings of loan groups ahead of time, as the console API declares them (console-api.gen.ts): the
 * week view of a group (its bookings and how many units are free each day), today's pickups on Home,
 * and booking and cancelling. No page writes these paths itself.
 */
import { call } from './client.js';
import type { Availability, operations, Reservation } from './console-api.gen.js';

export type { Availability, Reservation };
export type ReservationFilters = NonNullable<operations['listReservations']['parameters']['query']>;

export const listReservations = (filters: ReservationFilters) => call('get', '/api/reservations', { query: filters });

/** How many units of a group are free over a window, and day by day (nothing is written). */
export const availability = (groupId: string, from: string, to: string) =>
  call('get', '/api/reservations/availability', { query: { groupId, from, to } });

/** `from` and `to` as the school's wall clock (`2026-03-10T08:30`): the server reads them in its time zone. */
export const createReservation = (body: {
  groupId: string;
  quantity: number;
  from: string;
  to: string;
  note?: string | null;
  personId?: string | null;
}) => call('post', '/api/reservations', { body });

export const cancelReservation = (id: string) => call('delete', '/api/reservations/{id}', { path: { id } });

export const RESERVATION_EVENTS = ['reservation.created', 'reservation.cancelled', 'reservation.fulfilled'];
