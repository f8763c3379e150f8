/**
 * The dependency rule of the hexagon, checked over every import in src:
 * - the domain and the ports import no technology (no adapter, framework, driver or I/O module);
 * - the domain sets no timer and reads no wall clock: it waits and tells the time through Clock;
 * - a port imports types only, from the domain or another port;
 * - no adapter imports bootstrap or the entry point: the program drives the adapters, never the reverse;
 * - an adapter reaches another adapter only through that adapter's public face, its `index.ts`
 *   (adapters are the folders of src/adapters; persistence/sqlite and persistence/postgres are the
 *   two halves of one, sharing persistence/*.ts);
 * - surfaces run declared use cases only through perform or the catalogue, never `execute` itself;
 * - the browser console (web/src) takes from src only modules that import no package at run time, so
 *   one state machine or list serves both while the bundle gets no zod or inversify;
 * - no modules of src or web/src import each other round, not even for a type or through import().
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const TECHNOLOGY = [
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

function filesUnder(dir: string, ext = /\.ts$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name), ext) : ext.test(e.name) ? [join(dir, e.name)] : [],
  );
}

interface Import {
  readonly spec: string;
  readonly typeOnly: boolean;
}

const importsOf = (file: string): Import[] =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /(?:^|\n)\s*(import|export)(\s+type)?\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => ({ spec: (m[3] ?? m[4])!, typeOnly: m[2] !== undefined }));

/** Where a relative import lands, as a path under src (`adapters/http/server.ts`); null for packages. */
function target(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return relative(SRC, resolve(dirname(file), spec)).replace(/\.js$/, '.ts');
}

/** The adapter a path under src belongs to (`http`, `persistence`...), or null outside src/adapters. */
const adapterOf = (path: string): string | null => /^adapters\/([^/]+)\//.exec(path)?.[1] ?? null;

const offencesOf = (files: string[], offence: (file: string, imp: Import) => string | null) =>
  files.flatMap((file) =>
    importsOf(file).flatMap((imp) => {
      const why = offence(file, imp);
      return why ? [`${relative(SRC, file)} imports ${imp.spec}: ${why}`] : [];
    }),
  );

