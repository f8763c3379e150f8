/**
 * Cells a spreadsheet would run as a formula (OWASP "CSV injection"): text that starts with `=`, `+`,
 * `-` or `@`, or with a tab or carriage return (which some spreadsheets skip before looking). An
 * export writes such a cell with a `'` in front, which spreadsheets show as text; an import takes
 * exactly one `'` off again, so a value survives export → spreadsheet → import unchanged.
 *
 * To make that exact, a value that already starts with apostrophes before such a character gets one
 * more: `'=x` is written `''=x` and read back as `'=x`. Nothing else is touched: `'hello` stays as it is
 * both ways.
 */
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
const APOSTROPHE = 39;

/** Whether `value` is some apostrophes (perhaps none) followed by a formula trigger. */
function startsLikeFormula(value: string): boolean {
  let i = 0;
  while (value.charCodeAt(i) === APOSTROPHE) i++;
  return i < value.length && TRIGGERS.has(value[i]!);
}

/** The cell an export writes for `value`. */
export const guardFormula = (value: string): string => (startsLikeFormula(value) ? `'${value}` : value);

/** The value an import reads from `cell`: one guarding apostrophe taken off (the inverse of guardFormula). */
export const unguardFormula = (cell: string): string =>
  cell.charCodeAt(0) === APOSTROPHE && startsLikeFormula(cell) ? cell.slice(1) : cell;
