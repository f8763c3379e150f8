import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsSetupLinkWriter } from '../../../src/adapters/fs/fs-setup-link-writer.js';

const USER_ID = '0b6f6c1e-7f0a-4c55-9a53-3d1c2b9f8e21';

const doc = (url: string, purpose: 'recovery' | 'invitation' = 'recovery', userId = USER_ID) => ({
  purpose,
  userId,
  url,
  email: 'admin@school.example',
  tenantName: 'St. Mary\'s <Primary> & "Co"',
  expiresAt: '2025-09-01T12:00:00.000Z',
});

describe('FsSetupLinkWriter', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'desk-setup-link-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes an owner-only page in the install directory and returns its absolute path', async () => {
    const path = await new FsSetupLinkWriter(dir).write(doc('https://desk.example/setup?token=abc&x=1'));
    expect(isAbsolute(path)).toBe(true);
    expect(path).toBe(join(dir, '.setup-link.html'));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['.setup-link.html']); // no temporary file left behind
  });

  it('keeps 0600 when replacing a wider file', async () => {
    const target = join(dir, '.setup-link.html');
    await writeFile(target, 'old', { mode: 0o644 });
    await new FsSetupLinkWriter(dir).write(doc('https://desk.example/setup?token=new'));
    expect((await stat(target)).mode & 0o777).toBe(0o600);
  });

  it('shows the link as an anchor with every value HTML-escaped and no external resource', async () => {
    const path = await new FsSetupLinkWriter(dir).write(doc('https://desk.example/setup?token=abc&x="1"'));
    const html = await readFile(path, 'utf8');
    expect(html).toContain('<meta name="referrer" content="no-referrer">');
    expect(html).toContain('<a href="https://desk.example/setup?token=abc&amp;x=&quot;1&quot;"');
    expect(html).toContain('admin@school.example');
    expect(html).toContain('St. Mary&#39;s &lt;Primary&gt; &amp; &quot;Co&quot;');
    expect(html).toContain('2025-09-01T12:00:00.000Z');
    expect(html).not.toContain('<Primary>');
    expect(html).not.toMatch(/<(script|link|img|iframe)\b/i);
    expect(html).not.toMatch(/src=|@import|url\(/i);
  });

  it('refuses a link that is not http(s)', async () => {
    await expect(new FsSetupLinkWriter(dir).write(doc('javascript:alert(1)'))).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });

  it('removes the file only while it still holds the link with the given token', async () => {
    const writer = new FsSetupLinkWriter(dir);
    const oldToken = 'old'.padEnd(43, 'o');
    const newToken = 'new'.padEnd(43, 'n');
    const path = await writer.write(doc(`https://desk.example/setup#token=${oldToken}`));
    await writer.write(doc(`https://desk.example/setup#token=${newToken}`)); // a newer link replaces the file
    await writer.removeIfHolds(path, oldToken);
    expect(await readFile(path, 'utf8')).toContain(newToken);
    // Recognised by the token, whatever address the file was written with.
    await writer.removeIfHolds(path, newToken);
    await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('treats a missing file as already removed', async () => {
    await expect(
      new FsSetupLinkWriter(dir).removeIfHolds(join(dir, '.setup-link.html'), 'x'.repeat(43)),
    ).resolves.toBeUndefined();
  });

  describe('invitations', () => {
    it('writes each user’s invitation to an owner-only file of their own, beside the recovery link', async () => {
      const writer = new FsSetupLinkWriter(dir);
      const other = '5d1e2f3a-0000-4000-8000-000000000001';
      const recovery = await writer.write(doc('https://desk.example/setup#token=rec'));
      const first = await writer.write(doc('https://desk.example/setup#token=inv1', 'invitation'));
      const second = await writer.write(doc('https://desk.example/setup#token=inv2', 'invitation', other));
      expect(first).toBe(join(dir, `.invitation-${USER_ID}.html`));
      expect(second).toBe(join(dir, `.invitation-${other}.html`));
      expect((await readdir(dir)).sort()).toEqual(
        ['.setup-link.html', `.invitation-${USER_ID}.html`, `.invitation-${other}.html`].sort(),
      );
      for (const path of [first, second]) expect((await stat(path)).mode & 0o777).toBe(0o600);
      expect(await readFile(recovery, 'utf8')).toContain('token=rec');
      // A fresh invitation for the same user replaces only that user's file.
      await writer.write(doc('https://desk.example/setup#token=inv3', 'invitation'));
      expect(await readFile(first, 'utf8')).toContain('token=inv3');
      expect(await readFile(second, 'utf8')).toContain('token=inv2');
    });

    it('says on the page that it is an invitation, not an administrator recovery link', async () => {
      const writer = new FsSetupLinkWriter(dir);
      const invitation = await readFile(
        await writer.write(doc('https://desk.example/setup#token=i', 'invitation')),
        'utf8',
      );
      expect(invitation).toContain('<title>Desk invitation</title>');
      expect(invitation).toContain('Invited user: <strong>admin@school.example</strong>');
      expect(invitation).not.toMatch(/administrator/i);
      const recovery = await readFile(await writer.write(doc('https://desk.example/setup#token=r')), 'utf8');
      expect(recovery).toContain('<title>Desk administrator setup link</title>');
      expect(recovery).toContain('The password stays unchanged until the link is used.');
    });

    it('refuses a user id that would not be a plain file name, writing nothing', async () => {
      const writer = new FsSetupLinkWriter(dir);
      for (const userId of ['../escape', 'a/b', '', 'x'.repeat(101)]) {
        await expect(writer.write(doc('https://desk.example/setup#token=i', 'invitation', userId))).rejects.toThrow();
      }
      expect(await readdir(dir)).toEqual([]);
    });

    it('removes an invitation file once its link is used, and not while a newer one is in it', async () => {
      const writer = new FsSetupLinkWriter(dir);
      const path = await writer.write(doc(`https://desk.example/setup#token=${'a'.repeat(43)}`, 'invitation'));
      await writer.write(doc(`https://desk.example/setup#token=${'b'.repeat(43)}`, 'invitation'));
      await writer.removeIfHolds(path, 'a'.repeat(43));
      expect(await readFile(path, 'utf8')).toContain('b'.repeat(43));
      await writer.removeIfHolds(path, 'b'.repeat(43));
      await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
    });
  });
});
