import { randomBytes } from 'node:crypto';
import { open, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import escapeHtml from 'escape-html';
import { SetupLinkWriter, type SetupLinkDocument } from '../../ports/setup-link-writer.js';

const FILE_NAME = '.setup-link.html';
const OWNER_ONLY = 0o600;

const isMissing = (e: unknown): boolean => (e as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** A small page with no external resources, so opening it leaks nothing; every value is escaped. */
function renderPage(doc: SetupLinkDocument): string {
  const url = escapeHtml(doc.url);
  const email = escapeHtml(doc.email);
  const school = escapeHtml(doc.tenantName);
  const expiresAt = escapeHtml(doc.expiresAt);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Desk administrator setup link</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}a{word-break:break-all}</style>
</head>
<body>
<h1>Desk administrator setup link</h1>
<p>School: <strong>${school}</strong></p>
<p>Administrator: <strong>${email}</strong></p>
<p><a href="${url}" rel="noreferrer noopener">${url}</a></p>
<p>The link works once and expires at <time datetime="${expiresAt}">${expiresAt}</time>. A newer link replaces it.
The password stays unchanged until the link is used. Do not forward this file; it is removed once the link is used.</p>
</body>
</html>
`;
}

/**
 * Writes `<installDir>/.setup-link.html`, owner-only from its first byte: the page goes into a temporary
 * file created with mode 0600 in the same directory, which is then renamed over the target (a rename
 * within one directory is atomic, so a reader never sees half a page or a wider mode).
 */
export class FsSetupLinkWriter extends SetupLinkWriter {
  private readonly target: string;

  constructor(installDir: string) {
    super();
    this.target = resolve(installDir, FILE_NAME);
  }

  async write(doc: SetupLinkDocument): Promise<string> {
    const scheme = new URL(doc.url).protocol;
    if (scheme !== 'https:' && scheme !== 'http:') throw new Error('a setup link must be an http(s) address');

    const temp = join(dirname(this.target), `${FILE_NAME}.${randomBytes(8).toString('hex')}.tmp`);
    // 'wx': create, never follow or reuse an existing file at the temporary name.
    const handle = await open(temp, 'wx', OWNER_ONLY);
    try {
      try {
        await handle.chmod(OWNER_ONLY); // an unusual umask can only remove bits; make it exactly 0600
        await handle.writeFile(renderPage(doc), 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, this.target);
    } catch (e) {
      await unlink(temp).catch(() => undefined);
      throw e;
    }
    return this.target;
  }

  async removeIfHolds(path: string, token: string): Promise<void> {
    let content: string;
    let inode: number;
    try {
      const handle = await open(path, 'r');
      try {
        inode = (await handle.stat()).ino;
        content = await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    } catch (e) {
      if (isMissing(e)) return;
      throw e;
    }
    // 256 random bits: a page holding the token holds that link, whatever address it was written with.
    if (!content.includes(`token=${escapeHtml(token)}`)) return; // a newer link's file: leave it
    try {
      // A newer link written since the read would be a new file (rename): leave that one too.
      if ((await stat(path)).ino !== inode) return;
      await unlink(path);
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
  }
}
