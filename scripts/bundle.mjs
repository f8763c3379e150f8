// Writes dist/bundle/desk.mjs: the compiled program (dist/main.js) and its JavaScript dependencies in
// one file, which is what bin/desk.js runs. Node 20 spends most of a cold start finding, reading and
// compiling some 900 module files one by one (inversify alone is 200); one file starts in about half
// the time, which every `desk serve` and every MCP client spawning `desk mcp --stdio` sees.
//
// What only some runs need is split off into chunks beside it (dist/bundle/*-<hash>.mjs), each loaded
// by the dynamic import that needs it: the Postgres driver and Redis client when configured, mail with
// the first alert, the OpenID client with the first single sign-on, the MCP SDK with the first MCP
// message. V8 keeps the source of every loaded file for as long as the process runs (functions are
// compiled when first called), so one file of everything cost an idle server its 4.4 MB and more;
// `desk serve` on SQLite now loads about 3.2 MB. Chunks sit in the bundle's own folder, so that paths
// taken from import.meta.url (dist/web, dist/build-info.json) are the same from any of them.
//
// Left out, and loaded from node_modules as before: better-sqlite3 (a native addon), pg-native (an
// optional addon pg looks for) and @sentry/node (loaded only when SENTRY_DSN is set). The bundle is
// not minified, so names in stack traces stay those of the code (esbuild's keepNames would cost a
// defineProperty for every closure made per request); dist/bundle/desk.mjs.map maps them back to
// src/ (NODE_OPTIONS=--enable-source-maps).
//
// Like the other build steps it writes nothing when nothing changed: the bundle is rebuilt only when
// a compiled file or the lockfile is newer than it, and written only when its bytes differ.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const outdir = join(dist, 'bundle');
const out = join(outdir, 'desk.mjs');

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -Infinity;
  }
};

/** The newest input: every compiled module (outside the bundle itself) and the lockfile. */
function newestInput(dir = dist) {
  let newest = mtime(join(root, 'package-lock.json'));
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== outdir) newest = Math.max(newest, newestInput(path));
    } else if (entry.name.endsWith('.js')) newest = Math.max(newest, mtime(path));
  }
  return newest;
}

if (mtime(out) < newestInput()) {
  const result = await build({
    entryPoints: { desk: join(dist, 'main.js') },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Smaller source (V8 keeps it for lazy compilation) with every name kept as written.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'linked',
    external: ['better-sqlite3', 'pg-native', '@sentry/node'],
    // CommonJS dependencies call require(); an ES module has none until it is made.
    banner: {
      js: "import { createRequire as __deskRequire } from 'node:module'; const require = __deskRequire(import.meta.url);",
    },
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(outdir, { recursive: true });
  // Chunks of an earlier build (their names hold their hash) would only pile up.
  const written = new Set(result.outputFiles.map((file) => file.path));
  for (const name of readdirSync(outdir)) if (!written.has(join(outdir, name))) rmSync(join(outdir, name));
  for (const file of result.outputFiles) {
    let same = false;
    try {
      same = readFileSync(file.path).equals(file.contents);
    } catch {
      // not written yet
    }
    if (!same) writeFileSync(file.path, file.contents);
  }
}
