/**
 * CSV, the format of imports and exports (issue 12, points 8 and 9), through the `csv` project's
 * streaming parser and writer (csv-parse, csv-stringify). The public face of this adapter: the
 * HTTP routes and the CLI reach it only through this file.
 */
export { CsvFile, MAX_RECORD_BYTES, delimiterOf } from './csv-file.js';
export { CsvTooLarge, SpooledCsv, type SpoolOptions } from './spooled-csv.js';
export { csvStream, type ExportCell } from './csv-export.js';
export { guardFormula, unguardFormula } from './formula-guard.js';
