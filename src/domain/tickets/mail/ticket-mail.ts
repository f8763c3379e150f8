import { inject, injectable } from 'inversify';
import { IdGenerator } from '../../../ports/id-generator.js';
import { Mailer } from '../../../ports/mailer.js';
import type { Repositories } from '../../../ports/repositories.js';
import { Settings } from '../../../ports/settings.js';
import type { TenantContext } from '../../shared/actor.js';
import { readSchoolSetting } from '../../settings/school-setting.js';
import type { Ticket, TicketComment } from '../ticket.js';
import { ticketMailSetting } from './ticket-mail-setting.js';
import { portalAddress, schoolAddress } from '../../portal/portal-address.js';
import { portalSetting } from '../../portal/portal-setting.js';
import {
  composeStaffMail,
  composeTicketMail,
  isStaffMail,
  threadOf,
  type StaffMailKind,
  type TicketMailKind,
  type TicketMessage,
} from './ticket-message.js';

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
    kind: Exclude<TicketMailKind, StaffMailKind>,
    at: string,
    comment?: Pick<TicketComment, 'id' | 'body' | 'author'>,
  ): Promise<TicketMessage | null> {
    if (!this.mailer.configured || ticket.requesterId === null) return null;
    // Always inside the caller's transaction: one query after another on its connection.
    const setting = await readSchoolSetting(repos, tenant.id, ticketMailSetting);
    const portal = await readSchoolSetting(repos, tenant.id, portalSetting);
    if (!setting.enabled || (kind === 'received' && !setting.acknowledge)) return null;
    const requester = await repos.people.findById(tenant.id, ticket.requesterId);
    if (!requester?.email || requester.archivedAt !== null) return null;
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
    return this.write(repos, tenant.id, ticket, kind, [requester.email], written, at, comment);
  }

  /**
   * Tells the staff of the ticket's team who chose it (StaffMailChoice) of a new ticket or of the
   * requester's answer, in one message to them all, in a thread of the team's own: never the
   * requester, nor whoever wrote the answer, nor a member away or archived. Nothing without a team,
   * without a mail server, or when nobody chose to hear.
   */
  async notifyStaff(
    repos: Repositories,
    tenant: Pick<TenantContext, 'id' | 'name' | 'slug' | 'hosts'>,
    ticket: Ticket,
    kind: StaffMailKind,
    at: string,
    comment?: Pick<TicketComment, 'id' | 'body' | 'author'>,
  ): Promise<TicketMessage | null> {
    if (!this.mailer.configured || ticket.teamId === null) return null;
    const team = await repos.ticketRouting.findTeam(tenant.id, ticket.teamId);
    if (!team) return null;
    const present = team.members.filter((m) => m.available).map((m) => m.personId);
    const choices = await repos.ticketMessages.staffChoices(tenant.id, present);
    const wanted = choices.filter((c) => (kind === 'staff-new' ? c.newTickets : c.replies)).map((c) => c.personId);
    const author = comment?.author.type === 'person' ? comment.author.id : null;
    const people = (await repos.people.findByIds(tenant.id, wanted)).filter(
      (p) => p.email && p.archivedAt === null && p.id !== ticket.requesterId && p.id !== author,
    );
    if (people.length === 0) return null;
    const requester = ticket.requesterId ? await repos.people.findById(tenant.id, ticket.requesterId) : null;
    const written = composeStaffMail(kind, {
      number: ticket.number,
      subject: ticket.subject,
      schoolName: tenant.name,
      requesterName: comment?.author.name ?? requester?.name ?? null,
      teamName: team.name,
      body: comment?.body ?? ticket.body,
      consoleUrl: schoolAddress(this.settings.publicUrl, tenant, `/tickets/${ticket.id}`),
    });
    const to = people.map((p) => p.email!);
    return this.write(repos, tenant.id, ticket, kind, to, written, at, comment);
  }

  /**
   * Keeps one message to be sent, with a Message-ID of its own, in its thread: the requester's
   * messages one thread, the team's notices another, so neither ever answers the other.
   */
  private async write(
    repos: Repositories,
    tenantId: string,
    ticket: Ticket,
    kind: TicketMailKind,
    to: readonly string[],
    written: Pick<TicketMessage, 'subject' | 'text' | 'autoSubmitted'>,
    at: string,
    comment: Pick<TicketComment, 'id'> | undefined,
  ): Promise<TicketMessage> {
    const earlier = (await repos.ticketMessages.listForTicket(tenantId, ticket.id)).filter(
      (m) => isStaffMail(m.kind) === isStaffMail(kind),
    );
    const id = this.ids.next();
    const message: TicketMessage = {
      id,
      ticketId: ticket.id,
      kind,
      messageId: `<${id}.ticket-${ticket.number}@${this.host}>`,
      ...threadOf(earlier),
      to: [...new Set(to.map((a) => a.toLowerCase()))],
      ...written,
      commentId: comment?.id ?? null,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: at,
      sentAt: null,
      error: null,
      createdAt: at,
    };
    await repos.ticketMessages.insert(tenantId, message);
    return message;
  }

  /** The host Desk's Message-IDs name: the deployment's public address. */
  private get host(): string {
    return new URL(this.settings.publicUrl).hostname || 'desk.invalid';
  }
}
