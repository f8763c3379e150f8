/**
 * Single sign-on's use cases against the memory store and the in-memory OpenID provider: what is
 * stored when a school sets its provider up, how a sign-in is started and finished, who it signs in,
 * what it refuses (and audits), and the password switch.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../../src/adapters/rate-limit/memory-rate-limiter.js';
import { AesSecretBox } from '../../../src/adapters/system/aes-secret-box.js';
import { JoseSessionTokens } from '../../../src/adapters/system/jose-session-tokens.js';
import { AuthenticateSession } from '../../../src/domain/identity/authenticate-session.js';
import { SignIn } from '../../../src/domain/identity/sign-in.js';
import type { User } from '../../../src/domain/identity/user.js';
import { CompleteSsoSignIn, type SsoOutcome } from '../../../src/domain/sso/complete-sso-sign-in.js';
import { ConfigureSso } from '../../../src/domain/sso/configure-sso.js';
import { GetSsoSettings } from '../../../src/domain/sso/get-sso-settings.js';
import { RemoveSso } from '../../../src/domain/sso/remove-sso.js';
import { StartSsoSignIn, type SsoStart } from '../../../src/domain/sso/start-sso-sign-in.js';
import { UnlinkSsoAccount } from '../../../src/domain/sso/unlink-sso-account.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { aUser } from '../../support/builders.js';
import { asCalled } from '../../support/fakes/as-called.js';
import { FakePasswordHasher } from '../../support/fakes/fake-password-hasher.js';
import { FakeSecrets } from '../../support/fakes/fake-secrets.js';
import { MINUTE } from '../../support/fakes/fixed-clock.js';
import { MemoryOpenIdProvider } from '../../support/fakes/memory-openid-provider.js';
import { testSettings } from '../../support/fakes/settings.js';
import { addTenant, domainError, newWorld, userActor } from '../../support/fakes/world.js';

const ISSUER = 'https://idp.north.example';
const CLIENT = { clientId: 'desk', clientSecret: 'the client secret, plain' };
const CALLBACK = 'https://north.example/api/auth/sso/callback';
const PASSWORD = 'a long enough password';

async function ssoWorld() {
  const w = await newWorld();
  const secrets = new FakeSecrets();
  const box = new AesSecretBox(randomBytes(32).toString('base64url'));
  const tokens = new JoseSessionTokens('x'.repeat(40), w.clock);
  const hasher = new FakePasswordHasher();
  const provider = new MemoryOpenIdProvider().register(ISSUER, CLIENT.clientId, CLIENT.clientSecret);
  const admin = userActor(w.tenant, 'school-admin');
  const users: Record<string, User> = {
    ada: aUser({ email: 'ada@north.example', role: 'loan-desk' }),
    head: aUser({ email: 'head@north.example', role: 'school-admin' }),
    gone: aUser({ email: 'gone@north.example', role: 'technician', active: false }),
  };
  await w.seed(async (r, t) => {
    for (const u of Object.values(users)) await r.users.create(t, u, await hasher.hash(PASSWORD));
  });
  const configure = asCalled(ConfigureSso, w.uow, w.clock, w.ids, box, provider, testSettings);
  const start = new StartSsoSignIn(w.uow, w.clock, w.ids, secrets, provider);
  const complete = new CompleteSsoSignIn(w.uow, w.clock, w.ids, secrets, box, provider, tokens);
  /** Starts a sign-in at the school and returns what the browser holds: the URL and its cookie. */
  const begin = async (tenant: Tenant = w.tenant, returnTo = '/loans') => {
    const started = await start.execute(tenant, { returnTo, redirectUri: CALLBACK });
    if (started.kind !== 'redirect') throw new Error(`refused: ${started.reason}`);
    return started;
  };
  /** A whole sign-in as `claims` at the provider. */
  const signInAs = async (claims: { sub: string; [claim: string]: unknown }): Promise<SsoOutcome> => {
    const started = await begin();
    return complete.execute({ query: provider.signIn(started.url, claims), cookieState: started.state });
  };
  const refusals = async () => (await w.audit()).filter((e) => e.action === 'auth.sso_refused');
  const sessions = () => w.uow.snapshot().sessions.length;
  return {
    ...w,
    box,
    secrets,
    provider,
    admin,
    users,
    configure,
    start,
    complete,
    begin,
    signInAs,
    refusals,
    sessions,
    settings: asCalled(GetSsoSettings, w.uow, testSettings),
    remove: asCalled(RemoveSso, w.uow, w.clock, w.ids),
    unlink: asCalled(UnlinkSsoAccount, w.uow, w.clock, w.ids),
    authenticate: new AuthenticateSession(w.uow, w.clock, tokens, w.lookups),
    passwordSignIn: new SignIn(w.uow, w.clock, w.ids, hasher, tokens, new MemoryRateLimiter()),
  };
}
type SsoWorld = Awaited<ReturnType<typeof ssoWorld>>;

