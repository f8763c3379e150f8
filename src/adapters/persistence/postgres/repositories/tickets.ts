import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { Ticket } from '../../../../domain/tickets/ticket.js';
import type { TicketRepository, TicketSearch } from '../../../../ports/repositories.js';
import { pageOf, insertMany, queryOne, Where, type Column, type Queryable } from '../sql.js';

// Aliased to the domain's names, so rows are Tickets.
const COLUMNS = `id, number, subject, body, status, priority, requester_id AS "requesterId", assignee_id AS "assigneeId",
  created_at AS "createdAt"`;

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
    return queryOne<Ticket>(this.db, `SELECT ${COLUMNS} FROM tickets WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  async findByNumber(tenantId: string, number: number): Promise<Ticket | null> {
    const sql = `SELECT ${COLUMNS} FROM tickets WHERE tenant_id = $1 AND number = $2`;
    return queryOne<Ticket>(this.db, sql, [tenantId, number]);
  }

  async search(tenantId: string, search: TicketSearch, page: PageRequest): Promise<Page<Ticket>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (search.status) where.add('status = ?', search.status);
    if (search.q) where.contains(search.q, ['subject', 'body']);
    return pageOf<Ticket>(this.db, { columns: COLUMNS, from: 'tickets', where, orderBy: 'number DESC', page });
  }
}
