#!/usr/bin/env node
// The installed `desk` command: runs the compiled CLI (npm run build writes dist/).
try {
  await import('../dist/main.js');
} catch (e) {
  if (e && e.code === 'ERR_MODULE_NOT_FOUND' && String(e.message).includes('dist/main.js')) {
    process.stderr.write('desk: not built yet; run npm run build\n');
    process.exit(1);
  }
  throw e;
}
