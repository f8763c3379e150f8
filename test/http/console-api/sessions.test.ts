/**
 * Console sessions (SPEC §7.4): sign-in over POST /api/auth/login, the desk_session cookie and the
 * bearer token, logout that revokes at once, tokens that do not verify, sign-in failures that reveal
 * nothing, and the per-account limit on failed attempts.
 */
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import type { TestApp } from '../../support/app.js';
import { expectProblem, pointersOf, send, type Reply } from '../../support/rest.js';
import { tenantBySlug } from '../../support/tenant-data.js';
import { consoleClient, createUser, login, signIn, startConsoleApp } from '../../support/console.js';

const SLUG = 'central';
let app: TestApp;

beforeAll(async () => {
  app = await startConsoleApp();
  await app.tenant(SLUG, { seed: 'small' });
  await app.tenant('other', { seed: 'small', hosts: ['other.school.example'] });
});
afterAll(() => app?.close());

const inventory = (headers: Record<string, string>, host?: string) =>
  send(app.port, { path: '/api/loans/inventory?pageSize=1', headers, ...(host ? { host } : {}) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The desk_session Set-Cookie line of a reply. */
function sessionCookie(reply: Reply): string {
  const lines = reply.headers['set-cookie'] ?? [];
  const line = lines.find((l) => l.startsWith('desk_session='));
  expect(line, JSON.stringify(lines)).toBeDefined();
  return line!;
}
const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());
const cookieValue = (cookie: string) => cookie.slice('desk_session='.length, cookie.indexOf(';'));

describe('sign-in and the session cookie', () => {
  it('answers {token, expiresAt, user} and sets desk_session: HttpOnly, SameSite=Lax, path /, not Secure on http', async () => {
    const made = await createUser(app, SLUG, { role: 'loan-desk', name: 'Dana Desk' });
    const reply = await login(app, SLUG, { email: made.email, password: made.password });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.json).toEqual({
      token: expect.any(String),
      expiresAt: expect.any(String),
      user: { id: made.user.id, email: made.email, name: 'Dana Desk', role: 'loan-desk', loanGroupIds: [] },
    });
    // Sessions last 12 hours.
    const hours = (Date.parse(reply.json.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);

    const cookie = sessionCookie(reply);
    expect(cookieValue(cookie)).toBe(reply.json.token);
    const attrs = attributes(cookie);
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    expect(attrs).not.toContain('secure');
    expect(attrs.some((a) => a.startsWith('expires='))).toBe(true);
  });

  it('sets a Secure cookie when PUBLIC_URL is https', async () => {
    const secure = await startConsoleApp({ PUBLIC_URL: 'https://desk.example' });
    try {
      await secure.tenant('tls');
      const made = await createUser(secure, 'tls', { role: 'read-only' });
      const reply = await login(secure, 'tls', { email: made.email, password: made.password });
      expect(reply.status, reply.text).toBe(200);
      const attrs = attributes(sessionCookie(reply));
      expect(attrs).toContain('secure');
      expect(attrs).toContain('httponly');
      expect(attrs).toContain('samesite=lax');
    } finally {
      await secure.close();
    }
  });

  it('the cookie and the bearer token both sign the console in', async () => {
    const made = await createUser(app, SLUG, { role: 'read-only' });
    const reply = await login(app, SLUG, { email: made.email, password: made.password });
    const token = reply.json.token as string;
    const byCookie = await inventory({ cookie: `desk_session=${token}` });
    expect(byCookie.status, byCookie.text).toBe(200);
    expect(byCookie.headers['cache-control']).toBe('no-store');
    const byBearer = await inventory(bearer(token));
    expect(byBearer.status, byBearer.text).toBe(200);
    expect(byBearer.json).toEqual(byCookie.json);
  });

  it('signs in on the tenant host without x-tenant-slug', async () => {
    const made = await createUser(app, 'other', { role: 'read-only' });
    const reply = await send(app.port, {
      method: 'POST',
      path: '/api/auth/login',
      host: 'other.school.example',
      body: { email: made.email, password: made.password },
    });
    expect(reply.status, reply.text).toBe(200);
    expect((await inventory(bearer(reply.json.token), 'other.school.example')).status).toBe(200);
  });

  it('e-mail addresses are matched without regard to case or surrounding spaces', async () => {
    const made = await createUser(app, SLUG, { role: 'read-only', email: 'Mixed.Case@School.Example' });
    expect(made.email).toBe('Mixed.Case@School.Example');
    const reply = await login(app, SLUG, { email: '  MIXED.case@school.example ', password: made.password });
    expect(reply.status, reply.text).toBe(200);
  });

  it('never returns the password hash', async () => {
    const made = await createUser(app, SLUG, { role: 'school-admin' });
    const tenant = await tenantBySlug(app.container, SLUG);
    const stored = await app.container
      .get(UnitOfWork)
      .read((r) => r.users.findByEmail(tenant.id, made.email.toLowerCase()));
    const hash = stored!.passwordHash!;
    expect(hash.length).toBeGreaterThan(20);
    const reply = await login(app, SLUG, { email: made.email, password: made.password });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json.user).sort()).toEqual(['email', 'id', 'loanGroupIds', 'name', 'role']);
    const everything = reply.text + JSON.stringify(reply.headers);
    expect(everything).not.toContain(hash);
    for (const part of hash.split(/[$:.]/).filter((p) => p.length >= 16)) expect(everything).not.toContain(part);
    expect(everything).not.toMatch(/passwordHash|password_hash|scrypt/i);
    expect(everything).not.toContain(made.password);
  });
});

