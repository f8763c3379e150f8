import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { can, type Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { PAGE_SIZE_DEFAULT } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { id, page, pageOf, pageSize } from '../shared/validation.js';
import { ticketCommentSchema } from './ticket.js';

export const listTicketCommentsInput = z
  .object({
    id: id().describe('The ticket id'),
    page: page().describe('Page number, from 1 (default 1)'),
    pageSize: pageSize().describe('Comments per page, 1 to 100 (default 50)'),
  })
  .strict();

export const ticketCommentListSchema = pageOf('comments', ticketCommentSchema);
type TicketCommentList = z.output<typeof ticketCommentListSchema>;

/**
 * A ticket's conversation, oldest first. Internal notes are the desk's: they are listed (and counted
 * in `total`) only for callers with ticket.manage; anyone else sees the conversation without them.
 */
@injectable()
export class ListTicketComments implements UseCase<typeof listTicketCommentsInput, TicketCommentList> {
  static readonly required = ['module.servicedesk', 'ticket.view'] as const;
  static readonly input = listTicketCommentsInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(
    actor: Actor,
    { id: ticketId, page = 1, pageSize = PAGE_SIZE_DEFAULT }: z.output<typeof listTicketCommentsInput>,
  ): Promise<TicketCommentList> {
    const tenantId = actor.tenant.id;
    const includeInternal = can(actor, ['ticket.manage']);
    return this.uow.read(async (repos) => {
      if (!(await repos.tickets.findById(tenantId, ticketId))) throw notFound('ticket', ticketId);
      const found = await repos.tickets.listComments(tenantId, ticketId, { includeInternal }, { page, pageSize });
      return { comments: found.items, total: found.total, page, pageSize };
    });
  }
}
