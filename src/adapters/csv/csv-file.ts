import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { MalformedTabularFile, TabularFile, type TabularRecord } from '../../ports/tabular-file.js';
import { unguardFormula } from './formula-guard.js';

/** How much of the file's start is read to find its delimiter (the header line is far shorter). */
const SNIFF_BYTES = 64 * 1024;
/**
 * The longest record accepted. A person, device or loan row is a few hundred bytes; a record this long
 * is a quote left open, which would otherwise swallow the rest of the file into one cell in memory.
 */
export const MAX_RECORD_BYTES = 64 * 1024;
const READ_CHUNK_BYTES = 256 * 1024;
const BOM = '\uFEFF';

/**
 * The delimiter of a header line: `;` when it has more semicolons than commas outside quotes (what
 * spreadsheets in many European locales write), `,` otherwise (RFC 4180, and a one-column file).
 */
export function delimiterOf(headerLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of headerLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') commas++;
    else if (!quoted && c === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** The first line of the file (without a BOM), as far as SNIFF_BYTES reach. */
async function firstLine(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const start = text.startsWith(BOM) ? 1 : 0;
    const end = text.search(/[\r\n]/);
    return text.slice(start, end === -1 ? undefined : end);
  } finally {
    await handle.close();
  }
}

/** Line breaks inside a record's cells (quoted ones), CRLF counting once. */
function breaksIn(cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) {
    if (cell.indexOf('\n') === -1 && cell.indexOf('\r') === -1) continue;
    breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return breaks;
}

const REASONS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed (a " is missing)',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell has text after its closing quote (write a " inside a quoted cell as "")',
  INVALID_OPENING_QUOTE: 'a " inside a cell that is not quoted (quote the cell and write the " as "")',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted cell has text after its closing quote',
  CSV_MAX_RECORD_SIZE: `a record longer than ${MAX_RECORD_BYTES / 1024} KiB: is a quote left open?`,
};

/**
 * A CSV file on disk, read as TabularFile records: RFC 4180 quoting, UTF-8 with or without a BOM, the
 * delimiter (comma or semicolon) found from the header line, the formula guard of an export taken off
 * (formula-guard.ts). Parsing is csv-parse's, streamed: a record at a time, whatever the file's size.
 * Bytes that are not UTF-8 stop the reading at their line: a file saved in a legacy encoding (a
 * spreadsheet's "CSV" in Windows-1252) must be saved again as "CSV UTF-8".
 */
export class CsvFile extends TabularFile {
  constructor(
    readonly path: string,
    private readonly chunkBytes = READ_CHUNK_BYTES,
  ) {
    super();
  }

  async *records(): AsyncGenerator<TabularRecord> {
    const delimiter = delimiterOf(await firstLine(this.path));
    const source = createReadStream(this.path, { highWaterMark: this.chunkBytes });
    // A malformed record is reported through on_skip (with how many records came before it) rather
    // than as a stream error, which would drop the records still buffered: so its line is known.
    let malformed: { readonly before: number; readonly code: string } | null = null;
    const parser = parse({
      bom: true,
      delimiter,
      relax_column_count: true, // the import judges the cell count, naming the line
      skip_empty_lines: false, // counted here, so line numbers stay right
      max_record_size: MAX_RECORD_BYTES,
      skip_records_with_error: true,
      on_skip: (error) => {
        malformed ??= { before: Number(error?.records ?? 0), code: String(error?.code ?? '') };
      },
    });
    // pipeline: a read error reaches the parser (and so this loop), and either end closes both.
    pipeline(source, parser, () => undefined);
    let line = 1;
    let seen = 0;
    const stopIfMalformed = () => {
      if (malformed && malformed.before <= seen)
        throw new MalformedTabularFile(line, REASONS[malformed.code] ?? 'the file is not valid CSV here');
    };
    try {
      for await (const raw of parser as AsyncIterable<string[]>) {
        stopIfMalformed();
        seen++;
        const start = line;
        line += 1 + breaksIn(raw);
        if (raw.length === 1 && raw[0] === '') continue; // a blank line
        const cells = raw.map(unguardFormula);
        if (cells.some((c) => c.includes('\uFFFD')))
          throw new MalformedTabularFile(start, 'the file is not UTF-8 text: save it as "CSV UTF-8" and send it again');
        yield { line: start, cells };
      }
      stopIfMalformed();
    } catch (e) {
      if (!(e instanceof CsvError)) throw e;
      throw new MalformedTabularFile(line, REASONS[e.code] ?? 'the file is not valid CSV here');
    } finally {
      source.destroy();
      parser.destroy();
    }
  }
}
