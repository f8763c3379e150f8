import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { invalidField, notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id, text } from '../shared/validation.js';
import { TICKET_TEXT_MAX } from './create-ticket.js';
import {
  cannedReplySchema,
  fillPlaceholders,
  PLACEHOLDERS,
  unknownPlaceholders,
  type CannedReply,
} from './canned-reply.js';

/**
 * Canned replies (issue 30, point 4), kept by those who work the desk and filled for a ticket while
 * they reply (canned-reply.ts holds the reply and its placeholders).
 */

const MANAGE = ['module.servicedesk', 'ticket.manage'] as const;
const empty = z.object({}).strict();

export const cannedReplyListSchema = z.object({ cannedReplies: z.array(cannedReplySchema) });
export const cannedReplyResultSchema = z.object({ cannedReply: cannedReplySchema });
export const filledReplySchema = z.object({ text: z.string().describe('The reply with its placeholders filled') });

@injectable()
export class ListCannedReplies implements UseCase<typeof empty, z.output<typeof cannedReplyListSchema>> {
  static readonly required = MANAGE;
  static readonly input = empty;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor) {
    return { cannedReplies: await this.uow.read((r) => r.cannedReplies.list(actor.tenant.id)) };
  }
}

export const createCannedReplyInput = z
  .object({
    title: text(1, 80).describe('What the desk picks it by, unique in the school'),
    body: text(1, TICKET_TEXT_MAX).describe(
      'The text; placeholders {requester}, {ticket}, {serial} and {me} are filled',
    ),
  })
  .strict();

@injectable()
export class CreateCannedReply implements UseCase<typeof createCannedReplyInput, { cannedReply: CannedReply }> {
  static readonly required = MANAGE;
  static readonly input = createCannedReplyInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof createCannedReplyInput>) {
    const unknown = unknownPlaceholders(input.body);
    if (unknown.length > 0) {
      throw invalidField(
        'body',
        `{${unknown[0]}} is no placeholder: use ${Object.keys(PLACEHOLDERS)
          .map((p) => `{${p}}`)
          .join(', ')}`,
      );
    }
    const at = this.clock.now().toISOString();
    const cannedReply: CannedReply = { id: this.ids.next(), title: input.title, body: input.body, createdAt: at };
    return this.uow.transaction(async (repos) => {
      await repos.cannedReplies.insert(actor.tenant.id, cannedReply);
      await recordChange(repos, this.ids, {
        tenantId: actor.tenant.id,
        actor: auditActor(actor),
        action: 'canned_reply.create',
        target: `canned_reply:${cannedReply.id}`,
        at,
        details: { title: cannedReply.title },
      });
      return { cannedReply };
    });
  }
}

export const cannedReplyRefInput = z.object({ id: id() }).strict();

@injectable()
export class DeleteCannedReply implements UseCase<typeof cannedReplyRefInput, void> {
  static readonly required = MANAGE;
  static readonly input = cannedReplyRefInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof cannedReplyRefInput>): Promise<void> {
    const at = this.clock.now().toISOString();
    await this.uow.transaction(async (repos) => {
      const reply = await repos.cannedReplies.find(actor.tenant.id, input.id);
      if (!reply || !(await repos.cannedReplies.delete(actor.tenant.id, input.id))) {
        throw notFound('canned reply', input.id);
      }
      await recordChange(repos, this.ids, {
        tenantId: actor.tenant.id,
        actor: auditActor(actor),
        action: 'canned_reply.delete',
        target: `canned_reply:${reply.id}`,
        at,
        details: { title: reply.title },
      });
    });
  }
}

export const fillCannedReplyInput = z
  .object({ ticketId: id().describe('The ticket replied to'), replyId: id().describe('The canned reply') })
  .strict();

/** The serial of a device assigned to the person, else of a loaner they hold, by serial; or null. */
async function heldSerial(repos: Repositories, tenantId: string, personId: string): Promise<string | null> {
  const devices = await repos.devices.listAssignedTo(tenantId, personId);
  const loans = await repos.loans.listHeldBy(tenantId, personId);
  return [...devices.map((d) => d.serial), ...loans.map((l) => l.serial)].sort()[0] ?? null;
}

/** A canned reply filled for one ticket: the requester's name, its number, a serial they hold, who replies. */
@injectable()
export class FillCannedReply implements UseCase<typeof fillCannedReplyInput, z.output<typeof filledReplySchema>> {
  static readonly required = MANAGE;
  static readonly input = fillCannedReplyInput;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.output<typeof fillCannedReplyInput>) {
    const tenantId = actor.tenant.id;
    return this.uow.read(async (repos) => {
      const ticket = await repos.tickets.findById(tenantId, input.ticketId);
      if (!ticket) throw notFound('ticket', input.ticketId);
      const reply = await repos.cannedReplies.find(tenantId, input.replyId);
      if (!reply) throw notFound('canned reply', input.replyId);
      const requester = ticket.requesterId ? await repos.people.findById(tenantId, ticket.requesterId) : null;
      const user = actor.principal.type === 'user' ? await repos.users.findById(tenantId, actor.principal.id) : null;
      return {
        text: fillPlaceholders(reply.body, {
          requester: requester?.name ?? null,
          ticket: String(ticket.number),
          serial: requester ? await heldSerial(repos, tenantId, requester.id) : null,
          me: user?.name ?? null,
        }),
      };
    });
  }
}
