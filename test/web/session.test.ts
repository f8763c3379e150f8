/**
 * The console's frame in a real browser (issue 13, points 1 and 7): serving (deep links, caching, the
 * CSP), signing in at the school's own address and at the shared one, wrong credentials, the setup
 * page of an invitation, signing out (and Back showing nothing), a session ending under the user
 * (back to where they were after signing in again), the navigation offered per role, the `?` sheet and
 * `g` shortcuts, themes, and the sign-in, setup and signed-out pages checked for accessibility.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  expectAccessible,
  openPage,
  screenshot,
  signIn,
  useConsole,
  warnIfBrowserSkipped,
  type ConsoleUser,
} from './support.js';

warnIfBrowserSkipped();

describe.skipIf(!browserAvailable)('the console in a browser', () => {
  const web = useConsole();
  let admin: ConsoleUser;
  let teacher: ConsoleUser;

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    teacher = await web.server.user('teacher', { name: 'Tom Teacher' });
  }, 120_000);

  it('serves every address outside /api as the app, its assets for a year, and a strict CSP', async () => {
    const page = await fetch(`${web.server.url}/loans?status=ISSUED`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const js = await fetch(web.server.url + asset!, { headers: { 'accept-encoding': 'br' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-encoding')).toBe('br');
    // A missing asset is a 404, never the page; /api stays the API's.
    expect((await fetch(`${web.server.url}/assets/nope.js`)).status).toBe(404);
    const api = await fetch(`${web.server.url}/api/nope`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it("signs in at the school's own address with the keyboard and keeps the deep link", async () => {
    const { page, context, problems } = await openPage(web.browser, `${web.server.schoolUrl}/settings`);
    try {
      await page.getByLabel('Email').focus();
      expect(await page.getByLabel('School').count()).toBe(0);
      await page.keyboard.type(admin.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(admin.password);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/settings');
      await page.reload();
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      await expect.poll(() => page.locator('.live').textContent()).toBe('Live');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks for the school on the shared address, and says so when the credentials are wrong', async () => {
    const { page, context } = await openPage(web.browser, web.server.url);
    try {
      await page.getByLabel('School').fill('north');
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill('not the password at all');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('do not match');
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('offers each role only the pages it may open, and answers the others as not available', async () => {
    const { page, context } = await web.open(teacher, '/settings');
    try {
      const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
      expect(links).toContain('Home');
      expect(links).toContain('Settings');
      expect(links).not.toContain('Devices');
    } finally {
      await context.close();
    }
  });

  it('opens the shortcut sheet with ? and goes home with g h', async () => {
    const { page, context } = await web.open(admin, '/settings');
    try {
      await page.keyboard.press('?');
      const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await sheet.waitFor();
      await expect.poll(() => sheet.textContent()).toContain('Go to Home');
      await page.keyboard.press('Escape');
      await expect.poll(() => sheet.isVisible()).toBe(false);
      await page.keyboard.press('g');
      await page.keyboard.press('h');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    } finally {
      await context.close();
    }
  });

  it('signs out: the signed-out page, and Back shows no records', async () => {
    const { page, context } = await web.open(admin, '/');
    try {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      await expect.poll(() => page.content()).toContain(admin.email);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'You have signed out' }).waitFor();
      // Back returns to the app's page (from the back/forward cache, where the browser keeps one):
      // it clears itself and asks who is signed in before it shows anything.
      await page.goBack();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.content()).not.toContain(admin.email);
    } finally {
      await context.close();
    }
  });

  it('takes a user whose session ended back to sign-in, then to where they were', async () => {
    const { page, context } = await web.open(admin, '/settings');
    try {
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      // The session ends elsewhere (another tab signs out); this tab finds out on its next call.
      await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
      // One move (Loans asks the API at once); a second key press could race the 401's answer.
      await page.keyboard.press('g');
      await page.keyboard.press('l');
      await page.getByRole('heading', { name: 'You have been signed out' }).waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Sign in again' }).click();
      await signIn(page, admin);
      await page.getByRole('heading', { name: 'Loans', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/loans');
    } finally {
      await context.close();
    }
  });

  it('after a setup link on the shared address, sign-in already knows the school and the e-mail', async () => {
    const made = await web.server.desk([
      'user',
      'create',
      'north',
      'una@north.example',
      '--name',
      'Una',
      '--role',
      'teacher',
    ]);
    const { readFileSync } = await import('node:fs');
    // The link names the school's own host; opened here on the shared address, as a school without one would.
    const link = /href="([^"]+)"/
      .exec(readFileSync(made.stdout.trim(), 'utf8'))![1]!
      .replace(/^http:\/\/[^/]+/, web.server.url);
    const { page, context, problems } = await openPage(web.browser, link);
    try {
      await page.getByLabel('New password').fill('una has a long passphrase');
      await page.getByLabel('Repeat the password').fill('una has a long passphrase');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByRole('heading', { name: 'Your password is set' }).waitFor();
      expect(await page.locator('main').innerText()).toContain('north');
      await page.getByRole('link', { name: 'Sign in' }).click();
      // 127.0.0.1 names no school, so the form asks — filled in from the link just used.
      await expect.poll(() => page.getByLabel('School').inputValue()).toBe('north');
      expect(await page.getByLabel('Email').inputValue()).toBe('una@north.example');
      await page.getByLabel('Password').fill('una has a long passphrase');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sets a password through an invitation link and signs in with it', async () => {
    const made = await web.server.desk([
      'user',
      'create',
      'north',
      'ivy@north.example',
      '--name',
      'Ivy',
      '--role',
      'technician',
    ]);
    const file = made.stdout.trim();
    const { readFileSync } = await import('node:fs');
    const raw = /href="([^"]+)"/.exec(readFileSync(file, 'utf8'))![1]!;
    // On the school's own host (the port is PUBLIC_URL's, which this test server does not listen on).
    expect(new URL(raw).hostname).toBe('north.localhost');
    const link = raw.replace(/^http:\/\/[^/]+/, web.server.schoolUrl);
    const { page, context } = await openPage(web.browser, link, { bypassCSP: true });
    try {
      await page.getByRole('heading', { name: 'Set your password' }).waitFor();
      expect(page.url()).not.toContain('token=');
      await expectAccessible(page, 'the setup page');
      await screenshot(page, 'setup-1280-light');
      await page.getByLabel('New password').fill('a brand new passphrase');
      await page.getByLabel('Repeat the password').fill('a brand new passphrase');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByRole('heading', { name: 'Your password is set' }).waitFor();
      await page.getByRole('link', { name: 'Sign in' }).click();
      await signIn(page, { email: 'ivy@north.example', password: 'a brand new passphrase', name: 'Ivy' });
    } finally {
      await context.close();
    }
  });

  it('follows the system theme, and the switch overrides it', async () => {
    const { page, context } = await openPage(web.browser, `${web.server.schoolUrl}/settings`, { colorScheme: 'dark' });
    try {
      await signIn(page, admin);
      const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      const dark = await background();
      await page.getByLabel('Theme', { exact: true }).selectOption('light');
      expect(await background()).not.toBe(dark);
      await page.reload();
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    } finally {
      await context.close();
    }
  });

  it('has accessible sign-in and signed-out pages in both themes, at both widths', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const { page, context } = await openPage(web.browser, web.server.url, { colorScheme, width, bypassCSP: true });
        try {
          await page.getByLabel('School').waitFor();
          await expectAccessible(page, `sign-in (${colorScheme}, ${width}px)`);
          await screenshot(page, `sign-in-${width}-${colorScheme}`);
          await page.goto(`${web.server.url}/signed-out`);
          await page.getByRole('heading', { name: 'You have signed out' }).waitFor();
          await expectAccessible(page, `signed-out (${colorScheme}, ${width}px)`);
        } finally {
          await context.close();
        }
      }
    }
  });

  it('has an accessible settings page in both themes, at both widths', async () => {
    await web.check(admin, '/settings', 'settings', (page) =>
      page.getByRole('heading', { name: 'Settings' }).waitFor(),
    );
  });
});
