/**
 * Dates, times and money as a school's staff read them in a message: in the school's time zone and
 * currency, never an ISO instant or a count of minor units. Problem documents keep their codes and
 * fields for programs; their `detail` is for people, and says things this way.
 */
import { currencyDecimals } from './money.js';

const LOCALE = 'en-GB';

/** `2 Dec 2026, 09:00–10:30` (one day), else `2 Dec 2026, 09:00 to 3 Dec 2026, 10:30`. */
export function spanInWords(from: string, to: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone });
  const time = new Intl.DateTimeFormat(LOCALE, { timeStyle: 'short', timeZone });
  const [a, b] = [new Date(from), new Date(to)];
  if (day.format(a) === day.format(b)) return `${day.format(a)}, ${time.format(a)}–${time.format(b)}`;
  return `${day.format(a)}, ${time.format(a)} to ${day.format(b)}, ${time.format(b)}`;
}

/** `9 December 2026 at 10:00`: one instant, in the school's time zone. */
export function instantInWords(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(instant));
}

/** `€45.50`: whole minor units in the school's currency, with its own decimals. */
export function moneyInWords(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  try {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: decimals }).format(
      minor / 10 ** decimals,
    );
  } catch {
    return `${(minor / 10 ** decimals).toFixed(decimals)} ${currency}`;
  }
}

/** States whose code does not read as it is said. */
const STATE_WORDS: Readonly<Record<string, string>> = { FULFILLED: 'picked up', ACTIVE: 'active' };

/** A status code as a person says it: `IN_REPAIR` is "in repair", `FULFILLED` "picked up". */
export const stateInWords = (code: string): string => STATE_WORDS[code] ?? code.replace(/_/g, ' ').toLowerCase();

/** `new or assigned`, `in repair, resolved or closed`: codes listed in words. */
export function statesInWords(codes: readonly string[]): string {
  const words = codes.map(stateInWords);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
