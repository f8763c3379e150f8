/**
 * `npm start` builds before it serves; a start with nothing changed must not rebuild (issue 9, item
 * 7): `tsc -b` finds the output current and writes nothing, and neither does the build-info step.
 * (npm test has just built, so the output is current when this runs.)
 */
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'dist');

/** Every file under dist with its modification time. */
function snapshot(): Map<string, number> {
  const files = new Map<string, number>();
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files.set(path, statSync(path).mtimeMs);
    }
  }
  return files;
}

it('a second build with nothing changed writes nothing', async () => {
  const before = snapshot();
  expect(before.size).toBeGreaterThan(50);
  await promisify(execFile)('npm', ['run', 'build', '--silent'], { cwd: root });
  expect(snapshot()).toEqual(before);
});
