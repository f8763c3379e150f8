import type { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import type { AuditActorType } from '../audit/audit-entry.js';
import type { TenantContext } from '../shared/actor.js';
import { appendEvent, recordChange } from '../shared/record-change.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import { ticketMailSetting } from './mail/ticket-mail-setting.js';
import { moveClock } from './service-targets/service-terms.js';
import { ticketEventData, type Ticket } from './ticket.js';

/**
 * When a resolved ticket's reopen window ends (the school's `ticket-mail` setting, counted from its
 * resolution), or null when a reply can no longer reopen it (the window is 0 days, or not resolved).
 */
export async function reopenUntil(repos: Repositories, tenantId: string, ticket: Ticket): Promise<string | null> {
  if (ticket.status !== 'RESOLVED') return null;
  const setting = await readSchoolSetting(repos, tenantId, ticketMailSetting);
  if (setting.reopenDays === 0) return null;
  return new Date(Date.parse(ticket.updatedAt) + setting.reopenDays * 24 * 3600_000).toISOString();
}

/** Whether an answer at `at` may join the ticket, given its reopen window (reopenUntil). */
export const answerTaken = (ticket: Pick<Ticket, 'status'>, until: string | null, at: string): boolean =>
  ticket.status !== 'CLOSED' && (ticket.status !== 'RESOLVED' || (until !== null && at <= until));

/** Whether the requester's answer at `at` may still join the ticket: not closed, and a resolved one inside its window. */
export async function takesRequesterAnswer(
  repos: Repositories,
  tenantId: string,
  ticket: Ticket,
  at: string,
): Promise<boolean> {
  return answerTaken(ticket, await reopenUntil(repos, tenantId, ticket), at);
}

/**
 * The requester answered (by e-mail, or in the portal): a ticket waiting on them is open again, and
 * so is a resolved one (inside its window: the caller checked), with `ticket.reopened` besides the
 * update. The service clock runs again from `at`. Anything else stays as it is. Returns the ticket
 * as it now is.
 */
export async function requesterAnswered(
  repos: Repositories,
  ids: IdGenerator,
  tenant: TenantContext,
  ticket: Ticket,
  at: string,
  by: { readonly actor: { type: AuditActorType; id: string; via?: string }; readonly reason: string },
): Promise<Ticket> {
  if (ticket.status !== 'PENDING' && ticket.status !== 'RESOLVED') return ticket;
  const next = await moveClock(repos, tenant, ticket, { ...ticket, status: 'OPEN', updatedAt: at }, at);
  await repos.tickets.update(tenant.id, next);
  await recordChange(repos, ids, {
    tenantId: tenant.id,
    actor: by.actor,
    action: 'ticket.update',
    target: `ticket:${next.number}`,
    at,
    details: { from: { status: ticket.status }, to: { status: 'OPEN' }, reason: by.reason },
    event: { kind: 'ticket.updated', payload: ticketEventData(next) },
  });
  if (ticket.status === 'RESOLVED')
    await appendEvent(repos, ids, tenant.id, {
      kind: 'ticket.reopened',
      occurredAt: at,
      payload: ticketEventData(next),
    });
  return next;
}
