import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { conflict, invalidField } from '../shared/errors.js';
import { changedFields, requireSomeField } from '../shared/patch.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { checkWindow, lockGroup, requirePerson, requireUnits } from './booking-rules.js';
import { bookingInstant } from './booking-time.js';
import { bookingFields } from './create-reservation.js';
import { toReservationView, type Reservation, type ReservationView } from './reservation.js';
import { findReservation } from './reservation-access.js';
import { stateInWords } from '../shared/words.js';

export const updateReservationInput = z
  .object({
    id: id(),
    quantity: bookingFields.quantity.optional(),
    from: bookingFields.from.optional(),
    to: bookingFields.to.optional(),
    personId: bookingFields.personId,
    note: bookingFields.note,
  })
  .strict();

const CHANGEABLE = ['quantity', 'from', 'to', 'personId', 'note'] as const;

/**
 * Changes an ACTIVE booking: its size, window, person or note. A new window or size is checked as a
 * new booking is (this booking's own units left out); a start already past may stay as it is.
 * Sending what is stored changes nothing and writes nothing. Audited (no event kind for a change).
 */
@injectable()
export class UpdateReservation implements UseCase<typeof updateReservationInput, { reservation: ReservationView }> {
  static readonly required = ['module.loans', 'reservation.create'] as const;
  static readonly input = updateReservationInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(
    actor: Actor,
    input: z.output<typeof updateReservationInput>,
  ): Promise<{ reservation: ReservationView }> {
    requireSomeField(input, CHANGEABLE);
    const now = this.clock.now();
    const at = now.toISOString();
    const zone = actor.tenant.timeZone;
    const tenantId = actor.tenant.id;
    return this.uow.transaction(async (repos) => {
      // The group first, then the booking: the order an issue that fulfils a booking locks them in
      // (reservation-hold.ts), so the two never wait on each other.
      const found = await findReservation(repos, actor, input.id);
      const group = await lockGroup(repos, actor, found.groupId);
      const current = await findReservation(repos, actor, input.id, { forUpdate: true });
      if (current.status !== 'ACTIVE') throw conflict(`this booking is ${stateInWords(current.status)}: only an active booking can be changed`);
      const wanted: Reservation = {
        ...current,
        quantity: input.quantity ?? current.quantity,
        from: input.from === undefined ? current.from : bookingInstant(input.from, zone),
        to: input.to === undefined ? current.to : bookingInstant(input.to, zone),
        personId: input.personId === undefined ? current.personId : input.personId,
        note: input.note === undefined ? current.note : input.note,
        updatedAt: at,
      };
      const changed = changedFields(current, wanted, CHANGEABLE);
      if (Object.keys(changed.to).length === 0) return { reservation: toReservationView(current) };

      checkWindow(wanted, now, current.from);
      if (wanted.to <= at) throw invalidField('to', 'must not be in the past');
      if (wanted.quantity < current.fulfilled) {
        throw invalidField('quantity', `must be at least the ${current.fulfilled} already picked up`);
      }
      if (wanted.personId !== null && wanted.personId !== current.personId) {
        await requirePerson(repos, actor, wanted.personId);
      }
      // Made as small as what was already picked up: nothing is left to fetch.
      const next: Reservation = wanted.quantity === current.fulfilled ? { ...wanted, status: 'FULFILLED' } : wanted;
      if (wanted.quantity > current.quantity || wanted.from < current.from || wanted.to > current.to) {
        // What it holds back grows somewhere: the others' bookings and the units out must leave room.
        await requireUnits(repos, actor, group, wanted, wanted.quantity - current.fulfilled, now, current.id);
      }
      if (!(await repos.reservations.update(tenantId, next))) {
        throw conflict(`reservation ${current.id} was changed by someone else; reload and try again`);
      }
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'reservation.update',
        target: `reservation:${current.id}`,
        at,
        details: { groupId: current.groupId, ...changed },
      });
      const row = await repos.reservations.findById(tenantId, current.id);
      return { reservation: toReservationView(row!) };
    });
  }
}
