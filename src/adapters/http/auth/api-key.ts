import type { Container } from 'inversify';
import type { Context } from 'koa';
import { AuthenticateApiKey } from '../../../domain/identity/authenticate-api-key.js';
import type { Actor } from '../../../domain/shared/actor.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { assertSameTenant } from '../middleware/host-gate.js';

/** Where the surfaces carry the key: REST uses `x-api-key`, MCP the bearer header. */
export type KeyLocation = 'x-api-key' | 'bearer';

export function presentedKey(ctx: Context, location: KeyLocation): string | undefined {
  if (location === 'x-api-key') return ctx.get('x-api-key') || undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'));
  return match?.[1];
}

/**
 * Authenticates an API key and applies the tenancy rules of SPEC §4: the key decides the tenant; a
 * request that names another tenant — by a tenant's host or by `x-tenant-slug` — is refused as
 * unauthorized, so a key never acts anywhere but in its own institution.
 */
export async function authenticateKey(container: Container, ctx: Context, location: KeyLocation): Promise<Actor> {
  const key = presentedKey(ctx, location);
  if (!key) {
    throw new DomainError(
      'unauthorized',
      location === 'bearer' ? 'send Authorization: Bearer <API key or access token>' : 'send the x-api-key header',
    );
  }
  const actor = await container.get(AuthenticateApiKey).execute(key);
  assertSameTenant(ctx, actor.tenant, 'the API key does not belong to this tenant');
  return actor;
}
