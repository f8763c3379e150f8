import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { emailInput } from '../identity/user.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { SSO_SETTINGS_REQUIRED } from './get-sso-settings.js';

export const unlinkSsoAccountInput = z.object({ email: emailInput() }).strict();

/**
 * Forgets which provider account signs a user in, so their next single sign-on is matched by e-mail
 * address again (and bound anew): for a person whose account at the provider was deleted and made
 * again, whom Desk would otherwise refuse as `subject_mismatch`. A school administrator's decision,
 * taken after checking who holds the new account. Audited `sso.unlink` with how many were forgotten.
 */
@injectable()
export class UnlinkSsoAccount implements UseCase<typeof unlinkSsoAccountInput, { unlinked: number }> {
  static readonly required = SSO_SETTINGS_REQUIRED;
  static readonly input = unlinkSsoAccountInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof unlinkSsoAccountInput>): Promise<{ unlinked: number }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const user = await repos.users.findByEmail(tenantId, input.email);
      if (!user) throw notFound('user', input.email);
      const unlinked = await repos.ssoBindings.removeForUser(tenantId, user.id);
      if (unlinked > 0) {
        await recordChange(repos, this.ids, {
          tenantId,
          actor: auditActor(actor),
          action: 'sso.unlink',
          target: `user:${user.id}`,
          at,
          details: { email: user.email, unlinked },
        });
      }
      return { unlinked };
    });
  }
}
