/**
 * The service desk (issue 12, point 5): the ticket's state machine as pure functions (ticket.ts) and
 * the use cases that open, work and discuss tickets, on the memory world. Another tenant's tickets
 * come first: no use case here may reach them.
 */
import { describe, expect, it } from 'vitest';
import { AddTicketComment } from '../../../src/domain/tickets/add-ticket-comment.js';
import { CreateTicket } from '../../../src/domain/tickets/create-ticket.js';
import { ListTicketComments } from '../../../src/domain/tickets/list-ticket-comments.js';
import { changeTicket, mustTakeComments, type Ticket } from '../../../src/domain/tickets/ticket.js';
import { canMove, TICKET_STATUSES, type TicketStatus } from '../../../src/domain/tickets/ticket-states.js';
import { UpdateTicket } from '../../../src/domain/tickets/update-ticket.js';
import { aPerson, aTicket, aUser } from '../../support/builders.js';
import {
  addTenant,
  domainError,
  keyActor,
  newWorld,
  NOW,
  userActor,
  type WorldOptions,
} from '../../support/fakes/world.js';
import { asCalled } from '../../support/fakes/as-called.js';
import { TicketMail } from '../../../src/domain/tickets/mail/ticket-mail.js';
import type { Mailer } from '../../../src/ports/mailer.js';

const LATER = '2026-03-11T10:00:00.000Z';

/**
 * One tenant with a teacher user (Tess, whose e-mail is also a person's), a member of staff (Sam), a
 * pupil (Pip), a leaver (Lee, archived) and two tickets: #1 OPEN, #2 CLOSED. Another tenant has a
 * ticket of its own with a comment.
 */
async function deskWorld(o: WorldOptions = {}) {
  const w = await newWorld(o);
  const tess = aPerson({ name: 'Tess Teacher', kind: 'STAFF', email: 'tess@school.example' });
  const sam = aPerson({ name: 'Sam Staff', kind: 'STAFF', email: 'sam@school.example' });
  const pip = aPerson({ name: 'Pip Pupil', kind: 'PUPIL', email: null });
  const lee = aPerson({ name: 'Lee Leaver', kind: 'STAFF', archivedAt: '2026-01-01T00:00:00.000Z' });
  const open = aTicket({ number: 1, subject: 'Wifi down', status: 'OPEN', requesterId: pip.id });
  const closed = aTicket({ number: 2, subject: 'Old printer', status: 'CLOSED' });
  const teacherUser = aUser({ id: 'user-tess', email: 'tess@school.example', name: 'Tess', role: 'teacher' });
  await w.seed(async (r, t) => {
    await r.people.insertMany(t, [tess, sam, pip, lee]);
    await r.users.create(t, teacherUser, null);
    await r.tenants.takeNumbers(t, 'ticket', 2);
    await r.tickets.insertMany(t, [open, closed]);
  });
  const other = await addTenant(w.uow);
  const theirs = aTicket({ number: 7, status: 'OPEN' });
  await w.uow.transaction(async (r) => {
    await r.tickets.insertMany(other.id, [theirs]);
    await r.tickets.addComment(other.id, {
      id: 'their-comment',
      ticketId: theirs.id,
      author: { type: 'user', id: 'u-x', name: 'X' },
      body: 'theirs',
      internal: false,
      createdAt: NOW,
    });
  });
  // A deployment that can send mail: what a ticket writes to its requester is queued, then looked at.
  const mailer: Mailer = { configured: true, send: async () => undefined, close: async () => undefined };
  const mail = new TicketMail(mailer, { publicUrl: 'https://desk.school.example', alertEmailTo: [] }, w.ids);
  return {
    ...w,
    tess,
    sam,
    pip,
    lee,
    open,
    closed,
    other,
    theirs,
    createTicket: asCalled(CreateTicket, w.uow, w.clock, w.ids, mail),
    updateTicket: asCalled(UpdateTicket, w.uow, w.clock, w.ids, mail),
    listComments: asCalled(ListTicketComments, w.uow),
    addComment: asCalled(AddTicketComment, w.uow, w.clock, w.ids, mail),
    /** The e-mail a ticket has waiting to go (mail/ticket-mail.ts), as kind and recipients. */
    mailOf: async (id: string) =>
      (await w.uow.read((r) => r.ticketMessages.listForTicket(w.tenant.id, id))).map((m) => [m.kind, m.to]),
    teacher: userActor(w.tenant, 'teacher', { id: 'user-tess' }),
    tech: userActor(w.tenant, 'technician', { id: 'user-tech' }),
    viewer: userActor(w.tenant, 'read-only', { id: 'user-viewer' }),
    admin: userActor(w.tenant, 'school-admin', { id: 'user-admin' }),
    stored: (id: string) => w.uow.read((r) => r.tickets.findById(w.tenant.id, id)),
    state: async () =>
      w.uow.read(async (r) => ({
        tickets: (await r.tickets.search(w.tenant.id, {}, { page: 1, pageSize: 100 })).items,
        comments: await Promise.all(
          [open, closed].map((t) =>
            r.tickets.listComments(w.tenant.id, t.id, { includeInternal: true }, { page: 1, pageSize: 100 }),
          ),
        ),
        next: await r.tenants.peekNumber(w.tenant.id, 'ticket'),
        audit: await r.audit.list(w.tenant.id, { limit: 100 }),
        events: await r.outbox.listAfter(w.tenant.id, 0, 100),
      })),
    theirState: () =>
      w.uow.read(async (r) => ({
        ticket: await r.tickets.findById(other.id, theirs.id),
        comments: await r.tickets.listComments(
          other.id,
          theirs.id,
          { includeInternal: true },
          { page: 1, pageSize: 9 },
        ),
        next: await r.tenants.peekNumber(other.id, 'ticket'),
      })),
  };
}
type DeskWorld = Awaited<ReturnType<typeof deskWorld>>;

