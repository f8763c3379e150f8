import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { changedFields, requireSomeField } from '../shared/patch.js';
import { notFound } from '../shared/errors.js';
import { appendEvent, auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { staffAssignee } from './ticket-people.js';
import { schoolCategory } from './routing/route-ticket.js';
import { moveClock } from './service-targets/service-terms.js';
import { TicketMail } from './mail/ticket-mail.js';
import { changeTicket, TICKET_FIELDS, ticketEventData, type Ticket } from './ticket.js';
import { TICKET_PRIORITIES, TICKET_STATUSES } from './ticket-states.js';

export const updateTicketInput = z
  .object({
    id: id(),
    status: z.enum(TICKET_STATUSES).optional().describe('Move to NEW, OPEN, PENDING, RESOLVED or CLOSED'),
    priority: z.enum(TICKET_PRIORITIES).optional().describe('LOW, NORMAL, HIGH or URGENT'),
    assigneeId: id().nullable().optional().describe('A staff member to handle it; null: nobody'),
    categoryId: id().nullable().optional().describe('The category it is filed under; null: none'),
    teamId: id().nullable().optional().describe('The team that works it (a reassignment); null: none'),
  })
  .strict();

/**
 * The desk works a ticket: moves its status as the state machine allows (ticket.ts), sets its
 * priority, assigns it to a member of staff or to nobody, files it under a category, hands it to
 * another team. `updatedAt` moves; a new status or priority moves the service clock (its due times), and resolving tells the requester;
 * the audit entry says
 * what changed from what to what. Values equal to the ticket's own are no change, and a request that
 * changes nothing answers the ticket as it is and records nothing.
 */
@injectable()
export class UpdateTicket implements UseCase<typeof updateTicketInput, { ticket: Ticket }> {
  static readonly required = ['module.servicedesk', 'ticket.manage'] as const;
  static readonly input = updateTicketInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(TicketMail) private readonly mail: TicketMail,
  ) {}

  async execute(
    actor: Actor,
    { id: ticketId, ...changes }: z.output<typeof updateTicketInput>,
  ): Promise<{ ticket: Ticket }> {
    requireSomeField(changes, TICKET_FIELDS);
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const current = await repos.tickets.findById(tenantId, ticketId, { forUpdate: true });
      if (!current) throw notFound('ticket', ticketId);
      const changed = changeTicket(current, changes, at);
      if (changed === current) return { ticket: current };
      const next =
        changed.status !== current.status || changed.priority !== current.priority
          ? await moveClock(repos, actor.tenant, current, changed, at)
          : changed;
      if (next.assigneeId !== null && next.assigneeId !== current.assigneeId) {
        await staffAssignee(repos, tenantId, next.assigneeId);
      }
      if (next.categoryId !== null && next.categoryId !== current.categoryId) {
        await schoolCategory(repos, tenantId, next.categoryId);
      }
      if (next.teamId !== null && next.teamId !== current.teamId) {
        if (!(await repos.ticketRouting.findTeam(tenantId, next.teamId))) throw notFound('team', next.teamId);
      }
      if (!(await repos.tickets.update(tenantId, next))) throw notFound('ticket', ticketId);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'ticket.update',
        target: `ticket:${current.number}`,
        at,
        details: changedFields(current, next, TICKET_FIELDS),
        event: { kind: 'ticket.updated', payload: ticketEventData(next) },
      });
      // A resolved ticket taken up again is news of its own (the requester came back), beside the update.
      if (current.status === 'RESOLVED' && next.status === 'OPEN') {
        await appendEvent(repos, this.ids, tenantId, {
          kind: 'ticket.reopened',
          occurredAt: at,
          payload: ticketEventData(next),
        });
      }
      // Resolving tells the requester, with how to reopen.
      if (next.status === 'RESOLVED' && current.status !== 'RESOLVED')
        await this.mail.queue(repos, actor.tenant, next, 'resolved', at);
      return { ticket: next };
    });
  }
}
