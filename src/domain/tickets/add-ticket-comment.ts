import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { can, type Actor } from '../shared/actor.js';
import { DomainError, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id, text } from '../shared/validation.js';
import { TICKET_TEXT_MAX } from './create-ticket.js';
import { mustTakeComments, ticketCommentEventData, type TicketComment } from './ticket.js';
import { ownPerson } from '../people/own-person.js';
import { moveClock } from './service-targets/service-terms.js';
import { TicketMail } from './mail/ticket-mail.js';

export const addTicketCommentInput = z
  .object({
    id: id().describe('The ticket id'),
    body: text(1, TICKET_TEXT_MAX).describe('The comment'),
    internal: z.boolean().optional().describe('true: a note for the desk only (needs ticket.manage)'),
  })
  .strict();

/**
 * Adds a comment to a ticket, signed by the caller (their id and name as they are now). Commenting
 * is working a ticket: it needs ticket.create besides ticket.view, so a read-only user reads the
 * conversation and adds nothing to it. An internal
 * note (`internal: true`) is the desk's: writing one needs ticket.manage, refused before the ticket
 * is even looked up. A CLOSED ticket takes no comments. The comment does not change the ticket
 * (its status and `updatedAt` stay), except that the desk's first public answer (anyone's but the
 * requester's) is the ticket's first response (service-targets/), and every such answer goes to the
 * requester by e-mail (mail/ticket-mail.ts); an internal note never leaves Desk. Its event never
 * carries the text.
 */
@injectable()
export class AddTicketComment implements UseCase<typeof addTicketCommentInput, { comment: TicketComment }> {
  static readonly required = ['module.servicedesk', 'ticket.view', 'ticket.create'] as const;
  static readonly input = addTicketCommentInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(TicketMail) private readonly mail: TicketMail,
  ) {}

  async execute(actor: Actor, input: z.output<typeof addTicketCommentInput>): Promise<{ comment: TicketComment }> {
    const internal = input.internal === true;
    if (internal && !can(actor, ['ticket.manage'])) {
      throw new DomainError('forbidden', 'missing permission ticket.manage (internal notes are for the desk)');
    }
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      // Locked, so a comment and a close of the same ticket happen one after the other.
      const ticket = await repos.tickets.findById(tenantId, input.id, { forUpdate: true });
      if (!ticket) throw notFound('ticket', input.id);
      mustTakeComments(ticket);
      const { type, id: authorId, name } = actor.principal;
      const comment: TicketComment = {
        id: this.ids.next(),
        ticketId: ticket.id,
        author: { type, id: authorId, name },
        body: input.body,
        internal,
        createdAt: at,
      };
      await repos.tickets.addComment(tenantId, comment);
      // A public comment from anyone but the requester is the desk answering: the first one meets the
      // first-response target, and each one goes to the requester by e-mail.
      const own = internal ? null : await ownPerson(repos, actor);
      const fromDesk = !internal && (ticket.requesterId === null || own?.id !== ticket.requesterId);
      if (fromDesk && ticket.firstRespondedAt === null) {
        const answered = await moveClock(repos, actor.tenant, ticket, { ...ticket, firstRespondedAt: at }, at);
        await repos.tickets.update(tenantId, answered);
      }
      if (fromDesk) await this.mail.queue(repos, actor.tenant, ticket, 'reply', at, comment);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'ticket.comment',
        target: `ticket:${ticket.number}`,
        at,
        details: { commentId: comment.id, internal },
        event: { kind: 'ticket.commented', payload: ticketCommentEventData(ticket, comment) },
      });
      return { comment };
    });
  }
}
