import type { SetupLink } from '../../../../src/domain/identity/setup-link.js';
import type { SetupLinkRepository } from '../../../../src/ports/repositories/setup-links.js';
import { copy, emptyState, findRow, insertOwned, MemoryState, rowsOf } from './store.js';

const isOpen = (link: SetupLink): boolean => link.usedAt === null && link.replacedAt === null;

export class MemorySetupLinkRepository implements SetupLinkRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(tenantId: string, link: SetupLink): Promise<void> {
    insertOwned(this.state.setupLinks, tenantId, [link], { 'token hash': (l) => l.tokenHash });
  }

  async replaceOpen(tenantId: string, userId: string, at: string): Promise<void> {
    this.state.setupLinks = this.state.setupLinks.map((o) =>
      o.tenantId === tenantId && o.row.userId === userId && isOpen(o.row)
        ? { tenantId, row: { ...o.row, replacedAt: at } }
        : o,
    );
  }

  async findByTokenHash(tokenHash: string): Promise<{ tenantId: string; link: SetupLink } | null> {
    const found = this.state.setupLinks.find((o) => o.row.tokenHash === tokenHash);
    return found ? { tenantId: found.tenantId, link: copy(found.row) } : null;
  }

  async markUsed(tenantId: string, id: string, at: string): Promise<boolean> {
    const link = findRow(this.state.setupLinks, tenantId, id);
    if (!link || !isOpen(link)) return false;
    this.state.setupLinks = this.state.setupLinks.map((o) =>
      o.tenantId === tenantId && o.row.id === id ? { tenantId, row: { ...o.row, usedAt: at } } : o,
    );
    return true;
  }

  async listOpen(tenantId: string, userIds: readonly string[], now: string): Promise<SetupLink[]> {
    return rowsOf(this.state.setupLinks, tenantId)
      .filter((l) => userIds.includes(l.userId) && isOpen(l) && l.expiresAt > now)
      .map(copy);
  }
}