describe('logout', () => {
  it('answers 204, clears the cookie, and the same token answers 401 at once', async () => {
    const user = await signIn(app, SLUG, { role: 'technician' });
    const second = await login(app, SLUG, { email: user.email, password: user.password });
    expect((await inventory(bearer(user.token))).status).toBe(200);

    const out = await consoleClient(app, user.token).post('/api/auth/logout');
    expect(out.status, out.text).toBe(204);
    const cleared = sessionCookie(out);
    expect(cookieValue(cleared)).toBe('');
    expect(attributes(cleared).find((a) => a.startsWith('expires='))).toMatch(/1970/);

    expectProblem(await inventory(bearer(user.token)), 401, 'unauthorized');
    expectProblem(await inventory({ cookie: `desk_session=${user.token}` }), 401, 'unauthorized');
    expectProblem(await consoleClient(app, user.token).post('/api/auth/logout'), 401, 'unauthorized');
    // Only that session ended: the user's other session still works.
    expect((await inventory(bearer(second.json.token))).status).toBe(200);
  });

  it('needs a session (401)', async () => {
    expectProblem(await consoleClient(app, undefined).post('/api/auth/logout'), 401, 'unauthorized');
  });
});

describe('tokens that do not verify', () => {
  let token: string;
  beforeAll(async () => {
    token = (await signIn(app, SLUG, { role: 'school-admin' })).token;
  });

  const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);

  it('a flipped character in the signature → 401', async () => {
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const tampered = [header, payload, flip(signature, 10)].join('.');
    expect(tampered).not.toBe(token);
    expectProblem(await inventory(bearer(tampered)), 401, 'unauthorized');
  });

  it('a flipped character in the payload, or a payload naming another user → 401', async () => {
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expectProblem(await inventory(bearer([header, flip(payload, 20), signature].join('.'))), 401, 'unauthorized');
    const other = await signIn(app, SLUG, { role: 'read-only' });
    const claims = { ...decodeJwt(token), sub: other.user.id };
    const forged = Buffer.from(JSON.stringify(claims)).toString('base64url');
    expectProblem(await inventory(bearer([header, forged, signature].join('.'))), 401, 'unauthorized');
  });

  it('the same claims signed with another secret → 401', async () => {
    const claims = decodeJwt(token);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-'.padEnd(40, 'y')));
    expectProblem(await inventory(bearer(forged)), 401, 'unauthorized');
    expectProblem(await inventory({ cookie: `desk_session=${forged}` }), 401, 'unauthorized');
  });

  it('an unsigned token (alg none) and garbage → 401', async () => {
    const [, payload] = token.split('.') as [string, string];
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const bad of [none, 'garbage', `${token}x`, '']) {
      const reply = await inventory(bad === '' ? { authorization: 'Bearer ' } : bearer(bad));
      expectProblem(reply, 401, 'unauthorized');
    }
  });

  it("a session used with another tenant's x-tenant-slug or host → 401", async () => {
    expect((await inventory({ ...bearer(token), 'x-tenant-slug': SLUG })).status).toBe(200);
    expectProblem(await inventory({ ...bearer(token), 'x-tenant-slug': 'other' }), 401, 'unauthorized');
    expectProblem(await inventory(bearer(token), 'other.school.example'), 401, 'unauthorized');
    expectProblem(
      await consoleClient(app, token).post('/api/loans/1/withdraw', {}, { headers: { 'x-tenant-slug': 'other' } }),
      401,
      'unauthorized',
    );
  });
});

