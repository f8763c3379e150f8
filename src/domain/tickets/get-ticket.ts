import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { id, parseInput, positiveInt } from '../shared/validation.js';
import type { Ticket } from './ticket.js';

export const getTicketInput = z.object({ id: id().describe('The ticket id') }).strict();
export const getTicketByNumberInput = z.object({ number: positiveInt().describe('The ticket number') }).strict();

/** One ticket by id, or by number through `byNumber`. Read only. */
@injectable()
export class GetTicket {
  static readonly required = ['module.servicedesk', 'ticket.view'] as const;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.input<typeof getTicketInput>): Promise<{ ticket: Ticket }> {
    requirePermissions(actor, GetTicket.required);
    const { id: ticketId } = parseInput(getTicketInput, input);
    const ticket = await this.uow.read((r) => r.tickets.findById(actor.tenant.id, ticketId));
    if (!ticket) throw notFound('ticket', ticketId);
    return { ticket };
  }

  async byNumber(actor: Actor, input: z.input<typeof getTicketByNumberInput>): Promise<{ ticket: Ticket }> {
    requirePermissions(actor, GetTicket.required);
    const { number } = parseInput(getTicketByNumberInput, input);
    const ticket = await this.uow.read((r) => r.tickets.findByNumber(actor.tenant.id, number));
    if (!ticket) throw notFound('ticket', number);
    return { ticket };
  }
}
