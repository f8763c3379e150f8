/**
 * Desk as the OAuth authorization server of /api/mcp (issue 20, point 2), step by step over HTTP on
 * both databases: the metadata documents, the 401 challenge, registration, the authorization
 * endpoint's refusals (shown, or sent back to the app), the consent page's routes, the token
 * endpoint (codes with PKCE, rotation, replays), revocation, what a token may do (its scopes AND the
 * person's role now), resource binding per origin, connected apps, and the rate limit per person and
 * app. The official SDK clients run the whole flow in test/web/oauth-clients.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { send } from '../../support/rest.js';
import {
  authorize,
  type AuthorizeParams,
  connectApp,
  decide,
  form,
  mcpAs,
  originOf,
  pkce,
  REDIRECT_URI,
  registerClient,
  soundRequest,
  tokenRequest,
  toolNames,
  toolsList,
} from '../../support/oauth.js';
import { consoleClient, signIn, type ConsoleUser } from '../../support/console.js';
import { MovableClock } from '../../support/fakes/movable-clock.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { tenantBySlug } from '../../support/tenant-data.js';

warnIfPostgresSkipped();

const SCHOOL = 'north';
const SCHOOL_HOST = 'north.school.example';
const OTHER = 'south';
const OTHER_HOST = 'south.school.example';

for (const database of ['sqlite', 'postgres'] as const satisfies readonly TestDatabase[]) {
  describe.skipIf(database === 'postgres' && !postgresAvailable)(`OAuth authorization server (${database})`, () => {
    let app: TestApp;
    let clock: MovableClock;
    let admin: ConsoleUser;
    let desk: ConsoleUser;

    beforeAll(async () => {
      clock = new MovableClock();
      app = await startApp({ database, clock, env: { LOG_LEVEL: 'warn' } });
      await app.tenant(SCHOOL, { seed: 'small', hosts: [SCHOOL_HOST] });
      await app.tenant(OTHER, { seed: 'small', hosts: [OTHER_HOST] });
      admin = await signIn(app, SCHOOL, { role: 'school-admin' });
      desk = await signIn(app, SCHOOL, { role: 'loan-desk' });
    });
    afterAll(() => app?.close());

    describe('discovery', () => {
      it('describes the MCP endpoint of the origin asked, at both well-known addresses', async () => {
        for (const host of ['localhost', SCHOOL_HOST]) {
          for (const path of [
            '/.well-known/oauth-protected-resource/api/mcp',
            '/.well-known/oauth-protected-resource',
          ]) {
            const reply = await send(app.port, { path, host });
            expect(reply.status, `${host}${path}`).toBe(200);
            expect(reply.headers['content-type']).toMatch(/^application\/json/);
            expect(reply.json).toEqual({
              resource: `${originOf(host)}/api/mcp`,
              authorization_servers: [originOf(host)],
              scopes_supported: expect.arrayContaining(['loan.view', 'loan.issue', 'person.view']),
              bearer_methods_supported: ['header'],
              resource_name: 'Desk',
            });
            // Console-only permissions and module switches are never a token's.
            expect(reply.json.scopes_supported).not.toContain('user.manage');
            expect(reply.json.scopes_supported.some((s: string) => s.startsWith('module.'))).toBe(false);
          }
        }
      });

      it('publishes authorization server metadata whose issuer is exactly the origin asked', async () => {
        const reply = await send(app.port, { path: '/.well-known/oauth-authorization-server', host: SCHOOL_HOST });
        const issuer = originOf(SCHOOL_HOST);
        expect(reply.status).toBe(200);
        expect(reply.json).toEqual({
          issuer,
          authorization_endpoint: `${issuer}/api/oauth/authorize`,
          token_endpoint: `${issuer}/api/oauth/token`,
          registration_endpoint: `${issuer}/api/oauth/register`,
          revocation_endpoint: `${issuer}/api/oauth/revoke`,
          scopes_supported: expect.arrayContaining(['loan.view']),
          response_types_supported: ['code'],
          response_modes_supported: ['query'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          token_endpoint_auth_methods_supported: ['none'],
          revocation_endpoint_auth_methods_supported: ['none'],
          code_challenge_methods_supported: ['S256'],
          client_id_metadata_document_supported: true,
          authorization_response_iss_parameter_supported: true,
        });
      });

      it('names one issuer and resource whatever case the host is written in', async () => {
        const shouted = 'North.SCHOOL.example';
        const metadata = await send(app.port, { path: '/.well-known/oauth-authorization-server', host: shouted });
        expect(metadata.json.issuer).toBe(originOf(SCHOOL_HOST));
        expect(metadata.json.token_endpoint).toBe(`${originOf(SCHOOL_HOST)}/api/oauth/token`);
        const resource = await send(app.port, { path: '/.well-known/oauth-protected-resource/api/mcp', host: shouted });
        expect(resource.json.resource).toBe(`${originOf(SCHOOL_HOST)}/api/mcp`);
        // A flow started at the host as one client wrote it ends at the host as another writes it,
        // and the token works at both: they are one origin.
        const clientId = await registerClient(app);
        const { verifier, challenge } = pkce();
        const { location } = await authorize(app, soundRequest(clientId, challenge), { host: shouted });
        const allowed = await decide(app, desk.token, location.searchParams.get('request')!, 'allow', {
          host: shouted,
        });
        expect(allowed.status, allowed.text).toBe(200);
        const back = new URL(allowed.json.redirectTo as string);
        expect(back.searchParams.get('iss')).toBe(originOf(SCHOOL_HOST));
        const exchanged = await tokenRequest(
          app,
          {
            grant_type: 'authorization_code',
            code: back.searchParams.get('code')!,
            code_verifier: verifier,
            redirect_uri: REDIRECT_URI,
            client_id: clientId,
          },
          { host: SCHOOL_HOST },
        );
        expect(exchanged.status, exchanged.text).toBe(200);
        for (const host of [SCHOOL_HOST, shouted, SCHOOL_HOST.toUpperCase()]) {
          expect((await mcpAs(app, exchanged.json.access_token, toolsList, { host })).status, host).toBe(200);
        }
        const challengeHeader = await send(app.port, {
          method: 'POST',
          path: '/api/mcp',
          host: shouted,
          body: toolsList,
        });
        expect(challengeHeader.headers['www-authenticate']).toBe(
          `Bearer resource_metadata="${originOf(SCHOOL_HOST)}/.well-known/oauth-protected-resource/api/mcp"`,
        );
      });

      it('answers 401 from /api/mcp naming the resource metadata, with invalid_token once a bearer was sent', async () => {
        const bare = await send(app.port, { method: 'POST', path: '/api/mcp', host: SCHOOL_HOST, body: toolsList });
        expect(bare.status).toBe(401);
        expect(bare.headers['www-authenticate']).toBe(
          `Bearer resource_metadata="${originOf(SCHOOL_HOST)}/.well-known/oauth-protected-resource/api/mcp"`,
        );
        expect(bare.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } });
        const wrong = await mcpAs(app, 'desk_at_not-a-token', toolsList);
        expect(wrong.status).toBe(401);
        expect(wrong.headers['www-authenticate']).toBe(
          `Bearer resource_metadata="${originOf()}/.well-known/oauth-protected-resource/api/mcp", error="invalid_token"`,
        );
      });
    });

    describe('registration', () => {
      it('registers a public client and answers what it registered', async () => {
        const reply = await send(app.port, {
          method: 'POST',
          path: '/api/oauth/register',
          body: {
            client_name: 'Claude',
            redirect_uris: ['https://claude.ai/api/mcp/auth_callback', REDIRECT_URI],
            grant_types: ['authorization_code', 'refresh_token'],
            token_endpoint_auth_method: 'none',
            application_type: 'native',
            logo_uri: 'https://claude.ai/logo.png',
          },
        });
        expect(reply.status, reply.text).toBe(201);
        expect(reply.headers['cache-control']).toBe('no-store');
        expect(reply.json).toEqual({
          client_id: expect.stringMatching(/^desk_client_[A-Za-z0-9_-]{20,}$/),
          client_id_issued_at: expect.any(Number),
          client_name: 'Claude',
          redirect_uris: ['https://claude.ai/api/mcp/auth_callback', REDIRECT_URI],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        });
      });

      it('refuses what it cannot serve in RFC 7591 terms, registering nothing', async () => {
        const registered = () => app.container.get(UnitOfWork).read((r) => r.oauthClients.countSince(''));
        const before = await registered();
        const cases: [unknown, number, string][] = [
          [{ redirect_uris: ['http://app.example/callback'] }, 400, 'invalid_redirect_uri'],
          [{ redirect_uris: ['https://app.example/cb#frag'] }, 400, 'invalid_redirect_uri'],
          [{ redirect_uris: [] }, 400, 'invalid_redirect_uri'],
          [{ client_name: 'x' }, 400, 'invalid_redirect_uri'],
          [
            { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'client_secret_basic' },
            400,
            'invalid_client_metadata',
          ],
          [{ redirect_uris: [REDIRECT_URI], grant_types: ['client_credentials'] }, 400, 'invalid_client_metadata'],
          [[REDIRECT_URI], 400, 'invalid_client_metadata'],
        ];
        for (const [body, status, error] of cases) {
          const reply = await send(app.port, { method: 'POST', path: '/api/oauth/register', body });
          expect(reply.status, JSON.stringify(body)).toBe(status);
          expect(reply.json, JSON.stringify(body)).toEqual({ error, error_description: expect.any(String) });
        }
        const notJson = await send(app.port, {
          method: 'POST',
          path: '/api/oauth/register',
          body: 'redirect_uris=x',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(notJson.status).toBe(415);
        expect(notJson.json).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
        expect(await registered()).toBe(before);
      });
    });

    describe('the authorization endpoint', () => {
      let clientId: string;
      beforeAll(async () => {
        clientId = await registerClient(app, { redirectUris: [REDIRECT_URI, 'https://app.example/callback'] });
      });

      it('keeps a sound request for the consent page', async () => {
        const { challenge } = pkce();
        const { location } = await authorize(app, soundRequest(clientId, challenge));
        expect(location.pathname).toBe('/authorize');
        expect(location.searchParams.get('request')).toMatch(/.+/);
      });

      it('never sends the person to an unknown app or a redirect URI the app did not register', async () => {
        const { challenge } = pkce();
        const cases: [AuthorizeParams, string][] = [
          [soundRequest('desk_client_unknown', challenge), 'unknown_client'],
          [
            soundRequest(clientId, challenge, { redirect_uri: 'https://evil.example/callback' }),
            'redirect_uri_unregistered',
          ],
          // The registered loopback URI with a user name in it: not the app's, whatever the port.
          [
            soundRequest(clientId, challenge, { redirect_uri: 'http://evil@127.0.0.1:1234/callback' }),
            'redirect_uri_unregistered',
          ],
          [soundRequest(clientId, challenge, { redirect_uri: undefined }), 'redirect_uri_missing'],
          [{ ...soundRequest(clientId, challenge), client_id: '' }, 'client_id_missing'],
        ];
        for (const [params, reason] of cases) {
          const { location } = await authorize(app, params);
          expect(location.origin, JSON.stringify(params)).toBe(originOf());
          expect(location.pathname).toBe('/authorize');
          expect(location.searchParams.get('error')).toMatch(/^invalid_(client|request)$/);
          // A code the page has its own words for, never a description (anyone could write one there).
          expect(location.searchParams.get('reason'), JSON.stringify(params)).toBe(reason);
          expect(location.searchParams.get('error_description')).toBeNull();
          expect(location.searchParams.get('request')).toBeNull();
        }
      });

      it('fetches a metadata document only from a public address (unless the operator allows private ones)', async () => {
        const { challenge } = pkce();
        for (const clientId of ['https://127.0.0.1:1/oauth/client.json', 'https://localhost:1/client.json']) {
          const { location } = await authorize(app, soundRequest(clientId, challenge));
          expect(location.pathname).toBe('/authorize');
          expect(location.searchParams.get('error')).toBe('invalid_client');
          expect(location.searchParams.get('reason')).toBe('client_metadata_unavailable');
          // Nothing of what the name resolves to (the caller may be anyone), nor any description.
          expect(location.href).not.toMatch(/resolves|error_description/);
        }
        const malformed = ['https://app.example/', 'https://app.example/a/../client.json', 'https://u:p@app.example/c'];
        for (const clientId of malformed) {
          const { location } = await authorize(app, soundRequest(clientId, challenge));
          expect(location.searchParams.get('error'), clientId).toBe('invalid_client');
          expect(location.searchParams.get('reason'), clientId).toBe('unknown_client');
        }
      });

      it('sends other faults back to the app with the error, its state and the issuer', async () => {
        const { challenge } = pkce();
        const cases: [Record<string, string | undefined>, string][] = [
          [{ code_challenge: undefined }, 'invalid_request'],
          [{ code_challenge_method: 'plain' }, 'invalid_request'],
          [{ code_challenge: 'short' }, 'invalid_request'],
          [{ response_type: 'token' }, 'unsupported_response_type'],
          [{ resource: 'https://elsewhere.example/api/mcp' }, 'invalid_target'],
          [{ resource: `${originOf(SCHOOL_HOST)}/api/mcp` }, 'invalid_target'],
        ];
        for (const [change, error] of cases) {
          const params = { ...soundRequest(clientId, challenge), ...change, state: 'the-state' };
          const { location } = await authorize(app, params as never);
          expect(`${location.origin}${location.pathname}`, JSON.stringify(change)).toBe(
            'http://127.0.0.1:53682/callback',
          );
          expect(location.searchParams.get('error')).toBe(error);
          expect(location.searchParams.get('state')).toBe('the-state');
          expect(location.searchParams.get('iss')).toBe(originOf());
        }
        // The resource named in any case the scheme and host are written, and without a trailing slash.
        const { location } = await authorize(
          app,
          soundRequest(clientId, challenge, { resource: 'HTTP://LOCALHOST/api/mcp' }),
        );
        expect(location.pathname).toBe('/authorize');
      });
    });

    describe('consent', () => {
      let clientId: string;
      beforeAll(async () => {
        clientId = await registerClient(app, { name: 'Helpful assistant' });
      });

      const ask = async (o: { scope?: string; host?: string; state?: string } = {}) => {
        const { verifier, challenge } = pkce();
        const params = soundRequest(clientId, challenge, {
          ...(o.scope ? { scope: o.scope } : {}),
          state: o.state ?? 's1',
        });
        const { location } = await authorize(app, params, { host: o.host });
        return { id: location.searchParams.get('request')!, verifier };
      };

      it('shows the signed-in person the app, their school and, in words, what they can give it', async () => {
        const teacher = await signIn(app, SCHOOL, { role: 'teacher' });
        const { id } = await ask({ scope: 'loan.view loan.issue repair.create openid' });
        const reply = await consoleClient(app, teacher.token).get(`/api/oauth/authorizations/${id}`);
        expect(reply.status, reply.text).toBe(200);
        expect(reply.json.authorization).toEqual({
          id,
          client: { id: clientId, name: 'Helpful assistant', host: null },
          redirectHost: '127.0.0.1:53682',
          school: { slug: SCHOOL, name: `${SCHOOL} school` },
          // A teacher holds loan.view and repair.create, never loan.issue; `openid` is no permission.
          scopes: [
            { name: 'loan.view', description: expect.any(String) },
            { name: 'repair.create', description: expect.any(String) },
          ],
          integrationsEnabled: true,
          expiresAt: expect.any(String),
        });
        expect((await consoleClient(app, undefined).get(`/api/oauth/authorizations/${id}`)).status).toBe(401);
      });

      it('refuses a request started on one school’s host to a person of another school', async () => {
        const southAdmin = await signIn(app, OTHER, { role: 'school-admin' });
        const { id } = await ask({ host: SCHOOL_HOST });
        const reply = await consoleClient(app, southAdmin.token).get(`/api/oauth/authorizations/${id}`);
        expect(reply.status).toBe(404);
        expect((await decide(app, southAdmin.token, id, 'allow')).status).toBe(404);
      });

      it('sends Deny back as access_denied with the state and issuer, and answers a request once', async () => {
        const { id } = await ask({ state: 'keep-me' });
        const denied = await decide(app, desk.token, id, 'deny');
        expect(denied.status, denied.text).toBe(200);
        const back = new URL(denied.json.redirectTo);
        expect(Object.fromEntries(back.searchParams)).toEqual({
          error: 'access_denied',
          error_description: expect.any(String),
          state: 'keep-me',
          iss: originOf(),
        });
        expect((await decide(app, desk.token, id, 'allow')).status).toBe(409);
      });

      it('refuses a decision that is neither allow nor deny, changing nothing', async () => {
        const { id } = await ask();
        const reply = await consoleClient(app, desk.token).post(`/api/oauth/authorizations/${id}`, {
          decision: 'maybe',
        });
        expect(reply.status).toBe(400);
        expect(reply.json.errors).toEqual([{ pointer: '/decision', detail: expect.any(String) }]);
        expect((await decide(app, desk.token, id, 'allow')).status).toBe(200);
      });

      it('gives the person ten minutes to decide', async () => {
        const { id } = await ask();
        clock.advance(11 * 60 * 1000);
        try {
          expect((await decide(app, desk.token, id, 'allow')).status).toBe(409);
        } finally {
          clock.reset();
        }
      });
    });

    describe('the token endpoint', () => {
      let clientId: string;
      beforeAll(async () => {
        clientId = await registerClient(app);
      });

      /** A code the loan desk allowed, and the verifier that goes with it. */
      const aCode = async (o: { scope?: string } = {}) => {
        const { verifier, challenge } = pkce();
        const { location } = await authorize(app, soundRequest(clientId, challenge, o.scope ? { scope: o.scope } : {}));
        const allowed = await decide(app, desk.token, location.searchParams.get('request')!, 'allow');
        return { code: new URL(allowed.json.redirectTo).searchParams.get('code')!, verifier };
      };
      const exchange = (code: string, verifier: string, change: Record<string, string> = {}) =>
        tokenRequest(app, {
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          redirect_uri: REDIRECT_URI,
          client_id: clientId,
          resource: `${originOf()}/api/mcp`,
          ...change,
        });

      it('exchanges a code once for a bearer token, a refresh token and the scopes, never cached', async () => {
        const { code, verifier } = await aCode({ scope: 'loan.view person.view' });
        const reply = await exchange(code, verifier);
        expect(reply.status, reply.text).toBe(200);
        expect(reply.headers['cache-control']).toBe('no-store');
        expect(reply.json).toEqual({
          access_token: expect.stringMatching(/^desk_at_/),
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: expect.stringMatching(/^desk_rt_/),
          scope: 'person.view loan.view',
        });
        const list = await mcpAs(app, reply.json.access_token, toolsList);
        expect(toolNames(list)).toEqual(['loans.list', 'people.profile', 'people.search']);
      });

      it('refuses a wrong verifier, redirect URI, client or resource, and an expired code', async () => {
        const other = await registerClient(app);
        const refusals: [Record<string, string>, string][] = [
          [{ code_verifier: pkce().verifier }, 'invalid_grant'],
          [{ redirect_uri: 'http://127.0.0.1:1/other' }, 'invalid_grant'],
          [{ client_id: other }, 'invalid_grant'],
          [{ resource: 'https://elsewhere.example/api/mcp' }, 'invalid_target'],
        ];
        for (const [change, error] of refusals) {
          const { code, verifier } = await aCode();
          const reply = await exchange(code, verifier, change);
          expect(reply.status, JSON.stringify(change)).toBe(400);
          expect(reply.json).toEqual({ error, error_description: expect.any(String) });
        }
        const { code, verifier } = await aCode();
        clock.advance(61_000);
        try {
          expect((await exchange(code, verifier)).json.error).toBe('invalid_grant');
        } finally {
          clock.reset();
        }
      });

      it('revokes what a code gave when the code comes again', async () => {
        const { code, verifier } = await aCode({ scope: 'loan.view' });
        const first = await exchange(code, verifier);
        expect(first.status).toBe(200);
        expect((await mcpAs(app, first.json.access_token, toolsList)).status).toBe(200);
        const again = await exchange(code, verifier);
        expect(again.status).toBe(400);
        expect(again.json.error).toBe('invalid_grant');
        expect((await mcpAs(app, first.json.access_token, toolsList)).status).toBe(401);
        const audit = await consoleClient(app, admin.token).get('/api/audit?action=oauth.grant_revoke');
        expect(audit.json.entries[0]).toMatchObject({
          actor: { type: 'system' },
          details: { reason: 'code_replayed' },
        });
      });

      it('rotates refresh tokens, and ends the grant when a spent one comes back', async () => {
        const { code, verifier } = await aCode({ scope: 'loan.view' });
        const first = (await exchange(code, verifier)).json;
        const refresh = (token: string) =>
          tokenRequest(app, { grant_type: 'refresh_token', refresh_token: token, client_id: clientId });
        const second = await refresh(first.refresh_token);
        expect(second.status, second.text).toBe(200);
        expect(second.json.refresh_token).not.toBe(first.refresh_token);
        expect(second.json.scope).toBe('loan.view');
        expect((await mcpAs(app, second.json.access_token, toolsList)).status).toBe(200);
        const narrowed = await tokenRequest(app, {
          grant_type: 'refresh_token',
          refresh_token: second.json.refresh_token,
          client_id: clientId,
          scope: 'loan.view loan.issue',
        });
        expect(narrowed.json).toEqual({ error: 'invalid_scope', error_description: expect.any(String) });
        const replayed = await refresh(first.refresh_token);
        expect(replayed.json.error).toBe('invalid_grant');
        expect((await mcpAs(app, second.json.access_token, toolsList)).status).toBe(401);
        expect((await refresh(second.json.refresh_token)).json.error).toBe('invalid_grant');
      });

      it('redeems a refresh token only at the origin that issued it', async () => {
        const connected = await connectApp(app, desk.token, { scope: 'loan.view', host: SCHOOL_HOST });
        const refresh = (host: string) =>
          tokenRequest(
            app,
            {
              grant_type: 'refresh_token',
              refresh_token: connected.tokens.refresh_token,
              client_id: connected.clientId,
            },
            { host },
          );
        // Another school's token endpoint, and the shared address's, are other authorization servers.
        for (const host of [OTHER_HOST, 'localhost']) {
          const elsewhere = await refresh(host);
          expect(elsewhere.status, host).toBe(400);
          expect(elsewhere.json, host).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
        }
        // Refused there, it is still good once where it was issued, and the grant lives on.
        const home = await refresh(SCHOOL_HOST);
        expect(home.status, home.text).toBe(200);
        expect((await mcpAs(app, home.json.access_token, toolsList, { host: SCHOOL_HOST })).status).toBe(200);
        expect((await mcpAs(app, home.json.access_token, toolsList, { host: OTHER_HOST })).status).toBe(401);
      });

      it('answers malformed requests in OAuth’s words, never problem+json', async () => {
        const cases: [Record<string, string>, number, string][] = [
          [{}, 400, 'invalid_request'],
          [{ grant_type: 'password', client_id: clientId }, 400, 'unsupported_grant_type'],
          [{ grant_type: 'authorization_code', client_id: clientId }, 400, 'invalid_request'],
          [
            {
              grant_type: 'authorization_code',
              client_id: clientId,
              code: 'x',
              code_verifier: 'y',
              redirect_uri: REDIRECT_URI,
            },
            400,
            'invalid_grant',
          ],
          [{ grant_type: 'refresh_token', client_id: clientId, refresh_token: 'desk_rt_nope' }, 400, 'invalid_grant'],
        ];
        for (const [fields, status, error] of cases) {
          const reply = await tokenRequest(app, fields);
          expect(reply.status, JSON.stringify(fields)).toBe(status);
          expect(reply.headers['content-type']).toMatch(/^application\/json/);
          expect(reply.json).toEqual({ error, error_description: expect.any(String) });
        }
        const json = await send(app.port, {
          method: 'POST',
          path: '/api/oauth/token',
          body: { grant_type: 'refresh_token' },
        });
        expect(json.status).toBe(415);
        expect(json.json.error).toBe('invalid_request');
        const twice = await send(app.port, {
          method: 'POST',
          path: '/api/oauth/token',
          ...form({}),
          body: 'grant_type=refresh_token&grant_type=authorization_code',
        });
        expect(twice.status).toBe(400);
        expect(twice.json.error).toBe('invalid_request');
      });
    });

    describe('what a token may do', () => {
      it('lists and calls exactly what its scopes and the person’s role allow, audited as the person via the app', async () => {
        const { tokens } = await connectApp(app, desk.token, { scope: 'loan.view loan.issue person.view' });
        expect(toolNames(await mcpAs(app, tokens.access_token, toolsList))).toEqual([
          'loans.issue',
          'loans.list',
          'people.profile',
          'people.search',
        ]);
        const list = await mcpAs(app, tokens.access_token, {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'loans.list', arguments: { status: 'AVAILABLE', pageSize: 1 } },
        });
        const loan = list.json.result.structuredContent.loans[0];
        const person = (
          await mcpAs(app, tokens.access_token, {
            jsonrpc: '2.0',
            id: 3,
            method: 'tools/call',
            params: { name: 'people.search', arguments: { q: 'a', limit: 1 } },
          })
        ).json.result.structuredContent.people[0];
        const issued = await mcpAs(app, tokens.access_token, {
          jsonrpc: '2.0',
          id: 4,
          method: 'tools/call',
          params: { name: 'loans.issue', arguments: { number: loan.number, holderId: person.id } },
        });
        expect(issued.json.result.isError, issued.text).toBeFalsy();
        const audit = await consoleClient(app, admin.token).get('/api/audit?action=loan.issue');
        expect(audit.json.entries[0]).toMatchObject({
          actor: { type: 'user', id: desk.user.id, via: 'Test app' },
          target: `loan:${loan.number}`,
        });
      });

      it('follows the person’s role and the school’s modules from the next request', async () => {
        const person = await signIn(app, SCHOOL, { role: 'loan-desk' });
        const { tokens } = await connectApp(app, person.token, { scope: 'loan.view loan.issue' });
        expect(toolNames(await mcpAs(app, tokens.access_token, toolsList))).toEqual(['loans.issue', 'loans.list']);
        const demoted = await consoleClient(app, admin.token).patch(`/api/users/${person.user.id}`, {
          role: 'read-only',
        });
        expect(demoted.status, demoted.text).toBe(200);
        expect(toolNames(await mcpAs(app, tokens.access_token, toolsList))).toEqual(['loans.list']);
        const deactivated = await consoleClient(app, admin.token).patch(`/api/users/${person.user.id}`, {
          active: false,
        });
        expect(deactivated.status).toBe(200);
        expect((await mcpAs(app, tokens.access_token, toolsList)).status).toBe(401);
        // Turned straight back on, the person's apps stay disconnected (as their sessions do).
        await consoleClient(app, admin.token).patch(`/api/users/${person.user.id}`, { active: true });
        expect((await mcpAs(app, tokens.access_token, toolsList)).status).toBe(401);
      });

      it('is refused (403) while the school has Integrations off', async () => {
        const { tokens } = await connectApp(app, desk.token, { scope: 'loan.view' });
        const modules = ['people', 'loans', 'repairs', 'servicedesk', 'assets', 'costs', 'events'];
        const set = (enabled: string[]) =>
          consoleClient(app, admin.token).send({ method: 'PUT', path: '/api/modules', body: { enabled } });
        expect((await set(modules)).status).toBe(200);
        try {
          const reply = await mcpAs(app, tokens.access_token, toolsList);
          expect(reply.status).toBe(403);
        } finally {
          expect((await set(['integrations', ...modules])).status).toBe(200);
        }
        expect((await mcpAs(app, tokens.access_token, toolsList)).status).toBe(200);
      });

      it('works only on the origin it was issued for, and only in its own school', async () => {
        const onSchool = await connectApp(app, desk.token, { scope: 'loan.view', host: SCHOOL_HOST });
        expect((await mcpAs(app, onSchool.tokens.access_token, toolsList, { host: SCHOOL_HOST })).status).toBe(200);
        expect((await mcpAs(app, onSchool.tokens.access_token, toolsList)).status).toBe(401);
        const shared = await connectApp(app, desk.token, { scope: 'loan.view' });
        expect((await mcpAs(app, shared.tokens.access_token, toolsList, { host: SCHOOL_HOST })).status).toBe(401);
        expect((await mcpAs(app, shared.tokens.access_token, toolsList, { host: OTHER_HOST })).status).toBe(401);
        const slug = await mcpAs(app, shared.tokens.access_token, toolsList, { headers: { 'x-tenant-slug': OTHER } });
        expect(slug.status).toBe(401);
      });
    });

    describe('revocation and connected apps', () => {
      it('revokes the whole grant for a revoked token, and answers 200 for a token it does not know', async () => {
        const { tokens, clientId } = await connectApp(app, desk.token, { scope: 'loan.view' });
        const revoke = (fields: Record<string, string>) =>
          send(app.port, { method: 'POST', path: '/api/oauth/revoke', ...form(fields) });
        expect((await revoke({ token: 'desk_rt_unknown', client_id: clientId })).status).toBe(200);
        const other = await registerClient(app);
        const wrongClient = await revoke({ token: tokens.refresh_token, client_id: other });
        expect(wrongClient.status).toBe(400);
        expect(wrongClient.json.error).toBe('unauthorized_client');
        expect((await mcpAs(app, tokens.access_token, toolsList)).status).toBe(200);
        expect((await revoke({ token: tokens.refresh_token, client_id: clientId })).status).toBe(200);
        expect((await mcpAs(app, tokens.access_token, toolsList)).status).toBe(401);
        const refreshed = await tokenRequest(app, {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: clientId,
        });
        expect(refreshed.json.error).toBe('invalid_grant');
      });

      it('lets a person see and disconnect their own apps, and a school administrator everyone’s', async () => {
        const ana = await signIn(app, SCHOOL, { role: 'technician', name: 'Ana' });
        const bo = await signIn(app, SCHOOL, { role: 'technician', name: 'Bo' });
        const anas = await connectApp(app, ana.token, { scope: 'loan.view' });
        const bos = await connectApp(app, bo.token, { scope: 'ticket.view' });
        const mine = await consoleClient(app, ana.token).get('/api/oauth/grants');
        expect(mine.status).toBe(200);
        expect(mine.json.grants).toEqual([
          {
            id: expect.any(String),
            client: { id: anas.clientId, name: 'Test app', host: null },
            user: { id: ana.user.id, name: 'Ana', email: ana.email },
            scopes: [{ name: 'loan.view', description: expect.any(String) }],
            createdAt: expect.any(String),
            lastUsedAt: null,
          },
        ]);
        expect((await consoleClient(app, ana.token).get('/api/oauth/grants?all=true')).status).toBe(403);
        const all = await consoleClient(app, admin.token).get('/api/oauth/grants?all=true&pageSize=100');
        const owners = all.json.grants.map((g: { user: { id: string } }) => g.user.id);
        expect(owners).toEqual(expect.arrayContaining([ana.user.id, bo.user.id]));

        const bosGrant = (await consoleClient(app, bo.token).get('/api/oauth/grants')).json.grants[0].id;
        const del = (token: string, id: string) =>
          consoleClient(app, token).send({ method: 'DELETE', path: `/api/oauth/grants/${id}` });
        expect((await del(ana.token, bosGrant)).status).toBe(404);
        expect((await mcpAs(app, bos.tokens.access_token, toolsList)).status).toBe(200);
        expect((await del(admin.token, bosGrant)).status).toBe(204);
        expect((await mcpAs(app, bos.tokens.access_token, toolsList)).status).toBe(401);
        expect((await del(admin.token, bosGrant)).status).toBe(404);

        expect((await del(ana.token, mine.json.grants[0].id)).status).toBe(204);
        expect((await mcpAs(app, anas.tokens.access_token, toolsList)).status).toBe(401);
        expect((await consoleClient(app, ana.token).get('/api/oauth/grants')).json.grants).toEqual([]);
        const audit = await consoleClient(app, admin.token).get('/api/audit?action=oauth.grant_revoke&pageSize=100');
        expect(audit.json.entries.map((e: { actor: { id: string } }) => e.actor.id)).toEqual(
          expect.arrayContaining([admin.user.id, ana.user.id]),
        );
      });

      it('keeps each school’s grants to itself', async () => {
        const south = await signIn(app, OTHER, { role: 'school-admin' });
        await connectApp(app, desk.token, { scope: 'loan.view' });
        const theirs = await consoleClient(app, south.token).get('/api/oauth/grants?all=true');
        expect(theirs.json.grants.every((g: { user: { id: string } }) => g.user.id !== desk.user.id)).toBe(true);
        const ours = (await consoleClient(app, desk.token).get('/api/oauth/grants')).json.grants[0].id;
        expect(
          (await consoleClient(app, south.token).send({ method: 'DELETE', path: `/api/oauth/grants/${ours}` })).status,
        ).toBe(404);
      });
    });

    it('stores no token, code or verifier in the clear', async () => {
      const { tokens } = await connectApp(app, desk.token, { scope: 'loan.view' });
      const tenant = await tenantBySlug(app.container, SCHOOL);
      const stored = await app.container.get(UnitOfWork).read(async (r) => {
        const grants = await r.grants.list(tenant.id, { userId: desk.user.id }, { page: 1, pageSize: 100 });
        return JSON.stringify(grants);
      });
      expect(stored).not.toContain(tokens.access_token);
      expect(stored).not.toContain(tokens.refresh_token);
      const found = await app.container.get(UnitOfWork).read((r) => r.oauthTokens.findByHash(tokens.access_token));
      expect(found).toBeNull();
    });
  });
}

