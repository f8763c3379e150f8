import type { Reminder, ReminderChange, ReminderStatus } from '../../../../src/domain/reminders/reminder.js';
import type { ReminderRepository } from '../../../../src/ports/repositories/reminders.js';
import { compare, copy, emptyState, rowsOf, type MemoryState } from './store.js';

const keyOf = (r: Reminder) => `${r.loanId}\u0000${r.issuedAt}\u0000${r.kind}\u0000${r.sequence}`;
const byCreated = (a: Reminder, b: Reminder) => compare(a.createdAt, b.createdAt) || a.sequence - b.sequence;

export class MemoryReminderRepository implements ReminderRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertNew(tenantId: string, reminders: readonly Reminder[]): Promise<Reminder[]> {
    const keys = new Set(rowsOf(this.state.reminders, tenantId).map(keyOf));
    const stored: Reminder[] = [];
    for (const r of reminders) {
      if (keys.has(keyOf(r))) continue;
      keys.add(keyOf(r));
      this.state.reminders.push({ tenantId, row: copy(r) });
      stored.push(copy(r));
    }
    return stored;
  }

  async listForLoans(tenantId: string, loanIds: readonly string[]): Promise<Map<string, Reminder[]>> {
    const wanted = new Set(loanIds);
    const byLoan = new Map<string, Reminder[]>();
    for (const r of rowsOf(this.state.reminders, tenantId)
      .filter((r) => wanted.has(r.loanId))
      .sort(byCreated)) {
      byLoan.set(r.loanId, [...(byLoan.get(r.loanId) ?? []), copy(r)]);
    }
    return byLoan;
  }

  async listForLoan(tenantId: string, loanId: string, limit: number): Promise<Reminder[]> {
    return rowsOf(this.state.reminders, tenantId)
      .filter((r) => r.loanId === loanId)
      .sort((a, b) => byCreated(b, a))
      .slice(0, limit)
      .map(copy);
  }

  async findById(tenantId: string, id: string): Promise<Reminder | null> {
    const row = rowsOf(this.state.reminders, tenantId).find((r) => r.id === id);
    return row ? copy(row) : null;
  }

  async listDue(tenantId: string, now: string, limit: number): Promise<Reminder[]> {
    return rowsOf(this.state.reminders, tenantId)
      .filter((r) => r.status === 'pending' && r.nextAttemptAt !== null && r.nextAttemptAt <= now)
      .sort((a, b) => compare(a.nextAttemptAt ?? '', b.nextAttemptAt ?? '') || compare(a.id, b.id))
      .slice(0, limit)
      .map(copy);
  }

  async listClaimedBefore(tenantId: string, before: string): Promise<Reminder[]> {
    return rowsOf(this.state.reminders, tenantId)
      .filter((r) => r.status === 'sending' && r.claimedAt !== null && r.claimedAt < before)
      .sort((a, b) => compare(a.claimedAt ?? '', b.claimedAt ?? ''))
      .map(copy);
  }

  async transition(tenantId: string, id: string, from: ReminderStatus, change: ReminderChange): Promise<boolean> {
    const i = this.state.reminders.findIndex((o) => o.tenantId === tenantId && o.row.id === id);
    const owned = this.state.reminders[i];
    if (!owned || owned.row.status !== from || Object.keys(change).length === 0) return false;
    this.state.reminders[i] = { tenantId, row: { ...owned.row, ...copy(change) } };
    return true;
  }
}
