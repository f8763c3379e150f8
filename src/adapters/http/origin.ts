import type { Context } from 'koa';
import type { DeskConfig } from '../../config/index.js';
import { hostTenantOf } from './middleware/host-gate.js';

/**
 * The origin a request was addressed to: `<scheme>://<host>[:port]`. The host is the Host header
 * (X-Forwarded-Host through a trusted proxy), which the host gate has already accepted as this
 * deployment's, in lower case: host names are case-insensitive, and this origin is the OAuth issuer
 * and resource, compared as exact strings, so `A.TEST` and `a.test` must make the same one. Desk
 * itself speaks plain HTTP, so the scheme is what the client used in front of any proxy:
 * X-Forwarded-Proto when TRUST_PROXY is on, otherwise https exactly when PUBLIC_URL is (a TLS proxy
 * that Desk does not trust with headers still served the client https).
 */
export function requestOrigin(ctx: Context, config: Pick<DeskConfig, 'publicUrl' | 'trustProxy'>): string {
  const scheme = config.trustProxy ? ctx.protocol : new URL(config.publicUrl).protocol.slice(0, -1);
  return `${scheme}://${ctx.host.toLowerCase()}`;
}

/**
 * The origin Desk names itself by to the outside world (a link in an e-mail, a redirect URI an
 * administrator registered at an identity provider): the school's own host when the request came to
 * one, otherwise PUBLIC_URL's origin.
 */
export function canonicalOrigin(ctx: Context, config: Pick<DeskConfig, 'publicUrl' | 'trustProxy'>): string {
  return hostTenantOf(ctx) ? requestOrigin(ctx, config) : new URL(config.publicUrl).origin;
}
