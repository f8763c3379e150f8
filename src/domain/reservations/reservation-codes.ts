/**
 * The `code` of a 409 that refuses an issue because a booking starting within 24 hours needs the
 * unit (reservation-hold.ts); the problem also names the booking (`reservation: {id, groupId, from,
 * to, units}`). Plain data, shared with the console through src/contract, which offers to override.
 */
export const RESERVATION_HOLD_CODE = 'reservation_hold';
