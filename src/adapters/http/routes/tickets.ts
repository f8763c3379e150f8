import { AddTicketComment } from '../../../domain/tickets/add-ticket-comment.js';
import { CreateTicket } from '../../../domain/tickets/create-ticket.js';
import { GetTicket } from '../../../domain/tickets/get-ticket.js';
import { ListTicketComments } from '../../../domain/tickets/list-ticket-comments.js';
import { ListTickets } from '../../../domain/tickets/list-tickets.js';
import { UpdateTicket } from '../../../domain/tickets/update-ticket.js';
import { perform } from '../../../domain/shared/use-case.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { jsonBody, objectBody } from '../json-body.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { queryReader } from '../query.js';
import type { RouteModule } from '../route-module.js';

const readListQuery = queryReader(ListTickets.input);
const readCommentsQuery = queryReader(ListTicketComments.input);

/**
 * The service desk (issue 12, point 5), for signed-in staff: the queue and a ticket exactly as the
 * `tickets.list` and `tickets.get` tools answer (the same use cases), opening a ticket, working it
 * (status, priority, assignee) and its conversation. The MCP tools stay read only; writes are
 * console routes and follow the Origins rule.
 */
export const ticketRoutes: RouteModule = {
  name: 'tickets',
  register(router, deps) {
    const { container, config, resolve } = deps;
    const signedIn = consoleAuth(container);
    const sameOrigin = requireAllowedOrigin(new OriginPolicy(config));

    router.get('/api/tickets', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, ListTickets, consoleActor(ctx), readListQuery(ctx));
    });
    router.post('/api/tickets', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, CreateTicket, consoleActor(ctx), objectBody(ctx));
      ctx.status = 201;
    });
    router.get('/api/tickets/:id', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, GetTicket, consoleActor(ctx), { id: ctx.params.id });
    });
    router.patch('/api/tickets/:id', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, UpdateTicket, consoleActor(ctx), { ...objectBody(ctx), id: ctx.params.id });
    });

    router.get('/api/tickets/:id/comments', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, ListTicketComments, consoleActor(ctx), {
        ...readCommentsQuery(ctx),
        id: ctx.params.id,
      });
    });
    router.post('/api/tickets/:id/comments', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, AddTicketComment, consoleActor(ctx), {
        ...objectBody(ctx),
        id: ctx.params.id,
      });
      ctx.status = 201;
    });
  },
};
