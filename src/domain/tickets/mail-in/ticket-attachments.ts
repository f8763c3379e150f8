import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import type { Actor } from '../../shared/actor.js';
import { notFound } from '../../shared/errors.js';
import type { UseCase } from '../../shared/use-case.js';
import { id } from '../../shared/validation.js';
import { ticketAttachmentSchema, type TicketAttachment } from './mailbox.js';

/**
 * The files that came with a ticket (issue 30, point 2), for whoever may read the ticket. A file of
 * an internal note is the desk's, as the note is (ticket.manage).
 */
const READ = ['module.servicedesk', 'ticket.view'] as const;

export const ticketAttachmentListSchema = z.object({ attachments: z.array(ticketAttachmentSchema) });
const listInput = z.object({ id: id().describe('The ticket id') }).strict();

async function visible(actor: Actor, repos: Parameters<Parameters<UnitOfWork['read']>[0]>[0], ticketId: string) {
  if (!(await repos.tickets.findById(actor.tenant.id, ticketId))) throw notFound('ticket', ticketId);
  if (actor.permissions.has('ticket.manage')) return () => true;
  const notes = await repos.tickets.listComments(
    actor.tenant.id,
    ticketId,
    { includeInternal: true },
    { page: 1, pageSize: 10_000 },
  );
  const internal = new Set(notes.items.filter((c) => c.internal).map((c) => c.id));
  return (a: Pick<TicketAttachment, 'commentId'>) => a.commentId === null || !internal.has(a.commentId);
}

@injectable()
export class ListTicketAttachments implements UseCase<typeof listInput, z.output<typeof ticketAttachmentListSchema>> {
  static readonly required = READ;
  static readonly input = listInput;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.output<typeof listInput>) {
    return this.uow.read(async (repos) => {
      const shown = await visible(actor, repos, input.id);
      const found = await repos.mailboxes.listAttachments(actor.tenant.id, input.id);
      return {
        attachments: found.filter(shown).map(({ id, commentId, name, contentType, size, createdAt }) => ({
          id,
          commentId,
          name,
          contentType,
          size,
          createdAt,
        })),
      };
    });
  }
}

const getInput = z.object({ id: id().describe('The ticket id'), attachmentId: id() }).strict();

@injectable()
export class GetTicketAttachment implements UseCase<
  typeof getInput,
  { attachment: TicketAttachment; content: Buffer }
> {
  static readonly required = READ;
  static readonly input = getInput;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.output<typeof getInput>) {
    return this.uow.read(async (repos) => {
      const shown = await visible(actor, repos, input.id);
      const found = await repos.mailboxes.attachmentContent(actor.tenant.id, input.id, input.attachmentId);
      if (!found || !shown(found.attachment)) throw notFound('attachment', input.attachmentId);
      return found;
    });
  }
}

export const ticketHtmlListSchema = z.object({
  html: z
    .array(
      z.object({
        commentId: z.string().nullable().describe("The comment it is of; null: the ticket's first message"),
        html: z.string().describe('The message as it looked, sanitised: no script, style or image'),
      }),
    )
    .describe('How the messages that came by e-mail looked, for those that had HTML'),
});

/**
 * `GET /api/tickets/:id/html`: how the messages that came in by e-mail looked, as the HtmlSanitizer
 * left them (issue 30, point 2). An internal note's (a delivery report, staff answering a notice) is
 * the desk's, as the note is.
 */
@injectable()
export class ListTicketHtml implements UseCase<typeof listInput, z.output<typeof ticketHtmlListSchema>> {
  static readonly required = READ;
  static readonly input = listInput;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.output<typeof listInput>) {
    return this.uow.read(async (repos) => {
      const shown = await visible(actor, repos, input.id);
      const found = await repos.mailboxes.htmlOf(actor.tenant.id, input.id);
      return { html: found.filter(shown) };
    });
  }
}
