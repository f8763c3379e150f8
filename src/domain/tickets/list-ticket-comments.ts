import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { can, type Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { id, pageOf, pagingInput } from '../shared/validation.js';
import { ticketCommentSchema } from './ticket.js';

export const listTicketCommentsInput = z
  .object({
    id: id().describe('The ticket id'),
    ...pagingInput('Comments'),
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
    { id: ticketId, page, pageSize }: z.output<typeof listTicketCommentsInput>,
  ): Promise<TicketCommentList> {
    const paging = requestedPage({ page, pageSize });
    const tenantId = actor.tenant.id;
    const includeInternal = can(actor, ['ticket.manage']);
    return this.uow.read(async (repos) => {
      if (!(await repos.tickets.findById(tenantId, ticketId))) throw notFound('ticket', ticketId);
      const found = await repos.tickets.listComments(tenantId, ticketId, { includeInternal }, paging);
      return { comments: found.items, ...pageInfo(found, paging) };
    });
  }
}
