import { z } from 'zod';
import type { AuditActorType } from '../audit/audit-entry.js';
import type { Actor } from '../shared/actor.js';
import { isoInstant, nullableText } from '../shared/validation.js';

/** ACTIVE until every unit is picked up (FULFILLED) or it is cancelled (CANCELLED, kept as history). */
export const RESERVATION_STATUSES = ['ACTIVE', 'FULFILLED', 'CANCELLED'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** A booking of `quantity` units of a loan group for [from, to), as stored. Instants are UTC ISO strings. */
export interface Reservation {
  readonly id: string;
  readonly groupId: string;
  readonly quantity: number;
  /** Units already issued against it (IssueLoan fulfils one per issue to its person). */
  readonly fulfilled: number;
  readonly from: string;
  readonly to: string;
  readonly personId: string | null;
  readonly note: string | null;
  readonly status: ReservationStatus;
  /** Who booked: a teacher (reservation.create alone) sees, changes and cancels only these. */
  readonly createdBy: { readonly type: AuditActorType; readonly id: string };
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly cancelledAt: string | null;
  readonly version: number;
}

/** A reservation joined with its group's and person's names, as repositories read it. */
export interface ReservationRow extends Reservation {
  readonly groupName: string;
  readonly personName: string | null;
}

export const reservationViewSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  quantity: z.number().int(),
  fulfilled: z.number().int(),
  from: isoInstant(),
  to: isoInstant(),
  status: z.enum(RESERVATION_STATUSES),
  person: z.object({ id: z.string(), name: z.string() }).nullable(),
  note: nullableText(),
  createdBy: z.object({ type: z.string(), id: z.string() }),
  createdAt: isoInstant(),
  cancelledAt: isoInstant().nullable(),
});
export type ReservationView = z.output<typeof reservationViewSchema>;
export const reservationResultSchema = z.object({ reservation: reservationViewSchema });

export const toReservationView = (row: ReservationRow): ReservationView => ({
  id: row.id,
  groupId: row.groupId,
  groupName: row.groupName,
  quantity: row.quantity,
  fulfilled: row.fulfilled,
  from: row.from,
  to: row.to,
  status: row.status,
  person: row.personId ? { id: row.personId, name: row.personName ?? '' } : null,
  note: row.note,
  createdBy: { type: row.createdBy.type, id: row.createdBy.id },
  createdAt: row.createdAt,
  cancelledAt: row.cancelledAt,
});

/**
 * A reservation event's data (thin, as the loan events): which booking, of which group (pool-limited
 * audiences are filtered by `groupId`), for whom by id only, and where it stands.
 */
export const reservationEventData = (r: Reservation) => ({
  reservation: {
    id: r.id,
    groupId: r.groupId,
    quantity: r.quantity,
    fulfilled: r.fulfilled,
    from: r.from,
    to: r.to,
    status: r.status,
    personId: r.personId,
  },
});

/** Units a booking still holds back: those not yet picked up, while it is ACTIVE. */
export const unfulfilled = (r: Pick<Reservation, 'status' | 'quantity' | 'fulfilled'>): number =>
  r.status === 'ACTIVE' ? Math.max(0, r.quantity - r.fulfilled) : 0;

/** Whether the actor may see and change this booking: any with reservation.manage, else their own. */
export const canHandle = (actor: Actor, r: Pick<Reservation, 'createdBy'>): boolean =>
  actor.permissions.has('reservation.manage') ||
  (r.createdBy.type === actor.principal.type && r.createdBy.id === actor.principal.id);

/** One unit picked up: FULFILLED once every unit is. */
export function fulfilOne<R extends Reservation>(r: R, at: string): R {
  const fulfilled = r.fulfilled + 1;
  return { ...r, fulfilled, status: fulfilled >= r.quantity ? 'FULFILLED' : 'ACTIVE', updatedAt: at };
}
