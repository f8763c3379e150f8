import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { OutboundGuard } from '../../ports/outbound-guard.js';

/** A resolver as node:http's `lookup` option takes it (all addresses form). */
export type GuardedLookup = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/**
 * Whether an address may be called: only public unicast. ipaddr.js names the ranges (loopback,
 * private, link-local — where cloud metadata lives, 169.254.169.254 and fd00:ec2::254 — unique
 * local, carrier-grade NAT, multicast, reserved, ...); everything but `unicast` is refused, and an
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The outbound rule for webhooks and monitors. Checked when a URL is registered (`refusal`) and
 * again on every call, inside the connection itself (`lookup`), so a name that resolves to a public
 * address at registration and to 127.0.0.1 later is still refused. With `allowPrivate`
 * (WEBHOOK_ALLOW_PRIVATE=true) only the scheme is checked.
 */
export class PublicAddressGuard extends OutboundGuard {
  constructor(private readonly allowPrivate: boolean) {
    super();
  }

  async refusal(raw: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'must be an absolute http or https URL';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
    if (url.username || url.password) return 'must not carry a user name or password';
    if (this.allowPrivate) return null;
    const host = hostOf(url);
    if (isIP(host)) return isPublicAddress(host) ? null : `${host} is not a public address`;
    let addresses: LookupAddress[];
    try {
      addresses = await new Promise((resolve, reject) =>
        dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
      );
    } catch {
      return `${host} does not resolve`;
    }
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    return refused ? `${host} resolves to ${refused.address}, which is not a public address` : null;
  }

  /** The `lookup` for an outgoing request: resolves as usual, then fails on any non-public address. */
  readonly lookup: GuardedLookup = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!this.allowPrivate) {
        const refused = addresses.find((a) => !isPublicAddress(a.address));
        if (refused) {
          const e: NodeJS.ErrnoException = new Error(
            `${hostname} resolves to ${refused.address}, which is not a public address`,
          );
          e.code = 'EADDRNOTPUBLIC';
          return callback(e, []);
        }
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
