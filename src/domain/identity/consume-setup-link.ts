import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { PasswordHasher } from '../../ports/password-hasher.js';
import { Secrets } from '../../ports/secrets.js';
import { SetupLinkWriter } from '../../ports/setup-link-writer.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { DomainError } from '../shared/errors.js';
import { recordChange } from '../shared/record-change.js';
import { setupLinkState } from './setup-link.js';
import { exactText, parseInput } from '../shared/validation.js';
import { newPasswordInput } from './user.js';

/** The token as the link carries it (43 base64url characters; anything under 200 is looked up). */
export const consumeSetupLinkInput = z.object({ token: exactText(1, 200), password: newPasswordInput() }).strict();

const rejected = () => new DomainError('invalid', 'this setup link is not valid: it was used, replaced or has expired');

/** A password set: whose, and at which school. */
export interface SetupDone {
  readonly tenantId: string;
  readonly userId: string;
  readonly email: string;
  readonly school: { readonly slug: string; readonly name: string };
}

/**
 * Uses a setup link: sets the user's password, spends the link and removes its file. A `recovery`
 * link works for a user who is still an active school administrator, an `invitation` for any active
 * user. Every refused attempt on a known link is audited (`setup_link.rejected` with the purpose and
 * the reason: used, replaced, expired, or the user is no longer an active administrator / active
 * user), the ones that lost a race to a simultaneous use included; an unknown token reveals nothing
 * and names no tenant to audit in.
 */
@injectable()
export class ConsumeSetupLink {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Secrets) private readonly secrets: Secrets,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(SetupLinkWriter) private readonly writer: SetupLinkWriter,
  ) {}

  async execute(input: z.input<typeof consumeSetupLinkInput>): Promise<SetupDone> {
    const { token, password } = parseInput(consumeSetupLinkInput, input);
    const found = await this.uow.read((r) => r.setupLinks.findByTokenHash(this.secrets.hash(token)));
    if (!found) throw rejected();
    const { tenantId, link } = found;
    const now = this.clock.now().toISOString();
    const [user, tenant] = await this.uow.read((r) =>
      Promise.all([r.users.findById(tenantId, link.userId), r.tenants.findById(tenantId)]),
    );
    // A recovery link is for an active administrator (one deactivated or demoted since gets nothing);
    // an invitation for any active user.
    const state = setupLinkState(link, now);
    const refusedBefore =
      state !== 'usable'
        ? state
        : link.purpose === 'recovery' && (!user || !user.active || user.role !== 'school-admin')
          ? 'not_an_active_administrator'
          : !user || !user.active
            ? 'not_an_active_user'
            : null;
    // Hashing is slow: only for a link that may still be used, and outside the transaction.
    const passwordHash = refusedBefore ? null : await this.hasher.hash(password);
    const refused = await this.uow.transaction(async (repos) => {
      // markUsed is conditional: of simultaneous uses exactly one gets past it; the others were
      // refused as `used`, and are audited like any refusal.
      const reason =
        refusedBefore ?? ((await repos.setupLinks.markUsed(tenantId, link.id, now)) ? null : ('used' as const));
      if (reason) {
        await recordChange(repos, this.ids, {
          tenantId,
          actor: { type: 'anonymous', id: 'setup-link' },
          action: 'setup_link.rejected',
          target: `user:${link.userId}`,
          at: now,
          details: { linkId: link.id, purpose: link.purpose, reason },
        });
        return true;
      }
      await repos.users.setPasswordHash(tenantId, link.userId, passwordHash!);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: { type: 'user', id: link.userId },
        action: 'setup_link.use',
        target: `user:${link.userId}`,
        at: now,
        details: { linkId: link.id, purpose: link.purpose },
      });
      return false;
    });
    if (refused) throw rejected();
    if (link.filePath) await this.writer.removeIfHolds(link.filePath, token);
    // Whom the link was for: the person holding it may be told where to sign in (their school's
    // short name, which a shared address asks for) and with which e-mail address.
    return {
      tenantId,
      userId: link.userId,
      email: user!.email,
      school: { slug: tenant!.slug, name: tenant!.name },
    };
  }
}
