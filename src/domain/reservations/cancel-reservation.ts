import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { conflict } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { reservationEventData, toReservationView, type Reservation, type ReservationView } from './reservation.js';
import { findReservation } from './reservation-access.js';
import { stateInWords } from '../shared/words.js';

export const cancelReservationInput = z.object({ id: id() }).strict();

/**
 * Cancels an ACTIVE booking: it stays, CANCELLED, as history, and holds nothing back any more.
 * Units already picked up stay issued (they come back as loans do). Audited, `reservation.cancelled`.
 */
@injectable()
export class CancelReservation implements UseCase<typeof cancelReservationInput, { reservation: ReservationView }> {
  static readonly required = ['module.loans', 'reservation.create'] as const;
  static readonly input = cancelReservationInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(
    actor: Actor,
    input: z.output<typeof cancelReservationInput>,
  ): Promise<{ reservation: ReservationView }> {
    const at = this.clock.now().toISOString();
    const tenantId = actor.tenant.id;
    return this.uow.transaction(async (repos) => {
      const current = await findReservation(repos, actor, input.id, { forUpdate: true });
      if (current.status !== 'ACTIVE') throw conflict(`this booking is ${stateInWords(current.status)}: only an active booking can be cancelled`);
      const next: Reservation = { ...current, status: 'CANCELLED', cancelledAt: at, updatedAt: at };
      if (!(await repos.reservations.update(tenantId, next))) {
        throw conflict(`reservation ${current.id} was changed by someone else; reload and try again`);
      }
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'reservation.cancel',
        target: `reservation:${current.id}`,
        at,
        details: { groupId: current.groupId, fulfilled: current.fulfilled },
        event: { kind: 'reservation.cancelled', payload: reservationEventData(next) },
      });
      return { reservation: toReservationView({ ...current, ...next }) };
    });
  }
}
