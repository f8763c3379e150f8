/**
 * A real OpenID provider for single sign-on tests: oidc-provider 8.x (a certified OpenID provider),
 * over HTTPS with the test CA's certificate (./tls.ts), on a loopback port. Desk signs in against it
 * exactly as against a school's Google or Entra tenant; nothing here imitates the protocol.
 *
 * ```ts
 * const op = await startOidcProvider({
 *   clients: [{ clientId: 'desk', clientSecret: 's3cret', redirectUris: [`${desk.url}/auth/oidc/callback`] }],
 *   accounts: { 'g-1001': { email: 'ada@north.example', email_verified: true, name: 'Ada', hd: 'north.example' } },
 * });
 * // Desk (another process) discovers `op.issuer`, trusting the CA through NODE_EXTRA_CA_CERTS=testTls().caFile.
 * const back = await op.signIn(authorizationUrlFromDesk, 'g-1001'); // the redirect to Desk, not followed
 * ```
 *
 * - Issuer: `https://localhost:<port>`. The certificate names both `localhost` and `127.0.0.1`, but
 *   `localhost` keeps the provider a different site from Desk's test addresses (`127.0.0.1`,
 *   `<school>.localhost`), so a browser crosses sites on the way back as it does with a real provider,
 *   and the two never share cookies (cookies ignore ports).
 * - Clients are confidential, registered with `client_secret_post` (what openid-client v6 uses when
 *   given a secret), and must use PKCE with S256. oidc-provider takes the secret in the body or in
 *   Basic authentication alike, so a test cannot tell those two apart here.
 * - Accounts are keyed by `sub`. The scopes `openid email profile` give `email`, `email_verified`,
 *   `name`, and `hd` / `xms_edov` whenever the account has them (Google and Entra send those whatever
 *   the scopes); a claim the account lacks is absent, never null. Claims go into the ID token, as
 *   Google's and Entra's do, unless `claimsInIdToken: false` (then only the userinfo endpoint has them).
 * - The pages, for a person or Playwright: the sign-in page has a text field labelled "Account" (type
 *   the `sub`) and the buttons "Sign in" and "Cancel"; the consent page that follows has "Allow" and
 *   "Cancel". Cancel sends `error=access_denied` back to the client. An unknown account re-shows the
 *   sign-in page with the alert "No such account". Once a browser has signed in and allowed, its next
 *   authorization goes straight back to the client (the provider's session and the remembered grant:
 *   single sign-on, as with a real provider); a fresh browser context, or `prompt=login`, shows the
 *   sign-in page again.
 */
