import { readFileSync } from 'node:fs';
import { VERSION, type BuildInfo } from '../config/index.js';

/**
 * Commit and build time are written next to the compiled code by scripts/write-build-info.mjs at
 * build time. A missing file (running from source in tests) yields nulls, never an error.
 */
export function readBuildInfo(): BuildInfo {
  try {
    const raw = JSON.parse(readFileSync(new URL('../build-info.json', import.meta.url), 'utf8')) as Partial<BuildInfo>;
    return {
      version: VERSION,
      commit: typeof raw.commit === 'string' ? raw.commit : null,
      builtAt: typeof raw.builtAt === 'string' ? raw.builtAt : null,
    };
  } catch {
    return { version: VERSION, commit: null, builtAt: null };
  }
}
