/**
 * What a booking means at the loan desk (issue 23), run by IssueLoan inside its transaction, after
 * the pure issue and before the loan is written:
 *
 * - issuing a unit of a group to a person who holds an ACTIVE booking of it that starts within the
 *   next 24 hours (or started earlier and still runs) fulfils one unit of it, the earliest first: the
 *   same window in which a booking keeps its units, so a unit is never refused to the very person it
 *   is kept for (an evening pick-up for a booking just after midnight used to be);
 * - issuing a unit that another booking starting within 24 hours needs (without it, the group could
 *   not give that booking its units) is refused 409 naming the booking, unless `override` is given;
 *   the loan's audit entry then says which booking was overridden.
 *
 * The group is locked first, as a booking locks it, so a booking and an issue never pass each other.
 */
import type { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import type { Loan } from '../loans/loan.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { conflict, DomainError } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { availability } from './availability.js';
import { RESERVATION_HOLD_CODE } from './reservation-codes.js';
import { fulfilOne, reservationEventData, unfulfilled, type Reservation } from './reservation.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the loan's audit entry adds: the booking fulfilled, or the one overridden. */
export interface HoldOutcome {
  readonly fulfilled?: string;
  readonly override?: { readonly reservationId: string };
}

export async function applyBookings(
  repos: Repositories,
  ids: IdGenerator,
  actor: Actor,
  issue: { readonly unit: Loan; readonly holderId: string; readonly override: boolean; readonly at: string },
): Promise<HoldOutcome> {
  const tenantId = actor.tenant.id;
  const zone = actor.tenant.timeZone;
  const { unit, at } = issue;
  const horizon = new Date(Date.parse(at) + DAY_MS).toISOString();
  await repos.loanGroups.findById(tenantId, unit.groupId, { forUpdate: true });
  const soon = await repos.reservations.activeOverlapping(tenantId, unit.groupId, at, horizon);
  if (soon.length === 0) return {};

  const today = dateInZone(new Date(at), zone);
  let outcome: HoldOutcome = {};
  // Every booking in `soon` overlaps the next 24 hours: the holder's earliest is theirs to pick up.
  const own = soon.find((b) => b.personId === issue.holderId && unfulfilled(b) > 0);
  let fulfilledNow: Reservation | undefined;
  if (own) {
    fulfilledNow = fulfilOne(own, at);
    if (!(await repos.reservations.update(tenantId, fulfilledNow))) {
      throw conflict(`reservation ${own.id} was changed by someone else; try again`);
    }
    await recordChange(repos, ids, {
      tenantId,
      actor: auditActor(actor),
      action: 'reservation.fulfil',
      target: `reservation:${own.id}`,
      at,
      details: { groupId: own.groupId, loanNumber: unit.number, fulfilled: fulfilledNow.fulfilled },
      event: { kind: 'reservation.fulfilled', payload: reservationEventData(fulfilledNow) },
    });
    outcome = { fulfilled: own.id };
  }

  // Would the group still give each other booking starting soon its units, with this unit issued?
  const waiting = soon.filter((b) => b.id !== own?.id && unfulfilled(b) > 0);
  if (waiting.length === 0) return outcome;
  const reach = waiting.reduce((end, b) => (b.to > end ? b.to : end), horizon);
  const [units, bookings] = await Promise.all([
    repos.reservations.unitsOf(tenantId, unit.groupId),
    repos.reservations.activeOverlapping(tenantId, unit.groupId, at, reach),
  ]);
  const afterIssue = units.map((u) =>
    u.id === unit.id ? { id: u.id, status: unit.status, dueDate: unit.dueDate } : u,
  );
  const spans = bookings.map((b) => (b.id === fulfilledNow?.id ? fulfilledNow : b));
  for (const b of waiting) {
    const { free } = availability({
      units: afterIssue,
      bookings: spans.filter((o) => o.id !== b.id).map((o) => ({ from: o.from, to: o.to, units: unfulfilled(o) })),
      from: b.from,
      to: b.to,
      firstDay: dateInZone(new Date(b.from), zone),
      today,
    });
    if (free >= unfulfilled(b)) continue;
    if (!issue.override) {
      const units = unfulfilled(b);
      throw new DomainError(
        'conflict',
        `loaner ${unit.number} is needed for reservation ${b.id} (${units} unit${units === 1 ? '' : 's'} from ${b.from}` +
          `${b.note ? `, ${b.note}` : ''}): no other unit of the group is free for it; send override: true to issue it anyway`,
        [],
        // What a desk needs to offer "issue anyway": which booking, from when, how many units it still needs.
        { code: RESERVATION_HOLD_CODE, reservation: { id: b.id, groupId: b.groupId, from: b.from, to: b.to, units } },
      );
    }
    return { ...outcome, override: { reservationId: b.id } };
  }
  return outcome;
}
