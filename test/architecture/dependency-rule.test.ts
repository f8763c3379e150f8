/**
 * The dependency rule of the hexagon: the domain and the ports import no technology. Adapters and
 * bootstrap may import the domain; never the other way round.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const FORBIDDEN = [
  /^koa$/,
  /^@koa\//,
  /^pg$/,
  /^better-sqlite3$/,
  /^@modelcontextprotocol\//,
  /^yargs/,
  /^prom-client$/,
  /^(node:)?(fs|fs\/promises|http|https|net|child_process|crypto|os|path)$/,
  /\/adapters\//,
  /\/bootstrap\//,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const importsOf = (file: string): string[] =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => (m[1] ?? m[2])!);

describe('dependency rule', () => {
  for (const ring of ['domain', 'ports']) {
    it(`src/${ring} imports no adapter, framework, driver or I/O module`, () => {
      const offences = filesUnder(join(SRC, ring)).flatMap((file) =>
        importsOf(file)
          .filter((spec) => FORBIDDEN.some((re) => re.test(spec)))
          .map((spec) => `${relative(SRC, file)} imports ${spec}`),
      );
      expect(offences).toEqual([]);
    });
  }

  it('finds the imports it checks (the scan itself works)', () => {
    const imports = filesUnder(join(SRC, 'domain')).flatMap(importsOf);
    expect(imports).toContain('inversify');
    expect(imports).toContain('zod');
  });
});
