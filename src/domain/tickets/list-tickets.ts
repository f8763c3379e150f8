import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { defineTool } from '../catalogue/tool.js';
import type { Actor } from '../shared/actor.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { id, pageOf, text, pagingInput } from '../shared/validation.js';
import { ticketSchema } from './ticket.js';
import { TICKET_STATUSES } from './ticket-states.js';

export const listTicketsInput = z
  .object({
    status: z.enum(TICKET_STATUSES).optional().describe('NEW, OPEN, PENDING, RESOLVED or CLOSED'),
    q: text(1, 200).optional().describe('Text contained in the subject or body (case-insensitive)'),
    assigneeId: id().optional().describe('Only tickets assigned to this staff member (a person id)'),
    teamId: id().optional().describe('Only tickets of this team'),
    categoryId: id().optional().describe('Only tickets of this category'),
    ...pagingInput('Tickets'),
  })
  .strict();

export const ticketListSchema = pageOf('tickets', ticketSchema);
type TicketList = z.output<typeof ticketListSchema>;

/** The service-desk queue, newest first. Read only. */
@injectable()
export class ListTickets implements UseCase<typeof listTicketsInput, TicketList> {
  static readonly required = ['module.servicedesk', 'ticket.view'] as const;
  static readonly input = listTicketsInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, { page, pageSize, ...search }: z.output<typeof listTicketsInput>): Promise<TicketList> {
    const paging = requestedPage({ page, pageSize });
    const result = await this.uow.read((r) => r.tickets.search(actor.tenant.id, search, paging));
    return { tickets: result.items, ...pageInfo(result, paging) };
  }
}

export const listTicketsTool = defineTool({
  name: 'tickets.list',
  title: 'List service-desk tickets',
  description:
    'Page through the service-desk queue, newest first, filtered by status, assignee or a search text in subject and body.',
  readOnly: true,
  output: ticketListSchema,
  useCase: ListTickets,
});
