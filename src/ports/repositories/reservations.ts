import type { BookedSpan, GroupUnit } from '../../domain/reservations/availability.js';
import type { Reservation, ReservationRow, ReservationStatus } from '../../domain/reservations/reservation.js';
import type { Page, PageRequest } from '../../domain/shared/paging.js';

export interface ReservationFilter {
  /** The authorised pool: only bookings of these groups; null = the whole tenant. */
  readonly poolGroupIds: readonly string[] | null;
  readonly groupId?: string | undefined;
  readonly personId?: string | undefined;
  /** Only bookings made by this principal (a teacher's own). */
  readonly createdBy?: { readonly type: string; readonly id: string } | undefined;
  /** Only bookings overlapping [from, to) (UTC ISO instants; either end may be open). */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly status?: ReservationStatus | undefined;
}

/**
 * Bookings of loan groups ahead of time (issue 23). Instants are UTC ISO strings in the form
 * `toISOString` writes, so they compare as text.
 */
export abstract class ReservationRepository {
  /** Duplicate id → conflict. */
  abstract insert(tenantId: string, reservation: Reservation): Promise<void>;
  /** With its group's and person's names; null when missing or of another tenant. */
  abstract findById(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<ReservationRow | null>;
  /** Versioned update of quantity, fulfilled, window, person, note, status, updatedAt and cancelledAt. */
  abstract update(tenantId: string, reservation: Reservation): Promise<boolean>;
  /** Ordered by start, then id. */
  abstract list(tenantId: string, filter: ReservationFilter, page: PageRequest): Promise<Page<ReservationRow>>;
  /** The group's ACTIVE bookings overlapping [from, to), ordered by start, then id. */
  abstract activeOverlapping(tenantId: string, groupId: string, from: string, to: string): Promise<Reservation[]>;
  /**
   * What the group's ACTIVE bookings overlapping [from, to) hold back, leaving out `excludeId`: each
   * one's window and its units not yet picked up, in no particular order. Only what the availability
   * sweep reads, so a year of bookings is a narrow scan of the (group, start) index.
   */
  abstract spansOf(
    tenantId: string,
    groupId: string,
    from: string,
    to: string,
    excludeId?: string,
  ): Promise<BookedSpan[]>;
  /** The group's units (loans) as availability reads them, in no particular order. */
  abstract unitsOf(tenantId: string, groupId: string): Promise<GroupUnit[]>;
}
