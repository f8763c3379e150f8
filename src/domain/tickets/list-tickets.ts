import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
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
    breached: z
      .boolean()
      .optional()
      .describe(
        'true: only tickets past a service target still running (no first answer, or not resolved, by its due time)',
      ),
    sort: z
      .enum(['newest', 'due'])
      .optional()
      .describe('newest (default): by number, newest first; due: the earliest running due time first, none last'),
    ...pagingInput('Tickets'),
  })
  .strict();

export const ticketListSchema = pageOf('tickets', ticketSchema);
type TicketList = z.output<typeof ticketListSchema>;

/** The service-desk queue, newest first or by due time. Read only. */
@injectable()
export class ListTickets implements UseCase<typeof listTicketsInput, TicketList> {
  static readonly required = ['module.servicedesk', 'ticket.view'] as const;
  static readonly input = listTicketsInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(
    actor: Actor,
    { page, pageSize, breached, ...search }: z.output<typeof listTicketsInput>,
  ): Promise<TicketList> {
    const paging = requestedPage({ page, pageSize });
    // Due times are stored with each ticket: the queue's page is one query however many are breached.
    const dueBy = breached === true ? this.clock.now().toISOString() : undefined;
    const result = await this.uow.read((r) => r.tickets.search(actor.tenant.id, { ...search, dueBy }, paging));
    return { tickets: result.items, ...pageInfo(result, paging) };
  }
}

export const listTicketsTool = defineTool({
  name: 'tickets.list',
  title: 'List service-desk tickets',
  description:
    'Page through the service-desk queue, newest first or by due time, filtered by status, assignee, team, category, breached service targets, or a search text in subject and body. Each ticket shows its due times in school hours.',
  readOnly: true,
  output: ticketListSchema,
  useCase: ListTickets,
});
