/**
 * The portal repository's part of the one repository contract (repositories.contract.ts calls it):
 * the same assertions on SQLite, Postgres and the memory fake. Links and sessions are found across
 * schools by their token's hash, so each case makes its own.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { PortalSession, SignInLink } from '../../src/domain/portal/requester.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import type { Repositories } from '../../src/ports/repositories.js';

const T0 = '2026-03-01T08:00:00.000Z';
const T1 = '2026-03-01T08:05:00.000Z';
const T2 = '2026-03-01T08:20:00.000Z';
const hash = () => randomBytes(32).toString('hex');

const aLink = (o: Partial<SignInLink> = {}): SignInLink => ({
  tokenHash: hash(),
  personId: randomUUID(),
  createdAt: T0,
  expiresAt: '2026-03-01T08:15:00.000Z',
  usedAt: null,
  ...o,
});

const aSession = (o: Partial<PortalSession> = {}): PortalSession => ({
  id: randomUUID(),
  personId: randomUUID(),
  via: 'link',
  createdAt: T0,
  expiresAt: '2026-03-01T18:00:00.000Z',
  revokedAt: null,
  ...o,
});

interface PortalContractDeps {
  readonly tx: <T>(work: (r: Repositories) => Promise<T>) => Promise<T>;
  readonly read: <T>(work: (r: Repositories) => Promise<T>) => Promise<T>;
  readonly newTenant: () => Promise<Tenant>;
}

export function portalRepositoryContract({ tx, read, newTenant }: PortalContractDeps): void {
  it('spends a sign-in link once, and never after it expired; it names its school', async () => {
    const a = await newTenant();
    const link = aLink();
    await tx((r) => r.portal.createLink(a.id, link));
    expect(await tx((r) => r.portal.takeLink(link.tokenHash, T1))).toEqual({
      tenantId: a.id,
      link: { ...link, usedAt: T1 },
    });
    expect(await tx((r) => r.portal.takeLink(link.tokenHash, T1))).toBeNull();
    const late = aLink();
    await tx((r) => r.portal.createLink(a.id, late));
    expect(await tx((r) => r.portal.takeLink(late.tokenHash, T2))).toBeNull();
    expect(await tx((r) => r.portal.takeLink(hash(), T1))).toBeNull();
  });

  it('spends a link once when many take it at the same moment', async () => {
    const a = await newTenant();
    const link = aLink();
    await tx((r) => r.portal.createLink(a.id, link));
    const takes = await Promise.all(Array.from({ length: 6 }, () => tx((r) => r.portal.takeLink(link.tokenHash, T1))));
    expect(takes.filter((t) => t !== null)).toHaveLength(1);
  });

  it("counts a person's recent links in their own school only", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const personId = randomUUID();
    await tx((r) => r.portal.createLink(a.id, aLink({ personId, createdAt: T0 })));
    await tx((r) => r.portal.createLink(a.id, aLink({ personId, createdAt: T1 })));
    await tx((r) => r.portal.createLink(b.id, aLink({ personId, createdAt: T1 })));
    expect(await read((r) => r.portal.countLinksSince(a.id, personId, T0))).toBe(2);
    expect(await read((r) => r.portal.countLinksSince(a.id, personId, T1))).toBe(1);
    expect(await read((r) => r.portal.countLinksSince(b.id, personId, T0))).toBe(1);
  });

  it('finds a session by its token hash, ends it once, and ends all of a person in their school only', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const session = aSession();
    const tokenHash = hash();
    await tx((r) => r.portal.createSession(a.id, session, tokenHash));
    expect(await read((r) => r.portal.findSession(tokenHash))).toEqual({ tenantId: a.id, session });
    expect(await read((r) => r.portal.findSession(hash()))).toBeNull();
    expect(await tx((r) => r.portal.revokeSession(b.id, session.id, T1))).toBe(false);
    expect(await tx((r) => r.portal.revokeSession(a.id, session.id, T1))).toBe(true);
    expect(await tx((r) => r.portal.revokeSession(a.id, session.id, T1))).toBe(false);
    expect((await read((r) => r.portal.findSession(tokenHash)))?.session.revokedAt).toBe(T1);

    const personId = randomUUID();
    const mine = [aSession({ personId, via: 'sso' }), aSession({ personId })];
    for (const s of mine) await tx((r) => r.portal.createSession(a.id, s, hash()));
    const elsewhere = aSession({ personId });
    const elsewhereHash = hash();
    await tx((r) => r.portal.createSession(b.id, elsewhere, elsewhereHash));
    expect(await tx((r) => r.portal.revokeSessionsOf(a.id, personId, T1))).toBe(2);
    expect((await read((r) => r.portal.findSession(elsewhereHash)))?.session.revokedAt).toBeNull();
  });

  it('forgets links and sessions that ended before a time, in one school', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const old = aLink({ expiresAt: T0 });
    const kept = aLink({ expiresAt: T2 });
    const otherSchool = aLink({ expiresAt: T0 });
    await tx((r) => r.portal.createLink(a.id, old));
    await tx((r) => r.portal.createLink(a.id, kept));
    await tx((r) => r.portal.createLink(b.id, otherSchool));
    const ended = aSession({ expiresAt: T0 });
    const endedHash = hash();
    await tx((r) => r.portal.createSession(a.id, ended, endedHash));
    expect(await tx((r) => r.portal.prune(a.id, T1))).toBe(2);
    expect(await read((r) => r.portal.findSession(endedHash))).toBeNull();
    expect(await tx((r) => r.portal.takeLink(kept.tokenHash, T1))).not.toBeNull();
    expect(await read((r) => r.portal.countLinksSince(b.id, otherSchool.personId, T0))).toBe(1);
  });
}
