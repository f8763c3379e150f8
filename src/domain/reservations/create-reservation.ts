import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { defineTool } from '../catalogue/tool.js';
import type { Actor } from '../shared/actor.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id, positiveInt, text } from '../shared/validation.js';
import { checkWindow, lockGroup, requirePerson, requireUnits } from './booking-rules.js';
import { bookingInstant, bookingTime } from './booking-time.js';
import {
  reservationEventData,
  reservationResultSchema,
  toReservationView,
  type Reservation,
  type ReservationView,
} from './reservation.js';

/** The fields a booking is made of, shared by create and change. */
export const bookingFields = {
  quantity: positiveInt(10_000).describe('How many units of the group'),
  from: bookingTime().describe(
    'Start (ISO 8601 date-time, e.g. 2026-03-10T08:30; without an offset, in the school time zone)',
  ),
  to: bookingTime().describe('End, exclusive (ISO 8601 date-time, as `from`); at most one year after `from`'),
  personId: id().nullable().optional().describe('Who picks the units up (a person of the school); optional'),
  note: text(1, 500).nullable().optional().describe('What it is for (a class, a lesson); optional'),
};

export const createReservationInput = z
  .object({ groupId: id().describe('The loan group (cart, desk, shelf) to book from'), ...bookingFields })
  .strict();

/**
 * Books units of a loan group ahead of time. `reservation.create` books in the caller's own loan
 * groups (a teacher's pool; everyone else's is the whole school); the booking is refused 409 when
 * the group cannot give that many units at some moment of the window (booking-rules.ts). Audited,
 * with a `reservation.created` event in the same transaction.
 */
@injectable()
export class CreateReservation implements UseCase<typeof createReservationInput, { reservation: ReservationView }> {
  static readonly required = ['module.loans', 'reservation.create'] as const;
  static readonly input = createReservationInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(
    actor: Actor,
    input: z.output<typeof createReservationInput>,
  ): Promise<{ reservation: ReservationView }> {
    const now = this.clock.now();
    const at = now.toISOString();
    const window = {
      from: bookingInstant(input.from, actor.tenant.timeZone),
      to: bookingInstant(input.to, actor.tenant.timeZone),
    };
    checkWindow(window, now);
    const tenantId = actor.tenant.id;
    return this.uow.transaction(async (repos) => {
      const group = await lockGroup(repos, actor, input.groupId);
      if (input.personId) await requirePerson(repos, actor, input.personId);
      await requireUnits(repos, actor, group, window, input.quantity, now);
      const { type, id: actorId } = auditActor(actor);
      const reservation: Reservation = {
        id: this.ids.next(),
        groupId: group.id,
        quantity: input.quantity,
        fulfilled: 0,
        ...window,
        personId: input.personId ?? null,
        note: input.note ?? null,
        status: 'ACTIVE',
        createdBy: { type, id: actorId },
        createdAt: at,
        updatedAt: at,
        cancelledAt: null,
        version: 1,
      };
      await repos.reservations.insert(tenantId, reservation);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'reservation.create',
        target: `reservation:${reservation.id}`,
        at,
        details: { groupId: group.id, quantity: reservation.quantity, from: window.from, to: window.to },
        event: { kind: 'reservation.created', payload: reservationEventData(reservation) },
      });
      const row = await repos.reservations.findById(tenantId, reservation.id);
      return { reservation: toReservationView(row!) };
    });
  }
}

export const createReservationTool = defineTool({
  name: 'reservations.create',
  title: 'Book loaners ahead',
  description:
    'Book `quantity` units of a loan group for a window [from, to) (ISO date-times; without an offset, in the school time zone), e.g. a class set for a lesson. Refused when that many units are not free at some moment of the window; the refusal says how many are. Changes data: confirm with the user first.',
  readOnly: false,
  output: reservationResultSchema,
  useCase: CreateReservation,
});
