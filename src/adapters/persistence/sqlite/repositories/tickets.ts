import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { Ticket, TicketComment } from '../../../../domain/tickets/ticket.js';
import type { TicketRepository, TicketSearch } from '../../../../ports/repositories/tickets.js';
import { conflictOf, insertMany, pageOf, updateMany, Where, type Column, type Sql } from '../sql.js';

const COLUMNS = `id, number, subject, body, status, priority, requester_id AS requesterId,
  assignee_id AS assigneeId, created_at AS createdAt, updated_at AS updatedAt`;

/** What an update writes (never the id, number or creation time). */
const fields: Column<Ticket>[] = [
  ['subject', (t) => t.subject],
  ['body', (t) => t.body],
  ['status', (t) => t.status],
  ['priority', (t) => t.priority],
  ['requester_id', (t) => t.requesterId],
  ['assignee_id', (t) => t.assigneeId],
  ['updated_at', (t) => t.updatedAt],
];

const columns = (tenantId: string): Column<Ticket>[] => [
  ['id', (t) => t.id],
  ['tenant_id', () => tenantId],
  ['number', (t) => t.number],
  ['created_at', (t) => t.createdAt],
  ...fields,
];

interface CommentRow {
  id: string;
  ticketId: string;
  authorType: TicketComment['author']['type'];
  authorId: string;
  authorName: string;
  body: string;
  internal: number;
  createdAt: string;
}

const toComment = (r: CommentRow): TicketComment => ({
  id: r.id,
  ticketId: r.ticketId,
  author: { type: r.authorType, id: r.authorId, name: r.authorName },
  body: r.body,
  internal: r.internal === 1,
  createdAt: r.createdAt,
});

function searchWhere(tenantId: string, search: TicketSearch): Where {
  const where = new Where().add('tenant_id = ?', tenantId);
  if (search.status) where.add('status = ?', search.status);
  if (search.assigneeId) where.add('assignee_id = ?', search.assigneeId);
  if (search.personId) where.add('(requester_id = ? OR assignee_id = ?)', search.personId, search.personId);
  if (search.q) where.contains(search.q, ['subject', 'body']);
  return where;
}

export class SqliteTicketRepository implements TicketRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, tickets: readonly Ticket[]): Promise<void> {
    insertMany(this.sql, 'tickets', columns(tenantId), tickets, 'ticket');
  }

  // No row lock needed: the caller's BEGIN IMMEDIATE already holds the database's write lock.
  async findById(tenantId: string, id: string): Promise<Ticket | null> {
    return this.sql.get<Ticket>(`SELECT ${COLUMNS} FROM tickets WHERE tenant_id = ? AND id = ?`, tenantId, id);
  }

  async findByNumber(tenantId: string, number: number): Promise<Ticket | null> {
    return this.sql.get<Ticket>(`SELECT ${COLUMNS} FROM tickets WHERE tenant_id = ? AND number = ?`, tenantId, number);
  }

  async search(tenantId: string, search: TicketSearch, page: PageRequest): Promise<Page<Ticket>> {
    const where = searchWhere(tenantId, search);
    return pageOf<Ticket>(this.sql, { columns: COLUMNS, from: 'tickets', where, orderBy: 'number DESC', page });
  }

  async scan(tenantId: string, search: TicketSearch, before: number | null, limit: number): Promise<Ticket[]> {
    const where = searchWhere(tenantId, search);
    if (before !== null) where.add('number < ?', before);
    return this.sql.all<Ticket>(
      `SELECT ${COLUMNS} FROM tickets ${where} ORDER BY number DESC LIMIT ?`,
      ...where.params,
      limit,
    );
  }

  async update(tenantId: string, ticket: Ticket): Promise<boolean> {
    return updateMany(this.sql, 'tickets', tenantId, fields, [ticket], 'ticket') === 1;
  }

  async addComment(tenantId: string, c: TicketComment): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO ticket_comments (id, tenant_id, ticket_id, author_type, author_id, author_name, body, internal,
           created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        c.id,
        tenantId,
        c.ticketId,
        c.author.type,
        c.author.id,
        c.author.name,
        c.body,
        c.internal ? 1 : 0,
        c.createdAt,
      );
    } catch (error) {
      throw conflictOf(error, 'ticket comment', { id: c.id });
    }
  }

  async listComments(
    tenantId: string,
    ticketId: string,
    opts: { includeInternal: boolean },
    page: PageRequest,
  ): Promise<Page<TicketComment>> {
    const where = new Where().add('tenant_id = ?', tenantId).add('ticket_id = ?', ticketId);
    if (!opts.includeInternal) where.add('internal = 0');
    const rows = pageOf<CommentRow>(this.sql, {
      columns: `id, ticket_id AS ticketId, author_type AS authorType, author_id AS authorId, author_name AS authorName,
        body, internal, created_at AS createdAt`,
      from: 'ticket_comments',
      where,
      orderBy: 'created_at, rowid',
      page,
    });
    return { items: rows.items.map(toComment), total: rows.total };
  }
}
