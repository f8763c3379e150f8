import { inject, injectable } from 'inversify';
import { UnitOfWork } from '../../ports/unit-of-work.js';

/**
 * What the sign-in page of a school's own address offers besides the password form: "Sign in with
 * <label>" when the school has a provider. Asked before anyone is signed in, so it says nothing else
 * about the provider.
 */
@injectable()
export class GetSsoSignInOption {
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(tenantId: string): Promise<{ label: string } | null> {
    const provider = await this.uow.read((r) => r.ssoProviders.find(tenantId));
    return provider && { label: provider.label };
  }
}
