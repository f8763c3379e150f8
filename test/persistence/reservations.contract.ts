/**
 * Bookings of loan groups (issue 23) in the one repository contract: stored and read back with their
 * group's and person's names, changed only at the version read, listed by start with every filter,
 * the active ones overlapping a window (half-open: a booking ending at its start does not), and a
 * group's units as availability reads them. Another tenant sees and changes none of it.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Reservation } from '../../src/domain/reservations/reservation.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import type { Repositories } from '../../src/ports/repositories.js';
import { aGroup, aLoan, aPerson } from '../support/builders.js';

interface Subject {
  tx<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  read<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  newTenant(o?: Partial<Tenant>): Promise<Tenant>;
}

const AT = '2026-09-01T08:00:00.000Z';
const page1 = { page: 1, pageSize: 50 };

const booking = (groupId: string, from: string, to: string, o: Partial<Reservation> = {}): Reservation => ({
  id: randomUUID(),
  groupId,
  quantity: 2,
  fulfilled: 0,
  from,
  to,
  personId: null,
  note: null,
  status: 'ACTIVE',
  createdBy: { type: 'user', id: 'teacher-1' },
  createdAt: AT,
  updatedAt: AT,
  cancelledAt: null,
  version: 1,
  ...o,
});

export function reservationRepositoryContract({ tx, read, newTenant }: Subject): void {
  it('stores bookings with their names, updates at the version read, lists and overlaps by start', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const cart = aGroup({ name: 'Cart R' });
    const shelf = aGroup({ name: 'Shelf R' });
    const pia = aPerson({ name: 'Pia Booker' });
    await tx(async (r) => {
      await r.loanGroups.insertMany(t.id, [cart, shelf]);
      await r.people.insertMany(t.id, [pia]);
    });
    const monday = booking(cart.id, '2026-09-07T08:00:00.000Z', '2026-09-07T12:00:00.000Z', {
      personId: pia.id,
      note: '7A ✓',
    });
    const afternoon = booking(cart.id, '2026-09-07T12:00:00.000Z', '2026-09-07T15:00:00.000Z', {
      createdBy: { type: 'apiKey', id: 'key-1' },
    });
    const tuesday = booking(shelf.id, '2026-09-08T08:00:00.000Z', '2026-09-08T10:00:00.000Z', {
      status: 'CANCELLED',
      cancelledAt: AT,
    });
    await tx(async (r) => {
      for (const b of [tuesday, afternoon, monday]) await r.reservations.insert(t.id, b);
    });

    expect(await read((r) => r.reservations.findById(t.id, monday.id))).toEqual({
      ...monday,
      groupName: 'Cart R',
      personName: 'Pia Booker',
    });
    expect(await read((r) => r.reservations.findById(other.id, monday.id))).toBeNull();
    expect(await read((r) => r.reservations.findById(t.id, 'nope'))).toBeNull();

    const ids = async (f: Partial<Parameters<Repositories['reservations']['list']>[1]>) =>
      (await read((r) => r.reservations.list(t.id, { poolGroupIds: null, ...f }, page1))).items.map((b) => b.id);
    expect(await ids({})).toEqual([monday.id, afternoon.id, tuesday.id]);
    expect(await ids({ groupId: cart.id })).toEqual([monday.id, afternoon.id]);
    expect(await ids({ poolGroupIds: [shelf.id] })).toEqual([tuesday.id]);
    expect(await ids({ poolGroupIds: [] })).toEqual([]);
    expect(await ids({ personId: pia.id })).toEqual([monday.id]);
    expect(await ids({ createdBy: { type: 'apiKey', id: 'key-1' } })).toEqual([afternoon.id]);
    expect(await ids({ createdBy: { type: 'user', id: 'key-1' } })).toEqual([]);
    expect(await ids({ status: 'CANCELLED' })).toEqual([tuesday.id]);
    // Half-open windows: [12:00, 13:00) overlaps the afternoon only.
    expect(await ids({ from: '2026-09-07T12:00:00.000Z', to: '2026-09-07T13:00:00.000Z' })).toEqual([afternoon.id]);
    expect(await ids({ to: '2026-09-07T12:00:00.000Z' })).toEqual([monday.id]);
    const paged = await read((r) => r.reservations.list(t.id, { poolGroupIds: null }, { page: 2, pageSize: 2 }));
    expect(paged.total).toBe(3);
    expect(paged.items.map((b) => b.id)).toEqual([tuesday.id]);
    expect((await read((r) => r.reservations.list(other.id, { poolGroupIds: null }, page1))).total).toBe(0);

    const overlapping = await read((r) =>
      r.reservations.activeOverlapping(t.id, cart.id, '2026-09-07T11:00:00.000Z', '2026-09-07T12:00:00.000Z'),
    );
    expect(overlapping).toEqual([monday]);
    expect(
      await read((r) =>
        r.reservations.activeOverlapping(t.id, shelf.id, '2026-09-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'),
      ),
    ).toEqual([]); // cancelled bookings hold nothing
    expect(
      await read((r) =>
        r.reservations.activeOverlapping(other.id, cart.id, '2026-09-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'),
      ),
    ).toEqual([]);

    // What availability reads: the window and the units still held back, never a cancelled booking's.
    const spans = await read((r) =>
      r.reservations.spansOf(t.id, cart.id, '2026-09-07T00:00:00.000Z', '2026-09-08T00:00:00.000Z'),
    );
    expect(spans.sort((a, b) => a.from.localeCompare(b.from))).toEqual([
      { from: monday.from, to: monday.to, units: 2 },
      { from: afternoon.from, to: afternoon.to, units: 2 },
    ]);
    expect(
      await read((r) =>
        r.reservations.spansOf(t.id, cart.id, '2026-09-07T00:00:00.000Z', '2026-09-08T00:00:00.000Z', monday.id),
      ),
    ).toEqual([{ from: afternoon.from, to: afternoon.to, units: 2 }]);
    expect(
      await read((r) =>
        r.reservations.spansOf(other.id, cart.id, '2026-09-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'),
      ),
    ).toEqual([]);

    const changed = { ...monday, quantity: 5, fulfilled: 1, note: null, updatedAt: '2026-09-02T08:00:00.000Z' };
    expect(await tx((r) => r.reservations.update(t.id, changed))).toBe(true);
    expect(await tx((r) => r.reservations.update(t.id, changed))).toBe(false); // version moved on
    expect(await tx((r) => r.reservations.update(other.id, { ...changed, version: 2 }))).toBe(false);
    expect(await read((r) => r.reservations.findById(t.id, monday.id))).toMatchObject({
      quantity: 5,
      fulfilled: 1,
      note: null,
      version: 2,
    });
  });

  it("reads a group's units with their status and due date, within the tenant", async () => {
    const t = await newTenant();
    const other = await newTenant();
    const cart = aGroup();
    const elsewhere = aGroup();
    const units = [
      aLoan(cart.id),
      aLoan(cart.id, { status: 'UNAVAILABLE' }),
      aLoan(cart.id, { status: 'ISSUED', dueDate: '2026-09-10', holderId: null }),
      aLoan(elsewhere.id),
    ];
    await tx(async (r) => {
      await r.loanGroups.insertMany(t.id, [cart, elsewhere]);
      await r.loans.insertMany(t.id, units);
    });
    const read1 = await read((r) => r.reservations.unitsOf(t.id, cart.id));
    expect(read1.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      units
        .slice(0, 3)
        .map((u) => ({ id: u.id, status: u.status, dueDate: u.dueDate }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await read((r) => r.reservations.unitsOf(other.id, cart.id))).toEqual([]);
    // A group locked for a booking is found as a plain read finds it.
    expect(await tx((r) => r.loanGroups.findById(t.id, cart.id, { forUpdate: true }))).toEqual(cart);
  });
}
