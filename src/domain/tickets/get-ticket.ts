import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { defineTool } from '../catalogue/tool.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { ticketResultSchema, type Ticket } from './ticket.js';

export const getTicketInput = z.object({ id: id().describe('The ticket id') }).strict();

/** One ticket by its id. Read only. */
@injectable()
export class GetTicket implements UseCase<typeof getTicketInput, { ticket: Ticket }> {
  static readonly required = ['module.servicedesk', 'ticket.view'] as const;
  static readonly input = getTicketInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, { id: ticketId }: z.output<typeof getTicketInput>): Promise<{ ticket: Ticket }> {
    const ticket = await this.uow.read((r) => r.tickets.findById(actor.tenant.id, ticketId));
    if (!ticket) throw notFound('ticket', ticketId);
    return { ticket };
  }
}

export const getTicketTool = defineTool({
  name: 'tickets.get',
  title: 'Get a ticket',
  description: 'One service-desk ticket by its id.',
  readOnly: true,
  output: ticketResultSchema,
  useCase: GetTicket,
});