const setUp = (w: SsoWorld, o: Record<string, unknown> = {}) =>
  w.configure.execute(w.admin, { issuer: ISSUER, ...CLIENT, ...o });

describe('ConfigureSso, GetSsoSettings and RemoveSso', () => {
  it('stores the provider with its secret sealed, shows everything but the secret, and audits it without the secret', async () => {
    const w = await ssoWorld();
    expect(await w.settings.execute(w.admin, {})).toEqual({
      sso: null,
      redirectUris: ['https://desk.school.example/api/auth/sso/callback'],
    });
    const saved = await setUp(w, { domains: ['@North.Example', 'north.example'], passwords: 'off' });
    const expected = {
      issuer: ISSUER,
      clientId: 'desk',
      label: 'idp.north.example',
      domains: ['north.example'],
      passwords: 'off',
      hasClientSecret: true,
      updatedAt: w.clock.now().toISOString(),
    };
    expect(saved.sso).toEqual(expected);
    expect(await w.settings.execute(w.admin, {})).toEqual({ sso: expected, redirectUris: saved.redirectUris });

    const stored = w.uow.snapshot().ssoProviders[0]!.row;
    expect(stored.clientSecret).not.toContain(CLIENT.clientSecret);
    expect(w.box.open(stored.clientSecret)).toBe(CLIENT.clientSecret);
    const [entry] = await w.audit();
    expect(entry).toMatchObject({
      action: 'sso.configure',
      actor: { type: 'user' },
      details: { issuer: ISSUER, clientId: 'desk', passwords: 'off', clientSecret: 'set', previous: null },
    });
    expect(JSON.stringify(await w.audit())).not.toContain(CLIENT.clientSecret);
  });

  it("lists a redirect URI for each of the school's hosts", async () => {
    const w = await ssoWorld();
    const actor = userActor({ ...w.tenant, hosts: ['north.example'] }, 'school-admin');
    expect((await w.settings.execute(actor, {})).redirectUris).toEqual([
      'https://desk.school.example/api/auth/sso/callback',
      'https://north.example/api/auth/sso/callback',
    ]);
  });

  it('needs the secret the first time and with a new client id, and keeps it otherwise', async () => {
    const w = await ssoWorld();
    await expect(w.configure.execute(w.admin, { issuer: ISSUER, clientId: 'desk' })).rejects.toEqual(
      domainError('invalid', 'clientSecret'),
    );
    expect(w.uow.snapshot().ssoProviders).toEqual([]);
    await setUp(w);
    const sealed = w.uow.snapshot().ssoProviders[0]!.row.clientSecret;
    // The issuer as typed with a trailing slash is the same issuer: the secret is kept.
    const kept = await w.configure.execute(w.admin, { issuer: `${ISSUER}/`, clientId: 'desk', label: 'North ID' });
    expect(kept.sso).toMatchObject({ label: 'North ID', passwords: 'on', domains: [] });
    expect(w.uow.snapshot().ssoProviders[0]!.row.clientSecret).toBe(sealed);
    w.provider.register(ISSUER, 'desk-2', 'another secret');
    await expect(w.configure.execute(w.admin, { issuer: ISSUER, clientId: 'desk-2' })).rejects.toEqual(
      domainError('invalid', 'clientSecret'),
    );
    const audited = (await w.audit()).filter((e) => e.action === 'sso.configure');
    expect(audited.map((e) => e.details.clientSecret)).toEqual(['set', 'kept']);
  });

  it('refuses an issuer that does not answer as a provider, or cannot be reached, storing nothing', async () => {
    const w = await ssoWorld();
    await expect(setUp(w, { issuer: 'https://nobody.example' })).rejects.toEqual(domainError('invalid', 'issuer'));
    w.provider.unreachable = true;
    await expect(setUp(w)).rejects.toMatchObject({ code: 'invalid', message: expect.stringMatching(/ECONNREFUSED/) });
    expect(w.uow.snapshot().ssoProviders).toEqual([]);
    expect(await w.audit()).toEqual([]);
  });

  it('refuses bad input naming the field, before asking the provider', async () => {
    const w = await ssoWorld();
    w.provider.unreachable = true;
    const cases: [Record<string, unknown>, string][] = [
      [{ issuer: 'http://idp.north.example' }, 'issuer'],
      [{ issuer: 'https://login.microsoftonline.com/common/v2.0' }, 'issuer'],
      [{ domains: ['not a domain'] }, 'domains.0'],
      [{ domains: ['ok.example', 'localhost'] }, 'domains.1'],
      [{ passwords: 'maybe' }, 'passwords'],
      [{ label: '' }, 'label'],
      [{ clientSecret: '' }, 'clientSecret'],
      [{ extra: 1 }, 'extra'],
    ];
    for (const [o, field] of cases) await expect(setUp(w, o)).rejects.toEqual(domainError('invalid', field));
  });

  it('is for those who manage users: a technician is refused', async () => {
    const w = await ssoWorld();
    const technician = userActor(w.tenant, 'technician');
    await expect(w.configure.execute(technician, { issuer: ISSUER, ...CLIENT })).rejects.toEqual(
      domainError('forbidden'),
    );
    await expect(w.settings.execute(technician, {})).rejects.toEqual(domainError('forbidden'));
    await expect(w.remove.execute(technician, {})).rejects.toEqual(domainError('forbidden'));
  });

  it('removes the provider (audited), keeps the bindings, and says when there is none', async () => {
    const w = await ssoWorld();
    await setUp(w);
    await w.signInAs({ sub: 'ada-1', email: 'ada@north.example', email_verified: true });
    await w.remove.execute(w.admin, {});
    expect((await w.settings.execute(w.admin, {})).sso).toBeNull();
    expect((await w.audit()).at(-1)).toMatchObject({ action: 'sso.remove', details: { issuer: ISSUER } });
    await expect(w.remove.execute(w.admin, {})).rejects.toEqual(domainError('not_found'));
    expect(w.uow.snapshot().ssoBindings).toHaveLength(1);
    // Set up again with the same issuer: the account still signs in as Ada, whatever its address.
    await setUp(w);
    const again = await w.signInAs({ sub: 'ada-1', email: 'someone@else.example', email_verified: true });
    expect(again.kind === 'signed_in' && again.signedIn.user.id).toBe(w.users.ada!.id);
  });
});

