import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { Ticket } from '../../../../domain/tickets/ticket.js';
import type { TicketRepository, TicketSearch } from '../../../../ports/repositories.js';
import { insertMany, pageOf, Where, type Column, type Sql } from '../sql.js';

const COLUMNS = `id, number, subject, body, status, priority, requester_id AS requesterId,
  assignee_id AS assigneeId, created_at AS createdAt`;

const columns = (tenantId: string): Column<Ticket>[] => [
  ['id', (t) => t.id],
  ['tenant_id', () => tenantId],
  ['number', (t) => t.number],
  ['subject', (t) => t.subject],
  ['body', (t) => t.body],
  ['status', (t) => t.status],
  ['priority', (t) => t.priority],
  ['requester_id', (t) => t.requesterId],
  ['assignee_id', (t) => t.assigneeId],
  ['created_at', (t) => t.createdAt],
];

export class SqliteTicketRepository implements TicketRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, tickets: readonly Ticket[]): Promise<void> {
    insertMany(this.sql, 'tickets', columns(tenantId), tickets, 'ticket');
  }

  async findById(tenantId: string, id: string): Promise<Ticket | null> {
    return this.sql.get<Ticket>(`SELECT ${COLUMNS} FROM tickets WHERE tenant_id = ? AND id = ?`, tenantId, id);
  }

  async findByNumber(tenantId: string, number: number): Promise<Ticket | null> {
    return this.sql.get<Ticket>(`SELECT ${COLUMNS} FROM tickets WHERE tenant_id = ? AND number = ?`, tenantId, number);
  }

  async search(tenantId: string, search: TicketSearch, page: PageRequest): Promise<Page<Ticket>> {
    const where = new Where().add('tenant_id = ?', tenantId);
    if (search.status) where.add('status = ?', search.status);
    if (search.q) where.contains(search.q, ['subject', 'body']);
    return pageOf<Ticket>(this.sql, { columns: COLUMNS, from: 'tickets', where, orderBy: 'number DESC', page });
  }
}
