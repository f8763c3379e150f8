import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { Ticket } from '../../../../domain/tickets/ticket.js';
import type { TicketRepository, TicketSearch } from '../../../../ports/repositories.js';
import { pageOf, insertMany, queryOne, Where, type Column, type Queryable } from '../sql.js';

interface TicketRecord {
  id: string;
  number: number;
  subject: string;
  body: string;
  status: Ticket['status'];
  priority: Ticket['priority'];
  requester_id: string | null;
  assignee_id: string | null;
  created_at: string;
}

const SELECT = `SELECT id, number, subject, body, status, priority, requester_id, assignee_id, created_at
  FROM tickets`;

const toTicket = (r: TicketRecord): Ticket => ({
  id: r.id,
  number: r.number,
  subject: r.subject,
  body: r.body,
  status: r.status,
  priority: r.priority,
  requesterId: r.requester_id,
  assigneeId: r.assignee_id,
  createdAt: r.created_at,
});

const columns = (tenantId: string): Column<Ticket>[] => [
  ['id', 'text', (t) => t.id],
  ['tenant_id', 'text', () => tenantId],
  ['number', 'int', (t) => t.number],
  ['subject', 'text', (t) => t.subject],
  ['body', 'text', (t) => t.body],
  ['status', 'text', (t) => t.status],
  ['priority', 'text', (t) => t.priority],
  ['requester_id', 'text', (t) => t.requesterId],
  ['assignee_id', 'text', (t) => t.assigneeId],
  ['created_at', 'text', (t) => t.createdAt],
];

const UNIQUES = { tickets_tenant_number_key: 'ticket number', tickets_pkey: 'ticket id' };

export class PgTicketRepository implements TicketRepository {
  constructor(private readonly db: Queryable) {}

  insertMany(tenantId: string, tickets: readonly Ticket[]): Promise<void> {
    return insertMany(this.db, 'tickets', columns(tenantId), tickets, UNIQUES);
  }

  async findById(tenantId: string, id: string): Promise<Ticket | null> {
    const row = await queryOne<TicketRecord>(this.db, `${SELECT} WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return row && toTicket(row);
  }

  async findByNumber(tenantId: string, number: number): Promise<Ticket | null> {
    const sql = `${SELECT} WHERE tenant_id = $1 AND number = $2`;
    const row = await queryOne<TicketRecord>(this.db, sql, [tenantId, number]);
    return row && toTicket(row);
  }

  async search(tenantId: string, search: TicketSearch, page: PageRequest): Promise<Page<Ticket>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (search.status) where.add('status = ?', search.status);
    if (search.q) where.contains(search.q, ['subject', 'body']);
    return pageOf(this.db, { select: SELECT, from: 'tickets', where, orderBy: 'number DESC', page, map: toTicket });
  }
}
