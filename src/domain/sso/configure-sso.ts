import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { OpenIdError, OpenIdProvider } from '../../ports/openid-provider.js';
import { SecretBox } from '../../ports/secret-box.js';
import { Settings } from '../../ports/settings.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { DomainError, invalidField } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { exactText, text } from '../shared/validation.js';
import { SSO_SETTINGS_REQUIRED, type SsoSettings } from './get-sso-settings.js';
import {
  defaultLabel,
  isDomainName,
  issuerProblem,
  MAX_DOMAINS,
  normaliseDomain,
  sameIssuer,
  ssoRedirectUris,
  toProviderView,
  type SsoProvider,
} from './sso-provider.js';

const domainName = () =>
  text(1, 255)
    .transform(normaliseDomain)
    .refine(isDomainName, { message: 'must be a domain name such as school.example' });

export const configureSsoInput = z
  .object({
    issuer: text(1, 500).superRefine((issuer, ctx) => {
      const problem = issuerProblem(issuer);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    clientId: text(1, 500),
    /** Required the first time, and with a new issuer or client id; left out, the stored one is kept. */
    clientSecret: exactText(1, 2_000).optional(),
    label: text(1, 60).optional(),
    domains: z
      .array(domainName())
      .max(MAX_DOMAINS, { message: `at most ${MAX_DOMAINS} domains` })
      .optional(),
    passwords: z.enum(['on', 'off']).optional(),
  })
  .strict();

/**
 * The issuer is a well-formed address but not an OpenID provider Desk can use (discovery failed, or
 * it states another issuer): the input is refused naming `issuer`, with the provider's reason. The
 * CLI reports it with exit code 1 (the argument was well-formed; the provider did not answer as one).
 */
export class IssuerCheckFailed extends DomainError {
  constructor(readonly reason: string) {
    super('invalid', `issuer: ${reason}`, [{ path: 'issuer', message: reason }]);
  }
}

/**
 * Sets the school's OpenID provider (replacing the one it had): the issuer, the client id and secret
 * Desk is registered under there, the button's label (by default the provider's name), the domains
 * its staff's addresses are in (empty: any), and whether staff may still use passwords.
 *
 * Nothing is stored unless the provider's discovery document answers for exactly this issuer, so a
 * wrong issuer is a message now, not a failed sign-in later. The secret is sealed under
 * ENCRYPTION_KEY and never shown again; without a new one the stored one is kept, unless the issuer
 * or client id changes (a secret belongs to its client). Audited `sso.configure`, never the secret.
 */
@injectable()
export class ConfigureSso implements UseCase<typeof configureSsoInput, SsoSettings> {
  static readonly required = SSO_SETTINGS_REQUIRED;
  static readonly input = configureSsoInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(SecretBox) private readonly box: SecretBox,
    @inject(OpenIdProvider) private readonly openId: OpenIdProvider,
    @inject(Settings) private readonly settings: Settings,
  ) {}

  async execute(actor: Actor, input: z.output<typeof configureSsoInput>): Promise<SsoSettings> {
    const tenantId = actor.tenant.id;
    const before = await this.uow.read((r) => r.ssoProviders.find(tenantId));
    if (input.clientSecret === undefined) {
      if (!before) throw invalidField('clientSecret', 'is required the first time single sign-on is set up');
      if (!sameIssuer(before.issuer, input.issuer) || before.clientId !== input.clientId) {
        throw invalidField('clientSecret', 'give the client secret again: it belongs to the issuer and client id');
      }
    }
    // Discovery before anything is stored: the provider states its issuer, which its tokens carry.
    const { issuer } = await this.openId.check(input.issuer, input.clientId).catch((e: unknown) => {
      throw e instanceof OpenIdError ? new IssuerCheckFailed(e.message) : e;
    });
    const at = this.clock.now().toISOString();
    const provider: SsoProvider = {
      issuer,
      clientId: input.clientId,
      clientSecret: input.clientSecret === undefined ? before!.clientSecret : this.box.seal(input.clientSecret),
      label: input.label ?? defaultLabel(issuer),
      domains: [...new Set(input.domains ?? [])],
      passwordsAllowed: (input.passwords ?? 'on') === 'on',
      updatedAt: at,
    };
    await this.uow.transaction(async (repos) => {
      await repos.ssoProviders.save(tenantId, provider);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'sso.configure',
        target: `tenant:${actor.tenant.slug}`,
        at,
        details: {
          ...toAudited(provider),
          clientSecret: input.clientSecret === undefined ? 'kept' : before ? 'replaced' : 'set',
          previous: before && toAudited(before),
        },
      });
    });
    return {
      sso: toProviderView(provider),
      redirectUris: ssoRedirectUris(this.settings.publicUrl, actor.tenant.hosts),
    };
  }
}

/** What the audit log keeps of a provider: everything but the (sealed) secret. */
const toAudited = (p: SsoProvider) => ({
  issuer: p.issuer,
  clientId: p.clientId,
  label: p.label,
  domains: p.domains,
  passwords: p.passwordsAllowed ? 'on' : 'off',
});
