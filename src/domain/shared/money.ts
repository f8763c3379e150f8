/**
 * Money is stored in whole minor units of the tenant's currency (cents for EUR, yen for JPY, fils for
 * KWD). People read and write it in major units with the currency's own number of decimals, which
 * Intl knows for every ISO 4217 code (2 when it does not know the code).
 */
const decimalsByCurrency = new Map<string, number>();

export function currencyDecimals(currency: string): number {
  let decimals = decimalsByCurrency.get(currency);
  if (decimals === undefined) {
    try {
      decimals = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
    } catch {
      decimals = 2;
    }
    decimals ??= 2;
    decimalsByCurrency.set(currency, decimals);
  }
  return decimals;
}

/**
 * An amount in major units as a person writes it — `499.99`, `499,99` (a decimal comma, as
 * spreadsheets in many locales save it), `500` — as whole minor units; null when it is not such an
 * amount: a sign, thousands separators, more decimals than the currency has, or an amount too large
 * to store are all refused rather than guessed.
 */
export function parseMajorUnits(text: string, decimals: number): number | null {
  const m = /^(\d{1,15})(?:[.,](\d+))?$/.exec(text);
  if (!m) return null;
  const fraction = m[2] ?? '';
  if (fraction.length > decimals) return null;
  const minor = Number(m[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(minor) && minor <= 2_147_483_647 ? minor : null;
}

/** Whole minor units written in major units with exactly the currency's decimals: 49999 → `499.99`. */
export function formatMinorUnits(minor: number, decimals: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (decimals === 0) return `${sign}${abs}`;
  const unit = 10 ** decimals;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(decimals, '0')}`;
}
