/**
 * The single sign-on repositories' part of the one repository contract (repositories.contract.ts
 * calls it): the same assertions on SQLite, Postgres and the memory fake. A pending sign-in is found
 * across tenants by its state hash, so each case makes its own.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { DomainError } from '../../src/domain/shared/errors.js';
import type { PendingSignIn, SsoBinding } from '../../src/domain/sso/sso-binding.js';
import type { SsoProvider } from '../../src/domain/sso/sso-provider.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import type { Repositories } from '../../src/ports/repositories.js';

const T0 = '2026-03-01T08:00:00.000Z';
const T1 = '2026-03-01T08:05:00.000Z';
const T2 = '2026-03-01T08:20:00.000Z';

const aProvider = (o: Partial<SsoProvider> = {}): SsoProvider => ({
  issuer: 'https://accounts.google.com',
  clientId: 'desk-client.apps.example',
  clientSecret: 'v1.sealed.secret',
  label: 'Google',
  domains: ['north.example', 'staff.north.example'],
  passwordsAllowed: true,
  updatedAt: T0,
  ...o,
});

const aBinding = (o: Partial<SsoBinding> = {}): SsoBinding => ({
  issuer: 'https://accounts.google.com',
  subject: `sub-${randomUUID()}`,
  userId: randomUUID(),
  email: 'ada@north.example',
  createdAt: T0,
  lastSignInAt: T0,
  ...o,
});

const aSignIn = (o: Partial<PendingSignIn> = {}): PendingSignIn => ({
  stateHash: randomBytes(32).toString('hex'),
  nonce: randomBytes(16).toString('base64url'),
  codeVerifier: randomBytes(32).toString('base64url'),
  redirectUri: 'https://desk.example/api/auth/sso/callback',
  returnTo: '/loans?status=ISSUED',
  audience: 'console',
  createdAt: T0,
  expiresAt: '2026-03-01T08:10:00.000Z',
  usedAt: null,
  ...o,
});

async function conflictOf(p: Promise<unknown>): Promise<string> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('conflict');
  return (error as DomainError).message;
}

export interface SsoContractDeps {
  tx<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  read<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  newTenant(o?: Partial<Tenant>): Promise<Tenant>;
}

export function ssoRepositoryContract({ tx, read, newTenant }: SsoContractDeps): void {
  it("keeps one provider per school, replaces it on save, and removes it without touching another school's", async () => {
    const a = await newTenant();
    const b = await newTenant();
    expect(await read((r) => r.ssoProviders.find(a.id))).toBeNull();
    const google = aProvider();
    await tx((r) => r.ssoProviders.save(a.id, google));
    expect(await read((r) => r.ssoProviders.find(a.id))).toEqual(google);
    expect(await read((r) => r.ssoProviders.find(b.id))).toBeNull();

    const entra = aProvider({
      issuer: 'https://login.microsoftonline.com/7c1f3b2e-0000-4000-8000-000000000001/v2.0',
      clientId: 'entra-app',
      clientSecret: 'v1.other.sealed',
      label: 'Microsoft',
      domains: [],
      passwordsAllowed: false,
      updatedAt: T1,
    });
    await tx((r) => r.ssoProviders.save(a.id, entra));
    await tx((r) => r.ssoProviders.save(b.id, google));
    expect(await read((r) => r.ssoProviders.find(a.id))).toEqual(entra);
    expect(await read((r) => r.ssoProviders.find(b.id))).toEqual(google);

    expect(await tx((r) => r.ssoProviders.remove(a.id))).toBe(true);
    expect(await tx((r) => r.ssoProviders.remove(a.id))).toBe(false);
    expect(await read((r) => r.ssoProviders.find(a.id))).toBeNull();
    expect(await read((r) => r.ssoProviders.find(b.id))).toEqual(google);
  });

  it('binds an account to one user, finds it by subject and by user, and keeps it when the provider goes', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const binding = aBinding();
    await tx(async (r) => {
      await r.ssoProviders.save(a.id, aProvider());
      await r.ssoBindings.create(a.id, binding);
    });
    expect(await read((r) => r.ssoBindings.findBySubject(a.id, binding.issuer, binding.subject))).toEqual(binding);
    expect(await read((r) => r.ssoBindings.findByUser(a.id, binding.userId, binding.issuer))).toEqual(binding);
    // Another issuer, another school: nothing.
    expect(await read((r) => r.ssoBindings.findBySubject(a.id, 'https://other.example', binding.subject))).toBeNull();
    expect(await read((r) => r.ssoBindings.findByUser(a.id, binding.userId, 'https://other.example'))).toBeNull();
    expect(await read((r) => r.ssoBindings.findBySubject(b.id, binding.issuer, binding.subject))).toBeNull();
    expect(await read((r) => r.ssoBindings.findByUser(b.id, binding.userId, binding.issuer))).toBeNull();

    await tx((r) => r.ssoProviders.remove(a.id));
    expect(await read((r) => r.ssoBindings.findBySubject(a.id, binding.issuer, binding.subject))).toEqual(binding);
  });

  it('refuses a second binding of an account, or of a user at the same issuer, as a conflict', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const binding = aBinding();
    await tx((r) => r.ssoBindings.create(a.id, binding));
    // The account again, for another user: the recycled-mailbox case must never get a second row.
    await conflictOf(tx((r) => r.ssoBindings.create(a.id, aBinding({ subject: binding.subject }))));
    // The user again, another account at the same issuer.
    await conflictOf(tx((r) => r.ssoBindings.create(a.id, aBinding({ userId: binding.userId }))));
    // What may coexist: the user at another issuer, the subject at another issuer, the same pair elsewhere.
    await tx(async (r) => {
      await r.ssoBindings.create(a.id, aBinding({ userId: binding.userId, issuer: 'https://idp.north.example' }));
      await r.ssoBindings.create(a.id, aBinding({ subject: binding.subject, issuer: 'https://idp.north.example' }));
      await r.ssoBindings.create(b.id, { ...binding });
    });
    expect(await read((r) => r.ssoBindings.findBySubject(b.id, binding.issuer, binding.subject))).toEqual(binding);
  });

  it("records a sign-in through a binding, and removes a user's bindings in that school only", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const binding = aBinding();
    const elsewhere = aBinding({ userId: binding.userId, issuer: 'https://idp.north.example' });
    await tx(async (r) => {
      await r.ssoBindings.create(a.id, binding);
      await r.ssoBindings.create(a.id, elsewhere);
      await r.ssoBindings.create(b.id, binding);
    });
    expect(await tx((r) => r.ssoBindings.touch(a.id, binding.issuer, binding.subject, T2))).toBe(true);
    expect(await tx((r) => r.ssoBindings.touch(a.id, binding.issuer, 'nobody', T2))).toBe(false);
    expect(await read((r) => r.ssoBindings.findBySubject(a.id, binding.issuer, binding.subject))).toEqual({
      ...binding,
      lastSignInAt: T2,
    });
    expect(await read((r) => r.ssoBindings.findBySubject(b.id, binding.issuer, binding.subject))).toEqual(binding);

    expect(await tx((r) => r.ssoBindings.removeForUser(a.id, binding.userId))).toBe(2);
    expect(await read((r) => r.ssoBindings.findByUser(a.id, binding.userId, binding.issuer))).toBeNull();
    expect(await read((r) => r.ssoBindings.findByUser(a.id, binding.userId, elsewhere.issuer))).toBeNull();
    expect(await read((r) => r.ssoBindings.findByUser(b.id, binding.userId, binding.issuer))).toEqual(binding);
    expect(await tx((r) => r.ssoBindings.removeForUser(a.id, binding.userId))).toBe(0);
  });

  it('spends a pending sign-in once: the first take has it, every later one finds it used', async () => {
    const a = await newTenant();
    const signIn = aSignIn({ audience: 'portal' });
    await tx((r) => r.pendingSignIns.create(a.id, signIn));
    expect(await tx((r) => r.pendingSignIns.take(signIn.stateHash, T1))).toEqual({
      tenantId: a.id,
      signIn: { ...signIn, usedAt: T1 },
      taken: true,
    });
    expect(await tx((r) => r.pendingSignIns.take(signIn.stateHash, T1))).toEqual({
      tenantId: a.id,
      signIn: { ...signIn, usedAt: T1 },
      taken: false,
    });
    expect(await tx((r) => r.pendingSignIns.take(randomBytes(32).toString('hex'), T1))).toBeNull();
    await conflictOf(tx((r) => r.pendingSignIns.create(a.id, aSignIn({ stateHash: signIn.stateHash }))));
  });

  it('never spends an expired sign-in: it is found, not taken', async () => {
    const a = await newTenant();
    const signIn = aSignIn({ expiresAt: T1 });
    await tx((r) => r.pendingSignIns.create(a.id, signIn));
    // Expiry is exclusive: at the instant it expires it is gone.
    expect(await tx((r) => r.pendingSignIns.take(signIn.stateHash, T1))).toEqual({
      tenantId: a.id,
      signIn,
      taken: false,
    });
  });

  it('lets exactly one of many simultaneous takes spend a sign-in', async () => {
    const a = await newTenant();
    const signIn = aSignIn();
    await tx((r) => r.pendingSignIns.create(a.id, signIn));
    const takes = await Promise.all(
      Array.from({ length: 6 }, () => tx((r) => r.pendingSignIns.take(signIn.stateHash, T1))),
    );
    expect(takes.filter((t) => t?.taken)).toHaveLength(1);
    expect(takes.every((t) => t?.tenantId === a.id)).toBe(true);
  });

  it("prunes a school's expired sign-ins, leaving live ones and other schools' alone", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const old = aSignIn({ expiresAt: T0 });
    const live = aSignIn({ expiresAt: T2 });
    const theirs = aSignIn({ expiresAt: T0 });
    await tx(async (r) => {
      await r.pendingSignIns.create(a.id, old);
      await r.pendingSignIns.create(a.id, live);
      await r.pendingSignIns.create(b.id, theirs);
    });
    expect(await tx((r) => r.pendingSignIns.prune(a.id, T1))).toBe(1);
    expect(await tx((r) => r.pendingSignIns.take(old.stateHash, T1))).toBeNull();
    expect((await tx((r) => r.pendingSignIns.take(live.stateHash, T1)))?.taken).toBe(true);
    expect(await tx((r) => r.pendingSignIns.take(theirs.stateHash, T1))).toMatchObject({
      tenantId: b.id,
      taken: false,
    });
  });
}
