import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Settings } from '../../ports/settings.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { ssoRedirectUris, toProviderView, type SsoProviderView } from './sso-provider.js';

/** Configuring single sign-on is a school administrator's: `user.manage`, never a key scope. */
export const SSO_SETTINGS_REQUIRED = ['user.manage'] as const;

/**
 * A school's single sign-on as the console and the CLI show it: the provider (never its secret), or
 * null; and the redirect URIs to register at the provider, which are the deployment's and so are
 * there before any provider is (an administrator registers Desk at the provider first).
 */
export interface SsoSettings {
  readonly sso: SsoProviderView | null;
  readonly redirectUris: readonly string[];
}

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