describe('rate limits on OAuth', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ env: { RATE_LIMIT_MCP_PER_MINUTE: '3', LOG_LEVEL: 'warn' } });
    await app.tenant(SCHOOL, { seed: 'small' });
  });
  afterAll(() => app?.close());

  it('counts per person and app, not per address', async () => {
    const ana = await signIn(app, SCHOOL, { role: 'loan-desk' });
    const bo = await signIn(app, SCHOOL, { role: 'loan-desk' });
    const a = await connectApp(app, ana.token, { scope: 'loan.view' });
    const b = await connectApp(app, bo.token, { scope: 'loan.view' });
    for (let i = 0; i < 3; i++) expect((await mcpAs(app, a.tokens.access_token, toolsList)).status).toBe(200);
    const refused = await mcpAs(app, a.tokens.access_token, toolsList);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe(-32029);
    // Another person's app, from the same address, has its own count.
    expect((await mcpAs(app, b.tokens.access_token, toolsList)).status).toBe(200);
  });

  it('refuses a flood of registrations from one address in OAuth’s words, with Retry-After', async () => {
    let reply;
    for (let i = 0; i < 61; i++) {
      reply = await send(app.port, {
        method: 'POST',
        path: '/api/oauth/register',
        body: { client_name: `flood ${i}`, redirect_uris: [REDIRECT_URI] },
      });
      if (reply.status !== 201) break;
    }
    expect(reply!.status).toBe(429);
    expect(Number(reply!.headers['retry-after'])).toBeGreaterThan(0);
    expect(reply!.json).toEqual({ error: 'slow_down', error_description: expect.stringMatching(/retry after/) });
  });
});

