import type { Page, PageRequest } from '../../../domain/shared/paging.js';
import type { Ticket, TicketComment } from '../../../domain/tickets/ticket.js';
import { nextDueAt } from '../../../domain/tickets/service-targets/clock.js';
import type { TeamLoad, TicketRepository, TicketSearch } from '../../../ports/repositories/tickets.js';
import type { Column, Db } from '../sql/db.js';

const COLUMNS = `id, number, subject, body, status, priority, requester_id AS "requesterId",
  assignee_id AS "assigneeId", category_id AS "categoryId", team_id AS "teamId",
  first_response_due_at AS "firstResponseDueAt", first_responded_at AS "firstRespondedAt",
  resolution_due_at AS "resolutionDueAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** A ticket's due times as stored, with the earliest running one the queue sorts by (never read back). */
export const dueTimeColumns = <T extends Parameters<typeof nextDueAt>[0]>(): Column<T>[] => [
  ['first_response_due_at', 'text', (t) => t.firstResponseDueAt],
  ['first_responded_at', 'text', (t) => t.firstRespondedAt],
  ['resolution_due_at', 'text', (t) => t.resolutionDueAt],
  ['due_at', 'text', (t) => nextDueAt(t)],
];

/** What an update writes (never the id, number or creation time). */
const fields: Column<Ticket>[] = [
  ['subject', 'text', (t) => t.subject],
  ['body', 'text', (t) => t.body],
  ['status', 'text', (t) => t.status],
  ['priority', 'text', (t) => t.priority],
  ['requester_id', 'text', (t) => t.requesterId],
  ['assignee_id', 'text', (t) => t.assigneeId],
  ['category_id', 'text', (t) => t.categoryId],
  ['team_id', 'text', (t) => t.teamId],
  ...dueTimeColumns<Ticket>(),
  ['updated_at', 'text', (t) => t.updatedAt],
];

const columns = (tenantId: string): Column<Ticket>[] => [
  ['id', 'text', (t) => t.id],
  ['tenant_id', 'text', () => tenantId],
  ['number', 'int', (t) => t.number],
  ['created_at', 'text', (t) => t.createdAt],
  ...fields,
];

const COMMENT_COLUMNS = `id, ticket_id AS "ticketId", author_type AS "authorType", author_id AS "authorId",
  author_name AS "authorName", body, internal, created_at AS "createdAt"`;

interface CommentRow {
  readonly id: string;
  readonly ticketId: string;
  readonly authorType: TicketComment['author']['type'];
  readonly authorId: string;
  readonly authorName: string;
  readonly body: string;
  /** SQLite's 0/1, Postgres's boolean. */
  readonly internal: number | boolean;
  readonly createdAt: string;
}

const toComment = (r: CommentRow): TicketComment => ({
  id: r.id,
  ticketId: r.ticketId,
  author: { type: r.authorType, id: r.authorId, name: r.authorName },
  body: r.body,
  internal: Boolean(r.internal),
  createdAt: r.createdAt,
});

/** Service-desk tickets and their comments (internal notes among them), on either dialect. */
export class SqlTicketRepository implements TicketRepository {
  constructor(private readonly db: Db) {}

  insertMany(tenantId: string, tickets: readonly Ticket[]): Promise<void> {
    return this.db.insertMany('tickets', columns(tenantId), tickets, 'ticket');
  }

  findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<Ticket | null> {
    const lock = opts.forUpdate ? this.db.lock() : '';
    return this.db.one<Ticket>(`SELECT ${COLUMNS} FROM tickets WHERE tenant_id = ? AND id = ?${lock}`, [tenantId, id]);
  }

  findByNumber(tenantId: string, number: number): Promise<Ticket | null> {
    return this.db.one<Ticket>(`SELECT ${COLUMNS} FROM tickets WHERE tenant_id = ? AND number = ?`, [tenantId, number]);
  }

  search(tenantId: string, search: TicketSearch, page: PageRequest): Promise<Page<Ticket>> {
    const where = this.searchWhere(tenantId, search);
    const orderBy =
      search.sort === 'due' ? 'CASE WHEN due_at IS NULL THEN 1 ELSE 0 END, due_at, number DESC' : 'number DESC';
    return this.db.page<Ticket>({ columns: COLUMNS, from: 'tickets', where, orderBy, page });
  }

  scan(tenantId: string, search: TicketSearch, before: number | null, limit: number): Promise<Ticket[]> {
    const where = this.searchWhere(tenantId, search);
    if (before !== null) where.add('number < ?', before);
    const sql = `SELECT ${COLUMNS} FROM tickets ${where} ORDER BY number DESC LIMIT ?`;
    return this.db.all<Ticket>(sql, [...where.params, limit]);
  }

  async update(tenantId: string, ticket: Ticket): Promise<boolean> {
    return (await this.db.updateMany('tickets', tenantId, fields, [ticket], 'ticket')) === 1;
  }

  async addComment(tenantId: string, c: TicketComment): Promise<void> {
    const sql = `INSERT INTO ticket_comments (id, tenant_id, ticket_id, author_type, author_id, author_name, body,
      internal, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const params = [c.id, tenantId, c.ticketId, c.author.type, c.author.id, c.author.name, c.body, c.internal];
    await this.db.conflicts(() => this.db.run(sql, [...params, c.createdAt]), 'ticket comment', { id: c.id });
  }

  async loadByTeam(now: string): Promise<TeamLoad[]> {
    const rows = await this.db.all<{ teamId: string | null; open: number; breached: number }>(
      `SELECT team_id AS "teamId", CAST(count(*) AS INTEGER) AS open,
         CAST(count(*) FILTER (WHERE due_at <= ?) AS INTEGER) AS breached
       FROM tickets WHERE status IN ('NEW', 'OPEN', 'PENDING') GROUP BY team_id`,
      [now],
    );
    return rows;
  }

  /** Oldest first; comments of one instant in the order they were added. */
  async listComments(
    tenantId: string,
    ticketId: string,
    opts: { includeInternal: boolean },
    page: PageRequest,
  ): Promise<Page<TicketComment>> {
    const where = this.db.where().add('tenant_id = ?', tenantId).add('ticket_id = ?', ticketId);
    if (!opts.includeInternal) where.add('NOT internal');
    const rows = await this.db.page<CommentRow>({
      columns: COMMENT_COLUMNS,
      from: 'ticket_comments',
      where,
      orderBy: `created_at, ${this.db.insertOrder}`,
      page,
    });
    return { items: rows.items.map(toComment), total: rows.total };
  }

  private searchWhere(tenantId: string, search: TicketSearch) {
    const where = this.db.where().add('tenant_id = ?', tenantId);
    if (search.status) where.add('status = ?', search.status);
    if (search.assigneeId) where.add('assignee_id = ?', search.assigneeId);
    if (search.teamId) where.add('team_id = ?', search.teamId);
    if (search.categoryId) where.add('category_id = ?', search.categoryId);
    if (search.personId) where.add('(requester_id = ? OR assignee_id = ?)', search.personId, search.personId);
    if (search.requester) {
      const { personId, address } = search.requester;
      // Two indexed lookups joined, not an OR the planners answer with a scan of the school's tickets.
      where.add(
        `id IN (SELECT id FROM tickets WHERE tenant_id = ? AND requester_id = ?
          UNION SELECT ticket_id FROM ticket_addresses WHERE tenant_id = ? AND address = ?)`,
        tenantId,
        personId,
        tenantId,
        address,
      );
    }
    if (search.dueBy) where.add('due_at <= ?', search.dueBy);
    if (search.updatedBefore) where.add('updated_at < ?', search.updatedBefore);
    if (search.q) where.contains(search.q, ['subject', 'body']);
    return where;
  }
}
