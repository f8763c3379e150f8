import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

/** One file of the console's build, with its compressed forms (brotli, gzip) when the build made them. */
export interface WebFile {
  readonly type: string;
  readonly body: Buffer;
  readonly br: Buffer | null;
  readonly gzip: Buffer | null;
}

/** The browser console as built (`npm run build` → dist/web): its page and its hashed assets. */
export interface WebAssets {
  readonly index: WebFile;
  /** By path below the root, e.g. `/assets/index-3f2a1b.js`. */
  readonly files: ReadonlyMap<string, WebFile>;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};
/** Compressed forms written beside each file by the build (scripts/compress-web.mjs). */
const ENCODINGS = { br: '.br', gzip: '.gz' } as const;

function webFile(path: string): WebFile {
  const read = (p: string) => (existsSync(p) ? readFileSync(p) : null);
  return {
    type: TYPES[extname(path)] ?? 'application/octet-stream',
    body: readFileSync(path),
    br: read(path + ENCODINGS.br),
    gzip: read(path + ENCODINGS.gzip),
  };
}

function* walk(dir: string, prefix: string): Generator<[string, string]> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path, `${prefix}/${entry.name}`);
    else if (entry.isFile() && !entry.name.endsWith(ENCODINGS.br) && !entry.name.endsWith(ENCODINGS.gzip)) {
      yield [`${prefix}/${entry.name}`, path];
    }
  }
}

/**
 * Reads the built console into memory once, with the compressed forms the build wrote beside each
 * file: a few hundred kilobytes, served without touching the disk and without a path from a request
 * ever reaching the filesystem. Null when the directory holds no build (`index.html`).
 */
export function loadWebAssets(dir: string): WebAssets | null {
  const indexPath = join(dir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const files = new Map<string, WebFile>();
  for (const [path, file] of walk(dir, '')) {
    if (path !== '/index.html') files.set(path, webFile(file));
  }
  return { index: webFile(indexPath), files };
}
