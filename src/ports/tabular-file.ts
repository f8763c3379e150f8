/**
 * A file of records with a header row, as a school's rostering or device system writes one (CSV):
 * what the imports read. The domain sees lines and cells, never the format.
 *
 * Contract, pinned by test/capabilities/imports/csv-file.test.ts for the CSV adapter:
 * - `records()` reads the file from its start every time it is called, so an import can read it
 *   twice (validate everything, then write) without ever holding it whole in memory.
 * - Records come in file order, the header first. `line` is the line of the file the record starts
 *   on (1 for a header on the first line), counting line breaks inside quoted cells, so a person
 *   opening the file in an editor finds it there. Blank lines are skipped.
 * - Cells are text exactly as the file holds them once unquoted and decoded, except for what the
 *   adapter itself adds to protect a spreadsheet (see the CSV adapter's formula guard), which it takes
 *   off again. Nothing is trimmed.
 * - A file that is not well-formed (an unclosed quote, bytes that are not UTF-8) makes the iteration
 *   throw `MalformedTabularFile` naming the line; what was read before stays read.
 */
export interface TabularRecord {
  readonly line: number;
  readonly cells: readonly string[];
}

export abstract class TabularFile {
  abstract records(): AsyncIterable<TabularRecord>;
}

/** The file cannot be read as records from this line on: the import reports it as that line's problem. */
export class MalformedTabularFile extends Error {
  override readonly name = 'MalformedTabularFile';
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}
