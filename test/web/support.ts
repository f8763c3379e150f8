/**
 * The browser console driven for real (issue 13): Debian's Chromium, headless, through playwright-core
 * (pinned to the version whose Chromium matches the system package; never a downloaded browser),
 * against a real `desk serve` process on a loopback port, set up through the real CLI.
 *
 * The school is reached at its own host, `north.localhost:<port>` (Chromium resolves every
 * `*.localhost` name to loopback), so the sign-in page knows the school from the address, as a
 * school's own domain would; `127.0.0.1:<port>` is the deployment's shared address.
 *
 * `CHROMIUM_PATH` names another browser binary; without one the browser suites are skipped with a line
 * saying how to enable them (`.ci/run` installs Debian's chromium, so CI never skips them).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { runDesk, startServe, tempInstallDir, type RunningServer } from '../support/cli.js';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.js';
import { testTls } from '../support/tls.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const browserAvailable = existsSync(CHROMIUM_PATH);

/**
 * Where screenshots go (ignored by git) with `DESK_SCREENSHOTS=1`: one PNG per page, width and theme,
 * for a reviewer to look at.
 */
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-output/screenshots');

export function warnIfBrowserSkipped(): void {
  if (!browserAvailable) {
    console.warn(
      `No browser at ${CHROMIUM_PATH}: the browser tests are skipped. To run them: ` +
        'apt-get install chromium fonts-liberation (or set CHROMIUM_PATH)',
    );
  }
}

export const PASSWORD = 'correct horse battery staple';
export const SCHOOL = 'north';
const MODULES = ['integrations', 'people', 'loans', 'repairs', 'servicedesk', 'assets', 'costs', 'events'];

export interface ConsoleUser {
  readonly email: string;
  readonly password: string;
  readonly name: string;
}

export interface ConsoleServer {
  /** The deployment's shared address: `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The school's own address: `http://north.localhost:<port>`. */
  readonly schoolUrl: string;
  readonly port: number;
  readonly dir: string;
  readonly server: RunningServer;
  /** Runs `desk <args>` in the install directory, on its database. */
  desk(args: string[], input?: string): ReturnType<typeof runDesk>;
  /** A console user of the school with this role (password sign-in). */
  user(role: string, o?: { email?: string; name?: string }): Promise<ConsoleUser>;
  /** An API key of the school with these scopes. */
  key(scopes: readonly string[]): Promise<string>;
  stop(): Promise<void>;
}

let users = 0;

/** A loopback port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * A new install directory with the school `north` (every module on, demo data of `seed` size,
 * Europe/Amsterdam, EUR) and `desk serve --embedded-db` listening on a free loopback port.
 * `publicUrl`: the port is chosen first and PUBLIC_URL names it (`http://127.0.0.1:<port>`), as a
 * deployment's does, for a suite that checks the addresses Desk gives out (redirect URIs).
 */
export async function startConsoleServer(
  o: { seed?: 'small' | 'school' | 'district'; env?: Record<string, string>; publicUrl?: boolean } = {},
): Promise<ConsoleServer> {
  const dir = tempInstallDir('desk-web-');
  const port = o.publicUrl ? await freePort() : null;
  const env = {
    ...(port ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MCP_PER_MINUTE: '0',
    RATE_LIMIT_ACTIONS_PER_MINUTE: '0',
    RATE_LIMIT_V1_PER_MINUTE: '0',
    RATE_LIMIT_SSO_PER_MINUTE: '0',
    ...o.env,
  };
  const desk = async (args: string[], input?: string) => {
    const result = await runDesk([...args, '--embedded-db'], { cwd: dir, env, input });
    if (result.code !== 0) throw new Error(`desk ${args.join(' ')} failed: ${result.stderr}`);
    return result;
  };
  await desk(['tenant', 'create', SCHOOL, '--name', 'North High', '--host', `${SCHOOL}.localhost`]);
  await desk(['tenant', 'create', 'south', '--name', 'South Academy']);
  await desk(['module', 'enable', SCHOOL, ...MODULES]);
  await desk(['module', 'enable', 'south', ...MODULES]);
  await desk(['seed-demo', SCHOOL, '--size', o.seed ?? 'small']);
  const server = await startServe(['--embedded-db', ...(port ? ['--port', String(port)] : [])], {
    cwd: dir,
    env,
    timeoutMs: 30_000,
  });
  return {
    url: server.url,
    schoolUrl: `http://${SCHOOL}.localhost:${server.port}`,
    port: server.port,
    dir,
    server,
    desk,
    async user(role, u = {}) {
      const n = ++users;
      const email = u.email ?? `${role}-${n}@north.example`;
      const name = u.name ?? `${role.replace(/-/g, ' ')} ${n}`;
      await desk(['user', 'create', SCHOOL, email, '--name', name, '--role', role, '--password-stdin'], PASSWORD);
      return { email, password: PASSWORD, name };
    },
    async key(scopes) {
      const made = await desk([
        'key',
        'create',
        SCHOOL,
        '--name',
        'browser test',
        '--scopes',
        scopes.join(','),
        '--json',
      ]);
      return (JSON.parse(made.stdout) as { key: string }).key;
    },
    async stop() {
      await server.stop();
    },
  };
}

/**
 * Headless Debian Chromium, with the switches a closed network needs (no background connections).
 * `args` adds switches: `trustTestCertificate()` for a suite that visits the test CA's HTTPS servers.
 */
export function launchBrowser(o: { args?: readonly string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(o.args ?? []),
    ],
  });
}

