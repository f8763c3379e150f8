import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { SSO_SETTINGS_REQUIRED } from './get-sso-settings.js';

export const removeSsoInput = z.object({}).strict();

/**
 * Takes the school's OpenID provider away: its button goes, every staff member may sign in with a
 * password again, and sign-ins in progress are refused when they come back. The bindings of users to
 * provider accounts stay, so a provider added again with the same issuer recognises its accounts (and
 * a recycled mailbox still cannot take anyone's place). Audited `sso.remove`.
 */
@injectable()
export class RemoveSso implements UseCase<typeof removeSsoInput, void> {
  static readonly required = SSO_SETTINGS_REQUIRED;
  static readonly input = removeSsoInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor): Promise<void> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    await this.uow.transaction(async (repos) => {
      const before = await repos.ssoProviders.find(tenantId);
      if (!before || !(await repos.ssoProviders.remove(tenantId))) {
        throw new DomainError('not_found', 'single sign-on is not set up for this school');
      }
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'sso.remove',
        target: `tenant:${actor.tenant.slug}`,
        at,
        details: { issuer: before.issuer, clientId: before.clientId, label: before.label },
      });
    });
  }
}
