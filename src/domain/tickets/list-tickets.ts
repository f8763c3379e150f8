import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { PAGE_SIZE_DEFAULT } from '../shared/paging.js';
import { page, pageSize, parseInput, text } from '../shared/validation.js';
import { TICKET_STATUSES } from './ticket.js';

export const listTicketsInput = z
  .object({
    status: z.enum(TICKET_STATUSES).optional().describe('NEW, OPEN, PENDING, RESOLVED or CLOSED'),
    q: text(1, 200).optional().describe('Text contained in the subject or body (case-insensitive)'),
    page: page().describe('Page number, from 1 (default 1)'),
    pageSize: pageSize().describe('Tickets per page, 1 to 100 (default 50)'),
  })
  .strict();

/** The service-desk queue, newest first. Read only. */
@injectable()
export class ListTickets {
  static readonly required = ['module.servicedesk', 'ticket.view'] as const;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.input<typeof listTicketsInput>) {
    requirePermissions(actor, ListTickets.required);
    const { page = 1, pageSize = PAGE_SIZE_DEFAULT, ...search } = parseInput(listTicketsInput, input);
    const result = await this.uow.read((r) => r.tickets.search(actor.tenant.id, search, { page, pageSize }));
    return { tickets: result.items, total: result.total, page, pageSize };
  }
}