/**
 * The switch that makes Chromium accept the test server certificate of test/support/tls.ts (the OpenID
 * provider's): its public key pinned, rather than the CA trusted, which Chromium offers no switch for.
 */
export const trustTestCertificate = (): string[] => [`--ignore-certificate-errors-spki-list=${testTls().serverSpki}`];

export interface OpenedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Script errors and Content-Security-Policy violations seen by the page: a clean page has none. */
  readonly problems: string[];
}

/**
 * A fresh context (no cookies) and page at `url`. `bypassCSP` is only for injecting axe-core (the
 * console's own CSP forbids injected scripts, as it should): such a page proves nothing about the CSP.
 */
export async function openPage(
  browser: Browser,
  url: string,
  o: {
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
    bypassCSP?: boolean;
    /** Cookies and storage to start with (a signed-in session from `signedInState`). */
    storageState?: StorageState;
  } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    ...(o.storageState ? { storageState: o.storageState } : {}),
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
    colorScheme: o.colorScheme ?? 'light',
    bypassCSP: o.bypassCSP ?? false,
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) problems.push(`CSP: ${m.text()}`);
  });
  await page.goto(url);
  return { page, context, problems };
}

/** The console API as a signed-in user, from outside the browser (a bearer session token). */
export interface ConsoleApi {
  // `any` by default: a test reads the fields it checks, and the server, not these types, is the judge.
  send<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }>;
  get<T = any>(path: string): Promise<{ status: number; json: T }>;
}

/** What every browser suite shares: a server, a browser, signed-in pages, and the API as a user. */
export interface ConsoleSuite {
  readonly server: ConsoleServer;
  readonly browser: Browser;
  /** A fresh context at `path` on the school's own address, signed in as `user` through the form. */
  open(user: ConsoleUser, path: string): Promise<OpenedPage>;
  /** The API as `user`: to set a test up, and to read back what the page stored. */
  api(user: ConsoleUser): Promise<ConsoleApi>;
  /** checkPage on this suite's server and browser. */
  check(user: ConsoleUser, path: string, name: string, ready: (page: Page) => Promise<unknown>): Promise<void>;
}

/**
 * Starts a console server and a browser for the describe block it is called in, and stops both after
 * it. Call it first in the block: its beforeAll runs before the block's own, which may use it.
 */
export function useConsole(
  o: Parameters<typeof startConsoleServer>[0] & { browserArgs?: readonly string[] } = {},
): ConsoleSuite {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startConsoleServer(o), launchBrowser({ args: o.browserArgs })]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(thing: T | undefined): T => {
    if (thing === undefined) throw new Error('useConsole: used before its beforeAll ran');
    return thing;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    async open(user, path) {
      const opened = await openPage(started(browser), started(server).schoolUrl + path);
      await signIn(opened.page, user);
      return opened;
    },
    async api(user) {
      const url = started(server).url;
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tenant-slug': SCHOOL },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const send = async (method: string, path: string, body?: unknown) => {
        const reply = await fetch(url + path, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            'x-tenant-slug': SCHOOL,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await reply.text();
        return { status: reply.status, json: text ? JSON.parse(text) : undefined };
      };
      return { send, get: (path: string) => send('GET', path) };
    },
    check(user, path, name, ready) {
      return checkPage(started(browser), started(server), user, path, name, ready);
    },
  };
}

/** Signs in through the form, as a person would (the School field only when the page asks for it). */
export async function signIn(page: Page, user: ConsoleUser, school?: string): Promise<void> {
  if (school !== undefined) await page.getByLabel('School').fill(school);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in: the console's header (its navigation may be folded behind Menu on a phone).
  await expect.poll(() => page.getByRole('button', { name: 'Sign out' }).isVisible(), { timeout: 10_000 }).toBe(true);
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const signedIn = new Map<string, StorageState>();

/**
 * The cookies of a session of `user`, signed in once through the form and reused by later contexts:
 * the page checks open a dozen contexts per page, and signing in each time is most of their cost.
 */
export async function signedInState(browser: Browser, server: ConsoleServer, user: ConsoleUser): Promise<StorageState> {
  const key = `${server.schoolUrl} ${user.email}`;
  const known = signedIn.get(key);
  if (known) return known;
  const { page, context } = await openPage(browser, `${server.schoolUrl}/`);
  try {
    await signIn(page, user);
    const state = await context.storageState();
    signedIn.set(key, state);
    return state;
  } finally {
    await context.close();
  }
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (WCAG 2.x A and AA rules) and fails on any serious or critical violation,
 * naming each with the elements it found. The page must come from a `bypassCSP` context.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(o: unknown): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  })) as AxeViolation[];
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `accessibility of ${label}`).toEqual([]);
}

