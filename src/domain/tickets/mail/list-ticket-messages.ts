import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import type { Actor } from '../../shared/actor.js';
import { notFound } from '../../shared/errors.js';
import type { UseCase } from '../../shared/use-case.js';
import { id } from '../../shared/validation.js';
import { ticketMessageSchema, toMessageView } from './ticket-message.js';

const input = z.object({ id: id().describe('The ticket id') }).strict();

export const ticketMessageListSchema = z.object({ messages: z.array(ticketMessageSchema) });

/**
 * The e-mail a ticket wrote to its requester, oldest first, with how each delivery went: for the desk
 * (ticket.manage), who can then see whether the requester was told, and why not.
 */
@injectable()
export class ListTicketMessages implements UseCase<typeof input, z.output<typeof ticketMessageListSchema>> {
  static readonly required = ['module.servicedesk', 'ticket.manage'] as const;
  static readonly input = input;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, { id: ticketId }: z.output<typeof input>) {
    return this.uow.read(async (repos) => {
      if (!(await repos.tickets.findById(actor.tenant.id, ticketId))) throw notFound('ticket', ticketId);
      const messages = await repos.ticketMessages.listForTicket(actor.tenant.id, ticketId);
      return { messages: messages.map(toMessageView) };
    });
  }
}
