import { offsetOf, type Page, type PageRequest } from '../../../../domain/shared/paging.js';
import type { Ticket } from '../../../../domain/tickets/ticket.js';
import type { TicketRepository, TicketSearch } from '../../../../ports/repositories.js';
import { conflictOf, containsText, Where, type Sql } from '../sql.js';

const COLUMNS = `id, number, subject, body, status, priority, requester_id AS requesterId,
  assignee_id AS assigneeId, created_at AS createdAt`;

export class SqliteTicketRepository implements TicketRepository {
  constructor(private readonly sql: Sql) {}

  async insertMany(tenantId: string, tickets: readonly Ticket[]): Promise<void> {
    const insert = this.sql.statement(
      `INSERT INTO tickets (id, tenant_id, number, subject, body, status, priority, requester_id, assignee_id,
         created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.sql.atomic(() => {
      for (const t of tickets) {
        try {
          insert.run(
            t.id,
            tenantId,
            t.number,
            t.subject,
            t.body,
            t.status,
            t.priority,
            t.requesterId,
            t.assigneeId,
            t.createdAt,
          );
        } catch (error) {
          throw conflictOf(error, 'ticket', { number: t.number, id: t.id });
        }
      }
    });
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
    if (search.q) where.add(...containsText(['subject', 'body'], search.q));
    const items = this.sql.all<Ticket>(
      `SELECT ${COLUMNS} FROM tickets ${where.sql} ORDER BY number DESC LIMIT ? OFFSET ?`,
      ...where.params,
      page.pageSize,
      offsetOf(page),
    );
    const total = this.sql.number(`SELECT count(*) FROM tickets ${where.sql}`, ...where.params);
    return { items, total };
  }
}
