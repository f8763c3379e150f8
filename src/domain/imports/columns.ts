import type { TabularRecord } from '../../ports/tabular-file.js';
import { isCalendarDate } from '../shared/dates.js';
import { hasControlCharacters, isWellFormedText } from '../shared/text.js';
import { isEmail, normaliseEmail } from '../identity/user.js';
import type { RowProblems } from './row-problems.js';

/**
 * How a header cell names a column: case, spaces, underscores, hyphens and dots do not count, so
 * `External ID`, `external_id` and `externalId` are one column.
 */
export const columnKey = (header: string): string =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');

/** Unknown columns listed in a report, at most (a wide spreadsheet may have dozens). */
const MAX_IGNORED_LISTED = 20;

/** Where each known column is in the file; columns the file lacks are absent. */
export interface Header<F extends string> {
  readonly line: number;
  readonly positions: Partial<Record<F, number>>;
  /** Header cells that name no known column (trimmed, as written), the first few. */
  readonly ignored: readonly string[];
  /** How many cells the header has. */
  readonly width: number;
}

/**
 * Reads a header row against the columns an import knows (`known`, in their canonical spelling): a
 * column named twice is a problem at line `header.line`; unknown columns are ignored and listed.
 */
export function readHeader<F extends string>(
  record: TabularRecord,
  known: readonly F[],
  problems: RowProblems,
  expected: readonly string[] = [],
): Header<F> {
  const byKey = new Map(known.map((f) => [columnKey(f), f] as const));
  const quiet = new Set(expected.map(columnKey));
  const positions: Partial<Record<F, number>> = {};
  const ignored: string[] = [];
  record.cells.forEach((cell, i) => {
    const field = byKey.get(columnKey(cell));
    if (field === undefined) {
      if (cell.trim() !== '' && !quiet.has(columnKey(cell)) && ignored.length < MAX_IGNORED_LISTED)
        ignored.push(cell.trim());
    } else if (positions[field] !== undefined) {
      problems.add(record.line, field, 'the column appears twice in the header');
    } else {
      positions[field] = i;
    }
  });
  return { line: record.line, positions, ignored, width: record.cells.length };
}

/** Names a required column the header lacks, as a problem of line 1 (the header). */
export function requireColumns<F extends string>(header: Header<F>, required: readonly F[], problems: RowProblems) {
  for (const field of required)
    if (header.positions[field] === undefined) problems.add(header.line, field, 'the header has no such column');
}

/**
 * Reads one record's cells by column, collecting its problems. Each reader answers the value, `null`
 * for a blank cell, or `undefined` when the file has no such column (the stored value is then left as
 * it is) — and also `undefined` for a cell with a problem, with `ok` turned false.
 */
export class RowReader<F extends string> {
  ok = true;

  constructor(
    private readonly header: Header<F>,
    readonly record: TabularRecord,
    private readonly problems: RowProblems,
  ) {
    const extra = record.cells.slice(header.width).some((c) => c.trim() !== '');
    if (extra) this.fail(null, `has ${record.cells.length} cells, but the header has ${header.width}`);
  }

  get line(): number {
    return this.record.line;
  }

  has(field: F): boolean {
    return this.header.positions[field] !== undefined;
  }

  fail(field: F | string | null, message: string): undefined {
    this.ok = false;
    this.problems.add(this.record.line, field, message);
    return undefined;
  }

  /** The cell trimmed ('' when blank or missing from a short row), or undefined without the column. */
  cell(field: F): string | undefined {
    const at = this.header.positions[field];
    return at === undefined ? undefined : (this.record.cells[at] ?? '').trim();
  }

  /** Text of 1..max characters, well-formed (no control characters but tab and line breaks). */
  text(field: F, max: number, o: { required?: boolean } = {}): string | null | undefined {
    const value = this.cell(field);
    if (value === undefined) return undefined;
    if (value === '') return o.required ? this.fail(field, 'must not be empty') : null;
    if (hasControlCharacters(value)) return this.fail(field, 'must not contain control characters');
    if (!isWellFormedText(value)) return this.fail(field, 'must be well-formed Unicode text');
    if (value.length > max) return this.fail(field, `must be at most ${max} characters`);
    return value;
  }

  /** One of `values`, written in any case. */
  choice<V extends string>(field: F, values: readonly V[], o: { required?: boolean } = {}): V | null | undefined {
    const value = this.cell(field);
    if (value === undefined) return undefined;
    if (value === '') return o.required ? this.fail(field, `must be one of ${values.join(', ')}`) : null;
    const upper = value.toUpperCase();
    const found = values.find((v) => v === upper);
    return found ?? this.fail(field, `must be one of ${values.join(', ')}`);
  }

  /** A calendar date written YYYY-MM-DD. */
  date(field: F): string | null | undefined {
    const value = this.cell(field);
    if (value === undefined || value === '') return value === '' ? null : undefined;
    return isCalendarDate(value) ? value : this.fail(field, 'must be a date in the form YYYY-MM-DD');
  }

  /** An e-mail address, normalised (trimmed, lower case). */
  email(field: F): string | null | undefined {
    const value = this.text(field, 320);
    if (value === null || value === undefined) return value;
    const email = normaliseEmail(value);
    return isEmail(email) ? email : this.fail(field, 'must be an e-mail address');
  }
}
