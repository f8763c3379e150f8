/**
 * Single sign-on end to end, on SQLite and on Postgres: a real `desk serve` process (trusting the
 * test CA through NODE_EXTRA_CA_CERTS, as a school's deployment trusts its provider's CA), a real
 * OpenID provider (oidc-provider 8, over HTTPS), the real CLI to set it up and the console API to
 * read what happened. Nothing imitates the protocol: the provider's own pages are driven as a
 * browser would (test/support/oidc-provider.ts), and Desk redeems real codes for real ID tokens.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, runDesk, startServe, tempInstallDir, type RunningServer } from '../../support/cli.js';
import { startOidcProvider, type OidcAccountClaims, type TestOidcProvider } from '../../support/oidc-provider.js';
import { createTestSchema, postgresAvailable, warnIfPostgresSkipped, type TestSchema } from '../../support/postgres.js';
import { send, type Reply } from '../../support/rest.js';
import { testTls } from '../../support/tls.js';

warnIfPostgresSkipped();

const SECRET = `desk-secret-${randomBytes(12).toString('hex')}`;
const PASSWORD = 'correct horse battery staple';
const SCHOOL = 'north';
const SCHOOL_HOST = 'north.localhost';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The value of a cookie the reply sets, or undefined. */
const cookieOf = (reply: Reply, name: string): string | undefined => {
  const lines = ([] as string[]).concat(reply.headers['set-cookie'] ?? []);
  const line = lines.find((l) => l.startsWith(`${name}=`));
  return line?.slice(name.length + 1, line.indexOf(';'));
};
const setCookieLine = (reply: Reply, name: string) =>
  ([] as string[]).concat(reply.headers['set-cookie'] ?? []).find((l) => l.startsWith(`${name}=`));

const ACCOUNTS: Record<string, OidcAccountClaims> = {
  'ada-1': { email: 'Ada@North.example', email_verified: true, name: 'Ada' },
  'head-1': { email: 'head@north.example', email_verified: true, name: 'Head' },
  'stranger-1': { email: 'stranger@north.example', email_verified: true },
  'unverified-1': { email: 'tech@north.example', email_verified: false },
  'outsider-1': { email: 'tech@elsewhere.example', email_verified: true },
  'gone-1': { email: 'gone@north.example', email_verified: true },
  'tech-1': { email: 'tech@north.example', email_verified: true },
  'pupil-1': { email: 'Pia@North.example', email_verified: true, name: 'Pia' },
};

