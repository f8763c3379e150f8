import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { defineTool } from '../catalogue/tool.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { positiveInt } from '../shared/validation.js';
import { ticketResultSchema, type Ticket } from './ticket.js';

export const getTicketByNumberInput = z.object({ number: positiveInt().describe('The ticket number') }).strict();

/** One ticket by the number people quote. Read only. */
@injectable()
export class GetTicketByNumber implements UseCase<typeof getTicketByNumberInput, { ticket: Ticket }> {
  static readonly required = ['module.servicedesk', 'ticket.view'] as const;
  static readonly input = getTicketByNumberInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, { number }: z.output<typeof getTicketByNumberInput>): Promise<{ ticket: Ticket }> {
    const ticket = await this.uow.read((r) => r.tickets.findByNumber(actor.tenant.id, number));
    if (!ticket) throw notFound('ticket', number);
    return { ticket };
  }
}

export const getTicketByNumberTool = defineTool({
  name: 'tickets.byNumber',
  title: 'Get a ticket by number',
  description: 'One service-desk ticket by the number people quote (e.g. 1042).',
  readOnly: true,
  output: ticketResultSchema,
  useCase: GetTicketByNumber,
});
