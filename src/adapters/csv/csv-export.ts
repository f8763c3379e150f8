import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { guardFormula } from './formula-guard.js';

/** A cell of an export: text, or null for an empty cell. */
export type ExportCell = string | null;

const BOM = '\uFEFF';

/** One page of rows as CSV text: RFC 4180 (CRLF, quotes only where needed), formula cells guarded. */
function csvText(rows: readonly (readonly ExportCell[])[]): string {
  return stringify(
    rows.map((row) => row.map((cell) => (cell === null ? '' : guardFormula(cell)))),
    // Line breaks inside a cell must be quoted too (csv-stringify quotes only its own record delimiter).
    { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}

/**
 * An export as a stream of CSV text, written as its pages come (never the whole file in memory):
 * a UTF-8 BOM (so spreadsheets read names in any script right), the header row, then each page.
 * The first page is read before the stream is returned, so a failure to read at all (an outage, a
 * bad filter) is still answered as an error rather than as an empty download; a failure later ends
 * the stream with that error, and the client sees a cut download, never a short file that looks whole.
 * Destroying the stream (a client hanging up) stops the reading.
 */
export async function csvStream(
  columns: readonly string[],
  pages: AsyncIterable<readonly (readonly ExportCell[])[]>,
): Promise<Readable> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* text(): AsyncGenerator<string> {
    try {
      yield BOM + csvText([columns]) + (first.done ? '' : csvText(first.value));
      if (first.done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        if (next.value.length > 0) yield csvText(next.value);
      }
    } finally {
      await iterator.return?.();
    }
  }
  return Readable.from(text(), { objectMode: false });
}
