/**
 * Dates and money as the school reads them: in its time zone and currency (from `GET /api/auth/me`),
 * in the browser's language.
 */
import { portalMe } from './state/portal.js';
import { me } from './state/session.js';

/** The school's time zone: the console's session says it, and in the portal the requester's (GET /api/portal/me). */
const timeZone = (): string => me.value?.tenant.timeZone ?? portalMe.value?.school.timeZone ?? 'UTC';
const currency = () => me.value?.tenant.currency ?? 'EUR';

/** `2026-03-10` (a calendar date, no time zone of its own) as `10 Mar 2026`. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '—';
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1)),
  );
}

/** An instant (ISO 8601) as a date and time in the school's time zone. */
export function formatInstant(instant: string | null | undefined): string {
  if (!instant) return '—';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: timeZone() }).format(
    new Date(instant),
  );
}

/** Today as a calendar date (`YYYY-MM-DD`) in the school's time zone. */
export function todayInSchool(): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZone(),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** How many minor units a major unit of the school's currency has (2 for EUR, 0 for JPY). */
export function currencyDigits(): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency: currency() }).resolvedOptions().maximumFractionDigits ??
    2
  );
}

/** Minor units (cents) as money in the school's currency: `12550` → `€125.50`. */
export function formatMoney(minor: number | null | undefined): string {
  if (minor === null || minor === undefined) return '—';
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency() }).format(
    minor / 10 ** currencyDigits(),
  );
}

/** What someone typed as money (`125.5`, `125,50`) in minor units, or null when it is not money. */
export function parseMoney(text: string): number | null {
  const normalised = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  const digits = currencyDigits();
  const [whole, fraction = ''] = normalised.replace('-', '').split('.');
  if (fraction.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return normalised.startsWith('-') ? -minor : minor;
}

/** A count in the browser's language (`12,400`). */
export const formatCount = (n: number): string => new Intl.NumberFormat().format(n);

/** A file's size in bytes as people read it: `512 bytes`, `2.4 KB`, `38 KB`, `1.5 MB` (1 KB = 1024 bytes). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${formatCount(bytes)} bytes`;
  const [amount, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  const digits = amount < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: digits }).format(amount)} ${unit}`;
}
