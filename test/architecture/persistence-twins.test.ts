/**
 * Persistence is sliced by capability (docs/architecture.md, "Persistence"): what both dialects
 * share is written once under src/adapters/persistence/repositories/ and sql/, and each dialect's
 * folder keeps only the SQL that really differs. This checks it stays so:
 *
 * - the share of a dialect repository file's lines that appear, in the same order, in its twin in
 *   the other dialect (the same name under sqlite/repositories/ and postgres/repositories/), after
 *   normalising what differs by dialect only (placeholders, quoting, the dialects' names,
 *   async/await) and leaving out lines of punctuation alone (braces, comment fences), stays under
 *   15 % over all twins — measured so, the dialect repositories shared 36 % before they were sliced;
 *   the other twins of the two folders (the Db, the database, the unit of work, the signals) are
 *   printed beside it, for a reader to watch;
 * - no function, method or arrow function (but a one-line arrow shorter than 40 characters) is
 *   written byte for byte in both dialects' folders.
 *
 * Migrations are one file per version per dialect by design and are not measured.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const PERSISTENCE = join(import.meta.dirname, '../../src/adapters/persistence');
const SQLITE = join(PERSISTENCE, 'sqlite');
const POSTGRES = join(PERSISTENCE, 'postgres');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.name === 'migrations'
      ? []
      : e.isDirectory()
        ? filesUnder(join(dir, e.name))
        : e.name.endsWith('.ts')
          ? [join(dir, e.name)]
          : [],
  );

/** The Postgres twin of a SQLite file: the same path, `sqlite-` named `pg-`. */
const twinOf = (sqliteFile: string): string | null => {
  const path = relative(SQLITE, sqliteFile).replace(/(^|\/)sqlite-/, '$1pg-');
  const twin = join(POSTGRES, path);
  return existsSync(twin) ? twin : null;
};

/** A line as both dialects would write it, if only their spelling differed. */
const normalise = (line: string): string =>
  line
    .trim()
    .replace(/\$\d+/g, '?')
    .replace(/["`']/g, '')
    .replace(/\b(?:Sqlite|Pg|Postgres|sqlite|pg|postgres)/g, 'X')
    .replace(/\basync\s+/g, '')
    .replace(/\bawait\s+/g, '');

const linesOf = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map(normalise)
    .filter((line) => /[A-Za-z0-9]/.test(line));

/** The length of the longest common subsequence of two line lists: lines shared in the same order. */
function inOrder(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(above, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** Every function-like node's text in a file (declarations, methods, arrows, function expressions). */
function functionsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node)
    ) {
      const text = node.getText(source);
      // A one-line arrow as short as `(l) => l.id` says nothing of its own: not counted.
      if (!(ts.isArrowFunction(node) && !text.includes('\n') && text.length < 40)) found.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('persistence by capability', () => {
  const twins = filesUnder(SQLITE)
    .map((file) => ({ sqlite: file, postgres: twinOf(file) }))
    .filter((t): t is { sqlite: string; postgres: string } => t.postgres !== null);

  /** The share of the twins' lines in common, in order, and a line per twin. */
  const measure = (among: typeof twins) => {
    let lines = 0;
    let shared = 0;
    const rows: string[] = [];
    for (const twin of among) {
      const a = linesOf(twin.sqlite);
      const n = inOrder(a, linesOf(twin.postgres));
      lines += a.length;
      shared += n;
      rows.push(`${relative(SQLITE, twin.sqlite)}: ${n} of ${a.length}`);
    }
    return { share: lines === 0 ? 0 : shared / lines, text: `${shared} of ${lines} lines`, rows };
  };
  const isRepository = (twin: (typeof twins)[number]) => relative(SQLITE, twin.sqlite).startsWith('repositories/');

  it('keeps under 15 % of the dialect repositories’ lines in common, in order', () => {
    const repositories = measure(twins.filter(isRepository));
    const rest = measure(twins.filter((t) => !isRepository(t)));
    console.log(
      `dialect repositories: ${(repositories.share * 100).toFixed(1)} % shared in order (${repositories.text}); ` +
        `the other twins: ${(rest.share * 100).toFixed(1)} % (${rest.text}: ${rest.rows.join(', ')})`,
    );
    expect(repositories.share, repositories.rows.join('\n')).toBeLessThan(0.15);
  });

  it('writes no function byte for byte in both dialects', () => {
    const postgres = new Set(filesUnder(POSTGRES).flatMap(functionsOf));
    const both = filesUnder(SQLITE)
      .flatMap((file) => functionsOf(file).map((text) => ({ file, text })))
      .filter(({ text }) => postgres.has(text))
      .map(({ file, text }) => `${relative(PERSISTENCE, file)}: ${text.split('\n')[0]}`);
    expect(both).toEqual([]);
  });
});
