import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../../ports/clock.js';
import { IdGenerator } from '../../../ports/id-generator.js';
import { MailboxClient, MailboxUnavailable } from '../../../ports/mailbox-client.js';
import { SecretBox } from '../../../ports/secret-box.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { isEmail } from '../../identity/user.js';
import type { Actor } from '../../shared/actor.js';
import { notFound } from '../../shared/errors.js';
import { auditActor, recordChange } from '../../shared/record-change.js';
import type { UseCase } from '../../shared/use-case.js';
import { exactText, id, text } from '../../shared/validation.js';
import {
  mailboxSchema,
  toMailboxView,
  UNKNOWN_SENDERS,
  unreadableSchema,
  type Mailbox,
  type MailboxView,
} from './mailbox.js';

/**
 * A school's mailboxes (issue 30, point 2), kept by its administrators (`user.manage`: a mailbox's
 * password is the school's), in Settings and with `desk mailbox add|list|test|remove`. The password
 * is sealed with the deployment's key and never answered; adding or removing is audited.
 */
const MANAGE = ['module.servicedesk', 'user.manage'] as const;
const MB = 1024 * 1024;
const empty = z.object({}).strict();

export const mailboxListSchema = z.object({ mailboxes: z.array(mailboxSchema) });
export const mailboxResultSchema = z.object({ mailbox: mailboxSchema });
export const mailboxTestSchema = z.object({
  ok: z.boolean(),
  folders: z.array(z.string()).describe('The mailbox folders, when Desk could sign in'),
  messages: z.number().int().describe('Messages waiting in the inbox'),
  error: z.string().nullable().describe('Why Desk could not read the mailbox'),
});
export const unreadableListSchema = z.object({ messages: z.array(unreadableSchema) });

export const addMailboxInput = z
  .object({
    address: text(3, 320)
      .toLowerCase()
      .refine(isEmail, { message: 'must be an e-mail address' })
      .describe('The address people write to'),
    host: text(1, 253).describe("The IMAP server's name (IMAP over TLS)"),
    port: z.number().int().min(1).max(65535).default(993).describe('993 unless the server says otherwise'),
    username: text(1, 320).describe('The user name to sign in as'),
    password: exactText(1, 1000).describe('Its password (an app password for Google Workspace)'),
    processedFolder: text(1, 200).default('Processed by Desk').describe('Where read mail is moved'),
    unknownSenders: z.enum(UNKNOWN_SENDERS).default('refuse').describe('refuse (default) or open'),
    maxMessageMb: z.number().min(1).max(100).default(30).describe('A larger message is kept as unreadable'),
    maxFileMb: z.number().min(1).max(100).default(15).describe('A larger file is left out of the ticket'),
  })
  .strict();

@injectable()
export class AddMailbox implements UseCase<typeof addMailboxInput, { mailbox: MailboxView }> {
  static readonly required = MANAGE;
  static readonly input = addMailboxInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(SecretBox) private readonly box: SecretBox,
  ) {}

  async execute(actor: Actor, input: z.output<typeof addMailboxInput>) {
    const at = this.clock.now().toISOString();
    const mailbox: Mailbox = {
      id: this.ids.next(),
      address: input.address,
      host: input.host,
      port: input.port,
      username: input.username,
      secret: this.box.seal(input.password),
      processedFolder: input.processedFolder,
      unknownSenders: input.unknownSenders,
      maxMessageBytes: Math.round(input.maxMessageMb * MB),
      maxFileBytes: Math.round(input.maxFileMb * MB),
      uidValidity: null,
      lastUid: 0,
      lastCheckedAt: null,
      lastError: null,
      createdAt: at,
    };
    return this.uow.transaction(async (repos) => {
      await repos.mailboxes.insert(actor.tenant.id, mailbox);
      const view = toMailboxView(mailbox);
      const { id: _, lastCheckedAt: __, lastError: ___, createdAt: ____, ...details } = view;
      await recordChange(repos, this.ids, {
        tenantId: actor.tenant.id,
        actor: auditActor(actor),
        action: 'mailbox.add',
        target: `mailbox:${mailbox.id}`,
        at,
        details,
      });
      return { mailbox: view };
    });
  }
}

@injectable()
export class ListMailboxes implements UseCase<typeof empty, z.output<typeof mailboxListSchema>> {
  static readonly required = MANAGE;
  static readonly input = empty;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor) {
    const found = await this.uow.read((r) => r.mailboxes.list(actor.tenant.id));
    return { mailboxes: found.map(toMailboxView) };
  }
}

const byId = z.object({ id: id() }).strict();

@injectable()
export class RemoveMailbox implements UseCase<typeof byId, void> {
  static readonly required = MANAGE;
  static readonly input = byId;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof byId>): Promise<void> {
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const mailbox = await repos.mailboxes.find(actor.tenant.id, input.id);
      if (!mailbox || !(await repos.mailboxes.delete(actor.tenant.id, input.id))) throw notFound('mailbox', input.id);
      await recordChange(repos, this.ids, {
        tenantId: actor.tenant.id,
        actor: auditActor(actor),
        action: 'mailbox.remove',
        target: `mailbox:${mailbox.id}`,
        at,
        details: { address: mailbox.address },
      });
    });
  }
}

/** Signs in to the mailbox as Desk would and says what it found, or why it could not. Changes nothing. */
@injectable()
export class TestMailbox implements UseCase<typeof byId, z.output<typeof mailboxTestSchema>> {
  static readonly required = MANAGE;
  static readonly input = byId;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MailboxClient) private readonly client: MailboxClient,
    @inject(SecretBox) private readonly box: SecretBox,
  ) {}

  async execute(actor: Actor, input: z.output<typeof byId>) {
    const mailbox = await this.uow.read((r) => r.mailboxes.find(actor.tenant.id, input.id));
    if (!mailbox) throw notFound('mailbox', input.id);
    try {
      const session = await this.client.open({
        host: mailbox.host,
        port: mailbox.port,
        username: mailbox.username,
        password: this.box.open(mailbox.secret),
      });
      try {
        const folders = await session.folders();
        const messages = (await session.messagesAfter(0, 100_000)).length;
        return { ok: true, folders, messages, error: null };
      } finally {
        await session.close();
      }
    } catch (error) {
      if (error instanceof MailboxUnavailable) return { ok: false, folders: [], messages: 0, error: error.message };
      throw error;
    }
  }
}

/** The messages Desk could not read, newest first: what they were and why, for an administrator. */
@injectable()
export class ListUnreadableMail implements UseCase<typeof empty, z.output<typeof unreadableListSchema>> {
  static readonly required = MANAGE;
  static readonly input = empty;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor) {
    const found = await this.uow.read((r) => r.mailboxes.listUnreadable(actor.tenant.id));
    return {
      messages: found.map(({ id, mailboxId, reason, size, receivedAt }) => ({
        id,
        mailboxId,
        reason,
        size,
        receivedAt,
      })),
    };
  }
}
