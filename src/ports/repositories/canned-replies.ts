import type { CannedReply } from '../../domain/tickets/canned-reply.js';

/** A school's canned replies (issue 30, point 4). */
export abstract class CannedReplyRepository {
  /** A title another reply of the tenant has → conflict. */
  abstract insert(tenantId: string, reply: CannedReply): Promise<void>;
  /** Ordered by title. */
  abstract list(tenantId: string): Promise<CannedReply[]>;
  abstract find(tenantId: string, id: string): Promise<CannedReply | null>;
  /** False when there is no such reply. */
  abstract delete(tenantId: string, id: string): Promise<boolean>;
}
