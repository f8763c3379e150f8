import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { TabularFile, type TabularRecord } from '../../ports/tabular-file.js';
import { CsvFile } from './csv-file.js';

/** The upload was larger than the limit (IMPORT_MAX_MB): nothing of it is kept. */
export class CsvTooLarge extends Error {
  override readonly name = 'CsvTooLarge';
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
  }
}

/** Spool files older than this are left-overs of a process that died mid-import: removed. */
const STALE_MS = 24 * 60 * 60 * 1000;
const PREFIX = 'upload-';

export interface SpoolOptions {
  /** Where the copy is written (created owner-only when missing): a directory of the data directory. */
  readonly dir: string;
  /** More bytes than this → CsvTooLarge. */
  readonly maxBytes: number;
}

/**
 * A CSV that arrives as a stream (an HTTP body, standard input), copied to an owner-only file in
 * `dir` the first time it is read, so it can be read twice without being held in memory. The copy
 * is made lazily: a request refused before its records are read (module off, no permission, a bad
 * parameter) never writes a byte to disk. The stream counts toward `maxBytes` as it is copied, so an
 * endless body stops at the limit. `dispose()` removes the copy; call it when the import is done.
 */
export class SpooledCsv extends TabularFile {
  private copied: Promise<CsvFile> | null = null;
  private path: string | null = null;

  /** `source`: the stream, or how to open it (called on first read: a decoder is only piped then). */
  constructor(
    private readonly source: Readable | (() => Readable),
    private readonly options: SpoolOptions,
  ) {
    super();
  }

  async *records(): AsyncGenerator<TabularRecord> {
    yield* (await (this.copied ??= this.copy())).records();
  }

  async dispose(): Promise<void> {
    if (this.path) await rm(this.path, { force: true });
  }

  private async copy(): Promise<CsvFile> {
    const { dir, maxBytes } = this.options;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await removeStale(dir);
    const path = join(dir, `${PREFIX}${randomUUID()}.csv`);
    this.path = path;
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    try {
      await copyAtMost(typeof this.source === 'function' ? this.source() : this.source, out, maxBytes);
    } catch (e) {
      out.destroy();
      await rm(path, { force: true });
      throw e;
    }
    return new CsvFile(path);
  }
}

/**
 * Copies `source` into `out`, failing with CsvTooLarge past `maxBytes`. The source is never destroyed
 * here: past the limit it is unpiped and drained, so an HTTP server can still answer 413 on the same
 * connection (destroying a request's stream would cut the connection before any answer).
 */
function copyAtMost(source: Readable, out: Writable, maxBytes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
        if (bytes > maxBytes) fail(new CsvTooLarge(maxBytes));
      },
    });
    let settled = false;
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(limit);
      source.resume(); // discard the rest
      limit.destroy();
      reject(e);
    };
    source.on('error', fail);
    limit.on('error', fail);
    out.once('error', fail);
    out.once('finish', () => {
      if (settled) return;
      settled = true;
      resolve();
    });
    source.pipe(limit).pipe(out);
  });
}

async function removeStale(dir: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(PREFIX)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_MS) await rm(path, { force: true });
  }
}
