/**
 * Reminder e-mails of loans (issue 23) in the one repository contract, on SQLite, Postgres and the
 * memory fake: the unique key that makes planning idempotent, the reads the job and the loan's page
 * make, and the conditional status moves that let only one sender claim a reminder. Every read and
 * change is also asked of another tenant, which must see and change nothing.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Reminder } from '../../src/domain/reminders/reminder.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import type { Repositories } from '../../src/ports/repositories.js';

interface Subject {
  tx<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  read<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  newTenant(o?: Partial<Tenant>): Promise<Tenant>;
}

const reminder = (o: Partial<Reminder> = {}): Reminder => ({
  id: randomUUID(),
  loanId: 'loan-1',
  loanNumber: 1,
  holderId: 'person-1',
  issuedAt: '2026-09-01T08:00:00.000Z',
  kind: 'overdue',
  sequence: 1,
  runDate: '2026-09-10',
  recipients: ['pia@school.example', 'mia@home.example'],
  status: 'pending',
  attempts: 0,
  nextAttemptAt: '2026-09-10T07:00:00.000Z',
  claimedAt: null,
  lastError: null,
  createdAt: '2026-09-10T07:00:00.000Z',
  sentAt: null,
  requestedBy: null,
  ...o,
});

export function reminderRepositoryContract({ tx, read, newTenant }: Subject): void {
  it('stores a reminder once per loan issue, kind and sequence: planning again adds nothing', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const first = reminder();
    const second = reminder({ sequence: 2, createdAt: '2026-09-17T07:00:00.000Z', runDate: '2026-09-17' });
    expect(await tx((r) => r.reminders.insertNew(t.id, [first, second]))).toEqual([first, second]);
    // The same keys with new ids (a second run, another instance): nothing; a new issue of the unit: stored.
    const again = reminder({ id: randomUUID() });
    const nextIssue = reminder({ issuedAt: '2026-10-01T08:00:00.000Z', createdAt: '2026-10-10T07:00:00.000Z' });
    const dueSoon = reminder({ kind: 'due_soon', createdAt: '2026-09-09T07:00:00.000Z', runDate: '2026-09-09' });
    expect(await tx((r) => r.reminders.insertNew(t.id, [again, nextIssue, dueSoon]))).toEqual([nextIssue, dueSoon]);
    // Another school's keys are its own.
    expect(await tx((r) => r.reminders.insertNew(other.id, [reminder({ id: randomUUID() })]))).toHaveLength(1);

    expect(await read((r) => r.reminders.findById(t.id, first.id))).toEqual(first);
    expect(await read((r) => r.reminders.findById(other.id, first.id))).toBeNull();
    const byLoan = await read((r) => r.reminders.listForLoans(t.id, ['loan-1', 'loan-2', 'loan-1']));
    expect([...byLoan.keys()]).toEqual(['loan-1']);
    expect(byLoan.get('loan-1')?.map((x) => x.id)).toEqual([dueSoon.id, first.id, second.id, nextIssue.id]);
    expect(await read((r) => r.reminders.listForLoans(t.id, []))).toEqual(new Map());
    expect((await read((r) => r.reminders.listForLoan(t.id, 'loan-1', 2))).map((x) => x.id)).toEqual([
      nextIssue.id,
      second.id,
    ]);
    expect(await read((r) => r.reminders.listForLoan(t.id, 'loan-2', 10))).toEqual([]);
  });

  it('lists pending reminders that are due, and moves a status only from the one expected', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const due = reminder({ nextAttemptAt: '2026-09-10T07:00:00.000Z' });
    const later = reminder({ sequence: 2, nextAttemptAt: '2026-09-10T09:00:00.000Z' });
    const sent = reminder({ sequence: 3, status: 'sent', nextAttemptAt: null, sentAt: '2026-09-10T07:00:01.000Z' });
    await tx((r) => r.reminders.insertNew(t.id, [due, later, sent]));
    const now = '2026-09-10T08:00:00.000Z';
    expect((await read((r) => r.reminders.listDue(t.id, now, 10))).map((x) => x.id)).toEqual([due.id]);
    expect(await read((r) => r.reminders.listDue(other.id, now, 10))).toEqual([]);

    // A claim: only from pending, once; another tenant cannot touch it.
    const claim = { status: 'sending', attempts: 1, claimedAt: now, nextAttemptAt: null } as const;
    expect(await tx((r) => r.reminders.transition(other.id, due.id, 'pending', claim))).toBe(false);
    expect(await tx((r) => r.reminders.transition(t.id, due.id, 'pending', claim))).toBe(true);
    expect(await tx((r) => r.reminders.transition(t.id, due.id, 'pending', claim))).toBe(false);
    expect(await read((r) => r.reminders.findById(t.id, due.id))).toEqual({ ...due, ...claim });
    expect(await read((r) => r.reminders.listDue(t.id, now, 10))).toEqual([]);

    // A claim left behind is found by its age.
    expect(
      (await read((r) => r.reminders.listClaimedBefore(t.id, '2026-09-10T08:00:01.000Z'))).map((x) => x.id),
    ).toEqual([due.id]);
    expect(await read((r) => r.reminders.listClaimedBefore(t.id, now))).toEqual([]);
    expect(await read((r) => r.reminders.listClaimedBefore(other.id, '2026-09-11T00:00:00.000Z'))).toEqual([]);

    const error = 'refused: 451 try again';
    expect(
      await tx((r) =>
        r.reminders.transition(t.id, due.id, 'sending', { status: 'pending', nextAttemptAt: now, lastError: error }),
      ),
    ).toBe(true);
    expect(await read((r) => r.reminders.findById(t.id, due.id))).toMatchObject({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: now,
      lastError: error,
      claimedAt: now,
    });
    expect(
      await tx((r) => r.reminders.transition(t.id, sent.id, 'pending', { status: 'sending', claimedAt: now })),
    ).toBe(false);
  });
}
