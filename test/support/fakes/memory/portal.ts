import type { PortalSession, SignInLink } from '../../../../src/domain/portal/requester.js';
import type { PortalRepository } from '../../../../src/ports/repositories/portal.js';
import { copy, emptyState, MemoryState } from './store.js';

export class MemoryPortalRepository implements PortalRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async createLink(tenantId: string, link: SignInLink): Promise<void> {
    this.state.portalLinks = [...this.state.portalLinks, { tenantId, row: copy(link) }];
  }

  async takeLink(tokenHash: string, at: string): Promise<{ tenantId: string; link: SignInLink } | null> {
    const found = this.state.portalLinks.find(
      (o) => o.row.tokenHash === tokenHash && o.row.usedAt === null && o.row.expiresAt > at,
    );
    if (!found) return null;
    const link = { ...found.row, usedAt: at };
    this.state.portalLinks = this.state.portalLinks.map((o) => (o === found ? { tenantId: o.tenantId, row: link } : o));
    return { tenantId: found.tenantId, link: copy(link) };
  }

  async countLinksSince(tenantId: string, personId: string, since: string): Promise<number> {
    return this.state.portalLinks.filter(
      (o) => o.tenantId === tenantId && o.row.personId === personId && o.row.createdAt >= since,
    ).length;
  }

  async createSession(tenantId: string, session: PortalSession, tokenHash: string): Promise<void> {
    this.state.portalSessions = [...this.state.portalSessions, { tenantId, row: { ...copy(session), tokenHash } }];
  }

  async findSession(tokenHash: string): Promise<{ tenantId: string; session: PortalSession } | null> {
    const found = this.state.portalSessions.find((o) => o.row.tokenHash === tokenHash);
    if (!found) return null;
    const { tokenHash: _, ...session } = found.row;
    return { tenantId: found.tenantId, session: copy(session) };
  }

  async revokeSession(tenantId: string, id: string, at: string): Promise<boolean> {
    const found = this.state.portalSessions.find((o) => o.tenantId === tenantId && o.row.id === id);
    if (!found || found.row.revokedAt !== null) return false;
    this.state.portalSessions = this.state.portalSessions.map((o) =>
      o === found ? { tenantId, row: { ...o.row, revokedAt: at } } : o,
    );
    return true;
  }

  async revokeSessionsOf(tenantId: string, personId: string, at: string): Promise<number> {
    let n = 0;
    this.state.portalSessions = this.state.portalSessions.map((o) => {
      if (o.tenantId !== tenantId || o.row.personId !== personId || o.row.revokedAt !== null) return o;
      n += 1;
      return { tenantId, row: { ...o.row, revokedAt: at } };
    });
    return n;
  }

  async prune(tenantId: string, before: string): Promise<number> {
    const keep = <T extends { expiresAt: string }>(o: { tenantId: string; row: T }) =>
      o.tenantId !== tenantId || o.row.expiresAt >= before;
    const n = this.state.portalLinks.length + this.state.portalSessions.length;
    this.state.portalLinks = this.state.portalLinks.filter(keep);
    this.state.portalSessions = this.state.portalSessions.filter(keep);
    return n - this.state.portalLinks.length - this.state.portalSessions.length;
  }
}
