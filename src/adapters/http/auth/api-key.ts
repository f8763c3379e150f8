import type { Context, Middleware } from 'koa';
import { AuthenticateApiKey } from '../../../domain/identity/authenticate-api-key.js';
import type { Actor } from '../../../domain/shared/actor.js';
import { admitSurface } from '../../../domain/shared/use-case.js';
import { rateLimit } from '../middleware/rate-limit.js';
import type { HttpDeps } from '../route-module.js';
import { passThrough } from '../routing/routes.js';
import { bearerToken, signIn, type Credential } from './credential.js';

/** Where a surface carries the key: REST in `x-api-key` only, MCP and stdio as the bearer. */
export type KeyLocation = 'x-api-key' | 'bearer';

/** An API key (`desk_…`): stored as a hash, looked up by its prefix, in its own school only. */
export const apiKeyCredential = (deps: Pick<HttpDeps, 'resolve'>, location: KeyLocation): Credential => ({
  presented: location === 'x-api-key' ? (ctx) => ctx.get('x-api-key') || undefined : bearerToken,
  prove: async (token) => ({ actor: await deps.resolve(AuthenticateApiKey).execute(token) }),
  missing: location === 'bearer' ? 'send Authorization: Bearer <API key or access token>' : 'send the x-api-key header',
  otherTenant: 'the API key does not belong to this tenant',
});

/**
 * The rate-limit policies of the API-key surface (docs/operators.md, configuration): `v1` counts the
 * REST routes per key (RATE_LIMIT_V1_PER_MINUTE); `actions` the action surface (RATE_LIMIT_ACTIONS_PER_MINUTE).
 */
export type KeyRatePolicy = 'v1' | 'actions';

/** The rate-limit subject of a key's request: the key's id, once the guard has signed it in. */
export const keySubject = (ctx: Context): string | null => (ctx.state.actor as Actor | undefined)?.principal.id ?? null;

/**
 * The API-key guard of `/api/v1`, in order:
 * 1. the key from `x-api-key` only (no cookie, no session; Authorization ignored): missing, invalid,
 *    revoked or expired → 401; a host or `x-tenant-slug` naming another tenant → 401;
 * 2. the rate limit of the route's policy, per key (a throttled key gets 429 whatever it asked for);
 * 3. the integration surface's own requirement, `module.integrations` → otherwise 404 (seed §7).
 */
export function apiKeyGuard(deps: HttpDeps, policy: KeyRatePolicy): Middleware[] {
  const credential = apiKeyCredential(deps, 'x-api-key');
  const limit = rateLimit(deps.container, deps.rateLimits[policy], keySubject);
  if (limit === passThrough) {
    // No limit between them: one layer does both.
    return [
      async (ctx, next) => {
        admitSurface(await signIn(ctx, credential), 'integration');
        await next();
      },
    ];
  }
  return [
    async (ctx, next) => {
      await signIn(ctx, credential);
      await next();
    },
    limit,
    async (ctx, next) => {
      admitSurface(ctx.state.actor as Actor, 'integration');
      await next();
    },
  ];
}
