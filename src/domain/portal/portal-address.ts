import type { TenantContext } from '../shared/actor.js';

/**
 * Where a page of the portal is, as a link in an e-mail names it: on the school's own host when it has
 * one (with PUBLIC_URL's scheme and port), else on PUBLIC_URL with the school named in the query, as
 * the portal's sign-in needs it on a shared address.
 */
export function portalAddress(publicUrl: string, tenant: Pick<TenantContext, 'slug' | 'hosts'>, path: string): string {
  const url = new URL(path, publicUrl);
  const host = tenant.hosts[0];
  if (host) url.hostname = host;
  else url.searchParams.set('school', tenant.slug);
  return url.toString();
}

/** A page of the console as a link in an e-mail names it: the school's own host when it has one, else PUBLIC_URL. */
export function schoolAddress(publicUrl: string, tenant: Pick<TenantContext, 'hosts'>, path: string): string {
  const url = new URL(path, publicUrl);
  const host = tenant.hosts[0];
  if (host) url.hostname = host;
  return url.toString();
}
