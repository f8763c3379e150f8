/**
 * Service targets (issue 30, point 5) in the one repository contract: closure days listed by date
 * and updated by their calendar UID (never doubled, while spans made by hand never collide); ticket
 * clocks saved, found due across tenants in order, joined to their tickets, and written back with
 * the due times the queue sorts by and `loadByTeam` counts. Another tenant sees and changes none of it.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import type { ClosureDay } from '../../src/domain/tickets/service-targets/closure-day.js';
import { newClock, type TicketClock } from '../../src/domain/tickets/service-targets/clock.js';
import type { Repositories } from '../../src/ports/repositories.js';
import type { TicketMessage } from '../../src/domain/tickets/mail/ticket-message.js';
import { aTicket } from '../support/builders.js';

interface Subject {
  tx<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  read<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  newTenant(o?: Partial<Tenant>): Promise<Tenant>;
}

const AT = '2026-12-07T08:00:00.000Z';
const page1 = { page: 1, pageSize: 50 };

const closure = (o: Partial<ClosureDay> = {}): ClosureDay => ({
  id: randomUUID(),
  name: 'Bank holiday',
  startsOn: '2026-12-25',
  endsOn: '2026-12-25',
  uid: null,
  createdAt: AT,
  ...o,
});

export function serviceTargetRepositoryContract({ tx, read, newTenant }: Subject): void {
  it('lists closure days by date, updates an imported one by its UID, and keeps each school’s apart', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const snow = closure({ name: 'Snow day', startsOn: '2026-12-09', endsOn: '2026-12-09' });
    const xmas = closure({ name: 'Christmas', startsOn: '2026-12-21', endsOn: '2027-01-01', uid: 'xmas@school' });
    const byHand = closure({ name: 'Snow day', startsOn: '2026-12-09', endsOn: '2026-12-09' });
    await tx((r) => r.closureDays.upsert(a.id, [xmas, snow, byHand]));
    await tx((r) => r.closureDays.upsert(b.id, [closure({ uid: 'xmas@school', name: 'Bravo Christmas' })]));
    // The same UID again: the span moves and is renamed, its id stays.
    await tx((r) =>
      r.closureDays.upsert(a.id, [
        closure({ uid: 'xmas@school', name: 'Winter break', startsOn: '2026-12-18', endsOn: '2027-01-03' }),
      ]),
    );
    const listed = await read((r) => r.closureDays.list(a.id));
    expect(listed.map((d) => [d.name, d.startsOn, d.endsOn, d.uid])).toEqual([
      ['Snow day', '2026-12-09', '2026-12-09', null],
      ['Snow day', '2026-12-09', '2026-12-09', null],
      ['Winter break', '2026-12-18', '2027-01-03', 'xmas@school'],
    ]);
    expect(listed.find((d) => d.uid === 'xmas@school')!.id).toBe(xmas.id);
    expect((await read((r) => r.closureDays.list(b.id))).map((d) => d.name)).toEqual(['Bravo Christmas']);
    expect(await tx((r) => r.closureDays.delete(b.id, snow.id))).toBe(false);
    expect(await tx((r) => r.closureDays.delete(a.id, snow.id))).toBe(true);
    expect(await tx((r) => r.closureDays.delete(a.id, snow.id))).toBe(false);
    expect(await read((r) => r.closureDays.list(a.id))).toHaveLength(2);
  });

  it('keeps ticket clocks: saved, due across tenants in order, joined to their tickets, written back with due times', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const early = aTicket({ status: 'NEW', priority: 'URGENT', createdAt: AT, updatedAt: AT });
    const later = aTicket({ status: 'OPEN', priority: 'LOW', createdAt: AT, updatedAt: AT });
    const answered = aTicket({ status: 'PENDING', firstRespondedAt: AT, createdAt: AT, updatedAt: AT });
    const theirs = aTicket({ status: 'NEW', createdAt: AT, updatedAt: AT });
    await tx((r) => r.tickets.insertMany(a.id, [early, later, answered]));
    await tx((r) => r.tickets.insertMany(b.id, [theirs]));
    const clock = (id: string, nextCheckAt: string | null, o: Partial<TicketClock> = {}): TicketClock => ({
      ...newClock(id, AT),
      nextCheckAt,
      ...o,
    });
    await tx((r) => r.ticketClocks.insertMany(a.id, [clock(early.id, '2026-12-07T08:24:00.000Z')]));
    await tx(async (r) => {
      await r.ticketClocks.save(a.id, clock(later.id, '2026-12-08T10:00:00.000Z'));
      await r.ticketClocks.save(a.id, clock(answered.id, null, { runningSince: null, usedMinutes: 42 }));
      await r.ticketClocks.save(b.id, clock(theirs.id, '2026-12-07T08:00:00.000Z'));
    });
    // Saved again: replaced, not doubled.
    await tx((r) => r.ticketClocks.save(a.id, clock(later.id, '2026-12-07T09:00:00.000Z', { notified: 1 })));
    expect(await read((r) => r.ticketClocks.find(a.id, later.id))).toEqual(
      clock(later.id, '2026-12-07T09:00:00.000Z', { notified: 1 }),
    );
    expect(await read((r) => r.ticketClocks.find(b.id, later.id))).toBeNull();

    expect(await read((r) => r.ticketClocks.due('2026-12-07T09:00:00.000Z', 10))).toEqual([
      { tenantId: b.id, ticketId: theirs.id },
      { tenantId: a.id, ticketId: early.id },
      { tenantId: a.id, ticketId: later.id },
    ]);
    expect(await read((r) => r.ticketClocks.due('2026-12-07T09:00:00.000Z', 1))).toHaveLength(1);

    const row = await tx((r) => r.ticketClocks.findRow(a.id, early.id, { forUpdate: true }));
    expect(row).toEqual({
      ticket: {
        id: early.id,
        number: early.number,
        subject: early.subject,
        status: 'NEW',
        priority: 'URGENT',
        teamId: null,
        assigneeId: null,
        createdAt: AT,
        firstRespondedAt: null,
        firstResponseDueAt: null,
        resolutionDueAt: null,
      },
      clock: clock(early.id, '2026-12-07T08:24:00.000Z'),
    });
    expect(await read((r) => r.ticketClocks.findRow(b.id, early.id))).toBeNull();
    // Answered and waiting: nothing a new calendar could move.
    const active = await read((r) => r.ticketClocks.listActive(a.id));
    expect(active.map((x) => x.ticket.id).sort()).toEqual([early.id, later.id].sort());

    await tx((r) =>
      r.ticketClocks.saveRows(a.id, [
        {
          ticket: {
            ...row!.ticket,
            firstResponseDueAt: '2026-12-07T08:30:00.000Z',
            resolutionDueAt: '2026-12-07T12:00:00.000Z',
          },
          clock: { ...row!.clock, notified: 1, nextCheckAt: '2026-12-07T08:30:00.000Z' },
        },
      ]),
    );
    expect(await read((r) => r.tickets.findById(a.id, early.id))).toMatchObject({
      firstResponseDueAt: '2026-12-07T08:30:00.000Z',
      resolutionDueAt: '2026-12-07T12:00:00.000Z',
      updatedAt: AT,
    });
    expect(await read((r) => r.ticketClocks.find(a.id, early.id))).toMatchObject({ notified: 1 });

    // The queue: by the earliest running due time, none last; past due at an instant.
    const lateDue = {
      ...later,
      resolutionDueAt: '2026-12-10T12:00:00.000Z',
      firstResponseDueAt: '2026-12-08T12:00:00.000Z',
    };
    expect(await tx((r) => r.tickets.update(a.id, lateDue))).toBe(true);
    const byDue = await read((r) => r.tickets.search(a.id, { sort: 'due' }, page1));
    expect(byDue.items.map((t) => t.id)).toEqual([early.id, later.id, answered.id]);
    const past = await read((r) => r.tickets.search(a.id, { dueBy: '2026-12-07T08:30:00.000Z' }, page1));
    expect(past.items.map((t) => t.id)).toEqual([early.id]);
    expect((await read((r) => r.tickets.search(b.id, { dueBy: '2026-12-31T00:00:00.000Z' }, page1))).total).toBe(0);
    const load = await read((r) => r.tickets.loadByTeam('2026-12-07T09:00:00.000Z'));
    // Every tenant's open tickets without a team are counted together under null.
    const none = load.find((l) => l.teamId === null)!;
    expect(none.open).toBeGreaterThanOrEqual(4);
    expect(none.breached).toBeGreaterThanOrEqual(1);
  });
}

const message = (ticketId: string, o: Partial<TicketMessage> = {}): TicketMessage => {
  const id = randomUUID();
  return {
    id,
    ticketId,
    kind: 'received',
    messageId: `<${id}@desk.example>`,
    inReplyTo: null,
    references: [],
    to: ['rita@school.example'],
    subject: '[#1] Projector',
    text: 'We have your request.',
    autoSubmitted: 'auto-replied',
    commentId: null,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: AT,
    sentAt: null,
    error: null,
    createdAt: AT,
    ...o,
  };
};

/** A ticket's e-mail (issue 30, point 3): kept in order, claimed once when due, finished, abandoned claims failed. */
export function ticketMessageRepositoryContract({ tx, read, newTenant }: Subject): void {
  it('keeps a ticket’s messages in order, claims each due one once, and fails a claim its sender abandoned', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const ticket = aTicket();
    await tx((r) => r.tickets.insertMany(a.id, [ticket]));
    const first = message(ticket.id);
    const second = message(ticket.id, {
      kind: 'reply',
      inReplyTo: first.messageId,
      references: [first.messageId],
      autoSubmitted: null,
      nextAttemptAt: AT,
    });
    const later = message(ticket.id, { kind: 'resolved', nextAttemptAt: '2026-12-07T09:00:00.000Z', createdAt: AT });
    const theirs = message(randomUUID());
    await tx(async (r) => {
      await r.ticketMessages.insert(a.id, first);
      await r.ticketMessages.insert(a.id, second);
      await r.ticketMessages.insert(a.id, later);
      await r.ticketMessages.insert(b.id, theirs);
    });
    expect(await read((r) => r.ticketMessages.listForTicket(a.id, ticket.id))).toEqual([first, second, later]);
    expect(await read((r) => r.ticketMessages.listForTicket(b.id, ticket.id))).toEqual([]);
    // The same Message-ID twice is refused: a reply must find one message.
    await expect(
      tx((r) => r.ticketMessages.insert(a.id, { ...message(ticket.id), messageId: first.messageId })),
    ).rejects.toThrow();

    const claimed = await tx((r) => r.ticketMessages.claimDue('2026-12-07T08:30:00.000Z', 10));
    const mine = claimed
      .filter((c) => c.tenantId === a.id)
      .map((c) => [c.message.id, c.message.status, c.message.attempts]);
    expect(mine).toEqual([
      [first.id, 'sending', 1],
      [second.id, 'sending', 1],
    ]);
    expect(claimed.some((c) => c.tenantId === b.id && c.message.id === theirs.id)).toBe(true);
    // Claimed once: a second claim finds them gone.
    const again = await tx((r) => r.ticketMessages.claimDue('2026-12-07T08:30:00.000Z', 10));
    expect(again.map((c) => c.message.id)).not.toContain(first.id);
    await tx((r) =>
      r.ticketMessages.finish(a.id, first.id, { status: 'sent', sentAt: AT, error: null, nextAttemptAt: null }),
    );
    await tx((r) =>
      r.ticketMessages.finish(b.id, second.id, { status: 'sent', sentAt: AT, error: null, nextAttemptAt: null }),
    );
    expect(await tx((r) => r.ticketMessages.failAbandoned('2026-12-07T08:40:00.000Z'))).toBeGreaterThanOrEqual(1);
    const after = await read((r) => r.ticketMessages.listForTicket(a.id, ticket.id));
    expect(after.map((m) => [m.kind, m.status])).toEqual([
      ['received', 'sent'],
      // Another school's finish changed nothing: its sender stopped, so it failed, never to go twice.
      ['reply', 'failed'],
      ['resolved', 'pending'],
    ]);
    expect(after[1]!.error).toContain('may or may not have gone');
  });
}