import { generateKeyPair, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import escapeHtml from 'escape-html';
import Provider, { type Adapter, type AdapterPayload, type Configuration } from 'oidc-provider';
import { testTls, trustingDispatcher } from './tls.js';

/** What a provider account says about its user; a missing claim is left out of every token. */
export interface OidcAccountClaims {
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Google's hosted domain: the Workspace domain the account belongs to. */
  hd?: string;
  /** Entra's "email domain owner verified": the tenant owns the e-mail's domain. */
  xms_edov?: boolean;
}

export interface OidcTestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OidcProviderOptions {
  clients: OidcTestClient[];
  /** `sub` → claims. */
  accounts?: Record<string, OidcAccountClaims>;
  /** False: the ID token carries only the protocol claims and the userinfo endpoint the rest. */
  claimsInIdToken?: boolean;
}

export interface TestOidcProvider {
  /** `https://localhost:<port>`, without a trailing slash, as discovery states it. */
  readonly issuer: string;
  /** Adds or replaces an account while the provider runs (a renamed mailbox, a recycled address). */
  setAccount(sub: string, claims: OidcAccountClaims): void;
  /** Deletes an account: signing in as it fails, and so does redeeming a code already issued for it. */
  removeAccount(sub: string): void;
  /**
   * Opens `authorizationUrl` as a browser would (fresh cookies), signs in as `sub` on the provider's
   * page, allows the consent page, and returns the provider's final redirect to the client's
   * redirect_uri without following it: hand it to the client's callback.
   */
  signIn(authorizationUrl: string | URL, sub: string): Promise<URL>;
  /**
   * Opens `authorizationUrl` and presses Cancel on the sign-in page: the returned redirect carries
   * `error` (`access_denied` unless another OAuth error code is given) instead of a code.
   */
  cancel(authorizationUrl: string | URL, error?: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const tls = testTls();
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  // The handler is attached once the port, and with it the issuer, is known.
  const server = createServer({ cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://localhost:${(server.address() as AddressInfo).port}`;

  const signingKey = (await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })).privateKey;
  const configuration: Configuration = {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    pkce: { methods: ['S256'], required: () => true },
    claims: {
      openid: ['sub', 'hd', 'xms_edov'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    conformIdTokenClaims: options.claimsInIdToken === false,
    async findAccount(_ctx, sub) {
      if (!accounts.has(sub)) return undefined;
      return {
        accountId: sub,
        // Read at each token, so a claim changed mid-test shows in the next sign-in.
        claims: () => ({ sub, ...definedOnly(accounts.get(sub) ?? {}) }),
      };
    },
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    adapter: memoryAdapter(),
    features: {
      // The sign-in and consent pages are ours (below): devInteractions' pages have no labels and
      // load a web font from the internet.
      devInteractions: { enabled: false },
      // Its pages load the same font, and Desk does not end provider sessions.
      rpInitiatedLogout: { enabled: false },
    },
    // For what cannot go back to the client (an unknown client_id or redirect_uri): the library's
    // page, minus the web font.
    renderError(ctx, out) {
      const text = [out.error, out.error_description].filter(Boolean).join(': ');
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<p role="alert">${escapeHtml(text)}</p>`);
    },
    // No page script talks to the provider, so no origin is allowed.
    clientBasedCORS: () => false,
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  };
  const provider = new Provider(issuer, configuration);
  const providerHandler = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|consent|cancel))?$/.exec(req.url?.split('?')[0] ?? '');
    if (!match) return void providerHandler(req, res);
    interaction(req, res, match[1] ?? '', match[2]).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page('Sign-in error', `<p role="alert">${escapeHtml(String(error))}</p>`));
    });
  });

  /** The sign-in and consent pages and their three actions, on oidc-provider's interaction API. */
  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action?: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('this sign-in is not the one in progress');
    const base = `/interaction/${uid}`;
    const html = (title: string, body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page(title, body));
    };
    const loginForm = (problem?: string) =>
      html(
        'Sign in',
        `<h1>Sign in to the test provider</h1>
        ${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
        <form method="post" action="${base}/login">
          <label for="account">Account</label>
          <input id="account" name="account" type="text" autocomplete="off" required autofocus>
          <button type="submit">Sign in</button>
          <button type="submit" formaction="${base}/cancel" formnovalidate>Cancel</button>
        </form>`,
      );

    if (req.method === 'GET' && !action) {
      if (details.prompt.name === 'login') return loginForm();
      if (details.prompt.name !== 'consent') throw new Error(`no page for the prompt ${details.prompt.name}`);
      const client = String(details.params.client_id);
      return html(
        'Allow access',
        `<h1>Allow ${escapeHtml(client)} to see your e-mail address and name?</h1>
        <form method="post" action="${base}/consent">
          <button type="submit">Allow</button>
          <button type="submit" formaction="${base}/cancel">Cancel</button>
        </form>`,
      );
    }
    if (req.method !== 'POST') throw new Error(`${req.method} is not a sign-in action`);
    const form = new URLSearchParams(await readBody(req));

    if (action === 'cancel') {
      // The programmatic cancel() may name another OAuth error; the page's button never does.
      const error = /^[a-z_]+$/.test(form.get('error') ?? '') ? (form.get('error') as string) : 'access_denied';
      const result = { error, error_description: 'The user cancelled the sign-in' };
      return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    }
    if (action === 'login' && details.prompt.name === 'login') {
      const sub = form.get('account') ?? '';
      if (!accounts.has(sub)) return loginForm('No such account');
      return provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
    }
    if (action === 'consent' && details.prompt.name === 'consent') {
      // Grant exactly what the client asked for and the provider found missing.
      const { missingOIDCScope, missingOIDCClaims } = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
      };
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session?.accountId, clientId: String(details.params.client_id) });
      if (!grant) throw new Error('the grant being extended has expired');
      if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
      if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
      const result = { consent: { grantId: await grant.save() } };
      return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
    }
    throw new Error(`the ${action} action does not fit the ${details.prompt.name} page`);
  }

  /**
   * Follows the provider's redirects and pages from `authorizationUrl` as a browser would, pressing
   * `press` on each page, until a redirect leaves the provider: that redirect is the answer.
   */
  async function drive(authorizationUrl: string | URL, press: (html: string) => { action: string; body: string }) {
    const jar = new CookieJar();
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let step = 0; step < 12; step++) {
      const headers = new Headers(init.headers);
      const cookies = jar.header(url);
      if (cookies) headers.set('cookie', cookies);
      // Typed apart from the call, so that the browser suites (compiled with the DOM's RequestInit,
      // which has no dispatcher) can import this file too.
      const request: RequestInit & { dispatcher: ReturnType<typeof trustingDispatcher> } = {
        ...init,
        headers,
        redirect: 'manual',
        dispatcher: trustingDispatcher(),
      };
      const response = await fetch(url, request);
      jar.store(url, response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (location) {
        await response.body?.cancel();
        url = new URL(location, url);
        init = {};
        if (url.origin !== new URL(issuer).origin) return url;
        continue;
      }
      const body = await response.text();
      if (response.status !== 200 || !body.includes('<form')) {
        throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${textOf(body)}`);
      }
      const { action, body: formBody } = press(body);
      url = new URL(action, url);
      init = {
        method: 'POST',
        body: formBody,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    }
    throw new Error('the sign-in did not come back to the client within 12 steps');
  }

  return {
    issuer,
    setAccount: (sub, claims) => void accounts.set(sub, claims),
    removeAccount: (sub) => void accounts.delete(sub),
    signIn(authorizationUrl, sub) {
      let signedIn = false;
      return drive(authorizationUrl, (html) => {
        const action = formAction(html);
        if (action.endsWith('/login')) {
          // The page came back after signing in: the account was refused.
          if (signedIn) throw new Error(`the provider refused the account ${sub}: ${textOf(html)}`);
          signedIn = true;
          return { action, body: new URLSearchParams({ account: sub }).toString() };
        }
        return { action, body: '' };
      });
    },
    cancel(authorizationUrl, error = 'access_denied') {
      return drive(authorizationUrl, (html) => {
        const action = /formaction="([^"]+)"/.exec(html)?.[1];
        if (!action) throw new Error(`no Cancel button on the page: ${textOf(html)}`);
        return { action, body: new URLSearchParams({ error }).toString() };
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A plain page: no script, no external resource, so a closed network and a strict browser are fine. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main>${body}</main></body></html>`;
}

function formAction(html: string): string {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the page: ${textOf(html)}`);
  return action;
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);

function definedOnly(claims: OidcAccountClaims): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The cookies one browser keeps for the provider: by path, since each interaction scopes its own. */
class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  store(url: URL, setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') ?? (url.pathname.replace(/\/[^/]*$/, '') || '/');
      const expires = attribute('expires');
      const gone = attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (gone) this.cookies.delete(`${path} ${name}`);
      else this.cookies.set(`${path} ${name}`, { name, value, path });
    }
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

/**
 * oidc-provider's storage, one per provider: its built-in in-memory adapter works the same but is
 * shared by every provider in the process and announces itself on stderr at each start.
 */
function memoryAdapter(): (model: string) => Adapter {
  const rows = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  // Secondary keys (a session's uid, a device's user code) → id, and a grant → its tokens' keys.
  const ids = new Map<string, string>();
  const grants = new Map<string, string[]>();
  const get = (key: string) => {
    const row = rows.get(key);
    if (row && row.expiresAt > Date.now()) return row.payload;
    rows.delete(key);
    return undefined;
  };
  return (model) => {
    const key = (id: string) => `${model}:${id}`;
    const byId = (id: string | undefined) => (id === undefined ? undefined : get(key(id)));
    return {
      async upsert(id, payload, expiresIn) {
        rows.set(key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
        if (payload.uid) ids.set(`${model}:uid:${payload.uid}`, id);
        if (payload.userCode) ids.set(`${model}:userCode:${payload.userCode}`, id);
        if (payload.grantId) grants.set(payload.grantId, [...(grants.get(payload.grantId) ?? []), key(id)]);
      },
      find: async (id) => get(key(id)),
      findByUid: async (uid) => byId(ids.get(`${model}:uid:${uid}`)),
      findByUserCode: async (userCode) => byId(ids.get(`${model}:userCode:${userCode}`)),
      async consume(id) {
        const payload = get(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        rows.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const token of grants.get(grantId) ?? []) rows.delete(token);
        grants.delete(grantId);
      },
    };
  };
}
