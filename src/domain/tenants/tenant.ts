import { z } from 'zod';
import type { ModuleName } from '../access/permissions.js';
import type { TenantContext } from '../shared/actor.js';
import { invalidField } from '../shared/errors.js';
import { canonicalTimeZone } from '../shared/dates.js';
import { isAcceptableText } from '../shared/text.js';

export interface Tenant extends TenantContext {
  readonly createdAt: string;
}

/** What a school may change of itself after creation (its slug is its name in every address). */
export type SchoolDetails = Pick<NewTenant, 'name' | 'hosts' | 'timeZone' | 'currency'>;

/** What a school's page and `tenant update` show of it: its slug and what it may change. */
export const schoolSchema = z.object({
  slug: z.string(),
  name: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  hosts: z.array(z.string()),
});
export type SchoolView = z.infer<typeof schoolSchema>;
export const schoolResultSchema = z.object({ school: schoolSchema });

export const toSchoolView = (t: Pick<Tenant, 'slug' | keyof SchoolDetails>): SchoolView => ({
  slug: t.slug,
  name: t.name,
  timeZone: t.timeZone,
  currency: t.currency,
  hosts: [...t.hosts].sort(),
});

export interface NewTenant {
  readonly slug: string;
  readonly name: string;
  readonly hosts: readonly string[];
  readonly timeZone: string;
  readonly currency: string;
}

const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// A DNS host name: labels of letters, digits and hyphens, no scheme, no port.
const HOST_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const CURRENCY_RE = /^[A-Z]{3}$/;

/** Whether a text has the shape of a tenant slug / host name at all (lookups of anything else find nothing). */
export const isSlug = (s: string): boolean => SLUG_RE.test(s);
export const isHostName = (s: string): boolean => HOST_RE.test(s);

/** Validates and normalises a new tenant; throws `invalid` naming the field. */
export function validateNewTenant(input: NewTenant): NewTenant {
  const slug = input.slug.trim();
  if (!SLUG_RE.test(slug)) {
    throw invalidField('slug', 'use 1-63 lower-case letters, digits and hyphens, not starting or ending with a hyphen');
  }
  const name = input.name.trim();
  if (name.length < 1 || name.length > 200) throw invalidField('name', 'must be 1 to 200 characters');
  if (!isAcceptableText(name)) throw invalidField('name', 'must be well-formed text without control characters');
  const hosts = input.hosts.map((h) => h.trim().toLowerCase());
  hosts.forEach((h, i) => {
    if (!HOST_RE.test(h)) throw invalidField(`hosts.${i}`, `"${h}" is not a host name (no scheme or port)`);
  });
  if (new Set(hosts).size !== hosts.length) throw invalidField('hosts', 'a host is listed twice');
  const timeZone = canonicalTimeZone(input.timeZone);
  if (!timeZone) throw invalidField('timeZone', `"${input.timeZone}" is not an IANA time zone`);
  const currency = input.currency.trim().toUpperCase();
  if (!CURRENCY_RE.test(currency)) throw invalidField('currency', 'must be an ISO 4217 code such as EUR');
  return { slug, name, hosts, timeZone, currency };
}

export const withModules = (tenant: Tenant, modules: readonly ModuleName[]): Tenant => ({ ...tenant, modules });
