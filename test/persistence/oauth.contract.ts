/**
 * The OAuth repositories' part of the one repository contract (repositories.contract.ts calls it):
 * the same assertions on SQLite, Postgres and the memory fake. Clients, authorizations and tokens are
 * found deployment-wide by what a caller presents; grants stay inside their school.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { RegisteredClient } from '../../src/domain/oauth/clients.js';
import type { Authorization, Grant } from '../../src/domain/oauth/grant.js';
import type { StoredToken } from '../../src/domain/oauth/tokens.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import type { Repositories } from '../../src/ports/repositories.js';

const T0 = '2026-03-01T08:00:00.000Z';
const LATER = '2026-03-01T08:05:00.000Z';

export const aClient = (o: Partial<RegisteredClient> = {}): RegisteredClient => ({
  id: `desk_client_${randomUUID()}`,
  name: 'Claude',
  redirectUris: ['https://claude.ai/api/mcp/auth_callback', 'http://127.0.0.1/callback'],
  kind: 'registered',
  createdAt: T0,
  ...o,
});

export const anAuthorization = (o: Partial<Authorization> = {}): Authorization => ({
  id: randomUUID(),
  tenantId: null,
  issuer: 'https://desk.example',
  clientId: 'https://app.example/client.json',
  clientName: 'An app',
  clientHost: 'app.example',
  redirectUri: 'https://app.example/callback?x=1',
  state: 'opaque-state',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  requestedScopes: ['loan.view', 'person.view'],
  resource: 'https://desk.example/api/mcp',
  createdAt: T0,
  expiresAt: '2026-03-01T08:10:00.000Z',
  decidedAt: null,
  userId: null,
  scopes: null,
  codeHash: null,
  codeExpiresAt: null,
  codeUsedAt: null,
  grantId: null,
  ...o,
});

export const aGrant = (o: Partial<Grant> = {}): Grant => ({
  id: randomUUID(),
  userId: 'user-1',
  clientId: 'https://app.example/client.json',
  clientName: 'An app',
  clientHost: 'app.example',
  scopes: ['loan.view', 'person.view'],
  resource: 'https://desk.example/api/mcp',
  createdAt: T0,
  lastUsedAt: null,
  revokedAt: null,
  ...o,
});

const aToken = (tenantId: string, grantId: string, o: Partial<StoredToken> = {}): StoredToken => ({
  hash: randomUUID().replaceAll('-', ''),
  tenantId,
  grantId,
  kind: 'access',
  scopes: ['loan.view'],
  createdAt: T0,
  expiresAt: '2026-03-01T09:00:00.000Z',
  usedAt: null,
  ...o,
});

export interface OAuthContractDeps {
  tx<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  read<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  newTenant(o?: Partial<Tenant>): Promise<Tenant>;
}

export function oauthRepositoryContract({ tx, read, newTenant }: OAuthContractDeps): void {
  it('stores a registered client, finds it by id, counts registrations since a moment, refuses a duplicate id', async () => {
    const client = aClient({ createdAt: '2026-03-02T00:00:00.000Z' });
    const before = await read((r) => r.oauthClients.countSince('2026-03-02T00:00:00.000Z'));
    await tx((r) => r.oauthClients.create(client));
    expect(await read((r) => r.oauthClients.findById(client.id))).toEqual(client);
    expect(await read((r) => r.oauthClients.findById('desk_client_none'))).toBeNull();
    expect(await read((r) => r.oauthClients.countSince('2026-03-02T00:00:00.000Z'))).toBe(before + 1);
    await expect(tx((r) => r.oauthClients.create(aClient({ id: client.id })))).rejects.toBeInstanceOf(DomainError);
  });

  it('keeps an authorization as asked, decides it once, and gives its code for one use only', async () => {
    const t = await newTenant();
    const asked = anAuthorization();
    await tx((r) => r.oauthAuthorizations.create(asked));
    expect(await read((r) => r.oauthAuthorizations.findById(asked.id))).toEqual(asked);
    const approval = {
      tenantId: t.id,
      userId: 'user-1',
      scopes: ['loan.view' as const],
      codeHash: `code-${asked.id}`,
      codeExpiresAt: '2026-03-01T08:06:00.000Z',
    };
    expect(await tx((r) => r.oauthAuthorizations.decide(asked.id, LATER, approval))).toBe(true);
    expect(await tx((r) => r.oauthAuthorizations.decide(asked.id, LATER, null))).toBe(false);
    const decided = { ...asked, ...approval, scopes: ['loan.view'], decidedAt: LATER };
    expect(await read((r) => r.oauthAuthorizations.findByCodeHash(approval.codeHash))).toEqual(decided);
    expect(await read((r) => r.oauthAuthorizations.findByCodeHash('no-such-code'))).toBeNull();
    expect(await tx((r) => r.oauthAuthorizations.useCode(asked.id, LATER, 'grant-1'))).toBe(true);
    expect(await tx((r) => r.oauthAuthorizations.useCode(asked.id, LATER, 'grant-2'))).toBe(false);
    expect(await read((r) => r.oauthAuthorizations.findById(asked.id))).toMatchObject({
      codeUsedAt: LATER,
      grantId: 'grant-1',
    });
  });

  it('denies without a code, keeping the school the request was made on', async () => {
    const t = await newTenant();
    const asked = anAuthorization({ tenantId: t.id });
    await tx((r) => r.oauthAuthorizations.create(asked));
    expect(await tx((r) => r.oauthAuthorizations.decide(asked.id, LATER, null))).toBe(true);
    expect(await read((r) => r.oauthAuthorizations.findById(asked.id))).toEqual({
      ...asked,
      decidedAt: LATER,
      tenantId: t.id,
    });
  });

  it('deletes authorizations once they and their code have expired, and no other', async () => {
    const old = anAuthorization({ expiresAt: '2026-02-01T00:00:00.000Z' });
    const codeLive = anAuthorization({
      expiresAt: '2026-02-01T00:00:00.000Z',
      codeHash: `live-${randomUUID()}`,
      codeExpiresAt: '2026-03-05T00:00:00.000Z',
    });
    const fresh = anAuthorization({ expiresAt: '2026-03-05T00:00:00.000Z' });
    await tx(async (r) => {
      for (const a of [old, codeLive, fresh]) await r.oauthAuthorizations.create(a);
    });
    expect(await tx((r) => r.oauthAuthorizations.deleteExpired('2026-03-01T00:00:00.000Z'))).toBeGreaterThanOrEqual(1);
    expect(await read((r) => r.oauthAuthorizations.findById(old.id))).toBeNull();
    expect(await read((r) => r.oauthAuthorizations.findById(codeLive.id))).not.toBeNull();
    expect(await read((r) => r.oauthAuthorizations.findById(fresh.id))).not.toBeNull();
  });

  it('keeps a grant inside its school: found, listed newest first per person, revoked once', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const first = aGrant({ createdAt: '2026-03-01T08:00:00.000Z', userId: 'ada' });
    const second = aGrant({ createdAt: '2026-03-01T09:00:00.000Z', userId: 'ada', scopes: ['ticket.view'] });
    const other = aGrant({ createdAt: '2026-03-01T10:00:00.000Z', userId: 'bo' });
    await tx(async (r) => {
      for (const g of [first, second, other]) await r.grants.create(a.id, g);
    });
    expect(await read((r) => r.grants.findById(a.id, second.id))).toEqual(second);
    expect(await read((r) => r.grants.findById(b.id, second.id))).toBeNull();
    const page = { page: 1, pageSize: 10 };
    const ids = async (filter: Parameters<Repositories['grants']['list']>[1], tenantId = a.id) =>
      (await read((r) => r.grants.list(tenantId, filter, page))).items.map((g) => g.id);
    expect(await ids({})).toEqual([other.id, second.id, first.id]);
    expect(await ids({ userId: 'ada' })).toEqual([second.id, first.id]);
    expect(await ids({}, b.id)).toEqual([]);
    expect(await read((r) => r.grants.list(a.id, {}, { page: 2, pageSize: 2 }))).toEqual({
      items: [first],
      total: 3,
    });

    expect(await tx((r) => r.grants.revoke(b.id, second.id, LATER, 'revoked'))).toBe(false);
    expect(await tx((r) => r.grants.revoke(a.id, second.id, LATER, 'revoked'))).toBe(true);
    expect(await tx((r) => r.grants.revoke(a.id, second.id, LATER, 'revoked'))).toBe(false);
    expect((await read((r) => r.grants.findById(a.id, second.id)))?.revokedAt).toBe(LATER);
    expect(await ids({ userId: 'ada' })).toEqual([first.id]);
    expect(await ids({ userId: 'ada', includeRevoked: true })).toEqual([second.id, first.id]);

    await tx((r) => r.grants.touch(a.id, first.id, LATER));
    expect((await read((r) => r.grants.findById(a.id, first.id)))?.lastUsedAt).toBe(LATER);
    await expect(tx((r) => r.grants.create(a.id, aGrant({ id: first.id })))).rejects.toBeInstanceOf(DomainError);
  });

  it('revokes every live grant of one person, and only theirs, answering which', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const mine = [aGrant({ userId: 'cy' }), aGrant({ userId: 'cy' })];
    const theirs = aGrant({ userId: 'di' });
    const elsewhere = aGrant({ userId: 'cy' });
    await tx(async (r) => {
      for (const g of [...mine, theirs]) await r.grants.create(a.id, g);
      await r.grants.create(b.id, elsewhere);
    });
    const revoked = await tx((r) => r.grants.revokeAllOf(a.id, 'cy', LATER, 'person_deactivated'));
    expect([...revoked].sort()).toEqual(mine.map((g) => g.id).sort());
    expect(await tx((r) => r.grants.revokeAllOf(a.id, 'cy', LATER, 'person_deactivated'))).toEqual([]);
    expect((await read((r) => r.grants.findById(a.id, theirs.id)))?.revokedAt).toBeNull();
    expect((await read((r) => r.grants.findById(b.id, elsewhere.id)))?.revokedAt).toBeNull();
  });

  it('finds a token by its hash, marks a refresh token used once, and deletes a grant’s expired tokens', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const access = aToken(a.id, 'g1', { scopes: ['loan.view', 'ticket.view'] });
    const refresh = aToken(a.id, 'g1', { kind: 'refresh', expiresAt: '2026-04-01T00:00:00.000Z' });
    const expired = aToken(a.id, 'g1', { expiresAt: '2026-02-01T00:00:00.000Z' });
    const otherGrant = aToken(a.id, 'g2', { expiresAt: '2026-02-01T00:00:00.000Z' });
    await tx(async (r) => {
      for (const t of [access, refresh, expired, otherGrant]) await r.oauthTokens.create(t);
    });
    expect(await read((r) => r.oauthTokens.findByHash(access.hash))).toEqual(access);
    expect(await read((r) => r.oauthTokens.findByHash('nope'))).toBeNull();
    expect(await tx((r) => r.oauthTokens.markUsed(b.id, refresh.hash, LATER))).toBe(false);
    expect(await tx((r) => r.oauthTokens.markUsed(a.id, refresh.hash, LATER))).toBe(true);
    expect(await tx((r) => r.oauthTokens.markUsed(a.id, refresh.hash, LATER))).toBe(false);
    expect((await read((r) => r.oauthTokens.findByHash(refresh.hash)))?.usedAt).toBe(LATER);
    expect(await tx((r) => r.oauthTokens.deleteExpired(a.id, 'g1', '2026-03-01T00:00:00.000Z'))).toBe(1);
    expect(await read((r) => r.oauthTokens.findByHash(expired.hash))).toBeNull();
    expect(await read((r) => r.oauthTokens.findByHash(otherGrant.hash))).not.toBeNull();
    expect(await read((r) => r.oauthTokens.findByHash(access.hash))).not.toBeNull();
    await expect(tx((r) => r.oauthTokens.create(aToken(a.id, 'g1', { hash: access.hash })))).rejects.toBeInstanceOf(
      DomainError,
    );
  });

  it('keeps the app a person acted through on an audit entry', async () => {
    const t = await newTenant();
    const entry = {
      id: randomUUID(),
      actor: { type: 'user' as const, id: 'ada', via: 'Claude' },
      action: 'loan.issue',
      target: 'loan:1',
      at: T0,
      details: {},
    };
    const plain = { ...entry, id: randomUUID(), actor: { type: 'user' as const, id: 'ada' } };
    await tx(async (r) => {
      await r.audit.record(t.id, entry);
      await r.audit.record(t.id, plain);
    });
    const found = await read((r) => r.audit.search(t.id, {}, { page: 1, pageSize: 10 }));
    expect(found.items.find((e) => e.id === entry.id)?.actor).toEqual({ type: 'user', id: 'ada', via: 'Claude' });
    expect(found.items.find((e) => e.id === plain.id)?.actor).toEqual({ type: 'user', id: 'ada' });
  });
}