describe.each(['sqlite', 'postgres'] as const)('single sign-on on %s', (database) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('against a real OpenID provider', () => {
    const dir = tempInstallDir('desk-sso-');
    let port: number;
    let base: string;
    let env: Record<string, string>;
    let schema: TestSchema | null = null;
    let op: TestOidcProvider;
    let server: RunningServer;
    let headToken: string;
    const mode = database === 'postgres' ? '--from-environment' : '--embedded-db';

    const desk = (args: string[], input?: string) => runDesk([...args, mode], { cwd: dir, env, input });
    const ok = async (args: string[], input?: string) => {
      const run = await desk(args, input);
      expect(run.code, run.stderr).toBe(0);
      return run.stdout;
    };
    const publicHost = () => `127.0.0.1:${port}`;
    const get = (path: string, o: { host?: string; cookie?: string; token?: string } = {}) =>
      send(port, {
        path,
        host: o.host ?? publicHost(),
        headers: {
          ...(o.cookie ? { cookie: o.cookie } : {}),
          ...(o.token ? { authorization: `Bearer ${o.token}`, 'x-tenant-slug': SCHOOL } : {}),
        },
      });
    const api = (method: string, path: string, token: string, body?: unknown) =>
      send(port, {
        method,
        path,
        host: publicHost(),
        body,
        headers: { authorization: `Bearer ${token}`, 'x-tenant-slug': SCHOOL },
      });
    const login = (email: string) =>
      send(port, {
        method: 'POST',
        path: '/api/auth/login',
        host: publicHost(),
        body: { email, password: PASSWORD },
        headers: { 'x-tenant-slug': SCHOOL },
      });

    /** One value from the database itself (never through Desk): what is really stored. */
    async function scalar<T>(sql: string): Promise<T> {
      if (database === 'sqlite') {
        const db = new Sqlite(join(dir, 'data', 'desk.sqlite'), { readonly: true });
        try {
          return db.prepare(sql).pluck().get() as T;
        } finally {
          db.close();
        }
      }
      const client = new pg.Client({ connectionString: schema!.url });
      await client.connect();
      try {
        return Object.values((await client.query(sql)).rows[0] ?? {})[0] as T;
      } finally {
        await client.end();
      }
    }
    const sessionCount = () => scalar<number>('SELECT CAST(count(*) AS INTEGER) FROM sessions');

    /** The school's audit entries of this action, newest first (through the console, as its administrator). */
    const audit = async (action: string) => {
      const reply = await api('GET', `/api/audit?action=${action}&pageSize=100`, headToken);
      expect(reply.status, reply.text).toBe(200);
      return reply.json.entries as { target: string; actor: { type: string }; details: Record<string, unknown> }[];
    };

    /** Starts a sign-in as a browser on `host` would, and answers what the browser then holds. */
    async function start(o: { host?: string; returnTo?: string; school?: string | null } = {}) {
      const query = new URLSearchParams({ returnTo: o.returnTo ?? '/loans' });
      if (o.school !== null) query.set('school', o.school ?? SCHOOL);
      const reply = await get(`/api/auth/sso/start?${query}`, { host: o.host });
      return { reply, location: reply.headers.location ?? '', state: cookieOf(reply, 'desk_sso') };
    }
    /** The provider's redirect back to Desk, followed by this browser (with its `desk_sso` cookie). */
    async function callback(url: URL, state: string | undefined) {
      const reply = await get(url.pathname + url.search, {
        host: url.host,
        cookie: state === undefined ? undefined : `desk_sso=${state}`,
      });
      expect(reply.status, reply.text).toBe(303);
      return { reply, location: reply.headers.location ?? '', session: cookieOf(reply, 'desk_session') };
    }
    /** A whole single sign-on as the provider's account `sub`. */
    async function ssoAs(sub: string, o: { host?: string; returnTo?: string } = {}) {
      const started = await start(o);
      expect(started.reply.status, started.reply.text).toBe(302);
      return callback(await op.signIn(started.location, sub), started.state);
    }
    /** Who a session cookie signs in as, or the status that says nobody. */
    const whoIs = async (session: string | undefined, host = publicHost()) => {
      const me = await get('/api/auth/me', { host, cookie: `desk_session=${session}` });
      return me.status === 200 ? (me.json.user.email as string) : me.status;
    };

    beforeAll(async () => {
      port = await freePort();
      base = `http://127.0.0.1:${port}`;
      schema = database === 'postgres' ? await createTestSchema() : null;
      env = {
        PUBLIC_URL: base,
        NODE_EXTRA_CA_CERTS: testTls().caFile,
        LOG_LEVEL: 'warn',
        ...(schema
          ? {
              DATABASE_URL: schema.url,
              JWT_SECRET: randomBytes(32).toString('base64url'),
              ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
            }
          : {}),
      };
      op = await startOidcProvider({
        clients: [
          {
            clientId: 'desk',
            clientSecret: SECRET,
            redirectUris: [`${base}/api/auth/sso/callback`, `http://${SCHOOL_HOST}:${port}/api/auth/sso/callback`],
          },
        ],
        accounts: ACCOUNTS,
      });
      await ok(['tenant', 'create', SCHOOL, '--name', 'North High', '--host', SCHOOL_HOST]);
      await ok(['tenant', 'create', 'south', '--name', 'South Academy']);
      await ok(['module', 'enable', SCHOOL, 'loans']);
      await ok(['module', 'enable', SCHOOL, 'people']);
      for (const [email, role] of [
        ['ada@north.example', 'loan-desk'],
        ['head@north.example', 'school-admin'],
        ['tech@north.example', 'technician'],
        ['gone@north.example', 'teacher'],
      ]) {
        await ok(['user', 'create', SCHOOL, email!, '--name', email!, '--role', role!, '--password-stdin'], PASSWORD);
      }
      server = await startServe([mode, '--port', String(port)], { cwd: dir, env, timeoutMs: 30_000 });
      // Postgres is connected and migrated in the background: wait until the server says it is ready.
      await eventually(async () => (await get('/api/health/ready')).status === 200);
      const head = await login('head@north.example');
      expect(head.status, head.text).toBe(200);
      headToken = head.json.token;
      const users = await api('GET', '/api/users?pageSize=100', headToken);
      const gone = (users.json.users as { id: string; email: string }[]).find((u) => u.email === 'gone@north.example')!;
      expect((await api('PATCH', `/api/users/${gone.id}`, headToken, { active: false })).status).toBe(200);
    }, 60_000);

    afterAll(async () => {
      await server?.stop();
      await op?.close();
      await schema?.drop();
    });

    it('is set up with the CLI, which refuses an unusable issuer naming it and prints the redirect URIs', async () => {
      const setUp = (issuer: string) =>
        desk(['tenant', 'sso', SCHOOL, '--issuer', issuer, '--client-id', 'desk', '--client-secret-stdin'], SECRET);
      const refusals = [
        // Well-formed, but not this provider's issuer (its metadata says https://localhost:<port>).
        [op.issuer.replace('localhost', '127.0.0.1'), 1, /--issuer: .*states another issuer/],
        [`${op.issuer}/nothing-here`, 1, /--issuer: .*no OpenID configuration/],
        ['https://localhost:9', 1, /--issuer: cannot reach localhost:9/],
        ['http://idp.north.example', 2, /issuer: must be https/],
        ['https://login.microsoftonline.com/common/v2.0', 2, /issuer: is Entra's shared "common" endpoint/],
      ] as const;
      for (const [issuer, code, message] of refusals) {
        const run = await setUp(issuer);
        expect({ issuer, code: run.code }).toEqual({ issuer, code });
        expect(run.stderr).toMatch(message);
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
      }
      expect(await scalar<number>('SELECT CAST(count(*) AS INTEGER) FROM sso_providers')).toBe(0);

      const run = await desk(
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
          '--domains',
          'north.example',
        ],
        `${SECRET}\n`,
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`single sign-on with North ID (${op.issuer})`);
      expect(run.stdout).toContain(`  ${base}/api/auth/sso/callback\n`);
      expect(run.stdout).toContain(`  http://${SCHOOL_HOST}:${port}/api/auth/sso/callback\n`);
      expect(run.stdout).not.toContain(SECRET);
      // Stored sealed under ENCRYPTION_KEY, never as it was typed.
      const stored = await scalar<string>('SELECT client_secret FROM sso_providers');
      expect(stored).not.toContain(SECRET);
      expect(stored).toMatch(/^v1\./);
      // Shown without options: the settings, never the secret.
      const shown = await ok(['tenant', 'sso', SCHOOL]);
      expect(shown).toContain('domains: north.example');
      expect(shown).not.toContain(SECRET);
    });

    it('offers the button on the school address, and signs the first account in by its verified address, binding it', async () => {
      expect((await get('/api/auth/school', { host: `${SCHOOL_HOST}:${port}` })).json).toEqual({
        school: {
          slug: SCHOOL,
          name: 'North High',
          sso: { label: 'North ID' },
          portal: { enabled: true, signInLinks: false },
        },
      });
      expect((await get('/api/auth/school')).json).toEqual({ school: null });

      const started = await start({ host: `${SCHOOL_HOST}:${port}` });
      expect(started.reply.status).toBe(302);
      const cookie = setCookieLine(started.reply, 'desk_sso')!;
      expect(cookie).toMatch(/path=\/api\/auth\/sso/i);
      expect(cookie).toMatch(/httponly/i);
      expect(cookie).toMatch(/samesite=lax/i);
      const to = new URL(started.location);
      expect(to.origin).toBe(op.issuer);
      expect(Object.fromEntries(to.searchParams)).toMatchObject({
        client_id: 'desk',
        response_type: 'code',
        scope: 'openid email profile',
        redirect_uri: `http://${SCHOOL_HOST}:${port}/api/auth/sso/callback`,
        state: started.state,
        code_challenge_method: 'S256',
      });
      expect(to.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);

      const sessions = await sessionCount();
      const back = await op.signIn(started.location, 'ada-1');
      expect(back.host).toBe(`${SCHOOL_HOST}:${port}`);
      const done = await callback(back, started.state);
      expect(done.location).toBe('/loans');
      expect(setCookieLine(done.reply, 'desk_sso')).toMatch(/expires=Thu, 01 Jan 1970/i);
      expect(setCookieLine(done.reply, 'desk_session')).toMatch(/httponly/i);
      expect(await whoIs(done.session, `${SCHOOL_HOST}:${port}`)).toBe('ada@north.example');
      expect(await sessionCount()).toBe(sessions + 1);
      const [bound] = await audit('auth.sso_bound');
      expect(bound).toMatchObject({
        actor: { type: 'user' },
        details: { issuer: op.issuer, subject: 'ada-1', email: 'ada@north.example' },
      });
    });

    it('moves a start on another shared address to PUBLIC_URL, and returns only to a path of its own', async () => {
      const moved = await start({ host: `localhost:${port}` });
      expect(moved.reply.status).toBe(303);
      expect(moved.location).toBe(`${base}/api/auth/sso/start?returnTo=%2Floans&school=${SCHOOL}`);
      expect(moved.state).toBeUndefined();

      const done = await ssoAs('ada-1', { returnTo: 'https://evil.example/steal' });
      expect(done.location).toBe('/');
      expect(await whoIs(done.session)).toBe('ada@north.example');
    });

    it('signs a bound account in after the provider renamed its mailbox, and refuses a recycled one', async () => {
      op.setAccount('ada-1', { email: 'ada.lovelace@north.example', email_verified: true });
      const renamed = await ssoAs('ada-1');
      expect(await whoIs(renamed.session)).toBe('ada@north.example');

      // Ada's old address, given to a new account at the provider.
      op.setAccount('recycled-1', { email: 'ada@north.example', email_verified: true });
      const sessions = await sessionCount();
      const recycled = await ssoAs('recycled-1');
      expect(recycled.location).toBe('/loans?sso=subject_mismatch');
      expect(recycled.session).toBeUndefined();
      expect(await sessionCount()).toBe(sessions);
      const [refused] = await audit('auth.sso_refused');
      expect(refused).toMatchObject({
        details: { reason: 'subject_mismatch', issuer: op.issuer, email: 'ada@north.example', subject: 'recycled-1' },
      });
    });

    it.each([
      ['stranger-1', 'unknown_user', 'stranger@north.example'],
      ['unverified-1', 'unverified_email', 'tech@north.example'],
      ['outsider-1', 'domain', 'tech@elsewhere.example'],
      ['gone-1', 'deactivated', 'gone@north.example'],
    ])(
      'refuses %s as %s: back on the sign-in page, audited, no session and no user made',
      async (sub, reason, email) => {
        const sessions = await sessionCount();
        const users = await scalar<number>('SELECT CAST(count(*) AS INTEGER) FROM users');
        const done = await ssoAs(sub);
        expect(done.location).toBe(`/loans?sso=${reason}`);
        expect(done.session).toBeUndefined();
        expect(await sessionCount()).toBe(sessions);
        expect(await scalar<number>('SELECT CAST(count(*) AS INTEGER) FROM users')).toBe(users);
        const [refused] = await audit('auth.sso_refused');
        expect(refused).toMatchObject({ details: { reason, issuer: op.issuer, email, subject: sub } });
      },
    );

    it("refuses the provider's cancel, an answer that does not verify, a replayed callback and another browser's state", async () => {
      const sessions = await sessionCount();
      const refusal = async () => (await audit('auth.sso_refused'))[0]!.details;

      const cancelled = await start();
      const cancel = await callback(await op.cancel(cancelled.location), cancelled.state);
      expect(cancel.location).toBe('/loans?sso=provider_error');
      expect(await refusal()).toMatchObject({ reason: 'provider_error', detail: 'access_denied' });

      const forged = await start();
      const answer = await op.signIn(forged.location, 'tech-1');
      answer.searchParams.set('code', 'not-a-code-the-provider-issued');
      expect((await callback(answer, forged.state)).location).toBe('/loans?sso=invalid_response');
      expect(await refusal()).toMatchObject({ reason: 'invalid_response', detail: 'invalid_grant' });

      // A sign-in started in one browser, its answer brought to another (this one started its own).
      const theirs = await start();
      const mine = await start();
      const stolen = await callback(await op.signIn(theirs.location, 'tech-1'), mine.state);
      expect(stolen.location).toBe('/loans?sso=state');
      expect(await refusal()).toMatchObject({ reason: 'state', detail: 'not started in this browser' });

      // A callback URL used once, and again: the second signs nobody in.
      const once = await start();
      const url = await op.signIn(once.location, 'tech-1');
      const first = await callback(url, once.state);
      expect(await whoIs(first.session)).toBe('tech@north.example');
      const replayed = await callback(url, once.state);
      expect(replayed.location).toBe('/loans?sso=state');
      expect(replayed.session).toBeUndefined();
      expect(await refusal()).toMatchObject({ reason: 'state', detail: 'already used' });
      expect(await sessionCount()).toBe(sessions + 1);

      // A state that names no sign-in names no school: refused, nothing to audit it in.
      const made = await callback(new URL(`${base}/api/auth/sso/callback?code=x&state=made-up`), 'made-up');
      expect(made.location).toBe('/?sso=state');
    });

    it('answers an unknown school and a school without single sign-on alike, revealing nothing', async () => {
      const unknown = await start({ school: 'nowhere' });
      const without = await start({ school: 'south' });
      for (const answer of [unknown, without]) {
        expect(answer.reply.status).toBe(303);
        expect(answer.location).toBe('/loans?sso=not_configured');
        expect(answer.state).toBeUndefined();
      }
      const missing = await start({ school: null });
      expect(missing.reply.status).toBe(400);
      expect(missing.reply.json.errors).toEqual([{ pointer: '/school', detail: expect.any(String) }]);
      const repeated = await get('/api/auth/sso/start?school=north&school=south');
      expect(repeated.status).toBe(400);
      const hostile = await get('/api/auth/sso/callback?state=%00');
      expect(hostile.status).toBe(400);
      expect(hostile.json.errors).toEqual([{ pointer: '/state', detail: expect.any(String) }]);
    });

    it('with passwords off refuses staff passwords naming the provider, and keeps them for school administrators', async () => {
      await ok(['tenant', 'sso', SCHOOL, '--passwords', 'off']);
      const staff = await login('ada@north.example');
      expect(staff.status).toBe(403);
      expect(staff.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(staff.json.detail).toContain('Sign in with North ID');
      expect(staff.json.token).toBeUndefined();
      expect((await login('head@north.example')).status).toBe(200);
      // Single sign-on itself is what staff use now.
      expect(await whoIs((await ssoAs('tech-1')).session)).toBe('tech@north.example');
      await ok(['tenant', 'sso', SCHOOL, '--passwords', 'on']);
      expect((await login('ada@north.example')).status).toBe(200);
    });

    it("is the school administrators' in the console: read, changed and removed, the secret never shown", async () => {
      const technician = (await login('tech@north.example')).json.token as string;
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { issuer: op.issuer, clientId: 'desk' }],
        ['DELETE', undefined],
      ] as const) {
        expect((await api(method, '/api/settings/sso', technician, body)).status).toBe(403);
      }

      const read = await api('GET', '/api/settings/sso', headToken);
      expect(read.status).toBe(200);
      expect(read.json).toEqual({
        sso: {
          issuer: op.issuer,
          clientId: 'desk',
          label: 'North ID',
          domains: ['north.example'],
          passwords: 'on',
          hasClientSecret: true,
          updatedAt: expect.any(String),
        },
        redirectUris: [`${base}/api/auth/sso/callback`, `http://${SCHOOL_HOST}:${port}/api/auth/sso/callback`],
      });

      const wrong = await api('PUT', '/api/settings/sso', headToken, {
        issuer: `${op.issuer}/elsewhere`,
        clientId: 'desk',
        clientSecret: SECRET,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json.errors).toEqual([
        { pointer: '/issuer', detail: expect.stringMatching(/OpenID configuration/) },
      ]);

      // Changed without a secret: the stored one is kept (and still redeems codes).
      const changed = await api('PUT', '/api/settings/sso', headToken, {
        issuer: op.issuer,
        clientId: 'desk',
        label: 'North sign-in',
        domains: ['north.example', 'staff.north.example'],
        passwords: 'on',
      });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.json.sso).toMatchObject({
        label: 'North sign-in',
        domains: ['north.example', 'staff.north.example'],
      });
      expect(await whoIs((await ssoAs('tech-1')).session)).toBe('tech@north.example');
      for (const reply of [read, wrong, changed]) expect(reply.text).not.toContain(SECRET);
      const configured = await audit('sso.configure');
      expect(configured[0]).toMatchObject({ details: { label: 'North sign-in', clientSecret: 'kept' } });
      expect(JSON.stringify(configured)).not.toContain(SECRET);

      const removed = await api('DELETE', '/api/settings/sso', headToken);
      expect(removed.status).toBe(204);
      expect((await api('GET', '/api/settings/sso', headToken)).json.sso).toBeNull();
      expect((await api('DELETE', '/api/settings/sso', headToken)).status).toBe(404);
      expect((await start()).location).toBe('/loans?sso=not_configured');
      expect((await audit('sso.remove'))[0]).toMatchObject({ details: { issuer: op.issuer } });

      // Set up again with the same issuer: the bindings were kept, so Ada's account is still Ada.
      const again = await api('PUT', '/api/settings/sso', headToken, {
        issuer: op.issuer,
        clientId: 'desk',
        clientSecret: SECRET,
        label: 'North ID',
        domains: ['north.example'],
      });
      expect(again.status, again.text).toBe(200);
      expect(again.text).not.toContain(SECRET);
      expect(await whoIs((await ssoAs('ada-1')).session)).toBe('ada@north.example');
    });

    it('signs a person of the school in to the portal by their verified address, and into the portal only', async () => {
      const made = await api('POST', '/api/people', headToken, {
        name: 'Pia Pupil',
        email: 'pia@north.example',
        kind: 'PUPIL',
      });
      expect(made.status, made.text).toBe(201);
      const portalStart = async (returnTo: string) => {
        const reply = await get(`/api/portal/sso/start?school=${SCHOOL}&returnTo=${encodeURIComponent(returnTo)}`);
        expect(reply.status, reply.text).toBe(302);
        return { location: reply.headers.location ?? '', state: cookieOf(reply, 'desk_sso') };
      };
      const portalAs = async (sub: string, returnTo = '/portal') => {
        const started = await portalStart(returnTo);
        const back = await callback(await op.signIn(started.location, sub), started.state);
        return { ...back, portal: cookieOf(back.reply, 'desk_portal') };
      };

      const pia = await portalAs('pupil-1', '/portal/tickets');
      expect(pia.location).toBe('/portal/tickets');
      expect(pia.session).toBeUndefined();
      expect(setCookieLine(pia.reply, 'desk_portal')).toMatch(/HttpOnly/i);
      const me = await get('/api/portal/me', { cookie: `desk_portal=${pia.portal}` });
      expect(me.status, me.text).toBe(200);
      expect(me.json.person).toMatchObject({ name: 'Pia Pupil', email: 'pia@north.example', kind: 'PUPIL' });
      expect(me.json.via).toBe('sso');
      // A portal session is no console session, and a console path is no place to come back to.
      expect(await whoIs(pia.portal)).toBe(401);
      expect((await portalAs('pupil-1', '/loans')).location).toBe('/portal');
      // No person of the school with the address, or one outside its domains: refused, no session.
      const stranger = await portalAs('stranger-1');
      expect(stranger.location).toBe('/portal?sso=unknown_person');
      expect(stranger.portal).toBeUndefined();
      expect((await portalAs('outsider-1')).location).toBe('/portal?sso=domain');
      // The console's own sign-in is untouched by it: the same provider still signs staff in there.
      expect(await whoIs((await ssoAs('ada-1')).session)).toBe('ada@north.example');
      const signIns = await audit('portal.sign_in');
      expect(signIns[0]).toMatchObject({ actor: { type: 'person' }, details: { via: 'sso', issuer: op.issuer } });
      expect((await audit('auth.sso_refused')).some((e) => e.details.reason === 'unknown_person')).toBe(true);
    });

    it('signs in with a provider that keeps the e-mail claims at its userinfo endpoint', async () => {
      const strict = await startOidcProvider({
        clients: [{ clientId: 'desk-strict', clientSecret: SECRET, redirectUris: [`${base}/api/auth/sso/callback`] }],
        accounts: { 'tech-2': { email: 'tech@north.example', email_verified: true } },
        claimsInIdToken: false,
      });
      try {
        const set = await api('PUT', '/api/settings/sso', headToken, {
          issuer: strict.issuer,
          clientId: 'desk-strict',
          clientSecret: SECRET,
        });
        expect(set.status, set.text).toBe(200);
        const started = await start();
        const done = await callback(await strict.signIn(started.location, 'tech-2'), started.state);
        expect(await whoIs(done.session)).toBe('tech@north.example');
      } finally {
        await strict.close();
        await api('PUT', '/api/settings/sso', headToken, {
          issuer: op.issuer,
          clientId: 'desk',
          clientSecret: SECRET,
          label: 'North ID',
          domains: ['north.example'],
        });
      }
    });
  });
});

