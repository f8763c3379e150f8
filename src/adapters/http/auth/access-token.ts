import type { DeskConfig } from '../../../config/index.js';
import { AuthenticateAccessToken } from '../../../domain/oauth/authenticate-access-token.js';
import { isAccessToken } from '../../../domain/oauth/tokens.js';
import { requestOrigin } from '../origin.js';
import type { HttpDeps } from '../route-module.js';
import { bearerToken, type Credential } from './credential.js';

/**
 * An OAuth access token Desk issued (`desk_at_…`, domain/oauth) for the resource at `path` on the
 * origin the request came to: it acts as the person who granted it, through the app it was granted to.
 * Presented only when the bearer has an access token's shape, so the same header can carry an API key.
 */
export const accessTokenCredential = (
  deps: Pick<HttpDeps, 'resolve'>,
  config: Pick<DeskConfig, 'publicUrl' | 'trustProxy'>,
  path: string,
): Credential => ({
  presented: (ctx) => {
    const token = bearerToken(ctx);
    return token !== undefined && isAccessToken(token) ? token : undefined;
  },
  prove: async (token, ctx) => ({
    actor: await deps.resolve(AuthenticateAccessToken).execute(token, `${requestOrigin(ctx, config)}${path}`),
  }),
  missing: 'send Authorization: Bearer <API key or access token>',
  otherTenant: 'the access token belongs to another school',
});
