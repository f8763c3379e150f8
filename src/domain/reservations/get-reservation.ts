import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { toReservationView, type ReservationView } from './reservation.js';
import { findReservation } from './reservation-access.js';

export const getReservationInput = z.object({ id: id() }).strict();

/** One booking, as listing shows it; another's booking (without reservation.manage) is 404. */
@injectable()
export class GetReservation implements UseCase<typeof getReservationInput, { reservation: ReservationView }> {
  static readonly required = ['module.loans', 'loan.view', 'reservation.create'] as const;
  static readonly input = getReservationInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.output<typeof getReservationInput>): Promise<{ reservation: ReservationView }> {
    return this.uow.read(async (repos) => ({
      reservation: toReservationView(await findReservation(repos, actor, input.id)),
    }));
  }
}
