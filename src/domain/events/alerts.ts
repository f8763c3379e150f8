import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { Mailer } from '../../ports/mailer.js';
import { Settings } from '../../ports/settings.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { appendEvent } from '../shared/record-change.js';
import type { EventKind } from './event.js';

/** What became of an alert: who it went to, or why it went nowhere (the caller logs either). */
export type AlertOutcome =
  | { readonly sent: true; readonly to: readonly string[] }
  | { readonly sent: false; readonly reason: 'no-mailer' | 'no-recipients' | 'failed'; readonly error?: unknown };

/**
 * Sends alert e-mail (SPEC §8): deployment-wide alerts (a failed backup, a full disk) to
 * ALERT_EMAIL_TO; a tenant's alerts (its monitors, a webhook disabled) to the tenant's alert
 * addresses, or, when it has set none, to its active school administrators. One call is one e-mail:
 * deciding that an incident deserves one (and only one) is the caller's business.
 */
@injectable()
export class SendAlert {
  constructor(
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(Settings) private readonly settings: Settings,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  toDeployment(subject: string, text: string): Promise<AlertOutcome> {
    return this.send(this.settings.alertEmailTo, subject, text);
  }

  async toTenant(tenantId: string, subject: string, text: string): Promise<AlertOutcome> {
    const to = await this.uow.read((repos) => tenantAlertAddresses(repos, tenantId));
    return this.send(to, subject, text);
  }

  private async send(to: readonly string[], subject: string, text: string): Promise<AlertOutcome> {
    if (!this.mailer.configured) return { sent: false, reason: 'no-mailer' };
    if (to.length === 0) return { sent: false, reason: 'no-recipients' };
    try {
      await this.mailer.send({ to, subject: `[Desk] ${subject}`, text });
      return { sent: true, to };
    } catch (error) {
      return { sent: false, reason: 'failed', error };
    }
  }
}

/** A tenant's alert addresses: those it set, else its active school administrators' e-mail. */
export async function tenantAlertAddresses(repos: Repositories, tenantId: string): Promise<string[]> {
  const set = await repos.tenants.alertEmails(tenantId);
  if (set && set.length > 0) return set;
  const admins = await repos.users.listActiveByRole(tenantId, 'school-admin');
  return admins.map((u) => u.email);
}

/**
 * Emits a deployment event (`backup.failed`, the disk's `monitor.down` / `monitor.up`) to every
 * tenant that has the events module: one outbox row per tenant, each in that tenant's numbering,
 * all in one transaction. Returns how many tenants it reached.
 */
@injectable()
export class EmitDeploymentEvent {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(kind: EventKind, payload: Record<string, unknown>): Promise<number> {
    const occurredAt = this.clock.now().toISOString();
    return this.uow.transaction((repos) => appendDeploymentEvent(repos, this.ids, { kind, occurredAt, payload }));
  }
}

/**
 * EmitDeploymentEvent's work in the caller's transaction, for a change that must commit with its
 * events (the disk monitor's state). Returns how many tenants it reached.
 */
export async function appendDeploymentEvent(
  repos: Repositories,
  ids: IdGenerator,
  event: { kind: EventKind; occurredAt: string; payload: Record<string, unknown> },
): Promise<number> {
  const tenants = (await repos.tenants.list()).filter((t) => t.modules.includes('events'));
  for (const tenant of tenants) await appendEvent(repos, ids, tenant.id, event);
  return tenants.length;
}