/** Writes `test-output/screenshots/<name>.png` (the whole page) when `DESK_SCREENSHOTS=1`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  // Opt-in: a PNG of every view is for a reviewer, and costs a quarter of each page check's time.
  if (process.env.DESK_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** No horizontal scrolling: the page is no wider than the viewport. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${label} scrolls sideways`).toBeLessThanOrEqual(client);
}

/**
 * The check every page gets (issue 13, points 7 and 8): for each theme, at 1280 and 390 px wide (and
 * at a tablet's 768 px), signed in as `user` at `path`: no sideways scroll at any width, no serious or
 * critical axe violation in either theme, and a screenshot of each (with `DESK_SCREENSHOTS=1`). `ready` waits for what shows
 * the page is loaded (its heading, its first rows).
 */
export async function checkPage(
  browser: Browser,
  server: ConsoleServer,
  user: ConsoleUser,
  path: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<void> {
  // Both themes at a desk's and a phone's width, and a tablet's (768 px) for the layout. Colours
  // depend on the theme and the layout on the width, so axe runs in each theme at the desk's width and
  // once more at the phone's; the other views are checked for their layout and photographed.
  const views = [
    { colorScheme: 'light' as const, width: 1280, axe: true },
    { colorScheme: 'dark' as const, width: 1280, axe: true },
    { colorScheme: 'light' as const, width: 390, axe: true },
    { colorScheme: 'dark' as const, width: 390, axe: false },
    { colorScheme: 'light' as const, width: 768, axe: false },
  ];
  // One page, its width and theme changed in place (the CSS follows both live), rather than a new
  // context and a fresh load per view: the checks are the same, at a fifth of the loads.
  const first = views[0]!;
  const { page, context } = await openPage(browser, server.schoolUrl + path, {
    width: first.width,
    height: 800,
    colorScheme: first.colorScheme,
    bypassCSP: true,
    storageState: await signedInState(browser, server, user),
  });
  try {
    // A test may have ended that session since (signing out revokes it): then sign in again.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav
      .or(page.getByRole('button', { name: 'Sign in' }))
      .first()
      .waitFor({ timeout: 10_000 });
    if (!(await nav.isVisible())) await signIn(page, user);
    for (const { colorScheme, width, axe } of views) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : width > 400 ? 1024 : 844 });
      await page.emulateMedia({ colorScheme });
      // Two frames: the resize and the media change laid out and painted before anything is measured.
      await page.evaluate(
        () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
      );
      await ready(page);
      await expectNoSidewaysScroll(page, `${name} at ${width}px`);
      if (axe) await expectAccessible(page, `${name} (${colorScheme}, ${width}px)`);
      await screenshot(page, `${name}-${width}-${colorScheme}`);
    }
  } finally {
    await context.close();
  }
}

/**
 * The tests' OpenID provider (support/oidc-provider.ts) set up as the school's, "North ID", with the
 * real CLI, for the browser suites of single sign-on (the console's and the portal's). Both of the
 * console server's addresses are registered redirect URIs.
 */
export async function startSchoolProvider(
  server: ConsoleServer,
  accounts: NonNullable<Parameters<typeof startOidcProvider>[0]['accounts']>,
  secret = `desk-secret-${randomBytes(12).toString('hex')}`,
): Promise<TestOidcProvider> {
  const op = await startOidcProvider({
    clients: [
      {
        clientId: 'desk',
        clientSecret: secret,
        redirectUris: [`${server.schoolUrl}/api/auth/sso/callback`, `${server.url}/api/auth/sso/callback`],
      },
    ],
    accounts,
  });
  const set = await server.desk(
    [
      'tenant',
      'sso',
      SCHOOL,
      '--issuer',
      op.issuer,
      '--client-id',
      'desk',
      '--client-secret-stdin',
      '--label',
      'North ID',
    ],
    secret,
  );
  expect(set.code, set.stderr).toBe(0);
  return op;
}

/** On the provider's own pages: the account, then consent. Back at Desk once the page leaves the provider. */
export async function signInAtProvider(page: Page, account: string, schoolUrl: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in to the test provider' }).waitFor();
  await page.getByLabel('Account').fill(account);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.origin === schoolUrl);
}
