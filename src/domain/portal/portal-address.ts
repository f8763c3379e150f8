import type { TenantContext } from '../shared/actor.js';

/** A page of the console as a link in an e-mail names it: the school's own host when it has one, else PUBLIC_URL. */
export function schoolAddress(publicUrl: string, tenant: Pick<TenantContext, 'hosts'>, path: string): string {
  const url = new URL(path, publicUrl);
  const host = tenant.hosts[0];
  if (host) url.hostname = host;
  return url.toString();
}

/**
 * A page of the portal as a link in an e-mail names it: as a console page, and on a shared address
 * with the school named in the query, as the portal's sign-in needs it there.
 */
export function portalAddress(publicUrl: string, tenant: Pick<TenantContext, 'slug' | 'hosts'>, path: string): string {
  const url = new URL(schoolAddress(publicUrl, tenant, path));
  if (!tenant.hosts[0]) url.searchParams.set('school', tenant.slug);
  return url.toString();
}
