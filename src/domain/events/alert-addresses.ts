import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { emailInput } from '../identity/user.js';
import type { Actor } from '../shared/actor.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { tenantAlertAddresses } from './alerts.js';

/** Where a tenant's alerts go: the addresses it set (null: none set), and who receives them now. */
export const alertAddressesSchema = z.object({
  emails: z
    .array(z.string())
    .nullable()
    .describe('The addresses set, or null: the active school administrators receive the alerts'),
  recipients: z.array(z.string()).describe('Who an alert would go to now'),
});
export type AlertAddresses = z.output<typeof alertAddressesSchema>;

/**
 * Deciding who receives a tenant's alert e-mail (its monitors, a disabled webhook) is a school
 * administrator's: `user.manage`, which is never a key scope, so no integration can redirect them.
 */
const ALERT_SETTINGS_REQUIRED = ['module.events', 'user.manage'] as const;

export const getAlertAddressesInput = z.object({}).strict();

@injectable()
export class GetAlertAddresses implements UseCase<typeof getAlertAddressesInput, AlertAddresses> {
  static readonly required = ALERT_SETTINGS_REQUIRED;
  static readonly input = getAlertAddressesInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor): Promise<AlertAddresses> {
    return this.uow.read(async (repos) => ({
      emails: await repos.tenants.alertEmails(actor.tenant.id),
      recipients: await tenantAlertAddresses(repos, actor.tenant.id),
    }));
  }
}

export const setAlertAddressesInput = z
  .object({
    emails: z
      .array(emailInput())
      .min(1, { message: 'give at least one address, or null for the school administrators' })
      .max(20, { message: 'must be at most 20 addresses' })
      .nullable(),
  })
  .strict();

/** Sets the tenant's alert addresses (null: back to its active school administrators). Audited. */
@injectable()
export class SetAlertAddresses implements UseCase<typeof setAlertAddressesInput, AlertAddresses> {
  static readonly required = ALERT_SETTINGS_REQUIRED;
  static readonly input = setAlertAddressesInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof setAlertAddressesInput>): Promise<AlertAddresses> {
    const tenantId = actor.tenant.id;
    const emails = input.emails === null ? null : [...new Set(input.emails)];
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const before = await repos.tenants.alertEmails(tenantId);
      await repos.tenants.setAlertEmails(tenantId, emails);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'tenant.alerts.set',
        target: `tenant:${actor.tenant.slug}`,
        at,
        details: { from: before, to: emails },
      });
      return { emails, recipients: await tenantAlertAddresses(repos, tenantId) };
    });
  }
}