describe('dependency rule', () => {
  for (const ring of ['domain', 'ports']) {
    it(`src/${ring} imports no adapter, framework, driver or I/O module`, () => {
      const offences = offencesOf(filesUnder(join(SRC, ring)), (_, { spec }) =>
        TECHNOLOGY.some((re) => re.test(spec)) ? 'technology' : null,
      );
      expect(offences).toEqual([]);
    });
  }

  it('a port imports types only, from the domain or another port', () => {
    const offences = offencesOf(filesUnder(join(SRC, 'ports')), (file, imp) => {
      const to = target(file, imp.spec);
      if (!imp.typeOnly) return 'not a type-only import';
      return to && (to.startsWith('domain/') || to.startsWith('ports/')) ? null : 'not the domain or a port';
    });
    expect(offences).toEqual([]);
  });

  it('the domain sets no timer and reads no wall clock: time comes from the Clock port', () => {
    // A timer in the domain is a wait no test can move (and a Node timer type in its signatures).
    const TIMERS = /\b(setTimeout|setInterval|setImmediate|Date\.now|performance\.now)\b|new Date\(\)|NodeJS\./;
    const offences = filesUnder(join(SRC, 'domain'))
      .filter((file) => TIMERS.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(offences).toEqual([]);
  });

  it('no adapter imports bootstrap or the entry point', () => {
    const offences = offencesOf(filesUnder(join(SRC, 'adapters')), (file, { spec }) => {
      const to = target(file, spec);
      return to && (to.startsWith('bootstrap/') || to === 'main.ts') ? 'the program drives the adapters' : null;
    });
    expect(offences).toEqual([]);
  });

  it("an adapter reaches another only through that adapter's index.ts", () => {
    const offences = offencesOf(filesUnder(join(SRC, 'adapters')), (file, { spec }) => {
      const to = target(file, spec);
      const from = adapterOf(relative(SRC, file));
      const other = to ? adapterOf(to) : null;
      if (!to || !other || other === from) return null;
      return to === `adapters/${other}/index.ts` ? null : `the internals of the ${other} adapter`;
    });
    expect(offences).toEqual([]);
  });

  it('adapters run declared use cases only through perform or the catalogue, never execute itself', () => {
    // A declared use case's execute trusts its caller to have admitted the call (use-case.ts): a
    // surface calling it directly would skip the permission check and the input's parsing.
    const declared = filesUnder(join(SRC, 'domain')).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return text.includes('static readonly input') ? [...text.matchAll(/export class (\w+)/g)].map((m) => m[1]!) : [];
    });
    expect(declared).toContain('IssueLoan');
    const direct = new RegExp(`(?:get|resolve)(?:<[^>]*>)?\\(\\s*(?:${declared.join('|')})\\s*\\)\\s*\\.execute\\(`);
    const offences = [...filesUnder(join(SRC, 'adapters')), ...filesUnder(join(SRC, 'bootstrap'))]
      .filter((file) => direct.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(offences).toEqual([]);
  });

  it('the console takes from src only modules that import no package at run time, however deep', () => {
    const WEB = join(import.meta.dirname, '../../web/src');
    // `@desk/contract` is the web's alias of src/contract/index.ts (web/vite.config.ts).
    const fromWeb = filesUnder(WEB, /\.tsx?$/).flatMap((file) =>
      importsOf(file)
        .filter((imp) => !imp.typeOnly && (imp.spec.includes('/src/') || imp.spec === '@desk/contract'))
        .map((imp) =>
          imp.spec === '@desk/contract'
            ? join(SRC, 'contract/index.ts')
            : resolve(dirname(file), imp.spec).replace(/\.js$/, '.ts'),
        ),
    );
    expect(fromWeb.map((f) => relative(SRC, f))).toContain('contract/index.ts');
    const offences: string[] = [];
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imp of importsOf(file).filter((i) => !i.typeOnly)) {
        if (imp.spec.startsWith('.')) visit(resolve(dirname(file), imp.spec).replace(/\.js$/, '.ts'));
        else offences.push(`${relative(SRC, file)} imports ${imp.spec}, which the console would bundle`);
      }
    };
    fromWeb.forEach(visit);
    expect(offences).toEqual([]);
  });

  it('no modules import each other round, even for a type or lazily (src and the console)', () => {
    // A loop makes a module's place unclear; a type that two modules share has a module of its own.
    const WEB = join(import.meta.dirname, '../../web/src');
    const files = new Set([...filesUnder(SRC), ...filesUnder(WEB, /\.tsx?$/)].filter((f) => !f.endsWith('.d.ts')));
    const importsOfFile = (file: string): string[] =>
      importsOf(file).flatMap(({ spec }) => {
        if (!spec.startsWith('.')) return [];
        const base = resolve(dirname(file), spec);
        const found = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base].find((f) => files.has(f));
        return found ? [found] : [];
      });
    // Depth-first: a module met again while it is still on the path closes a loop.
    const loops: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      state.set(file, 'open');
      for (const next of importsOfFile(file)) {
        if (state.get(next) === 'open')
          loops.push([...path.slice(path.indexOf(next)), next].map((f) => relative(SRC, f)).join(' -> '));
        else if (!state.has(next)) visit(next, [...path, next]);
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, [file]);
    expect(loops).toEqual([]);
  });

  it('finds what it checks (the scan itself works)', () => {
    const domain = filesUnder(join(SRC, 'domain')).flatMap(importsOf);
    expect(domain.map((i) => i.spec)).toContain('inversify');
    expect(domain.some((i) => i.typeOnly)).toBe(true);
    const http = filesUnder(join(SRC, 'adapters/http')).flatMap((file) =>
      importsOf(file).map((imp) => target(file, imp.spec)),
    );
    expect(http).toContain('adapters/mcp/index.ts');
    expect(adapterOf('adapters/persistence/sqlite/sql.ts')).toBe('persistence');
  });
});
