// Writes dist/build-info.json: the commit (from git when present, else DESK_COMMIT) and the build
// time (DESK_BUILT_AT, else now). Read at run time by src/bootstrap/build-info.ts.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || null;
  } catch {
    return null;
  }
}

const info = {
  commit: gitCommit() ?? process.env.DESK_COMMIT ?? null,
  builtAt: process.env.DESK_BUILT_AT ?? new Date().toISOString(),
};
writeFileSync(new URL('../dist/build-info.json', import.meta.url), `${JSON.stringify(info)}\n`);
