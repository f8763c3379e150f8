/**
 * The browser console speaks to the server only through the console API's contract (issue 21,
 * point 2): the typed modules of web/src/api/ hold every address (`call('get', '/api/people')`,
 * checked against the generated console-api.gen.ts), and the wire types come from that generated
 * file. So no file of web/src outside api/ writes an address of the API, and no page declares the
 * shape of an answer or a request.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '../../web/src');

/** Types pages declare that are not on the wire: the state of what the user is doing. */
const NOT_WIRE: Readonly<Record<string, readonly string[]>> = {
  'pages/loans/scan/index.tsx': ['Entry', 'Move', 'Pending', 'RecentMove'],
  'pages/costs/chart.tsx': ['Bar'],
  // What the check of a file found, read from the 400's field pointers.
  'pages/settings/import/index.tsx': ['Problem', 'Stage'],
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** A string or template literal that starts with an API address. */
const writesAddress = (text: string) => /['"`]\/api\//.test(code(text));

/** The object types a file declares: interfaces, and type aliases of an object (or union of objects). */
const declaredShapes = (text: string): string[] =>
  [...code(text).matchAll(/^\s*(?:export\s+)?(?:interface\s+(\w+)|type\s+(\w+)\s*=\s*\|?\s*\{)/gm)].map(
    (m) => (m[1] ?? m[2])!,
  );

const files = filesUnder(WEB)
  .map((f) => relative(WEB, f).replaceAll('\\', '/'))
  .filter((f) => !f.startsWith('api/'));
const read = (f: string) => readFileSync(join(WEB, f), 'utf8');

describe('the console speaks through the contract', () => {
  it('writes API addresses only in web/src/api', () => {
    expect(files.length).toBeGreaterThan(60);
    expect(files.filter((f) => writesAddress(read(f)))).toEqual([]);
  });

  it('declares no wire type in a page', () => {
    const declared = files
      .filter((f) => f.startsWith('pages/'))
      .flatMap((f) => declaredShapes(read(f)).map((name) => `${f} ${name}`))
      .filter((d) => {
        const [file, name] = d.split(' ') as [string, string];
        return !NOT_WIRE[file]?.includes(name);
      });
    expect(declared).toEqual([]);
  });

  it('tells an address or a wire type from the rest', () => {
    expect(writesAddress("api.get('/api/people')")).toBe(true);
    expect(writesAddress('api.get(`/api/people/${id}`)')).toBe(true);
    expect(writesAddress("import { call } from '../../api/client.js';")).toBe(false);
    expect(
      declaredShapes('interface Loan {\n  id: string;\n}\ntype Kind = "A" | "B";\ntype S =\n  | { a: 1 }'),
    ).toEqual(['Loan', 'S']);
  });
});
