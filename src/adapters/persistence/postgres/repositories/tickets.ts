import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { Ticket, TicketComment } from '../../../../domain/tickets/ticket.js';
import type { TicketRepository, TicketSearch } from '../../../../ports/repositories/tickets.js';
import {
  insertMany,
  mapUniqueViolation,
  pageOf,
  query,
  queryOne,
  updateMany,
  Where,
  type Column,
  type Queryable,
} from '../sql.js';

// Aliased to the domain's names, so rows are Tickets.
const COLUMNS = `id, number, subject, body, status, priority, requester_id AS "requesterId", assignee_id AS "assigneeId",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** What an update writes (never the id, number or creation time). */
const fields: Column<Ticket>[] = [
  ['subject', 'text', (t) => t.subject],
  ['body', 'text', (t) => t.body],
  ['status', 'text', (t) => t.status],
  ['priority', 'text', (t) => t.priority],
  ['requester_id', 'text', (t) => t.requesterId],
  ['assignee_id', 'text', (t) => t.assigneeId],
  ['updated_at', 'text', (t) => t.updatedAt],
];

const columns = (tenantId: string): Column<Ticket>[] => [
  ['id', 'text', (t) => t.id],
  ['tenant_id', 'text', () => tenantId],
  ['number', 'int', (t) => t.number],
  ['created_at', 'text', (t) => t.createdAt],
  ...fields,
];

const UNIQUES = { tickets_tenant_number_key: 'ticket number', tickets_pkey: 'ticket id' };

interface CommentRecord {
  id: string;
  ticket_id: string;
  author_type: TicketComment['author']['type'];
  author_id: string;
  author_name: string;
  body: string;
  internal: boolean;
  created_at: string;
}

const toComment = (r: CommentRecord): TicketComment => ({
  id: r.id,
  ticketId: r.ticket_id,
  author: { type: r.author_type, id: r.author_id, name: r.author_name },
  body: r.body,
  internal: r.internal,
  createdAt: r.created_at,
});

function searchWhere(tenantId: string, search: TicketSearch): Where {
  const where = new Where().add('tenant_id = ?', tenantId);
  if (search.status) where.add('status = ?', search.status);
  if (search.assigneeId) where.add('assignee_id = ?', search.assigneeId);
  if (search.personId) {
    const p = where.param(search.personId);
    where.add(`(requester_id = ${p} OR assignee_id = ${p})`);
  }
  if (search.q) where.contains(search.q, ['subject', 'body']);
  return where;
}

export class PgTicketRepository implements TicketRepository {
  constructor(private readonly db: Queryable) {}

  insertMany(tenantId: string, tickets: readonly Ticket[]): Promise<void> {
    return insertMany(this.db, 'tickets', columns(tenantId), tickets, UNIQUES);
  }

  async findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<Ticket | null> {
    const lock = opts.forUpdate ? ' FOR UPDATE' : '';
    const sql = `SELECT ${COLUMNS} FROM tickets WHERE tenant_id = $1 AND id = $2${lock}`;
    return queryOne<Ticket>(this.db, sql, [tenantId, id]);
  }

  async findByNumber(tenantId: string, number: number): Promise<Ticket | null> {
    const sql = `SELECT ${COLUMNS} FROM tickets WHERE tenant_id = $1 AND number = $2`;
    return queryOne<Ticket>(this.db, sql, [tenantId, number]);
  }

  search(tenantId: string, search: TicketSearch, page: PageRequest): Promise<Page<Ticket>> {
    const where = searchWhere(tenantId, search);
    return pageOf<Ticket>(this.db, { columns: COLUMNS, from: 'tickets', where, orderBy: 'number DESC', page });
  }

  async scan(tenantId: string, search: TicketSearch, before: number | null, limit: number): Promise<Ticket[]> {
    const where = searchWhere(tenantId, search);
    if (before !== null) where.add('number < ?', before);
    const n = where.param(limit);
    const sql = `SELECT ${COLUMNS} FROM tickets ${where} ORDER BY number DESC LIMIT ${n}`;
    return (await query<Ticket>(this.db, sql, where.params)).rows;
  }

  async update(tenantId: string, ticket: Ticket): Promise<boolean> {
    return (await updateMany(this.db, 'tickets', tenantId, fields, [ticket], UNIQUES)) === 1;
  }

  async addComment(tenantId: string, c: TicketComment): Promise<void> {
    const sql = `INSERT INTO ticket_comments (id, tenant_id, ticket_id, author_type, author_id, author_name, body,
      internal, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;
    const values = [
      c.id,
      tenantId,
      c.ticketId,
      c.author.type,
      c.author.id,
      c.author.name,
      c.body,
      c.internal,
      c.createdAt,
    ];
    await mapUniqueViolation(query(this.db, sql, values), { ticket_comments_pkey: 'ticket comment id' });
  }

  async listComments(
    tenantId: string,
    ticketId: string,
    opts: { includeInternal: boolean },
    page: PageRequest,
  ): Promise<Page<TicketComment>> {
    const where = new Where().add('tenant_id = ?', tenantId).add('ticket_id = ?', ticketId);
    if (!opts.includeInternal) where.add('NOT internal');
    const rows = await pageOf<CommentRecord>(this.db, {
      columns: 'id, ticket_id, author_type, author_id, author_name, body, internal, created_at',
      from: 'ticket_comments',
      where,
      orderBy: 'created_at, seq',
      page,
    });
    return { items: rows.items.map(toComment), total: rows.total };
  }
}