describe('failed sign-ins', () => {
  it('a wrong password and an unknown e-mail both answer 401 with the same body', async () => {
    const made = await createUser(app, SLUG, { role: 'read-only' });
    const wrong = await login(app, SLUG, { email: made.email, password: 'not the password at all' });
    const unknown = await login(app, SLUG, { email: 'nobody@school.example', password: made.password });
    expectProblem(wrong, 401, 'unauthorized');
    expectProblem(unknown, 401, 'unauthorized');
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('an unknown tenant slug → 401 like wrong credentials; no tenant named → 400', async () => {
    const made = await createUser(app, SLUG, { role: 'read-only' });
    const wrong = await login(app, SLUG, { email: made.email, password: 'not the password at all' });
    const noSchool = await login(app, 'no-such-school', { email: made.email, password: made.password });
    expectProblem(noSchool, 401, 'unauthorized');
    expect(noSchool.json).toEqual(wrong.json);
    const unnamed = await login(app, undefined, { email: made.email, password: made.password });
    expectProblem(unnamed, 400, 'invalid-input');
    expect(pointersOf(unnamed)).toEqual(['/x-tenant-slug']);
  });

  it('a user of one tenant cannot sign in to another', async () => {
    const made = await createUser(app, SLUG, { role: 'school-admin' });
    expectProblem(await login(app, 'other', { email: made.email, password: made.password }), 401, 'unauthorized');
  });

  it('a malformed body → 400', async () => {
    expectProblem(await login(app, SLUG, { email: 'a@b.example' }), 400, 'invalid-input');
    expectProblem(await login(app, SLUG, '{"email":', { 'content-type': 'application/json' }), 400, 'malformed-body');
  });

  it('after 10 failures for one account the 11th attempt is 429 with Retry-After, even with the right password', async () => {
    const victim = await createUser(app, SLUG, { role: 'school-admin' });
    const bystander = await createUser(app, SLUG, { role: 'school-admin' });
    for (let i = 1; i <= 10; i++) {
      const reply = await login(app, SLUG, { email: victim.email, password: `wrong guess number ${i}` });
      expectProblem(reply, 401, 'unauthorized');
    }
    const blocked = await login(app, SLUG, { email: victim.email, password: victim.password });
    expectProblem(blocked, 429, 'rate-limited');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    // The same account spelled differently is the same account.
    expectProblem(
      await login(app, SLUG, { email: victim.email.toUpperCase(), password: victim.password }),
      429,
      'rate-limited',
    );
    // Another account from the same address still signs in.
    const other = await login(app, SLUG, { email: bystander.email, password: bystander.password });
    expect(other.status, other.text).toBe(200);
  });

  // Each attempt is counted before the (slow) password check and refunded on success, so guesses sent
  // together cannot all slip past the limit while their hashes are being checked.
  it('a burst of concurrent wrong guesses gets no more than 10 of them checked', async () => {
    // A server of its own, so this burst does not use up the address budget of the tests above.
    const burst = await startConsoleApp();
    try {
      await burst.tenant('burst');
      const victim = await createUser(burst, 'burst', { role: 'school-admin' });
      const replies = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          login(burst, 'burst', { email: victim.email, password: `concurrent wrong guess ${i}` }),
        ),
      );
      const checked = replies.filter((r) => r.status === 401).length;
      const refused = replies.filter((r) => r.status === 429).length;
      expect(checked + refused).toBe(25);
      expect(checked).toBeLessThanOrEqual(10);
    } finally {
      await burst.close();
    }
  });
});