describe('daily registration quotas', () => {
  // Small quotas, and the source address from X-Forwarded-For, as behind a reverse proxy.
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({
      env: {
        OAUTH_REGISTRATIONS_PER_ADDRESS_PER_DAY: '3',
        OAUTH_REGISTRATIONS_PER_SCHOOL_PER_DAY: '5',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      },
    });
    await app.tenant(SCHOOL, { hosts: [SCHOOL_HOST] });
    await app.tenant(OTHER, { hosts: [OTHER_HOST] });
  });
  afterAll(() => app?.close());

  const register = (address: string, host: string) =>
    send(app.port, {
      method: 'POST',
      path: '/api/oauth/register',
      host,
      headers: { 'x-forwarded-for': address },
      body: { client_name: `app from ${address}`, redirect_uris: [REDIRECT_URI] },
    });
  const expectSlowDown = (reply: Awaited<ReturnType<typeof register>>) => {
    expect(reply.status, reply.text).toBe(429);
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    expect(reply.json).toEqual({ error: 'slow_down', error_description: expect.stringMatching(/retry after/) });
  };

  it('keeps one address from using up a school’s day, and one school’s day from stopping another’s', async () => {
    const registered = () => app.container.get(UnitOfWork).read((r) => r.oauthClients.countSince(''));
    // One address: its own quota, wherever it registers.
    for (let i = 0; i < 3; i++) expect((await register('203.0.113.1', SCHOOL_HOST)).status).toBe(201);
    // Each quota is a member of the RateLimit fields (draft-ietf-httpapi-ratelimit-headers-10).
    const counted = await register('198.51.100.9', OTHER_HOST);
    expect(counted.headers['ratelimit-policy']).toBe(
      '"oauth-register";q=60;w=600, "oauth-register-address";q=3;w=86400, "oauth-register-school";q=5;w=86400',
    );
    expect(counted.headers.ratelimit).toMatch(
      /^"oauth-register";r=59;t=\d+, "oauth-register-address";r=2;t=\d+, "oauth-register-school";r=4;t=\d+$/,
    );
    expectSlowDown(await register('203.0.113.1', SCHOOL_HOST));
    expectSlowDown(await register('203.0.113.1', OTHER_HOST));
    // Other addresses fill the school's day: two more there, then it is full for everyone.
    for (const address of ['198.51.100.1', '198.51.100.2']) {
      expect((await register(address, SCHOOL_HOST)).status).toBe(201);
    }
    expectSlowDown(await register('198.51.100.3', SCHOOL_HOST));
    // Another school's host, and the shared address, still register.
    expect((await register('198.51.100.3', OTHER_HOST)).status).toBe(201);
    expect((await register('198.51.100.4', 'localhost')).status).toBe(201);
    expect(await registered()).toBe(8);
  });
});
