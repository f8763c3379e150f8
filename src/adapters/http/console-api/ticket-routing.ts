import {
  categoryListSchema,
  categoryResultSchema,
  CreateRoutingRule,
  CreateTeam,
  CreateTicketCategory,
  DeleteRoutingRule,
  ListRoutingRules,
  ListTeams,
  ListTicketCategories,
  ruleListSchema,
  ruleResultSchema,
  teamListSchema,
  teamResultSchema,
  UpdateTeam,
} from '../../../domain/tickets/routing/manage-routing.js';
import { routingRuleSchema, teamSchema, ticketCategorySchema } from '../../../domain/tickets/routing/routing.js';
import {
  cannedReplyListSchema,
  cannedReplyResultSchema,
  CreateCannedReply,
  DeleteCannedReply,
  filledReplySchema,
  FillCannedReply,
  ListCannedReplies,
} from '../../../domain/tickets/canned-replies.js';
import { cannedReplySchema } from '../../../domain/tickets/canned-reply.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('TicketCategory', ticketCategorySchema);
named('Team', teamSchema);
named('RoutingRule', routingRuleSchema);

/**
 * Where tickets go (issue 30, point 4): the school's ticket categories, its teams of staff, and the
 * routing rules whose first match gives a new ticket its team and, in turn, its assignee. Read by
 * whoever sees the queue; kept by the staff who work it. Another school's ids are not found.
 */
export const ticketRoutingRoutes = routeGroup(
  'ticket-routing',
  'Where tickets go: categories, teams and routing rules.',
  [
    useCaseRoute({
      method: 'get',
      path: '/api/ticket-categories',
      summary: "The school's ticket categories, by name",
      useCase: ListTicketCategories,
      output: named('TicketCategoryList', categoryListSchema),
      problems: ['forbidden'],
    }),
    useCaseRoute({
      method: 'post',
      path: '/api/ticket-categories',
      summary: 'Add a ticket category (device, account and password, network…)',
      useCase: CreateTicketCategory,
      status: 201,
      output: named('TicketCategoryResult', categoryResultSchema),
      problems: ['forbidden', 'conflict'],
    }),
    useCaseRoute({
      method: 'get',
      path: '/api/teams',
      summary: "The school's help-desk teams with their members, by name",
      useCase: ListTeams,
      output: named('TeamList', teamListSchema),
      problems: ['forbidden'],
    }),
    useCaseRoute({
      method: 'post',
      path: '/api/teams',
      summary: 'Add a team of staff, its members in the order tickets go round them',
      useCase: CreateTeam,
      status: 201,
      output: named('TeamResult', teamResultSchema),
      problems: ['forbidden', 'conflict'],
    }),
    useCaseRoute({
      method: 'patch',
      path: '/api/teams/{id}',
      summary: 'Rename a team, change its members, or say who is away',
      useCase: UpdateTeam,
      output: teamResultSchema,
      problems: ['forbidden', 'not_found', 'conflict'],
    }),
    useCaseRoute({
      method: 'get',
      path: '/api/routing-rules',
      summary: 'The routing rules, in the order they are tried',
      useCase: ListRoutingRules,
      output: named('RoutingRuleList', ruleListSchema),
      problems: ['forbidden'],
    }),
    useCaseRoute({
      method: 'post',
      path: '/api/routing-rules',
      summary: 'Add a routing rule: which tickets (category, requester kind, priority) go to which team, and how',
      useCase: CreateRoutingRule,
      status: 201,
      output: named('RoutingRuleResult', ruleResultSchema),
      problems: ['forbidden'],
    }),
    useCaseRoute({
      method: 'delete',
      path: '/api/routing-rules/{id}',
      summary: 'Remove a routing rule',
      useCase: DeleteRoutingRule,
      status: 204,
      problems: ['forbidden', 'not_found'],
    }),
  ],
);

named('CannedReply', cannedReplySchema);

/** The desk's ready answers (issue 30, point 4), kept and filled for a ticket by those who work it. */
export const cannedReplyRoutes = routeGroup('canned-replies', "The desk's canned replies, filled for a ticket.", [
  useCaseRoute({
    method: 'get',
    path: '/api/canned-replies',
    summary: "The school's canned replies, by title",
    useCase: ListCannedReplies,
    output: named('CannedReplyList', cannedReplyListSchema),
    problems: ['forbidden'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/canned-replies',
    summary: 'Add a canned reply; its body may hold {requester}, {ticket}, {serial} and {me}',
    useCase: CreateCannedReply,
    status: 201,
    output: named('CannedReplyResult', cannedReplyResultSchema),
    problems: ['forbidden', 'conflict'],
  }),
  useCaseRoute({
    method: 'delete',
    path: '/api/canned-replies/{id}',
    summary: 'Remove a canned reply',
    useCase: DeleteCannedReply,
    status: 204,
    problems: ['forbidden', 'not_found'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/tickets/{ticketId}/canned-replies/{replyId}',
    summary: 'A canned reply filled for this ticket (the requester, its number, a serial they hold, who replies)',
    useCase: FillCannedReply,
    output: named('FilledReply', filledReplySchema),
    problems: ['forbidden', 'not_found'],
  }),
]);