describe('another tenant’s tickets', () => {
  it('are out of reach: not changed, not commented, their comments not listed, their people not usable', async () => {
    const w = await deskWorld();
    const before = await w.theirState();
    const admin = userActor(w.tenant, 'school-admin');
    await expect(w.updateTicket.execute(admin, { id: w.theirs.id, status: 'PENDING' })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(w.addComment.execute(admin, { id: w.theirs.id, body: 'hello' })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(w.listComments.execute(admin, { id: w.theirs.id })).rejects.toEqual(domainError('not_found'));
    const theirPerson = aPerson({ kind: 'STAFF' });
    await w.uow.transaction((r) => r.people.insertMany(w.other.id, [theirPerson]));
    await expect(
      w.createTicket.execute(admin, { subject: 'x', body: 'y', requesterId: theirPerson.id }),
    ).rejects.toEqual(domainError('not_found'));
    await expect(w.updateTicket.execute(admin, { id: w.open.id, assigneeId: theirPerson.id })).rejects.toEqual(
      domainError('not_found'),
    );
    // A ticket opened here takes this tenant's next number, not theirs.
    expect((await w.createTicket.execute(admin, { subject: 'x', body: 'y' })).ticket.number).toBe(3);
    expect(await w.theirState()).toEqual(before);
  });
});

describe('the ticket state machine', () => {
  const ALLOWED: [TicketStatus, TicketStatus][] = [
    ['NEW', 'OPEN'],
    ['OPEN', 'PENDING'],
    ['PENDING', 'OPEN'],
    ['OPEN', 'RESOLVED'],
    ['RESOLVED', 'CLOSED'],
    ['RESOLVED', 'OPEN'],
  ];

  it('allows exactly NEW → OPEN → PENDING ↔ OPEN → RESOLVED → CLOSED and RESOLVED → OPEN', () => {
    for (const from of TICKET_STATUSES) {
      for (const to of TICKET_STATUSES) {
        const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
        expect(canMove(from, to), `${from} → ${to}`).toBe(allowed);
        const ticket = aTicket({ status: from });
        if (from === to) expect(changeTicket(ticket, { status: to }, LATER)).toBe(ticket);
        else if (allowed)
          expect(changeTicket(ticket, { status: to }, LATER)).toEqual({ ...ticket, status: to, updatedAt: LATER });
        else
          expect(() => changeTicket(ticket, { status: to }, LATER)).toThrow(
            expect.objectContaining({ code: 'conflict' }),
          );
      }
    }
  });

  it('says where a ticket may go when it refuses a move', () => {
    expect(() => changeTicket(aTicket({ number: 5, status: 'NEW' }), { status: 'RESOLVED' }, LATER)).toThrow(
      /ticket 5 cannot go from new to resolved; from new it goes to open/,
    );
  });

  it('changes priority and assignee in any status but CLOSED, moving updatedAt', () => {
    for (const status of ['NEW', 'OPEN', 'PENDING', 'RESOLVED'] as const) {
      const t = aTicket({ status, assigneeId: 'p1' });
      expect(changeTicket(t, { priority: 'URGENT', assigneeId: null }, LATER)).toEqual({
        ...t,
        priority: 'URGENT',
        assigneeId: null,
        updatedAt: LATER,
      });
    }
  });

  it('keeps a CLOSED ticket as it is: no change, no comment', () => {
    const closed = aTicket({ status: 'CLOSED' });
    for (const change of [{ status: 'OPEN' as const }, { priority: 'HIGH' as const }, { assigneeId: 'p2' }]) {
      expect(() => changeTicket(closed, change, LATER)).toThrow(expect.objectContaining({ code: 'conflict' }));
    }
    expect(() => mustTakeComments(closed)).toThrow(expect.objectContaining({ code: 'conflict' }));
    for (const status of ['NEW', 'OPEN', 'PENDING', 'RESOLVED'] as const) mustTakeComments(aTicket({ status }));
  });

  it('returns the ticket itself, updatedAt untouched, when nothing differs (a CLOSED one included)', () => {
    const t: Ticket = aTicket({ status: 'CLOSED', priority: 'LOW', assigneeId: null });
    expect(changeTicket(t, {}, LATER)).toBe(t);
    expect(changeTicket(t, { status: 'CLOSED', priority: 'LOW', assigneeId: null }, LATER)).toBe(t);
  });
});

describe('CreateTicket', () => {
  it('opens a NEW, NORMAL ticket with the next number, for the teacher’s own person record by default', async () => {
    const w = await deskWorld();
    const { ticket } = await w.createTicket.execute(w.teacher, { subject: ' Projector ', body: 'No HDMI signal' });
    expect(ticket).toEqual({
      id: expect.any(String),
      number: 3,
      subject: 'Projector',
      body: 'No HDMI signal',
      status: 'NEW',
      priority: 'NORMAL',
      requesterId: w.tess.id,
      assigneeId: null,
      categoryId: null,
      teamId: null,
      // Tuesday 10:00 in Amsterdam, NORMAL's default targets in the desk's default hours (08:00-16:30):
      // four hours to the first answer, three working days (1,530 minutes) to resolution.
      firstResponseDueAt: '2026-03-10T13:00:00.000Z',
      firstRespondedAt: null,
      resolutionDueAt: '2026-03-13T09:00:00.000Z',
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(await w.stored(ticket.id)).toEqual(ticket);
    // The requester is told the number, in the same transaction (sent later by the ticket-mail job).
    expect(await w.mailOf(ticket.id)).toEqual([['received', [w.tess.email!.toLowerCase()]]]);
    expect((await w.audit()).at(-1)).toMatchObject({
      actor: { type: 'user', id: 'user-tess' },
      action: 'ticket.create',
      target: 'ticket:3',
      details: { requesterId: w.tess.id, priority: 'NORMAL' },
    });
    const [event] = await w.events();
    expect(event).toMatchObject({
      kind: 'ticket.created',
      payload: { ticket: { id: ticket.id, number: 3, status: 'NEW', priority: 'NORMAL', assigneeId: null } },
    });
    expect(JSON.stringify(event)).not.toMatch(/Projector|HDMI/);
  });

  it('takes a requester and priority given; none by default for a key or a user without one person record', async () => {
    const w = await deskWorld();
    const given = await w.createTicket.execute(w.tech, {
      subject: 'Laptop',
      body: 'Broken hinge',
      requesterId: w.pip.id,
      priority: 'HIGH',
    });
    expect(given.ticket).toMatchObject({ requesterId: w.pip.id, priority: 'HIGH' });
    const key = await w.createTicket.execute(keyActor(w.tenant, ['ticket.create']), { subject: 's', body: 'b' });
    expect(key.ticket.requesterId).toBeNull();
    // The technician has no user row with a matching person.
    expect((await w.createTicket.execute(w.tech, { subject: 's', body: 'b' })).ticket.requesterId).toBeNull();
    // Archived people never stand as the default, and an address two people share names nobody.
    await w.seed((r, t) => r.people.update(t, { ...w.tess, archivedAt: NOW }));
    expect((await w.createTicket.execute(w.teacher, { subject: 's', body: 'b' })).ticket.requesterId).toBeNull();
    await w.seed((r, t) =>
      r.people.insertMany(t, [
        aPerson({ email: 'tess@school.example', externalId: 'T-2' }),
        aPerson({ email: 'tess@school.example', externalId: 'T-3' }),
      ]),
    );
    expect((await w.createTicket.execute(w.teacher, { subject: 's', body: 'b' })).ticket.requesterId).toBeNull();
  });

  it('refuses an unknown or archived requester, bad input, and callers without ticket.create; nothing written', async () => {
    const w = await deskWorld();
    const before = await w.state();
    await expect(w.createTicket.execute(w.tech, { subject: 's', body: 'b', requesterId: 'nope' })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(w.createTicket.execute(w.tech, { subject: 's', body: 'b', requesterId: w.lee.id })).rejects.toEqual(
      expect.objectContaining({ code: 'conflict', message: expect.stringContaining('Lee Leaver is archived') }),
    );
    await expect(
      w.createTicket.execute(w.tech, { subject: '', body: 'x'.repeat(10_001), priority: 'SOON' as 'LOW' }),
    ).rejects.toEqual(domainError('invalid', 'subject', 'body', 'priority'));
    await expect(w.createTicket.execute(w.tech, { subject: 's', body: 'b', status: 'OPEN' } as never)).rejects.toEqual(
      domainError('invalid', 'status'),
    );
    await expect(w.createTicket.execute(w.viewer, { subject: 's', body: 'b' })).rejects.toEqual(
      domainError('forbidden'),
    );
    const off = await deskWorld({ modules: ['loans'] });
    await expect(off.createTicket.execute(off.teacher, { subject: 's', body: 'b' })).rejects.toEqual(
      domainError('module_disabled'),
    );
    expect(await w.state()).toEqual(before);
  });
});

describe('UpdateTicket', () => {
  const update = (w: DeskWorld, input: Parameters<DeskWorld['updateTicket']['execute']>[1]) =>
    w.updateTicket.execute(w.tech, input);

  it('moves, prioritises and assigns a ticket; updatedAt moves; audited from/to with ticket.updated', async () => {
    const w = await deskWorld();
    w.clock.set(LATER);
    const { ticket } = await update(w, { id: w.open.id, status: 'PENDING', priority: 'URGENT', assigneeId: w.sam.id });
    expect(ticket).toEqual({
      ...w.open,
      status: 'PENDING',
      priority: 'URGENT',
      assigneeId: w.sam.id,
      updatedAt: LATER,
      // Waiting on the requester is an answer. The ticket was opened on a Saturday: URGENT's half
      // hour ends at 08:30 on Monday, Amsterdam time. Its resolution clock stopped before it ran.
      firstRespondedAt: LATER,
      firstResponseDueAt: '2026-01-12T07:30:00.000Z',
      resolutionDueAt: null,
    });
    expect(await w.stored(w.open.id)).toEqual(ticket);
    expect((await w.audit()).at(-1)).toMatchObject({
      actor: { type: 'user', id: 'user-tech' },
      action: 'ticket.update',
      target: 'ticket:1',
      at: LATER,
      details: {
        from: { status: 'OPEN', priority: 'NORMAL', assigneeId: null },
        to: { status: 'PENDING', priority: 'URGENT', assigneeId: w.sam.id },
      },
    });
    expect((await w.events()).at(-1)).toMatchObject({
      kind: 'ticket.updated',
      payload: { ticket: { id: w.open.id, number: 1, status: 'PENDING', priority: 'URGENT', assigneeId: w.sam.id } },
    });
    // Unassigning records only what changed.
    await update(w, { id: w.open.id, assigneeId: null, priority: 'URGENT' });
    expect((await w.audit()).at(-1)?.details).toEqual({ from: { assigneeId: w.sam.id }, to: { assigneeId: null } });
  });

  it('refuses a move the machine does not allow, a CLOSED ticket, and an assignee who is no active staff', async () => {
    const w = await deskWorld();
    const before = await w.state();
    await expect(update(w, { id: w.open.id, status: 'NEW' })).rejects.toEqual(domainError('conflict'));
    await expect(update(w, { id: w.open.id, status: 'CLOSED' })).rejects.toEqual(domainError('conflict'));
    await expect(update(w, { id: w.closed.id, priority: 'HIGH' })).rejects.toEqual(domainError('conflict'));
    await expect(update(w, { id: w.open.id, assigneeId: w.pip.id })).rejects.toEqual(
      domainError('invalid', 'assigneeId'),
    );
    await expect(update(w, { id: w.open.id, assigneeId: w.lee.id })).rejects.toEqual(domainError('conflict'));
    await expect(update(w, { id: w.open.id, assigneeId: 'nope' })).rejects.toEqual(domainError('not_found'));
    await expect(update(w, { id: 'nope', status: 'OPEN' })).rejects.toEqual(domainError('not_found'));
    await expect(update(w, { id: w.open.id })).rejects.toEqual(domainError('invalid', ''));
    await expect(update(w, { id: w.open.id, status: 'DONE' as 'OPEN', subject: 'x' } as never)).rejects.toEqual(
      domainError('invalid', 'status', 'subject'),
    );
    expect(await w.state()).toEqual(before);
  });

  it('needs ticket.manage: a read-only user, a teacher and a loan desk are refused', async () => {
    const w = await deskWorld();
    for (const role of ['read-only', 'teacher', 'loan-desk'] as const) {
      await expect(
        w.updateTicket.execute(userActor(w.tenant, role), { id: w.open.id, status: 'PENDING' }),
      ).rejects.toEqual(domainError('forbidden'));
    }
  });

  it('answers the ticket as it is and records nothing when nothing differs', async () => {
    const w = await deskWorld();
    const before = await w.state();
    expect(await update(w, { id: w.open.id, status: 'OPEN', priority: 'NORMAL', assigneeId: null })).toEqual({
      ticket: w.open,
    });
    expect(await update(w, { id: w.closed.id, status: 'CLOSED' })).toEqual({ ticket: w.closed });
    expect(await w.state()).toEqual(before);
  });
});

describe('ticket comments', () => {
  it('adds comments signed by the caller, lists them oldest first, internal notes for the desk only', async () => {
    const w = await deskWorld();
    await w.addComment.execute(w.tech, { id: w.open.id, body: 'Restarted the access point', internal: true });
    w.clock.set(LATER);
    const { comment } = await w.addComment.execute(w.admin, { id: w.open.id, body: ' Still down here ' });
    expect(comment).toEqual({
      id: expect.any(String),
      ticketId: w.open.id,
      author: { type: 'user', id: 'user-admin', name: 'A school-admin' },
      body: 'Still down here',
      internal: false,
      createdAt: LATER,
    });
    const desk = await w.listComments.execute(w.tech, { id: w.open.id });
    expect(desk).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(desk.comments.map((c) => [c.body, c.internal, c.author.id])).toEqual([
      ['Restarted the access point', true, 'user-tech'],
      ['Still down here', false, 'user-admin'],
    ]);
    expect(await w.listComments.execute(w.viewer, { id: w.open.id })).toEqual({
      comments: [comment],
      total: 1,
      page: 1,
      pageSize: 50,
    });
    expect((await w.listComments.execute(w.tech, { id: w.open.id, page: 2, pageSize: 1 })).comments).toEqual([comment]);
    // The ticket itself does not change, but for its first answer: the admin's public reply (the
    // technician's internal note was not one). Opened on a Saturday, so due from Monday 08:00.
    expect(await w.stored(w.open.id)).toEqual({
      ...w.open,
      firstRespondedAt: LATER,
      firstResponseDueAt: '2026-01-12T11:00:00.000Z',
      resolutionDueAt: '2026-01-14T15:30:00.000Z',
    });
    // Pip has no e-mail address: the reply is on the ticket only.
    expect(await w.mailOf(w.open.id)).toEqual([]);
    // A read-only user reads the conversation and adds nothing to it.
    await expect(w.addComment.execute(w.viewer, { id: w.open.id, body: 'Me too' })).rejects.toEqual(
      domainError('forbidden'),
    );
  });

  it('records each comment with a thin ticket.commented event that never carries the text', async () => {
    const w = await deskWorld();
    const note = await w.addComment.execute(w.tech, {
      id: w.open.id,
      body: 'Secret admin password hint',
      internal: true,
    });
    expect((await w.audit()).at(-1)).toMatchObject({
      actor: { type: 'user', id: 'user-tech' },
      action: 'ticket.comment',
      target: 'ticket:1',
      details: { commentId: note.comment.id, internal: true },
    });
    const events = await w.events();
    expect(events.map((e) => [e.kind, e.payload])).toEqual([
      ['ticket.commented', { ticket: { id: w.open.id, number: 1 }, comment: { id: note.comment.id, internal: true } }],
    ]);
    expect(JSON.stringify([events, await w.audit()])).not.toContain('Secret');
  });

  it('refuses an internal note without ticket.manage before looking the ticket up', async () => {
    const w = await deskWorld();
    const before = await w.state();
    for (const id of [w.open.id, 'nope', w.theirs.id]) {
      await expect(w.addComment.execute(w.viewer, { id, body: 'x', internal: true })).rejects.toEqual(
        domainError('forbidden'),
      );
    }
    expect(await w.state()).toEqual(before);
  });

  it('refuses a CLOSED ticket, an unknown one, an empty body, and callers without ticket.view', async () => {
    const w = await deskWorld();
    const before = await w.state();
    await expect(w.addComment.execute(w.tech, { id: w.closed.id, body: 'late' })).rejects.toEqual(
      domainError('conflict'),
    );
    await expect(w.addComment.execute(w.tech, { id: 'nope', body: 'x' })).rejects.toEqual(domainError('not_found'));
    await expect(w.addComment.execute(w.tech, { id: w.open.id, body: '  ' })).rejects.toEqual(
      domainError('invalid', 'body'),
    );
    await expect(w.addComment.execute(w.teacher, { id: w.open.id, body: 'x' })).rejects.toEqual(
      domainError('forbidden'),
    );
    await expect(w.listComments.execute(w.teacher, { id: w.open.id })).rejects.toEqual(domainError('forbidden'));
    await expect(w.listComments.execute(w.tech, { id: w.open.id, pageSize: 101 })).rejects.toEqual(
      domainError('invalid', 'pageSize'),
    );
    expect(await w.state()).toEqual(before);
  });
});
