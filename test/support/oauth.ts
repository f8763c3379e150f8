/**
 * Desk's OAuth authorization server driven over HTTP as an app and a person would, step by step,
 * for the suites that check each step's answers (the official SDK clients drive the whole flow in
 * test/web/oauth-clients.test.ts). Requests go through support/rest.ts, so the Host header says
 * which origin (a school's host, or the shared `localhost`) the app talks to.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { send, type Reply } from './rest.js';

export const REDIRECT_URI = 'http://127.0.0.1:53682/callback';

/** A PKCE pair (RFC 7636, S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The origin a request with this Host header is addressed to, as Desk computes it in tests (http). */
export const originOf = (host = 'localhost'): string => `http://${host}`;

export const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** POST /api/oauth/register (dynamic client registration) with these redirect URIs; fails unless 201. */
export async function registerClient(
  app: TestApp,
  o: { redirectUris?: string[]; name?: string; host?: string } = {},
): Promise<string> {
  const reply = await send(app.port, {
    method: 'POST',
    path: '/api/oauth/register',
    host: o.host,
    body: { client_name: o.name ?? 'Test app', redirect_uris: o.redirectUris ?? [REDIRECT_URI] },
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.json.client_id as string;
}

export interface AuthorizeParams {
  client_id: string;
  redirect_uri?: string;
  response_type?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  scope?: string;
  resource?: string;
}

/** GET /api/oauth/authorize with these parameters; answers the redirect's Location (the reply too). */
export async function authorize(
  app: TestApp,
  params: AuthorizeParams,
  o: { host?: string } = {},
): Promise<{ reply: Reply; location: URL }> {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined) as [string, string][]);
  const reply = await send(app.port, { path: `/api/oauth/authorize?${query}`, host: o.host });
  expect(reply.status, reply.text).toBe(302);
  return { reply, location: new URL(String(reply.headers.location), originOf(o.host)) };
}

/** The parameters of a sound authorization request for `clientId` (PKCE S256, a state). */
export function soundRequest(clientId: string, challenge: string, o: Partial<AuthorizeParams> = {}): AuthorizeParams {
  return {
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    state: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...o,
  };
}

/** The person's answer on the consent page, as the page sends it (their session as a bearer). */
export function decide(
  app: TestApp,
  token: string,
  authorizationId: string,
  decision: 'allow' | 'deny',
  o: { host?: string } = {},
): Promise<Reply> {
  return send(app.port, {
    method: 'POST',
    path: `/api/oauth/authorizations/${authorizationId}`,
    host: o.host,
    headers: { authorization: `Bearer ${token}` },
    body: { decision },
  });
}

/** POST /api/oauth/token with these form fields. */
export const tokenRequest = (app: TestApp, fields: Record<string, string>, o: { host?: string } = {}) =>
  send(app.port, { method: 'POST', path: '/api/oauth/token', host: o.host, ...form(fields) });

export interface Tokens {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly scope: string;
  readonly expires_in: number;
  readonly token_type: string;
}

/**
 * The whole flow for a signed-in person (`sessionToken`): a registered app asks (with `scope`, when
 * given), the person allows, the app exchanges its code. Answers the tokens and the app's id.
 */
export async function connectApp(
  app: TestApp,
  sessionToken: string,
  o: { scope?: string; host?: string; clientId?: string } = {},
): Promise<{ tokens: Tokens; clientId: string }> {
  const clientId = o.clientId ?? (await registerClient(app, { host: o.host }));
  const { verifier, challenge } = pkce();
  const asked = await authorize(app, soundRequest(clientId, challenge, o.scope ? { scope: o.scope } : {}), o);
  const authorizationId = asked.location.searchParams.get('request');
  expect(authorizationId, asked.location.href).toBeTruthy();
  const allowed = await decide(app, sessionToken, authorizationId!, 'allow', o);
  expect(allowed.status, allowed.text).toBe(200);
  const code = new URL(allowed.json.redirectTo as string).searchParams.get('code')!;
  const exchanged = await tokenRequest(
    app,
    {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
    },
    o,
  );
  expect(exchanged.status, exchanged.text).toBe(200);
  return { tokens: exchanged.json as Tokens, clientId };
}

/** An MCP request with a bearer (a token or a key) on the origin of `host`. */
export const mcpAs = (
  app: TestApp,
  bearer: string,
  body: unknown,
  o: { host?: string; headers?: Record<string, string> } = {},
) =>
  send(app.port, {
    method: 'POST',
    path: '/api/mcp',
    host: o.host,
    headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', ...o.headers },
    body,
  });

export const toolsList = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
export const toolNames = (reply: Reply): string[] =>
  (reply.json?.result?.tools ?? []).map((t: { name: string }) => t.name).sort();
