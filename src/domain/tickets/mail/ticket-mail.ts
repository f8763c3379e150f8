import { inject, injectable } from 'inversify';
import { IdGenerator } from '../../../ports/id-generator.js';
import { Mailer } from '../../../ports/mailer.js';
import type { Repositories } from '../../../ports/repositories.js';
import { Settings } from '../../../ports/settings.js';
import type { TenantContext } from '../../shared/actor.js';
import { readSchoolSetting } from '../../settings/school-setting.js';
import type { Ticket, TicketComment } from '../ticket.js';
import { ticketMailSetting } from './ticket-mail-setting.js';
import { portalAddress } from '../../portal/portal-address.js';
import { portalSetting } from '../../portal/portal-setting.js';
import { composeTicketMail, threadOf, type TicketMailKind, type TicketMessage } from './ticket-message.js';

/**
 * Writes a ticket's e-mail to its requester in the caller's transaction (issue 30, point 3), to be
 * delivered by the ticket-mail job: nothing when the deployment has no mail server, the school turned
 * its ticket mail off, or the requester has no address. Each message gets its own Message-ID on the
 * deployment's host and joins the ticket's thread (threadOf). Internal notes never come here.
 */
@injectable()
export class TicketMail {
  constructor(
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(Settings) private readonly settings: Settings,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async queue(
    repos: Repositories,
    tenant: Pick<TenantContext, 'id' | 'name' | 'slug' | 'hosts'>,
    ticket: Ticket,
    kind: TicketMailKind,
    at: string,
    comment?: Pick<TicketComment, 'id' | 'body' | 'author'>,
  ): Promise<TicketMessage | null> {
    if (!this.mailer.configured || ticket.requesterId === null) return null;
    const [setting, portal] = await Promise.all([
      readSchoolSetting(repos, tenant.id, ticketMailSetting),
      readSchoolSetting(repos, tenant.id, portalSetting),
    ]);
    if (!setting.enabled || (kind === 'received' && !setting.acknowledge)) return null;
    const requester = await repos.people.findById(tenant.id, ticket.requesterId);
    if (!requester?.email || requester.archivedAt !== null) return null;
    const earlier = await repos.ticketMessages.listForTicket(tenant.id, ticket.id);
    const id = this.ids.next();
    const written = composeTicketMail(kind, {
      number: ticket.number,
      subject: ticket.subject,
      requesterName: requester.name,
      schoolName: tenant.name,
      ...(comment ? { comment: { body: comment.body, authorName: comment.author.name } } : {}),
      reopenDays: setting.reopenDays,
      closeAfterDays: setting.closeAfterDays,
      portalUrl: portal.enabled ? portalAddress(this.settings.publicUrl, tenant, `/portal/tickets/${ticket.id}`) : null,
    });
    const message: TicketMessage = {
      id,
      ticketId: ticket.id,
      kind,
      messageId: `<${id}.ticket-${ticket.number}@${this.host}>`,
      ...threadOf(earlier),
      to: [requester.email.toLowerCase()],
      ...written,
      commentId: comment?.id ?? null,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: at,
      sentAt: null,
      error: null,
      createdAt: at,
    };
    await repos.ticketMessages.insert(tenant.id, message);
    return message;
  }

  /** The host Desk's Message-IDs name: the deployment's public address. */
  private get host(): string {
    return new URL(this.settings.publicUrl).hostname || 'desk.invalid';
  }
}
