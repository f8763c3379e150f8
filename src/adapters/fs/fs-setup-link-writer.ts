import { randomBytes } from 'node:crypto';
import { open, rename, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import escapeHtml from 'escape-html';
import { SetupLinkWriter, type SetupLinkDocument } from '../../ports/setup-link-writer.js';

const RECOVERY_FILE = '.setup-link.html';
const OWNER_ONLY = 0o600;
/** User ids are generated (UUIDs): anything else in a file name is refused, never cleaned up. */
const SAFE_ID = /^[A-Za-z0-9-]{1,100}$/;

const isMissing = (e: unknown): boolean => (e as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** What each kind of link says about itself: the page names what it is and what it does. */
const WORDING = {
  recovery: {
    title: 'Desk administrator setup link',
    who: 'Administrator',
    what: 'The password stays unchanged until the link is used.',
  },
  invitation: {
    title: 'Desk invitation',
    who: 'Invited user',
    what: 'It lets this person choose their Desk password and sign in. Give it only to them.',
  },
} as const;

/** A small page with no external resources, so opening it leaks nothing; every value is escaped. */
function renderPage(doc: SetupLinkDocument): string {
  const wording = WORDING[doc.purpose];
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
<title>${wording.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}a{word-break:break-all}</style>
</head>
<body>
<h1>${wording.title}</h1>
<p>School: <strong>${school}</strong></p>
<p>${wording.who}: <strong>${email}</strong></p>
<p><a href="${url}" rel="noreferrer noopener">${url}</a></p>
<p>The link works once and expires at <time datetime="${expiresAt}">${expiresAt}</time>. A newer link replaces it.
${wording.what} Do not forward this file; it is removed once the link is used.</p>
</body>
</html>
`;
}

/**
 * Writes the link's page into the install directory, owner-only from its first byte: the page goes
 * into a temporary file created with mode 0600 in the same directory, which is then renamed over the
 * target (a rename within one directory is atomic, so a reader never sees half a page or a wider
 * mode). A recovery link goes to `.setup-link.html`; an invitation to `.invitation-<user id>.html`,
 * so each invited user has a file of their own and a fresh invitation replaces only theirs.
 */
export class FsSetupLinkWriter extends SetupLinkWriter {
  private readonly dir: string;

  constructor(installDir: string) {
    super();
    this.dir = resolve(installDir);
  }

  private fileName(doc: SetupLinkDocument): string {
    if (doc.purpose === 'recovery') return RECOVERY_FILE;
    if (!SAFE_ID.test(doc.userId)) throw new Error('an invitation file is named after a user id');
    return `.invitation-${doc.userId}.html`;
  }

  async write(doc: SetupLinkDocument): Promise<string> {
    const scheme = new URL(doc.url).protocol;
    if (scheme !== 'https:' && scheme !== 'http:') throw new Error('a setup link must be an http(s) address');

    const name = this.fileName(doc);
    const target = join(this.dir, name);
    const temp = join(this.dir, `${name}.${randomBytes(8).toString('hex')}.tmp`);
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
      await rename(temp, target);
    } catch (e) {
      await unlink(temp).catch(() => undefined);
      throw e;
    }
    return target;
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
