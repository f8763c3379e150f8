import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Settings } from '../../ports/settings.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { ssoProviderViewSchema, ssoRedirectUris, toProviderView } from './sso-provider.js';

/** Configuring single sign-on is a school administrator's: `user.manage`, never a key scope. */
export const SSO_SETTINGS_REQUIRED = ['user.manage'] as const;

/**
 * A school's single sign-on as the console and the CLI show it: the provider (never its secret), or
 * null; and the redirect URIs to register at the provider, which are the deployment's and so are
 * there before any provider is (an administrator registers Desk at the provider first).
 */
export const ssoSettingsSchema = z.object({
  sso: ssoProviderViewSchema.nullable().describe("The school's provider; null when it has none"),
  redirectUris: z.array(z.string()).describe('The redirect URIs to register at the provider'),
});
export type SsoSettings = z.output<typeof ssoSettingsSchema>;

export const getSsoSettingsInput = z.object({}).strict();

@injectable()
export class GetSsoSettings implements UseCase<typeof getSsoSettingsInput, SsoSettings> {
  static readonly required = SSO_SETTINGS_REQUIRED;
  static readonly input = getSsoSettingsInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Settings) private readonly settings: Settings,
  ) {}

  async execute(actor: Actor): Promise<SsoSettings> {
    const provider = await this.uow.read((r) => r.ssoProviders.find(actor.tenant.id));
    return {
      sso: provider && toProviderView(provider),
      redirectUris: ssoRedirectUris(this.settings.publicUrl, actor.tenant.hosts),
    };
  }
}
