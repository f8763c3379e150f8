import type { CannedReply } from '../../../domain/tickets/canned-reply.js';
import type { CannedReplyRepository } from '../../../ports/repositories/canned-replies.js';
import type { Column, Db } from '../sql/db.js';

const columns = (tenantId: string): Column<CannedReply>[] => [
  ['id', 'text', (c) => c.id],
  ['tenant_id', 'text', () => tenantId],
  ['title', 'text', (c) => c.title],
  ['body', 'text', (c) => c.body],
  ['created_at', 'text', (c) => c.createdAt],
];
const COLUMNS = 'id, title, body, created_at AS "createdAt"';

/** Canned replies, on either dialect; listed by title, bytewise. */
export class SqlCannedReplyRepository implements CannedReplyRepository {
  constructor(private readonly db: Db) {}

  insert(tenantId: string, reply: CannedReply): Promise<void> {
    return this.db.insertMany('canned_replies', columns(tenantId), [reply], 'canned reply');
  }

  list(tenantId: string): Promise<CannedReply[]> {
    const order = `${this.db.bytewise('title')}, ${this.db.bytewise('id')}`;
    return this.db.all<CannedReply>(`SELECT ${COLUMNS} FROM canned_replies WHERE tenant_id = ? ORDER BY ${order}`, [
      tenantId,
    ]);
  }

  find(tenantId: string, id: string): Promise<CannedReply | null> {
    return this.db.one<CannedReply>(`SELECT ${COLUMNS} FROM canned_replies WHERE tenant_id = ? AND id = ?`, [tenantId, id]);
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM canned_replies WHERE tenant_id = ? AND id = ?', [tenantId, id])) === 1;
  }
}