describe('StartSsoSignIn', () => {
  it('answers an unknown school and a school without a provider alike, storing nothing', async () => {
    const w = await ssoWorld();
    const other = await addTenant(w.uow);
    const refused: SsoStart = { kind: 'refused', reason: 'not_configured', returnTo: '/loans' };
    expect(await w.start.execute(null, { returnTo: '/loans', redirectUri: CALLBACK })).toEqual(refused);
    expect(await w.start.execute(other, { returnTo: '/loans', redirectUri: CALLBACK })).toEqual(refused);
    expect(w.uow.snapshot().pendingSignIns).toEqual([]);
    expect(await w.audit()).toEqual([]);
  });

  it('sends the browser to the provider with PKCE S256, state and nonce, and keeps only the hash of the state', async () => {
    const w = await ssoWorld();
    await setUp(w);
    const started = await w.begin(w.tenant, 'https://evil.example/');
    const url = new URL(started.url);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      client_id: 'desk',
      redirect_uri: CALLBACK,
      scope: 'openid email profile',
      state: started.state,
      code_challenge_method: 'S256',
    });
    const [pending] = w.uow.snapshot().pendingSignIns;
    expect(pending!.tenantId).toBe(w.tenant.id);
    expect(pending!.row).toMatchObject({
      stateHash: w.secrets.hash(started.state),
      nonce: q.nonce,
      redirectUri: CALLBACK,
      returnTo: '/',
      usedAt: null,
      expiresAt: new Date(w.clock.now().getTime() + 10 * MINUTE).toISOString(),
    });
    expect(JSON.stringify(pending)).not.toContain(started.state);
    expect(q.code_challenge).not.toBe(pending!.row.codeVerifier);
    expect(started.state.length).toBeGreaterThanOrEqual(43);
  });

  it('refuses and audits a provider that cannot be reached, storing no sign-in', async () => {
    const w = await ssoWorld();
    await setUp(w);
    w.provider.unreachable = true;
    expect(await w.start.execute(w.tenant, { returnTo: '/', redirectUri: CALLBACK })).toMatchObject({
      kind: 'refused',
      reason: 'provider_unreachable',
    });
    expect(w.uow.snapshot().pendingSignIns).toEqual([]);
    expect(await w.refusals()).toMatchObject([{ details: { reason: 'provider_unreachable', issuer: ISSUER } }]);
  });

  it("prunes the school's sign-ins that expired over an hour ago as new ones start", async () => {
    const w = await ssoWorld();
    await setUp(w);
    await w.begin();
    w.clock.advance(71 * MINUTE);
    await w.begin();
    expect(w.uow.snapshot().pendingSignIns).toHaveLength(1);
  });
});

