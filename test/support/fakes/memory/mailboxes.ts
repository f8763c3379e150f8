import type {
  Mailbox,
  MailReceipt,
  TicketAttachment,
  UnreadableMessage,
} from '../../../../src/domain/tickets/mail-in/mailbox.js';
import type { MailboxRepository } from '../../../../src/ports/repositories/mailboxes.js';
import { compare, copy, emptyState, findRow, MemoryState, rowsOf } from './store.js';

/** Mailboxes and what was read from them, in memory (kept on the store beside the other tables). */
export class MemoryMailboxRepository implements MailboxRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  private get s() {
    return this.state.mailIn;
  }

  async insert(tenantId: string, mailbox: Mailbox): Promise<void> {
    if (rowsOf(this.s.mailboxes, tenantId).some((m) => m.address === mailbox.address))
      throw Object.assign(new Error(`mailbox with address "${mailbox.address}" already exists`), { code: 'conflict' });
    this.s.mailboxes.push({ tenantId, row: copy(mailbox) });
  }

  async list(tenantId: string): Promise<Mailbox[]> {
    return rowsOf(this.s.mailboxes, tenantId)
      .sort((a, b) => compare(a.address, b.address))
      .map(copy);
  }

  async listAll(): Promise<{ tenantId: string; mailbox: Mailbox }[]> {
    return this.s.mailboxes.map((o) => ({ tenantId: o.tenantId, mailbox: copy(o.row) }));
  }

  async find(tenantId: string, id: string): Promise<Mailbox | null> {
    return copy(findRow(this.s.mailboxes, tenantId, id));
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const i = this.s.mailboxes.findIndex((o) => o.tenantId === tenantId && o.row.id === id);
    if (i < 0) return false;
    this.s.mailboxes.splice(i, 1);
    return true;
  }

  async recordProgress(
    tenantId: string,
    id: string,
    p: Pick<Mailbox, 'uidValidity' | 'lastUid' | 'lastCheckedAt' | 'lastError'>,
  ): Promise<void> {
    const o = this.s.mailboxes.find((x) => x.tenantId === tenantId && x.row.id === id);
    if (o) Object.assign(o, { row: { ...o.row, ...p } });
  }

  async findReceipt(mailboxId: string, uidValidity: string, uid: number): Promise<MailReceipt | null> {
    const o = this.s.receipts.find(
      (x) => x.row.mailboxId === mailboxId && x.row.uidValidity === uidValidity && x.row.uid === uid,
    );
    return o ? copy(o.row) : null;
  }

  async insertReceipt(tenantId: string, r: MailReceipt): Promise<boolean> {
    if (await this.findReceipt(r.mailboxId, r.uidValidity, r.uid)) return false;
    this.s.receipts.push({ tenantId, row: copy(r) });
    return true;
  }

  async ticketOfReceived(tenantId: string, messageIds: readonly string[]): Promise<string | null> {
    const found = rowsOf(this.s.receipts, tenantId)
      .filter((r) => r.messageId !== null && messageIds.includes(r.messageId) && r.ticketId !== null)
      .sort((a, b) => compare(b.receivedAt, a.receivedAt));
    return found[0]?.ticketId ?? null;
  }

  async insertUnreadable(tenantId: string, m: UnreadableMessage): Promise<void> {
    this.s.unreadable.push({ tenantId, row: { ...m, raw: Buffer.from(m.raw) } });
  }

  async listUnreadable(tenantId: string): Promise<(Omit<UnreadableMessage, 'raw'> & { size: number })[]> {
    return rowsOf(this.s.unreadable, tenantId)
      .sort((a, b) => compare(b.receivedAt, a.receivedAt) || compare(a.id, b.id))
      .map(({ raw, ...m }) => ({ ...m, size: raw.length }));
  }

  async insertAttachment(tenantId: string, a: TicketAttachment, content: Buffer): Promise<void> {
    this.s.attachments.push({ tenantId, row: { attachment: copy(a), content: Buffer.from(content) } });
  }

  async insertHtml(tenantId: string, ticketId: string, commentId: string | null, html: string): Promise<void> {
    this.state.mailIn.html.push({ tenantId, row: { ticketId, commentId, html } });
  }

  async htmlOf(tenantId: string, ticketId: string) {
    return this.state.mailIn.html
      .filter((o) => o.tenantId === tenantId && o.row.ticketId === ticketId)
      .map((o) => ({ commentId: o.row.commentId, html: o.row.html }));
  }

  async listAttachments(tenantId: string, ticketId: string): Promise<TicketAttachment[]> {
    return rowsOf(this.s.attachments, tenantId)
      .map((r) => r.attachment)
      .filter((a) => a.ticketId === ticketId)
      .sort((a, b) => compare(a.createdAt, b.createdAt) || compare(a.id, b.id))
      .map(copy);
  }

  async attachmentContent(tenantId: string, ticketId: string, id: string) {
    const r = rowsOf(this.s.attachments, tenantId).find(
      (x) => x.attachment.ticketId === ticketId && x.attachment.id === id,
    );
    return r ? { attachment: copy(r.attachment), content: Buffer.from(r.content) } : null;
  }

  async addTicketAddresses(tenantId: string, ticketId: string, addresses: readonly string[]): Promise<void> {
    for (const address of addresses) {
      if (
        !this.s.addresses.some(
          (o) => o.tenantId === tenantId && o.row.ticketId === ticketId && o.row.address === address,
        )
      )
        this.s.addresses.push({ tenantId, row: { ticketId, address } });
    }
  }

  async ticketAddresses(tenantId: string, ticketId: string): Promise<string[]> {
    return rowsOf(this.s.addresses, tenantId)
      .filter((a) => a.ticketId === ticketId)
      .map((a) => a.address)
      .sort();
  }
}
