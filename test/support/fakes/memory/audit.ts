import type { AuditEntry } from '../../../../src/domain/audit/audit-entry.js';
import type { Page, PageRequest } from '../../../../src/domain/shared/paging.js';
import type { AuditQuery, AuditRepository } from '../../../../src/ports/repositories/audit.js';
import { compare, copy, emptyState, matches, MemoryState, pageOf, rowsOf } from './store.js';

export class MemoryAuditRepository implements AuditRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async record(tenantId: string, entry: AuditEntry): Promise<void> {
    this.state.audit.push({ tenantId, row: copy(entry) });
  }

  async list(tenantId: string, opts: { limit: number; action?: string }): Promise<AuditEntry[]> {
    // Newest first: latest recorded first, then (stable sort) by time.
    return rowsOf(this.state.audit, tenantId)
      .reverse()
      .filter((e) => matches(opts.action, e.action))
      .sort((a, b) => compare(b.at, a.at))
      .slice(0, opts.limit)
      .map(copy);
  }

  async search(tenantId: string, q: AuditQuery, page: PageRequest): Promise<Page<AuditEntry>> {
    const found = rowsOf(this.state.audit, tenantId)
      .reverse()
      .filter((e) => matches(q.actorId, e.actor.id) && matches(q.action, e.action))
      .filter((e) => q.targets === undefined || q.targets.includes(e.target))
      .filter((e) => (q.from === undefined || e.at >= q.from) && (q.to === undefined || e.at <= q.to))
      .sort((a, b) => compare(b.at, a.at));
    return pageOf(found, page);
  }
}