describe('CompleteSsoSignIn', () => {
  it('binds the first sign-in to the user with that verified address, opens a session, and audits the binding', async () => {
    const w = await ssoWorld();
    await setUp(w);
    const outcome = await w.signInAs({ sub: 'ada-1', email: 'ADA@north.example', email_verified: true });
    expect(outcome).toMatchObject({ kind: 'signed_in', returnTo: '/loans' });
    if (outcome.kind !== 'signed_in') return;
    const { actor } = await w.authenticate.execute(outcome.signedIn.token);
    expect(actor.principal).toMatchObject({ type: 'user', id: w.users.ada!.id, role: 'loan-desk' });
    expect(w.uow.snapshot().ssoBindings.map((b) => b.row)).toEqual([
      expect.objectContaining({
        issuer: ISSUER,
        subject: 'ada-1',
        userId: w.users.ada!.id,
        email: 'ada@north.example',
      }),
    ]);
    expect((await w.audit()).at(-1)).toMatchObject({
      action: 'auth.sso_bound',
      actor: { type: 'user', id: w.users.ada!.id },
      details: { issuer: ISSUER, subject: 'ada-1', email: 'ada@north.example' },
    });
  });

  it('signs a bound account in by its subject alone: a renamed mailbox still works, a recycled one is refused', async () => {
    const w = await ssoWorld();
    await setUp(w);
    await w.signInAs({ sub: 'ada-1', email: 'ada@north.example', email_verified: true });
    const renamed = await w.signInAs({ sub: 'ada-1', email: 'ada.lovelace@north.example', email_verified: true });
    expect(renamed.kind === 'signed_in' && renamed.signedIn.user.id).toBe(w.users.ada!.id);
    // The provider gives Ada's old address to a new account: it is not Ada.
    const sessions = w.sessions();
    const recycled = await w.signInAs({ sub: 'newcomer-7', email: 'ada@north.example', email_verified: true });
    expect(recycled).toEqual({ kind: 'refused', reason: 'subject_mismatch', returnTo: '/loans' });
    expect(w.sessions()).toBe(sessions);
    expect((await w.refusals()).at(-1)).toMatchObject({
      target: `user:${w.users.ada!.id}`,
      details: { reason: 'subject_mismatch', issuer: ISSUER, email: 'ada@north.example', subject: 'newcomer-7' },
    });
    // Ada's school administrator unlinks her: the new account may bind (after checking it is hers).
    expect(await w.unlink.execute(w.admin, { email: 'Ada@North.example' })).toEqual({ unlinked: 1 });
    const rebound = await w.signInAs({ sub: 'newcomer-7', email: 'ada@north.example', email_verified: true });
    expect(rebound.kind === 'signed_in' && rebound.signedIn.user.id).toBe(w.users.ada!.id);
  });

  it.each([
    ['unknown_user', { sub: 's1', email: 'stranger@north.example', email_verified: true }],
    ['unverified_email', { sub: 's2', email: 'ada@north.example', email_verified: false }],
    ['unverified_email', { sub: 's3', email: 'ada@elsewhere.example' }],
    ['domain', { sub: 's4', email: 'ada@elsewhere.example', email_verified: true }],
    ['domain', { sub: 's5', email: 'ada@north.example', email_verified: true, hd: 'elsewhere.example' }],
    ['deactivated', { sub: 's6', email: 'gone@north.example', email_verified: true }],
  ] as const)('refuses %s, audits it, and writes no session and no user', async (reason, claims) => {
    const w = await ssoWorld();
    await setUp(w, { domains: ['north.example'] });
    const before = w.uow.snapshot();
    const outcome = await w.signInAs(claims);
    expect(outcome).toEqual({ kind: 'refused', reason, returnTo: '/loans' });
    const after = w.uow.snapshot();
    expect(after.sessions).toEqual(before.sessions);
    expect(after.users).toEqual(before.users);
    expect(after.ssoBindings).toEqual([]);
    expect(await w.refusals()).toMatchObject([{ details: { reason, issuer: ISSUER, subject: claims.sub } }]);
  });

  it('refuses a bound account whose user was turned off since', async () => {
    const w = await ssoWorld();
    await setUp(w);
    await w.signInAs({ sub: 'ada-1', email: 'ada@north.example', email_verified: true });
    w.uow.alter((s) => {
      const i = s.users.findIndex((u) => u.row.id === w.users.ada!.id);
      s.users[i] = { ...s.users[i]!, row: { ...s.users[i]!.row, active: false } };
    });
    expect(await w.signInAs({ sub: 'ada-1' })).toMatchObject({ kind: 'refused', reason: 'deactivated' });
  });

  it('spends a sign-in on its first callback: a replay, a stranger browser and a late one sign nobody in', async () => {
    const w = await ssoWorld();
    await setUp(w);
    const started = await w.begin();
    const query = w.provider.signIn(started.url, { sub: 'ada-1', email: 'ada@north.example', email_verified: true });
    // Another browser (no cookie, or another sign-in's) brings this callback: refused, and spent.
    expect(await w.complete.execute({ query, cookieState: undefined })).toMatchObject({ reason: 'state' });
    expect(await w.complete.execute({ query, cookieState: started.state })).toMatchObject({ reason: 'state' });

    const second = await w.begin();
    const good = w.provider.signIn(second.url, { sub: 'ada-1', email: 'ada@north.example', email_verified: true });
    const other = await w.begin();
    expect(await w.complete.execute({ query: good, cookieState: other.state })).toMatchObject({ reason: 'state' });

    const third = await w.begin();
    const signedIn = w.provider.signIn(third.url, { sub: 'ada-1', email: 'ada@north.example', email_verified: true });
    expect(await w.complete.execute({ query: signedIn, cookieState: third.state })).toMatchObject({
      kind: 'signed_in',
    });
    const sessions = w.sessions();
    expect(await w.complete.execute({ query: signedIn, cookieState: third.state })).toMatchObject({ reason: 'state' });

    const late = await w.begin();
    const lateQuery = w.provider.signIn(late.url, { sub: 'ada-1', email: 'ada@north.example', email_verified: true });
    w.clock.advance(10 * MINUTE);
    expect(await w.complete.execute({ query: lateQuery, cookieState: late.state })).toMatchObject({ reason: 'state' });
    expect(w.sessions()).toBe(sessions);
    expect((await w.refusals()).map((e) => e.details.detail)).toEqual([
      'not started in this browser',
      'already used',
      'not started in this browser',
      'already used',
      'expired',
    ]);
    // A state no sign-in has names no school: refused, with nothing to audit it in.
    expect(await w.complete.execute({ query: 'code=x&state=made-up', cookieState: 'made-up' })).toEqual({
      kind: 'refused',
      reason: 'state',
      returnTo: '/',
    });
    expect(await w.refusals()).toHaveLength(5);
  });

  it("refuses the provider's own error, an answer that does not verify, and a provider removed meanwhile", async () => {
    const w = await ssoWorld();
    await setUp(w);
    const cancelled = await w.begin();
    expect(
      await w.complete.execute({ query: w.provider.cancel(cancelled.url), cookieState: cancelled.state }),
    ).toMatchObject({ reason: 'provider_error' });

    const forged = await w.begin();
    const query = new URLSearchParams({ code: 'made-up', state: forged.state }).toString();
    expect(await w.complete.execute({ query, cookieState: forged.state })).toMatchObject({
      reason: 'invalid_response',
    });

    const removed = await w.begin();
    const answer = w.provider.signIn(removed.url, { sub: 'ada-1', email: 'ada@north.example', email_verified: true });
    await w.remove.execute(w.admin, {});
    expect(await w.complete.execute({ query: answer, cookieState: removed.state })).toMatchObject({
      reason: 'not_configured',
    });
    expect((await w.refusals()).map((e) => [e.details.reason, e.details.detail])).toEqual([
      ['provider_error', 'access_denied'],
      ['invalid_response', 'invalid_grant'],
      ['not_configured', undefined],
    ]);
    expect(w.sessions()).toBe(0);
  });
});

describe('passwords off', () => {
  it('refuses a correct password of staff with the provider named, and keeps it for school administrators', async () => {
    const w = await ssoWorld();
    await setUp(w, { passwords: 'off', label: 'North ID' });
    const signIn = (u: User, password = PASSWORD) =>
      w.passwordSignIn.execute(w.tenant, { email: u.email, password }, { address: '10.0.0.1' });
    await expect(signIn(w.users.ada!)).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('Sign in with North ID'),
    });
    // A wrong password is a wrong password: nothing about the school's provider is revealed.
    await expect(signIn(w.users.ada!, 'not the password')).rejects.toEqual(domainError('unauthorized'));
    await expect(signIn(w.users.head!)).resolves.toMatchObject({ user: { id: w.users.head!.id } });
    await setUp(w, { passwords: 'on' });
    await expect(signIn(w.users.ada!)).resolves.toMatchObject({ user: { id: w.users.ada!.id } });
  });
});
