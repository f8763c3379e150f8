/**
 * The administration pages in a real browser (issue 13, points 6 and 8): an API key made through the
 * page, read once (the key and its MCP client configuration), working against the API, gone after a
 * reload, refused once revoked; a webhook registered (its secret once), a test sent to a local
 * receiver and seen in the delivery log, then resent; a user invited, a bad e-mail shown beside its
 * field, and the invitation link opened to set a password; a module switched off (confirmed) and on;
 * the pages offered by permission; and every administration page checked for accessibility.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  expectAccessible,
  openPage,
  signIn,
  useConsole,
  warnIfBrowserSkipped,
  type ConsoleUser,
} from './support.js';

warnIfBrowserSkipped();

/** A webhook receiver on loopback: answers 200 and keeps what it was sent. */
async function startReceiver(): Promise<{
  url: string;
  got: { headers: IncomingHttpHeaders; body: string }[];
  server: Server;
}> {
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/desk`, got, server };
}

describe.skipIf(!browserAvailable)('the administration pages in a browser', () => {
  // Webhooks to loopback are refused unless the operator allows private addresses (SSRF guard).
  const web = useConsole({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  let admin: ConsoleUser;
  let technician: ConsoleUser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    technician = await web.server.user('technician', { name: 'Tess Technician' });
  }, 120_000);
  afterAll(() => receiver?.server.close());

  const ping = (key: string) => fetch(`${web.server.url}/api/v1/ping`, { headers: { 'x-api-key': key } });
  const confirmWith = async (page: Page, label: string) => {
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: label }).click();
  };

  it('creates an API key, shows it and its MCP configuration once, and revokes it', async () => {
    const { page, context, problems } = await web.open(admin, '/settings/keys');
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.server.schoolUrl });
      await page.getByRole('heading', { name: 'API keys' }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Browser sync');
      await page.getByLabel('Expires after (days)').fill('30');
      // Every scope offered is one a school administrator holds; none of the console-only ones.
      const scopes = page.getByRole('group', { name: 'Scopes' });
      expect(await scopes.getByRole('checkbox').count()).toBeGreaterThan(10);
      expect(await scopes.getByLabel('apikey.manage').count()).toBe(0);
      // Grouped by what they are about, each described in words with its id.
      const loans = scopes.getByRole('group', { name: 'Loans' });
      await loans.getByLabel('See the loaner pool and who holds what (loan.view)', { exact: true }).check();
      expect(await scopes.getByRole('group', { name: 'Repairs' }).getByRole('checkbox').count()).toBeGreaterThan(1);
      await page.getByRole('button', { name: 'Create key' }).click();

      const key = await page.getByLabel('The key', { exact: true }).inputValue();
      expect(key).toMatch(/^desk_[0-9A-Za-z]{38}$/);
      const config = JSON.parse(await page.getByLabel('MCP client configuration', { exact: true }).inputValue());
      expect(config.mcpServers.desk.url).toMatch(/\/api\/mcp$/);
      expect(config.mcpServers.desk.headers.Authorization).toBe(`Bearer ${key}`);
      await page.getByRole('button', { name: 'Copy the key' }).click();
      await page.locator('.notice', { hasText: 'Copied' }).waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);

      const pinged = await ping(key);
      expect(pinged.status, await pinged.text()).toBe(200);
      // Listed with its scope, never shown again: a reload forgets it.
      await page.reload();
      const row = page.getByRole('row', { name: /Browser sync/ });
      await row.waitFor();
      expect(await row.textContent()).toContain('loan.view');
      expect(await page.getByLabel('The key', { exact: true }).count()).toBe(0);
      expect(await page.content()).not.toContain(key);

      await page.getByRole('button', { name: 'Revoke Browser sync' }).click();
      await confirmWith(page, 'Revoke key');
      await expect.poll(() => row.textContent()).toContain('revoked');
      expect((await ping(key)).status).toBe(401);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a refused scope or a missing name beside its field', async () => {
    const { page, context } = await web.open(admin, '/settings/keys');
    try {
      await page.getByRole('button', { name: 'Create key' }).click();
      const name = page.getByLabel('Name', { exact: true });
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('.field-invalid .field-error').first().textContent()).toBeTruthy();
    } finally {
      await context.close();
    }
  });

  it('registers a webhook, shows its secret once, sends a test and resends it from the delivery log', async () => {
    const { page, context, problems } = await web.open(admin, '/settings/webhooks');
    try {
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await page.getByLabel('URL').fill(receiver.url);
      await page.getByLabel('Description').fill('Browser receiver');
      const events = page.getByRole('group', { name: 'Events' });
      await events.getByLabel('loan.issued', { exact: true }).check();
      await events.getByLabel('loan.returned', { exact: true }).check();
      await page.getByRole('button', { name: 'Register webhook' }).click();
      const secret = await page.getByLabel('Signing secret', { exact: true }).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await page.reload();
      await page.getByRole('link', { name: receiver.url }).waitFor();
      expect(await page.getByLabel('Signing secret', { exact: true }).count()).toBe(0);

      await page.getByRole('link', { name: receiver.url }).click();
      await page.getByRole('heading', { name: 'Delivery log' }).waitFor();
      const before = receiver.got.length;
      await page.getByRole('button', { name: 'Send a test' }).click();
      const log = page.getByRole('table', { name: /Delivery log/ });
      await log.getByRole('row', { name: /webhook\.test.*success.*200/ }).waitFor();
      expect(receiver.got.length).toBe(before + 1);
      const sent = receiver.got.at(-1)!;
      expect(sent.headers['webhook-signature']).toMatch(/^v1,/);
      expect(JSON.parse(sent.body).type).toBe('webhook.test');

      await log
        .getByRole('button', { name: /^Resend webhook\.test/ })
        .first()
        .click();
      await expect.poll(() => log.getByRole('row', { name: /webhook\.test/ }).count()).toBe(2);
      // The resend carries the first attempt's webhook-id, so the receiver can tell it is the same.
      expect(receiver.got.at(-1)!.headers['webhook-id']).toBe(sent.headers['webhook-id']);

      await page.getByRole('button', { name: 'Rotate secret' }).click();
      await confirmWith(page, 'Rotate secret');
      expect(await page.getByLabel('Signing secret', { exact: true }).inputValue()).not.toBe(secret);

      await page.getByRole('button', { name: 'Delete' }).click();
      await confirmWith(page, 'Delete webhook');
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: receiver.url }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('invites a user, shows a bad e-mail beside its field, and the link sets their password', async () => {
    const { page, context } = await web.open(admin, '/settings/users');
    let link: string;
    try {
      await page.getByRole('heading', { name: 'Users and roles' }).waitFor();
      const form = page.locator('form', { has: page.getByRole('heading', { name: 'Invite a user' }) });
      await form.getByLabel('E-mail').fill('not-an-address');
      await form.getByLabel('Name', { exact: true }).fill('Iris Invited');
      await form.getByLabel('Role').selectOption('technician');
      await form.getByRole('button', { name: 'Invite user' }).click();
      const email = form.getByLabel('E-mail');
      await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await email.getAttribute('aria-describedby'))!;
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/e-mail/);

      await email.fill('iris@north.example');
      await form.getByRole('button', { name: 'Invite user' }).click();
      link = await page.getByLabel('Setup link', { exact: true }).inputValue();
      expect(link).toContain('/setup#token=');
      const row = page.getByRole('row', { name: /Iris Invited/ });
      await expect.poll(() => row.textContent()).toContain('invited');
    } finally {
      await context.close();
    }

    const setup = await openPage(web.browser, link.replace(/^https?:\/\/[^/]+/, web.server.schoolUrl));
    try {
      // Too short: the server's words beside the field, gone once a longer one is typed.
      const password = setup.page.getByLabel('New password');
      await password.fill('short one');
      await setup.page.getByLabel('Repeat the password').fill('short one');
      await setup.page.getByRole('button', { name: 'Set password' }).click();
      await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
      const said = setup.page.locator(`[id="${await password.getAttribute('aria-describedby')}"]`);
      expect(await said.textContent()).toMatch(/at least 12 characters/);
      await password.fill('iris picks a long passphrase');
      expect(await password.getAttribute('aria-invalid')).toBeNull();
      expect(await setup.page.locator('.field-error').count()).toBe(0);
      // A mismatch says only that, not the earlier refusal.
      await setup.page.getByLabel('Repeat the password').fill('iris picks a long passphras');
      await setup.page.getByRole('button', { name: 'Set password' }).click();
      await setup.page.getByText('The two passwords are not the same.').waitFor();
      await setup.page.getByLabel('Repeat the password').fill('iris picks a long passphrase');
      expect(await setup.page.getByText('The two passwords are not the same.').count()).toBe(0);
      await setup.page.getByRole('button', { name: 'Set password' }).click();
      await setup.page.getByRole('heading', { name: 'Your password is set' }).waitFor();
      await setup.page.getByRole('link', { name: 'Sign in' }).click();
      await signIn(setup.page, { email: 'iris@north.example', password: 'iris picks a long passphrase', name: 'Iris' });
    } finally {
      await setup.context.close();
    }

    const again = await web.open(admin, '/settings/users');
    try {
      const row = again.page.getByRole('row', { name: /Iris Invited/ });
      await expect.poll(() => row.textContent()).toContain('can sign in');
      // A role change, then turning the account off (confirmed).
      await row.getByLabel('Role of Iris Invited').selectOption('loan-desk');
      await again.page.locator('.notice', { hasText: 'Iris Invited is now Loan desk' }).waitFor();
      await row.getByRole('button', { name: 'Turn off Iris Invited' }).click();
      await confirmWith(again.page, 'Turn off');
      await expect.poll(() => row.textContent()).toContain('turned off');
    } finally {
      await again.context.close();
    }
  });

  it('turns a module off (confirmed) and on again from Settings', async () => {
    const { page, context } = await web.open(admin, '/settings');
    try {
      const costs = page.getByRole('checkbox', { name: /^Costs —/ });
      await costs.waitFor();
      expect(await costs.isChecked()).toBe(true);
      await costs.uncheck();
      await confirmWith(page, 'Turn Costs off');
      await page.locator('.notice', { hasText: 'Costs is off' }).waitFor();
      // Off for the school: the server says so too.
      const me = await page.evaluate("fetch('/api/auth/me').then((r) => r.json())");
      expect((me as { modules: string[] }).modules).not.toContain('costs');
      await page.reload();
      await expect.poll(() => page.getByRole('checkbox', { name: /^Costs —/ }).isChecked()).toBe(false);
      // Cancelling leaves it as it was.
      await page.getByRole('checkbox', { name: /^Loans —/ }).uncheck();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByRole('checkbox', { name: /^Loans —/ }).isChecked()).toBe(true);
      await page.getByRole('checkbox', { name: /^Costs —/ }).check();
      await page.locator('.notice', { hasText: 'Costs is on' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("changes the school's name from its settings page, and shows a bad time zone beside its field", async () => {
    const { page, context } = await web.open(admin, '/settings/school');
    try {
      const name = page.getByLabel('Name', { exact: true });
      await name.waitFor();
      const before = { name: await name.inputValue(), timeZone: await page.getByLabel('Time zone').inputValue() };
      await page.getByLabel('Time zone').fill('Mars/Olympus');
      await page.getByRole('button', { name: 'Save school' }).click();
      await page.getByText(/"Mars\/Olympus" is not an IANA time zone/).waitFor();
      const me = () =>
        page.evaluate("fetch('/api/auth/me').then((r) => r.json())") as Promise<{
          tenant: { name: string; timeZone: string };
        }>;
      expect((await me()).tenant.timeZone).toBe(before.timeZone);

      await page.getByLabel('Time zone').fill(before.timeZone);
      await name.fill('Browser Test Academy');
      await page.getByRole('button', { name: 'Save school' }).click();
      await page.locator('.notice', { hasText: 'School saved' }).waitFor();
      expect((await me()).tenant).toMatchObject({ name: 'Browser Test Academy', timeZone: before.timeZone });
      // A reload shows what was stored; then the school gets its own name back for the other tests.
      await page.reload();
      await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Browser Test Academy');
      await page.getByLabel('Name', { exact: true }).fill(before.name);
      await page.getByRole('button', { name: 'Save school' }).click();
      await page.locator('.notice', { hasText: 'School saved' }).waitFor();
      expect((await me()).tenant.name).toBe(before.name);
    } finally {
      await context.close();
    }
  });

  it('offers the administration pages by permission only', async () => {
    const { page, context } = await web.open(technician, '/settings');
    try {
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      expect(await page.getByRole('link', { name: 'API keys' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Users and roles' }).count()).toBe(0);
      // A technician sees the modules but may not switch them.
      await page.getByText(/Loans: on/).waitFor();
      expect(await page.getByRole('checkbox', { name: /^Loans —/ }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'School', exact: true }).count()).toBe(0);
      for (const path of ['/settings/keys', '/settings/users', '/settings/webhooks', '/settings/school']) {
        await page.goto(web.server.schoolUrl + path);
        await page.getByRole('heading', { name: 'Not available to you' }).waitFor();
      }
    } finally {
      await context.close();
    }
  });

  /** A confirmation asked on an administration page, in the dark theme, checked by axe. */
  async function dialogChecked() {
    await web.server.key(['loan.view']);
    const { page, context } = await openPage(web.browser, `${web.server.schoolUrl}/settings/keys`, {
      colorScheme: 'dark',
      bypassCSP: true,
    });
    try {
      await signIn(page, admin);
      await page.getByRole('button', { name: 'Revoke browser test' }).first().click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, 'the revoke confirmation (dark)');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await context.close();
    }
  }

  it('passes the accessibility and layout checks on every administration page', async () => {
    const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true }).waitFor();
    // A webhook with a delivery in its log, for its own page.
    const key = await web.server.key(['webhook.manage', 'loan.view']);
    const v1 = (path: string, body: unknown) =>
      fetch(`${web.server.url}/api/v1/webhooks${path}`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ webhook: { id: string } }>);
    const { webhook } = await v1('', { url: receiver.url, events: ['loan.issued'] });
    await v1(`/${webhook.id}/test`, {});
    // The pages side by side (each check is its own browser contexts), to keep the file short.
    await Promise.all([
      web.check(admin, `/settings/webhooks/${webhook.id}`, 'settings-webhook', (p) =>
        p.getByRole('row', { name: /webhook\.test/ }).waitFor(),
      ),
      dialogChecked(),
      web.check(admin, '/settings', 'settings', heading('Settings')),
      web.check(admin, '/settings/users', 'settings-users', (p) => p.getByRole('table', { name: 'Users' }).waitFor()),
      web.check(admin, '/settings/keys', 'settings-keys', heading('Create a key')),
      web.check(admin, '/settings/school', 'settings-school', (p) => p.getByLabel('Name', { exact: true }).waitFor()),
      web.check(admin, '/settings/webhooks', 'settings-webhooks', heading('Register a webhook')),
    ]);
  }, 90_000);
});
