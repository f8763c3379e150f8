/**
 * Where a school's people reach Desk: every link Desk makes for a school (an invitation, a recovery
 * link, the MCP address in a key's configuration) starts here. The school's first host name, with
 * PUBLIC_URL's scheme and port (that is where the school's own pages are served: adapters/http/origin.ts),
 * else PUBLIC_URL itself. One rule, so a link never points at localhost while the school has a name.
 */
export function schoolBaseUrl(publicUrl: string, hosts: readonly string[]): string {
  const base = new URL(publicUrl);
  const host = hosts[0];
  if (host === undefined) return publicUrl.replace(/\/+$/, '');
  return `${schoolOrigin(base, host)}${base.pathname.replace(/\/+$/, '')}`;
}

/** A school host's origin with PUBLIC_URL's scheme and port. */
export function schoolOrigin(base: URL, host: string): string {
  return `${base.protocol}//${host}${base.port ? `:${base.port}` : ''}`;
}
