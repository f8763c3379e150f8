/**
 * The console's page folders mirror its addresses: the page at `/settings/import` lives under
 * `pages/settings/import`, so the address in the browser is where to look in the code. A page file
 * is either its address's folder's `index.tsx` (`/costs` → `pages/costs/index.tsx`), or a named file
 * in the folder of the address's fixed words (`/people/:id/edit` → `pages/people/edit.tsx`,
 * `/repairs/:id` → `pages/repairs/detail.tsx`). The addresses are read from routes.ts (the pages
 * inside the frame), portal-routes.ts (the requester portal's, under `/portal`) and app.tsx (the few
 * outside any frame).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '../../web/src');
const read = (file: string) => readFileSync(join(WEB, file), 'utf8');

/** Pages shown at any address rather than at one of their own. */
const ADDRESSLESS = ['sign-in', 'not-found'];

/** Every address with the page module it loads, as a path under pages/ without extension. */
function pagesByAddress(): { address: string; page: string }[] {
  const routes = ['routes.ts', 'portal-routes.ts'].flatMap((file) =>
    [...read(file).matchAll(/path:\s*'([^']+)',[\s\S]*?load:\s*\(\)\s*=>\s*import\('\.\/pages\/([^']+)\.js'\)/g)].map(
      (m) => ({ address: m[1]!, page: m[2]! }),
    ),
  );
  const app = read('app.tsx');
  const imported = new Map(
    [...app.matchAll(/import (\w+) from '\.\/pages\/([^']+)\.js'/g)].map((m) => [m[1]!, m[2]!] as const),
  );
  const outside = [...app.matchAll(/'(\/[^']*)': \(\) => <(\w+) \/>/g)].map((m) => ({
    address: m[1]!,
    page: imported.get(m[2]!) ?? `(${m[2]} is not imported from pages/)`,
  }));
  return [...routes, ...outside];
}

/** Where a page for `address` may live: the fixed words as folders, optionally then a file name. */
function mirrors(address: string, page: string): boolean {
  const words = address.split('/').filter((w) => w !== '' && !w.startsWith(':'));
  const parts = page.split('/');
  if (parts.at(-1) === 'index') parts.pop();
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((w, i) => w === b[i]);
  return same(parts, words) || same(parts.slice(0, -1), words);
}

describe('page folders', () => {
  const found = pagesByAddress();

  it('reads every address of the console', () => {
    // Guards the reading itself: a reformatted routes.ts must not make the test below pass vacuously.
    expect(found.length).toBeGreaterThanOrEqual(30);
    expect(found.map((f) => f.address)).toEqual(
      expect.arrayContaining(['/', '/settings/import', '/setup', '/portal', '/portal/requests/:id']),
    );
  });

  it('keeps every page in the folder its address names', () => {
    const misplaced = found.filter((f) => !mirrors(f.address, f.page)).map((f) => `${f.address} → pages/${f.page}`);
    expect(misplaced).toEqual([]);
  });

  it('has no page folder that no address leads to', () => {
    const used = new Set(found.flatMap((f) => prefixes(f.page.split('/').slice(0, -1))));
    const folders = foldersUnder(join(WEB, 'pages'), '');
    expect(folders.filter((d) => !used.has(d) && !ADDRESSLESS.includes(d))).toEqual([]);
  });

  it('tells a misplaced page from a mirrored one', () => {
    expect(mirrors('/settings/import', 'import/index')).toBe(false);
    expect(mirrors('/loans/scan', 'scan/index')).toBe(false);
    expect(mirrors('/settings/webhooks/:id', 'settings/webhook/index')).toBe(false);
    expect(mirrors('/settings/import', 'settings/import/index')).toBe(true);
    expect(mirrors('/people/:id/edit', 'people/edit')).toBe(true);
    expect(mirrors('/repairs/:id', 'repairs/detail')).toBe(true);
    expect(mirrors('/', 'home/index')).toBe(true);
  });
});

const prefixes = (parts: string[]) => parts.map((_, i) => parts.slice(0, i + 1).join('/'));

function foldersUnder(dir: string, prefix: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => {
      const name = prefix ? `${prefix}/${e.name}` : e.name;
      return [name, ...foldersUnder(join(dir, e.name), name)];
    });
}
