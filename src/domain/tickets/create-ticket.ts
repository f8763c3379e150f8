import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor, TenantContext } from '../shared/actor.js';
import type { Repositories } from '../../ports/repositories.js';
import type { Person } from '../people/person.js';
import type { AuditActorType } from '../audit/audit-entry.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id, text } from '../shared/validation.js';
import { ownPerson } from '../people/own-person.js';
import { activePerson } from './ticket-people.js';
import { routeTicket, schoolCategory } from './routing/route-ticket.js';
import { startClock } from './service-targets/service-terms.js';
import { TicketMail } from './mail/ticket-mail.js';
import { ticketEventData, type Ticket } from './ticket.js';
import { TICKET_PRIORITIES, type TicketPriority } from './ticket-states.js';

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
      const ticket = await openTicket(repos, { ids: this.ids, mail: this.mail }, actor.tenant, {
        subject: input.subject,
        body: input.body,
        requester,
        priority: input.priority ?? 'NORMAL',
        categoryId: input.categoryId ?? null,
        at,
        actor: auditActor(actor),
        acknowledge: true,
      });
      return { ticket };
    });
  }
}

/**
 * A new ticket in the caller's transaction, whatever brought it (the console, the API, e-mail):
 * NEW, the tenant's next number, routed by the school's rules (the audit entry names the rule that
 * chose), its service clock started, `ticket.created` sent, and, when `acknowledge`, the requester
 * told its number by e-mail.
 */
export async function openTicket(
  repos: Repositories,
  deps: { readonly ids: IdGenerator; readonly mail: TicketMail },
  tenant: TenantContext,
  o: {
    /** Its id when the caller took one already (mail in records it first); a new one otherwise. */
    id?: string;
    subject: string;
    body: string;
    requester: Pick<Person, 'id' | 'kind'> | null;
    priority: TicketPriority;
    categoryId: string | null;
    at: string;
    actor: { type: AuditActorType; id: string; via?: string };
    acknowledge: boolean;
  },
): Promise<Ticket> {
  const route = await routeTicket(repos, tenant.id, {
    categoryId: o.categoryId,
    requesterKind: o.requester?.kind ?? null,
    priority: o.priority,
  });
  const ticket: Ticket = await startClock(repos, tenant, {
    id: o.id ?? deps.ids.next(),
    number: await repos.tenants.takeNumber(tenant.id, 'ticket'),
    subject: o.subject,
    body: o.body,
    status: 'NEW',
    priority: o.priority,
    requesterId: o.requester?.id ?? null,
    assigneeId: route.assigneeId,
    categoryId: o.categoryId,
    teamId: route.teamId,
    firstResponseDueAt: null,
    firstRespondedAt: null,
    resolutionDueAt: null,
    createdAt: o.at,
    updatedAt: o.at,
  });
  await repos.tickets.insertMany(tenant.id, [ticket]);
  await recordChange(repos, deps.ids, {
    tenantId: tenant.id,
    actor: o.actor,
    action: 'ticket.create',
    target: `ticket:${ticket.number}`,
    at: o.at,
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
  if (o.acknowledge) await deps.mail.queue(repos, tenant, ticket, 'received', o.at);
  await deps.mail.notifyStaff(repos, tenant, ticket, 'staff-new', o.at);
  return ticket;
}
