import type { CannedReply } from '../../../../src/domain/tickets/canned-reply.js';
import type { CannedReplyRepository } from '../../../../src/ports/repositories/canned-replies.js';
import { compare, copy, emptyState, findRow, insertOwned, MemoryState, rowsOf } from './store.js';

export class MemoryCannedReplyRepository implements CannedReplyRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insert(tenantId: string, reply: CannedReply): Promise<void> {
    insertOwned(this.state.cannedReplies, tenantId, [reply], { 'canned reply': (c: CannedReply) => c.title });
  }

  async list(tenantId: string): Promise<CannedReply[]> {
    return rowsOf(this.state.cannedReplies, tenantId)
      .sort((a, b) => compare(a.title, b.title) || compare(a.id, b.id))
      .map(copy);
  }

  async find(tenantId: string, id: string): Promise<CannedReply | null> {
    return copy(findRow(this.state.cannedReplies, tenantId, id));
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const at = this.state.cannedReplies.findIndex((o) => o.tenantId === tenantId && o.row.id === id);
    if (at < 0) return false;
    this.state.cannedReplies.splice(at, 1);
    return true;
  }
}