describe('desk tenant sso seals its secret under a key serve will hold', () => {
  let op: TestOidcProvider;
  beforeAll(async () => {
    op = await startOidcProvider({ clients: [{ clientId: 'desk', clientSecret: SECRET, redirectUris: [] }] });
  });
  afterAll(() => op?.close());

  const env = { NODE_EXTRA_CA_CERTS: testTls().caFile };
  const setUp = (dir: string, mode: string, extra: Record<string, string> = {}) =>
    runDesk(['tenant', 'sso', SCHOOL, '--issuer', op.issuer, '--client-id', 'desk', '--client-secret-stdin', mode], {
      cwd: dir,
      env: { ...env, ...extra },
      input: SECRET,
    });

  it('makes ENCRYPTION_KEY in .env for an embedded install, as serve would', async () => {
    const dir = tempInstallDir('desk-sso-key-');
    expect((await runDesk(['tenant', 'create', SCHOOL, '--name', 'North', '--embedded-db'], { cwd: dir })).code).toBe(
      0,
    );
    const run = await setUp(dir, '--embedded-db');
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(dir, '.env'), 'utf8')).toMatch(/^ENCRYPTION_KEY=[\w-]{43}$/m);
  });

  it.skipIf(!postgresAvailable)('requires ENCRYPTION_KEY with Postgres, naming it (exit 2)', async () => {
    const schema = await createTestSchema();
    try {
      const dir = tempInstallDir('desk-sso-key-');
      const pgEnv = { DATABASE_URL: schema.url };
      const made = await runDesk(['tenant', 'create', SCHOOL, '--name', 'North', '--from-environment'], {
        cwd: dir,
        env: pgEnv,
      });
      expect(made.code, made.stderr).toBe(0);
      const run = await setUp(dir, '--from-environment', pgEnv);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/ENCRYPTION_KEY/);
    } finally {
      await schema.drop();
    }
  });
});
