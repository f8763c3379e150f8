/**
 * Every relative link in README.md and docs/*.md leads somewhere: the file (or folder) exists, and an
 * `#anchor` names a heading of the target document as GitHub spells its anchor (or an `<a id>` in it).
 * Links to other sites are not fetched.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, documents, links, ROOT, slug } from './markdown.js';

describe('GitHub heading anchors', () => {
  it.each([
    ['Rotating `ENCRYPTION_KEY`', 'rotating-encryption_key'],
    [
      'MCP (`POST /api/mcp`, `Authorization: Bearer <key or access token>`)',
      'mcp-post-apimcp-authorization-bearer-key-or-access-token',
    ],
    ['Who is signed in: `GET /api/auth/me`', 'who-is-signed-in-get-apiauthme'],
    ['Staff, keys, modules and the audit log', 'staff-keys-modules-and-the-audit-log'],
    ['A recreated account (`subject_mismatch`)', 'a-recreated-account-subject_mismatch'],
    ['Home (`/`, shortcut `g h`)', 'home--shortcut-g-h'],
  ])('%s → #%s', (heading, anchor) => {
    expect(slug(heading)).toBe(anchor);
  });
});

describe.each(documents())('%s', (doc) => {
  const found = links(doc).filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l.target));

  it('has only relative links that resolve', () => {
    const broken: string[] = [];
    for (const link of found) {
      const [path = '', anchor] = link.target.split('#', 2) as [string, string | undefined];
      const file = path === '' ? join(ROOT, doc) : join(ROOT, dirname(doc), decodeURI(path));
      const where = `${doc}:${link.line} → ${link.target}`;
      if (!existsSync(file)) {
        broken.push(`${where}: no such file`);
        continue;
      }
      if (anchor === undefined) continue;
      if (statSync(file).isDirectory() || !file.endsWith('.md')) {
        broken.push(`${where}: an anchor into something that is not a Markdown document`);
        continue;
      }
      if (!anchors(relative(ROOT, file)).has(decodeURIComponent(anchor))) {
        broken.push(`${where}: ${relative(ROOT, file)} has no heading with that anchor`);
      }
    }
    expect(broken).toEqual([]);
  });
});
