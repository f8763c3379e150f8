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
