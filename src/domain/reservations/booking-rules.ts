/**
 * What every write of a booking checks, in one place (create and change): the group is the caller's
 * to book, the window is sensible, and the units are there. Runs inside the write's transaction with
 * the group locked, so two bookings of the last units queue on the lock and the second sees the first.
 */
import { spanInWords } from '../shared/words.js';
import type { Repositories } from '../../ports/repositories.js';
import { inPool } from '../loans/loan-ref.js';
import type { LoanGroup } from '../loans/loan.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { conflict, invalidField, notFound } from '../shared/errors.js';
import { availability, type Availability } from './availability.js';
import { aYearAfter } from './booking-time.js';

/** The group, locked, when it is in the caller's pool; any other (another school's too) is 404. */
export async function lockGroup(repos: Repositories, actor: Actor, groupId: string): Promise<LoanGroup> {
  const group = await repos.loanGroups.findById(actor.tenant.id, groupId, { forUpdate: true });
  if (!group || !inPool(actor, group.id)) throw notFound('loan group', groupId);
  return group;
}

/** `to` after `from`, at most a year long; `from` not in the past unless it is the stored start kept. */
export function checkWindow(window: { from: string; to: string }, now: Date, keptFrom?: string): void {
  if (window.to <= window.from) throw invalidField('to', 'must be after from');
  if (window.from !== keptFrom && window.from < now.toISOString()) {
    throw invalidField('from', 'must not be in the past');
  }
  if (window.to > aYearAfter(window.from)) throw invalidField('to', 'a booking is at most one year long');
}

/** The group's availability for a window, leaving out one booking (the one being changed). */
export async function groupAvailability(
  repos: Repositories,
  actor: Actor,
  groupId: string,
  window: { from: string; to: string },
  now: Date,
  excludeId?: string,
): Promise<Availability> {
  const tenantId = actor.tenant.id;
  const [units, bookings] = await Promise.all([
    repos.reservations.unitsOf(tenantId, groupId),
    repos.reservations.spansOf(tenantId, groupId, window.from, window.to, excludeId),
  ]);
  const timeZone = actor.tenant.timeZone;
  return availability({
    units,
    bookings,
    ...window,
    firstDay: dateInZone(new Date(window.from), timeZone),
    today: dateInZone(now, timeZone),
  });
}

/**
 * Refuses a booking of `quantity` units the group cannot give: 400 when it has no unit in service
 * at all (withdrawn: every unit UNAVAILABLE, or none), 409 naming how many are free otherwise.
 */
export async function requireUnits(
  repos: Repositories,
  actor: Actor,
  group: LoanGroup,
  window: { from: string; to: string },
  quantity: number,
  now: Date,
  excludeId?: string,
): Promise<Availability> {
  const a = await groupAvailability(repos, actor, group.id, window, now, excludeId);
  if (a.inService === 0) {
    throw invalidField('groupId', `${group.name} has no unit in service: it cannot be booked`);
  }
  if (a.free < quantity) {
    throw conflict(
      `only ${a.free} unit${a.free === 1 ? '' : 's'} of ${group.name} ${a.free === 1 ? 'is' : 'are'} free ` +
        `on ${spanInWords(window.from, window.to, actor.tenant.timeZone)} (${quantity} asked)`,
    );
  }
  return a;
}

/** The person a booking is for: in the school and not archived. */
export async function requirePerson(repos: Repositories, actor: Actor, personId: string): Promise<void> {
  const person = await repos.people.findById(actor.tenant.id, personId);
  if (!person) throw notFound('person', personId);
  if (person.archivedAt !== null) throw invalidField('personId', `${person.name} is archived`);
}
