import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id, text } from '../shared/validation.js';
import { ownPerson } from '../people/own-person.js';
import { activePerson } from './ticket-people.js';
import { routeTicket, schoolCategory } from './routing/route-ticket.js';
import { startClock } from './service-targets/service-terms.js';
import { TicketMail } from './mail/ticket-mail.js';
import { ticketEventData, type Ticket } from './ticket.js';
import { TICKET_PRIORITIES } from './ticket-states.js';

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_TEXT_MAX = 10_000;

export const createTicketInput = z
  .object({
    subject: text(1, TICKET_SUBJECT_MAX).describe('What the ticket is about, in a line'),
    body: text(1, TICKET_TEXT_MAX).describe('What is wrong, what was tried'),
    requesterId: id().optional().describe("Who needs help (default: the signed-in user's own person record)"),
    priority: z.enum(TICKET_PRIORITIES).optional().describe('LOW, NORMAL (default), HIGH or URGENT'),
    categoryId: id().optional().describe('The category it is filed under (GET /api/ticket-categories); routes it'),
  })
  .strict();

/**
 * Opens a ticket: NEW, NORMAL unless a priority is given, with the tenant's next ticket number. The
 * requester is the person given (one of the tenant's, not archived), else the signed-in user's own
 * person record when there is exactly one (ownPerson), else nobody. The answer is the whole ticket,
 * for whoever opened it: someone who may open tickets but not read the queue (a teacher) gets the
 * number to quote and nothing more afterwards. The school's routing rules then give it a team and
 * perhaps an assignee (routing/route-ticket.ts); the audit entry names the rule that chose. Its
 * service clock starts: its due times follow from its priority's targets (service-targets/); and the
 * requester is told its number by e-mail (mail/ticket-mail.ts).
 */
@injectable()
export class CreateTicket implements UseCase<typeof createTicketInput, { ticket: Ticket }> {
  static readonly required = ['module.servicedesk', 'ticket.create'] as const;
  static readonly input = createTicketInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(TicketMail) private readonly mail: TicketMail,
  ) {}

  async execute(actor: Actor, input: z.output<typeof createTicketInput>): Promise<{ ticket: Ticket }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const requester =
        input.requesterId === undefined
          ? await ownPerson(repos, actor)
          : await activePerson(repos, tenantId, input.requesterId);
      if (input.categoryId !== undefined) await schoolCategory(repos, tenantId, input.categoryId);
      const priority = input.priority ?? 'NORMAL';
      const route = await routeTicket(repos, tenantId, {
        categoryId: input.categoryId ?? null,
        requesterKind: requester?.kind ?? null,
        priority,
      });
      const ticket: Ticket = await startClock(repos, actor.tenant, {
        id: this.ids.next(),
        number: await repos.tenants.takeNumber(tenantId, 'ticket'),
        subject: input.subject,
        body: input.body,
        status: 'NEW',
        priority,
        requesterId: requester?.id ?? null,
        assigneeId: route.assigneeId,
        categoryId: input.categoryId ?? null,
        teamId: route.teamId,
        firstResponseDueAt: null,
        firstRespondedAt: null,
        resolutionDueAt: null,
        createdAt: at,
        updatedAt: at,
      });
      await repos.tickets.insertMany(tenantId, [ticket]);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'ticket.create',
        target: `ticket:${ticket.number}`,
        at,
        // The subject and body stay out of the audit trail, as they stay out of events.
        details: {
          requesterId: ticket.requesterId,
          priority: ticket.priority,
          categoryId: ticket.categoryId,
          teamId: ticket.teamId,
          assigneeId: ticket.assigneeId,
          routedBy: route.rule,
        },
        event: { kind: 'ticket.created', payload: ticketEventData(ticket) },
      });
      await this.mail.queue(repos, actor.tenant, ticket, 'received', at);
      return { ticket };
    });
  }
}
