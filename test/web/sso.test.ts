/**
 * Single sign-on in a real browser: Debian's Chromium clicks "Sign in with <label>" on the school's
 * own sign-in page, signs in on a real OpenID provider's page (oidc-provider 8, over HTTPS with the
 * test CA's certificate, accepted through its pinned key), and lands back in Desk signed in, where it
 * was going; a refused account comes back to the sign-in page with the reason in words. Then the
 * settings page, for a school administrator, and the accessibility checks of every page involved.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_REFUSAL_MESSAGES } from '../../src/domain/sso/refusals.js';
import type { TestOidcProvider } from '../support/oidc-provider.js';
import { testTls } from '../support/tls.js';
import {
  browserAvailable,
  expectAccessible,
  openPage,
  screenshot,
  SCHOOL,
  signInAtProvider as signInAt,
  startSchoolProvider,
  trustTestCertificate,
  useConsole,
  warnIfBrowserSkipped,
  type ConsoleUser,
} from './support.js';

warnIfBrowserSkipped();

const SECRET = `desk-secret-${randomBytes(12).toString('hex')}`;

describe.skipIf(!browserAvailable)('single sign-on in a browser', () => {
  const web = useConsole({
    env: { NODE_EXTRA_CA_CERTS: testTls().caFile },
    publicUrl: true,
    browserArgs: trustTestCertificate(),
  });
  let op: TestOidcProvider;
  let admin: ConsoleUser;
  let staff: ConsoleUser;

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    staff = await web.server.user('loan-desk', { name: 'Lou Desk' });
    op = await startSchoolProvider(
      web.server,
      {
        'lou-1': { email: staff.email, email_verified: true, name: 'Lou Desk' },
        'stranger-1': { email: 'stranger@north.example', email_verified: true },
      },
      SECRET,
    );
  }, 120_000);
  afterAll(() => op?.close());

  const signInAtProvider = (page: Page, account: string) => signInAt(page, account, web.server.schoolUrl);

  it('signs in with the school’s provider from its sign-in page and lands where the person was going', async () => {
    const { page, context, problems } = await openPage(web.browser, `${web.server.schoolUrl}/loans?status=ISSUED`);
    try {
      const button = page.getByRole('link', { name: 'Sign in with North ID' });
      await button.click();
      expect(new URL(page.url()).origin).toBe(op.issuer);
      await signInAtProvider(page, 'lou-1');
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      const landed = new URL(page.url());
      expect(landed.pathname + landed.search).toBe('/loans?status=ISSUED');
      await page.getByRole('heading', { name: 'Loans', level: 1 }).waitFor();
      // Signed in as the Desk user the provider's account was matched to, with a real session.
      const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
      expect(me.user).toMatchObject({ email: staff.email, role: 'loan-desk' });
      const cookies = await context.cookies(web.server.schoolUrl);
      expect(cookies.find((c) => c.name === 'desk_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(cookies.find((c) => c.name === 'desk_sso')).toBeUndefined();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('comes back to the sign-in page saying why, when the provider’s account is no one’s at the school', async () => {
    const { page, context, problems } = await openPage(web.browser, `${web.server.schoolUrl}/people`);
    try {
      await page.getByRole('link', { name: 'Sign in with North ID' }).click();
      await signInAtProvider(page, 'stranger-1');
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(SSO_REFUSAL_MESSAGES.unknown_user);
      // The reason leaves the address bar; the page is where the person was going.
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/people');
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      await screenshot(page, 'sso-refused');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offers single sign-on on the shared address once the school is typed', async () => {
    const { page, context, problems } = await openPage(web.browser, `${web.server.url}/tickets`);
    try {
      await page.getByRole('button', { name: "Use your school's account" }).click();
      await expect.poll(() => page.getByText("Enter your school's short name first").count()).toBe(1);
      await page.getByLabel('School').fill(SCHOOL);
      await page.getByRole('button', { name: "Use your school's account" }).click();
      await page.getByRole('heading', { name: 'Sign in to the test provider' }).waitFor();
      await page.getByLabel('Account').fill('lou-1');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      const landed = new URL(page.url());
      expect(landed.origin + landed.pathname).toBe(`${web.server.url}/tickets`);
      const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
      expect(me.user.email).toBe(staff.email);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets an administrator see the redirect URIs and change the provider in Settings', async () => {
    const { page, context, problems } = await web.open(admin, '/settings');
    try {
      await page.getByRole('link', { name: 'Single sign-on' }).click();
      await page.getByRole('heading', { name: 'Change single sign-on' }).waitFor();
      const uri = page.getByRole('textbox', { name: `Redirect URI for north.localhost:${web.server.port}` });
      expect(await uri.inputValue()).toBe(`${web.server.schoolUrl}/api/auth/sso/callback`);
      expect(await page.getByLabel('Client secret').inputValue()).toBe('');
      expect(await page.content()).not.toContain(SECRET);

      // A wrong issuer is refused beside its field, and nothing changes.
      await page.getByLabel('Issuer').fill(`${op.issuer}/elsewhere`);
      await page.getByLabel('Client secret').fill(SECRET);
      await page.getByRole('button', { name: 'Save single sign-on' }).click();
      await expect.poll(() => page.getByLabel('Issuer').getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
      await expect.poll(() => page.getByText(/no OpenID configuration/).count()).toBeGreaterThan(0);

      await page.getByLabel('Issuer').fill(op.issuer);
      await page.getByLabel('Client secret').fill('');
      await page.getByLabel('Button label').fill('North account');
      await page.getByLabel(/Staff may also sign in with a password/).uncheck();
      await page.getByRole('button', { name: 'Save single sign-on' }).click();
      await page.getByText('Sign in with North account').waitFor();
      await page.getByText('Only school administrators').waitFor();
      const settings = await page.evaluate(async () => (await fetch('/api/settings/sso')).json());
      expect(settings.sso).toMatchObject({ label: 'North account', passwords: 'off', issuer: op.issuer });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    // Restore what the other cases expect.
    await web.server.desk(['tenant', 'sso', SCHOOL, '--label', 'North ID', '--passwords', 'on']);
  });

  it('passes the page checks: the settings page, and the sign-in page with its button and a refusal', async () => {
    await web.check(admin, '/settings/sso', 'settings-sso', (p) =>
      p.getByRole('heading', { name: 'Change single sign-on' }).waitFor(),
    );
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const { page, context } = await openPage(web.browser, `${web.server.schoolUrl}/?sso=deactivated`, {
          colorScheme,
          width,
          height: width > 800 ? 800 : 844,
          bypassCSP: true,
        });
        try {
          await page.getByRole('link', { name: 'Sign in with North ID' }).waitFor();
          await page.getByRole('alert').waitFor();
          await expectAccessible(page, `sign-in with single sign-on (${colorScheme}, ${width}px)`);
          await screenshot(page, `sign-in-sso-${width}-${colorScheme}`);
        } finally {
          await context.close();
        }
      }
    }
  });
});
