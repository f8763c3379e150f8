#!/usr/bin/env node
// The installed `desk` command: runs the compiled CLI, bundled into one file (npm run build writes
// dist/ and dist/bundle/; scripts/bundle.mjs says why).
import { setFlagsFromString } from 'node:v8';

// `desk serve` keeps V8's young generation at its initial size while the program loads, which alone
// would grow it for good (src/bootstrap/young-generation.ts says why, and lets it grow within a limit
// once the server is ready), unless the operator sized it with --max-semi-space-size. The usual
// spelling only: a server started otherwise is limited from serve() on.
const sized = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) =>
  /^--max[-_]semi[-_]space[-_]size\b/.test(arg),
);
if (process.argv[2] === 'serve' && !sized) setFlagsFromString('--semi-space-growth-factor=1');

try {
  await import('../dist/bundle/desk.mjs');
} catch (e) {
  if (e && e.code === 'ERR_MODULE_NOT_FOUND' && String(e.message).includes('dist/bundle/desk.mjs')) {
    process.stderr.write('desk: not built yet; run npm run build\n');
    process.exit(1);
  }
  throw e;
}
