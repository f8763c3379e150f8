import type { Session } from '../../../../src/domain/identity/session.js';
import type { SessionRepository } from '../../../../src/ports/repositories/sessions.js';
import { copy, emptyState, findRow, insertOwned, MemoryState } from './store.js';

export class MemorySessionRepository implements SessionRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async create(tenantId: string, session: Session): Promise<void> {
    insertOwned(this.state.sessions, tenantId, [session], {});
  }

  async findById(tenantId: string, id: string): Promise<Session | null> {
    return copy(findRow(this.state.sessions, tenantId, id));
  }

  async revoke(tenantId: string, id: string, at: string): Promise<boolean> {
    const session = findRow(this.state.sessions, tenantId, id);
    if (!session || session.revokedAt !== null) return false;
    this.state.sessions = this.state.sessions.map((o) =>
      o.tenantId === tenantId && o.row.id === id ? { tenantId, row: { ...o.row, revokedAt: at } } : o,
    );
    return true;
  }

  async revokeAllOf(tenantId: string, userId: string, at: string): Promise<string[]> {
    const revoked: string[] = [];
    this.state.sessions = this.state.sessions.map((o) => {
      if (o.tenantId !== tenantId || o.row.userId !== userId || o.row.revokedAt !== null) return o;
      revoked.push(o.row.id);
      return { tenantId, row: { ...o.row, revokedAt: at } };
    });
    return revoked;
  }
}
