/**
 * The configuration table of docs/operators.md names exactly the keys Desk reads: the keys of the
 * schema in src/bootstrap/load-config.ts, plus Node's own NODE_EXTRA_CA_CERTS. A key added to the
 * schema without a row (or a row left for a key that is gone) fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './markdown.js';

/** Settings Desk documents that its own schema does not read. */
const NOT_IN_THE_SCHEMA = ['NODE_EXTRA_CA_CERTS'];

function schemaKeys(): string[] {
  const source = readFileSync(join(ROOT, 'src/bootstrap/load-config.ts'), 'utf8');
  const start = source.indexOf('const schema = z.object({');
  const end = source.indexOf('\n});', start);
  expect(start, 'the configuration schema in load-config.ts').toBeGreaterThan(-1);
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

function documentedKeys(): string[] {
  const doc = readFileSync(join(ROOT, 'docs/operators.md'), 'utf8');
  const section = doc.slice(
    doc.indexOf('\n## Configuration\n'),
    doc.indexOf('\n## ', doc.indexOf('\n## Configuration\n') + 1),
  );
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((m) => m[1]!);
}

describe('the configuration table of docs/operators.md', () => {
  it('has one row for every key Desk reads, and no other', () => {
    const schema = schemaKeys();
    expect(schema.length).toBeGreaterThan(30);
    expect([...documentedKeys()].sort()).toEqual([...schema, ...NOT_IN_THE_SCHEMA].sort());
  });
});
