import type { StaffMailChoice, TicketMessage } from '../../../../src/domain/tickets/mail/ticket-message.js';
import type { TicketMessageRepository } from '../../../../src/ports/repositories/ticket-messages.js';
import { compare, copy, emptyState, MemoryState, rowsOf } from './store.js';

/** A ticket's e-mail in memory, with the claim a sender holds (`claimedAt`) as the databases keep it. */
export class MemoryTicketMessageRepository implements TicketMessageRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insert(tenantId: string, message: TicketMessage): Promise<void> {
    if (this.state.ticketMessages.some((o) => o.row.id === message.id || o.row.messageId === message.messageId))
      throw new Error(`ticket message ${message.id} already exists`);
    this.state.ticketMessages.push({ tenantId, row: { ...copy(message), claimedAt: null } });
  }

  async ticketOfMessage(tenantId: string, messageIds: readonly string[]) {
    const found = rowsOf(this.state.ticketMessages, tenantId)
      .filter((m) => messageIds.includes(m.messageId))
      .sort((a, b) => compare(b.createdAt, a.createdAt));
    return found[0] ? { ticketId: found[0].ticketId, kind: found[0].kind } : null;
  }

  async staffChoices(tenantId: string, personIds: readonly string[]): Promise<StaffMailChoice[]> {
    return rowsOf(this.state.staffMailChoices, tenantId)
      .filter((c) => personIds.includes(c.personId))
      .map(copy);
  }

  async saveStaffChoice(tenantId: string, choice: StaffMailChoice): Promise<void> {
    this.state.staffMailChoices = [
      ...this.state.staffMailChoices.filter((o) => o.tenantId !== tenantId || o.row.personId !== choice.personId),
      { tenantId, row: copy(choice) },
    ];
  }

  async listForTicket(tenantId: string, ticketId: string): Promise<TicketMessage[]> {
    return rowsOf(this.state.ticketMessages, tenantId)
      .filter((m) => m.ticketId === ticketId)
      .sort((a, b) => compare(a.createdAt, b.createdAt))
      .map(({ claimedAt: _, ...m }) => copy(m));
  }

  async claimDue(now: string, limit: number): Promise<{ tenantId: string; message: TicketMessage }[]> {
    const due = this.state.ticketMessages
      .filter((o) => o.row.status === 'pending' && o.row.nextAttemptAt !== null && o.row.nextAttemptAt <= now)
      .sort((a, b) => compare(a.row.nextAttemptAt!, b.row.nextAttemptAt!))
      .slice(0, limit);
    return due.map((o) => {
      const row = { ...o.row, status: 'sending' as const, attempts: o.row.attempts + 1, claimedAt: now };
      Object.assign(o, { row });
      const { claimedAt: _, ...message } = row;
      return { tenantId: o.tenantId, message: copy(message) };
    });
  }

  async finish(
    tenantId: string,
    id: string,
    r: Pick<TicketMessage, 'status' | 'sentAt' | 'error' | 'nextAttemptAt'>,
  ): Promise<void> {
    const o = this.state.ticketMessages.find((x) => x.tenantId === tenantId && x.row.id === id);
    if (o) Object.assign(o, { row: { ...o.row, ...r, claimedAt: null } });
  }

  async failAbandoned(before: string): Promise<number> {
    let n = 0;
    for (const o of this.state.ticketMessages) {
      if (o.row.status !== 'sending' || o.row.claimedAt === null || o.row.claimedAt >= before) continue;
      const error = 'the sender stopped while handing it over: it may or may not have gone';
      Object.assign(o, { row: { ...o.row, status: 'failed', claimedAt: null, error } });
      n++;
    }
    return n;
  }
}
