#!/usr/bin/env node
// The installed `desk` command: runs the compiled CLI, bundled into one file (npm run build writes
// dist/ and dist/bundle/; scripts/bundle.mjs says why).
try {
  await import('../dist/bundle/desk.mjs');
} catch (e) {
  if (e && e.code === 'ERR_MODULE_NOT_FOUND' && String(e.message).includes('dist/bundle/desk.mjs')) {
    process.stderr.write('desk: not built yet; run npm run build\n');
    process.exit(1);
  }
  throw e;
}
