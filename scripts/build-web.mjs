// Builds the browser console (web/, a Preact app) into dist/web with Vite, then writes a brotli and a
// gzip copy beside every text file, so `desk serve` sends compressed bytes without compressing at
// start-up or per request (src/adapters/http/web-assets.ts reads them).
//
// Like the other build steps it does nothing when nothing changed: the console is rebuilt only when a
// file under web/, the shared vocabulary it takes from src (src/contract and the domain modules it
// re-exports) or the lockfile is newer than dist/web/index.html.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'web');
const out = join(root, 'dist', 'web');

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -Infinity;
  }
};

function newest(dir) {
  let latest = -Infinity;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : mtime(path));
  }
  return latest;
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const COMPRESSIBLE = /\.(html|js|css|svg|json|webmanifest|txt)$/;

const inputs = [newest(source), newest(join(root, 'src', 'contract')), newest(join(root, 'src', 'domain'))];
if (mtime(join(out, 'index.html')) < Math.max(...inputs, mtime(join(root, 'package-lock.json')))) {
  await build({ configFile: join(source, 'vite.config.ts'), logLevel: 'warn' });
  for (const file of files(out)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    const gz = gzipSync(body, { level: 9 });
    // A compressed copy that saves nothing is not written: the file is sent as it is.
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  }
}
