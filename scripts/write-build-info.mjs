// Writes dist/build-info.json: the commit (from git when present, else DESK_COMMIT) and the build
// time (DESK_BUILT_AT, else now). Read at run time by src/bootstrap/build-info.ts. `tsc -b` skips a
// build whose output is current (npm start twice in a row), and then so does this: the build time
// stays the time the output was built, unless the commit has changed since.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';

const target = new URL('../dist/build-info.json', import.meta.url);
const compiled = new URL('../dist/.tsbuildinfo', import.meta.url);

function gitCommit() {
  try {
    return (
      execFileSync('git', ['rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || null
    );
  } catch {
    return null;
  }
}

function current(commit) {
  try {
    const written = JSON.parse(readFileSync(target, 'utf8'));
    return written.commit === commit && statSync(target).mtimeMs >= statSync(compiled).mtimeMs;
  } catch {
    return false;
  }
}

const commit = gitCommit() ?? process.env.DESK_COMMIT ?? null;
if (!current(commit) || process.env.DESK_BUILT_AT) {
  const info = { commit, builtAt: process.env.DESK_BUILT_AT ?? new Date().toISOString() };
  writeFileSync(target, `${JSON.stringify(info)}\n`);
}
