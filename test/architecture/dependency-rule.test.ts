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

  it('adapters run declared use cases only through perform or the catalogue, never execute itself', () => {
    // A declared use case's execute trusts its caller to have admitted the call (use-case.ts): a
    // surface calling it directly would skip the permission check and the input's parsing.
    const declared = filesUnder(join(SRC, 'domain')).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return text.includes('static readonly input') ? [...text.matchAll(/export class (\w+)/g)].map((m) => m[1]!) : [];
    });
    expect(declared).toContain('IssueLoan');
    const direct = new RegExp(`(?:get|resolve)(?:<[^>]*>)?\\(\\s*(?:${declared.join('|')})\\s*\\)\\s*\\.execute\\(`);
    const offences = filesUnder(join(SRC, 'adapters'))
      .concat(filesUnder(join(SRC, 'bootstrap')))
      .filter((file) => direct.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(offences).toEqual([]);
  });

  it('finds the imports it checks (the scan itself works)', () => {
    const imports = filesUnder(join(SRC, 'domain')).flatMap(importsOf);
    expect(imports).toContain('inversify');
    expect(imports).toContain('zod');
  });
});
