/**
 * Keeping the loaner pool (issue 12, point 4): the pure moves of a unit (loan.ts) and the use cases
 * of groups and units on the memory world. Another tenant's groups and loans come first: they must
 * be out of reach of every use case here.
 */
import { describe, expect, it } from 'vitest';
import { CreateLoan } from '../../../src/domain/loans/create-loan.js';
import { CreateLoanGroup } from '../../../src/domain/loans/create-loan-group.js';
import { ListLoanGroups } from '../../../src/domain/loans/list-loan-groups.js';
import { ListLoans } from '../../../src/domain/loans/list-loans.js';
import { changeUnit, newLoan, type Loan } from '../../../src/domain/loans/loan.js';
import { RenameLoanGroup } from '../../../src/domain/loans/rename-loan-group.js';
import { UpdateLoan } from '../../../src/domain/loans/update-loan.js';
import { aDevice, aGroup, aLoan, aPerson } from '../../support/builders.js';
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

const NO_LOANS = { total: 0, available: 0, issued: 0, overdue: 0, withoutDueDate: 0 };

/**
 * Two groups and three units (today is 2026-03-10):
 *   1 CART-001  Cart North     LAPTOP  AVAILABLE
 *   2 CART-002  Cart North     LAPTOP  ISSUED to Ada until 2026-03-01 (overdue)
 *   3 SHELF-003 Library Shelf  IPAD    UNAVAILABLE
 * and a third group, Empty Desk, with none. Another tenant has its own group and loan.
 */
async function poolWorld(o: WorldOptions = {}) {
  const w = await newWorld(o);
  const cart = aGroup({ name: 'Cart North' });
  const shelf = aGroup({ name: 'Library Shelf' });
  const empty = aGroup({ name: 'Empty Desk' });
  const ada = aPerson({ name: 'Ada Lovelace' });
  await w.seed(async (r, t) => {
    await r.loanGroups.insertMany(t, [cart, shelf, empty]);
    await r.people.insertMany(t, [ada]);
    await r.tenants.takeNumbers(t, 'loan', 3);
    await r.loans.insertMany(t, [
      aLoan(cart.id, { number: 1, serial: 'CART-001' }),
      aLoan(cart.id, {
        number: 2,
        serial: 'CART-002',
        status: 'ISSUED',
        holderId: ada.id,
        issuedAt: '2026-02-20T08:00:00.000Z',
        dueDate: '2026-03-01',
      }),
      aLoan(shelf.id, { number: 3, serial: 'SHELF-003', kind: 'IPAD', status: 'UNAVAILABLE' }),
    ]);
  });
  const other = await addTenant(w.uow);
  const theirGroup = aGroup({ name: 'Their Cart' });
  await w.uow.transaction(async (r) => {
    await r.loanGroups.insertMany(other.id, [theirGroup]);
    await r.tenants.takeNumbers(other.id, 'loan', 9);
    await r.loans.insertMany(other.id, [aLoan(theirGroup.id, { number: 9, serial: 'THEIR-009' })]);
  });
  return {
    ...w,
    cart,
    shelf,
    empty,
    ada,
    other,
    theirGroup,
    listGroups: asCalled(ListLoanGroups, w.uow, w.clock),
    createGroup: asCalled(CreateLoanGroup, w.uow, w.clock, w.ids),
    renameGroup: asCalled(RenameLoanGroup, w.uow, w.clock, w.ids),
    createLoan: asCalled(CreateLoan, w.uow, w.clock, w.ids),
    updateLoan: asCalled(UpdateLoan, w.uow, w.clock, w.ids),
    listLoans: asCalled(ListLoans, w.uow, w.clock),
    manager: userActor(w.tenant, 'loan-desk', { id: 'user-desk' }),
    stored: (number: number) => w.uow.read((r) => r.loans.findByNumber(w.tenant.id, number)),
    theirs: async () =>
      w.uow.read(async (r) => ({
        groups: await r.loanGroups.list(other.id),
        loans: (await r.loans.list(other.id, { poolGroupIds: null }, { page: 1, pageSize: 100 })).items,
        next: await r.tenants.peekNumber(other.id, 'loan'),
      })),
    /** What a refused write must leave as it was: loans, groups, the counter, audit and events. */
    state: async () =>
      w.uow.read(async (r) => ({
        groups: await r.loanGroups.list(w.tenant.id),
        loans: (await r.loans.list(w.tenant.id, { poolGroupIds: null }, { page: 1, pageSize: 100 })).items,
        next: await r.tenants.peekNumber(w.tenant.id, 'loan'),
        audit: await r.audit.list(w.tenant.id, { limit: 100 }),
        events: await r.outbox.listAfter(w.tenant.id, 0, 100),
      })),
  };
}
type PoolWorld = Awaited<ReturnType<typeof poolWorld>>;

describe('another tenant’s pool', () => {
  it('is out of reach: its groups and loans are not found, not listed, not changed', async () => {
    const w = await poolWorld();
    const before = await w.theirs();
    const admin = userActor(w.tenant, 'school-admin');
    expect((await w.listGroups.execute(admin, {})).loanGroups.map((g) => g.name)).toEqual([
      'Cart North',
      'Empty Desk',
      'Library Shelf',
    ]);
    await expect(w.renameGroup.execute(admin, { id: w.theirGroup.id, name: 'Mine now' })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(
      w.createLoan.execute(admin, { kind: 'LAPTOP', serial: 'NEW-1', groupId: w.theirGroup.id }),
    ).rejects.toEqual(domainError('not_found'));
    await expect(w.updateLoan.execute(admin, { number: 1, groupId: w.theirGroup.id })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(w.updateLoan.execute(admin, { number: 9, serial: 'MINE-9' })).rejects.toEqual(
      domainError('not_found'),
    );
    // Their serial is theirs: the same serial is free here, and their counter does not move.
    const { loan } = await w.createLoan.execute(admin, { kind: 'LAPTOP', serial: 'THEIR-009', groupId: w.cart.id });
    expect(loan.number).toBe(4);
    await w.createGroup.execute(admin, { name: 'Their Cart' });
    expect(await w.theirs()).toEqual(before);
  });
});

describe('a unit’s pure moves', () => {
  const unit = (o: Partial<Loan> = {}) => aLoan('g1', { number: 7, serial: 'SN-7', ...o });

  it('starts AVAILABLE, with nobody, at version 1', () => {
    expect(newLoan({ id: 'l1', number: 12, kind: 'IPAD', serial: 'SN-12', groupId: 'g1' })).toEqual({
      id: 'l1',
      number: 12,
      kind: 'IPAD',
      serial: 'SN-12',
      groupId: 'g1',
      status: 'AVAILABLE',
      holderId: null,
      userGroup: null,
      issuedAt: null,
      dueDate: null,
      version: 1,
    });
  });

  it('moves group and changes serial while AVAILABLE or UNAVAILABLE, keeping everything else', () => {
    for (const status of ['AVAILABLE', 'UNAVAILABLE'] as const) {
      const before = unit({ status });
      expect(changeUnit(before, { groupId: 'g2' })).toEqual({ ...before, groupId: 'g2' });
      expect(changeUnit(before, { serial: 'SN-7B' })).toEqual({ ...before, serial: 'SN-7B' });
      expect(changeUnit(before, { groupId: 'g2', serial: 'SN-7B' })).toEqual({
        ...before,
        groupId: 'g2',
        serial: 'SN-7B',
      });
    }
  });

  it('refuses an ISSUED unit, naming what was asked', () => {
    const issued = unit({ status: 'ISSUED', holderId: 'p1', issuedAt: NOW });
    expect(() => changeUnit(issued, { groupId: 'g2' })).toThrow(
      expect.objectContaining({
        code: 'conflict',
        message: expect.stringMatching(/out on loan: return it before changing its group/),
      }),
    );
    expect(() => changeUnit(issued, { serial: 'X' })).toThrow(expect.objectContaining({ code: 'conflict' }));
  });

  it('returns the unit itself when nothing differs, whatever its status', () => {
    const issued = unit({ status: 'ISSUED', holderId: 'p1' });
    expect(changeUnit(issued, {})).toBe(issued);
    expect(changeUnit(issued, { groupId: 'g1', serial: 'SN-7' })).toBe(issued);
    const available = unit();
    expect(changeUnit(available, { serial: 'SN-7' })).toBe(available);
  });
});

describe('ListLoanGroups', () => {
  it('lists the groups by name, each with its loans counted as the inventory summary counts them', async () => {
    const w = await poolWorld();
    expect(await w.listGroups.execute(userActor(w.tenant, 'read-only'), {})).toEqual({
      loanGroups: [
        {
          id: w.cart.id,
          name: 'Cart North',
          loans: { total: 2, available: 1, issued: 1, overdue: 1, withoutDueDate: 0 },
        },
        { id: w.empty.id, name: 'Empty Desk', loans: NO_LOANS },
        {
          id: w.shelf.id,
          name: 'Library Shelf',
          loans: { total: 1, available: 0, issued: 0, overdue: 0, withoutDueDate: 0 },
        },
      ],
    });
  });

  it('shows a teacher their own groups only, and none without any', async () => {
    const w = await poolWorld();
    const teacher = userActor(w.tenant, 'teacher', { loanGroupIds: [w.shelf.id, w.empty.id] });
    expect((await w.listGroups.execute(teacher, {})).loanGroups.map((g) => g.name)).toEqual([
      'Empty Desk',
      'Library Shelf',
    ]);
    expect(await w.listGroups.execute(userActor(w.tenant, 'teacher'), {})).toEqual({ loanGroups: [] });
  });

  it('needs loan.view and the loans module', async () => {
    const w = await poolWorld();
    await expect(w.listGroups.execute(keyActor(w.tenant, ['ticket.view']), {})).rejects.toEqual(
      domainError('forbidden'),
    );
    const off = await poolWorld({ modules: ['servicedesk'] });
    await expect(off.listGroups.execute(userActor(off.tenant, 'school-admin'), {})).rejects.toEqual(
      domainError('module_disabled'),
    );
  });
});

describe('CreateLoanGroup and RenameLoanGroup', () => {
  it('creates a group with a trimmed name, audited with the actor, without an event', async () => {
    const w = await poolWorld();
    const { loanGroup } = await w.createGroup.execute(w.manager, { name: '  Cart South ' });
    expect(loanGroup).toEqual({ id: expect.any(String), name: 'Cart South' });
    expect(await w.uow.read((r) => r.loanGroups.findById(w.tenant.id, loanGroup.id))).toEqual(loanGroup);
    expect((await w.audit()).at(-1)).toMatchObject({
      actor: { type: 'user', id: 'user-desk' },
      action: 'loan_group.create',
      target: `loan_group:${loanGroup.id}`,
      at: NOW,
      details: { name: 'Cart South' },
    });
    expect(await w.events()).toEqual([]);
  });

  it('refuses a name the tenant has (exactly), an empty name, and anyone without loan.manage', async () => {
    const w = await poolWorld();
    const before = await w.state();
    await expect(w.createGroup.execute(w.manager, { name: 'Cart North' })).rejects.toEqual(domainError('conflict'));
    await expect(w.createGroup.execute(w.manager, { name: '   ' })).rejects.toEqual(domainError('invalid', 'name'));
    await expect(w.createGroup.execute(w.manager, { name: 'x'.repeat(101) })).rejects.toEqual(
      domainError('invalid', 'name'),
    );
    await expect(w.createGroup.execute(userActor(w.tenant, 'teacher'), { name: 'Mine' })).rejects.toEqual(
      domainError('forbidden'),
    );
    await expect(w.createGroup.execute(userActor(w.tenant, 'read-only'), { name: 'Mine' })).rejects.toEqual(
      domainError('forbidden'),
    );
    expect(await w.state()).toEqual(before);
  });

  it('renames a group, audited from and to; its loans carry the new name, search follows', async () => {
    const w = await poolWorld();
    const { loanGroup } = await w.renameGroup.execute(w.manager, { id: w.cart.id, name: 'Trolley East' });
    expect(loanGroup).toEqual({ id: w.cart.id, name: 'Trolley East' });
    expect((await w.audit()).at(-1)).toMatchObject({
      action: 'loan_group.rename',
      target: `loan_group:${w.cart.id}`,
      details: { from: 'Cart North', to: 'Trolley East' },
    });
    const numbers = async (q: string) =>
      (await w.listLoans.execute(w.manager, { q })).loans.map((l) => [l.number, l.groupName]);
    expect(await numbers('trolley')).toEqual([
      [1, 'Trolley East'],
      [2, 'Trolley East'],
    ]);
    expect(await numbers('north')).toEqual([]);
  });

  it('changes nothing for the name the group already has; refuses a taken name and an unknown group', async () => {
    const w = await poolWorld();
    const before = await w.state();
    expect(await w.renameGroup.execute(w.manager, { id: w.cart.id, name: 'Cart North' })).toEqual({
      loanGroup: { id: w.cart.id, name: 'Cart North' },
    });
    await expect(w.renameGroup.execute(w.manager, { id: w.cart.id, name: 'Library Shelf' })).rejects.toEqual(
      domainError('conflict'),
    );
    await expect(w.renameGroup.execute(w.manager, { id: 'nope', name: 'X' })).rejects.toEqual(domainError('not_found'));
    expect(await w.state()).toEqual(before);
  });
});

describe('CreateLoan', () => {
  it('adds an AVAILABLE unit with the next number, audited, with a thin loan.created event', async () => {
    const w = await poolWorld();
    const { loan } = await w.createLoan.execute(w.manager, { kind: 'IPAD', serial: ' IP-100 ', groupId: w.shelf.id });
    expect(loan).toEqual({
      id: expect.any(String),
      number: 4,
      kind: 'IPAD',
      serial: 'IP-100',
      groupId: w.shelf.id,
      groupName: 'Library Shelf',
      status: 'AVAILABLE',
      holder: null,
      userGroup: null,
      issuedAt: null,
      dueDate: null,
      overdue: false,
    });
    expect(await w.stored(4)).toMatchObject({ id: loan.id, serial: 'IP-100', status: 'AVAILABLE', version: 1 });
    expect((await w.audit()).at(-1)).toMatchObject({
      actor: { type: 'user', id: 'user-desk' },
      action: 'loan.create',
      target: 'loan:4',
      details: { kind: 'IPAD', serial: 'IP-100', groupId: w.shelf.id },
    });
    expect((await w.events()).map((e) => [e.kind, e.payload])).toEqual([
      [
        'loan.created',
        {
          loan: {
            id: loan.id,
            number: 4,
            serial: 'IP-100',
            kind: 'IPAD',
            groupId: w.shelf.id,
            status: 'AVAILABLE',
            holderId: null,
            dueDate: null,
          },
        },
      ],
    ]);
    const next = await w.createLoan.execute(keyActor(w.tenant, ['loan.manage']), {
      kind: 'LAPTOP',
      serial: 'LT-5',
      groupId: w.empty.id,
    });
    expect(next.loan.number).toBe(5);
    expect((await w.listLoans.execute(w.manager, {})).summary).toMatchObject({ total: 5, available: 3, nextNumber: 6 });
  });

  it('refuses a serial another loaner has, an unknown group and bad input, taking no number', async () => {
    const w = await poolWorld();
    const before = await w.state();
    await expect(
      w.createLoan.execute(w.manager, { kind: 'LAPTOP', serial: 'CART-002', groupId: w.cart.id }),
    ).rejects.toEqual(expect.objectContaining({ code: 'conflict', message: expect.stringContaining('loaner 2') }));
    await expect(w.createLoan.execute(w.manager, { kind: 'LAPTOP', serial: 'N-1', groupId: 'nope' })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(
      w.createLoan.execute(w.manager, { kind: 'PHONE' as 'IPAD', serial: '', groupId: w.cart.id }),
    ).rejects.toEqual(domainError('invalid', 'kind', 'serial'));
    await expect(w.createLoan.execute(w.manager, { serial: 'N-1', groupId: w.cart.id } as never)).rejects.toEqual(
      domainError('invalid', 'kind'),
    );
    await expect(
      w.createLoan.execute(userActor(w.tenant, 'teacher', { loanGroupIds: [w.cart.id] }), {
        kind: 'LAPTOP',
        serial: 'N-1',
        groupId: w.cart.id,
      }),
    ).rejects.toEqual(domainError('forbidden'));
    expect(await w.state()).toEqual(before);
  });

  it('takes a serial the asset register has: a loaner may be a register device too', async () => {
    const w = await poolWorld();
    await w.seed((r, t) => r.devices.insertMany(t, [aDevice({ serial: 'REG-42' })]));
    const { loan } = await w.createLoan.execute(w.manager, { kind: 'LAPTOP', serial: 'REG-42', groupId: w.cart.id });
    expect(loan).toMatchObject({ number: 4, serial: 'REG-42' });
  });
});

describe('UpdateLoan', () => {
  const moved = async (w: PoolWorld, number: number, change: { groupId?: string; serial?: string }) =>
    (await w.updateLoan.execute(w.manager, { number, ...change })).loan;

  it('moves a unit to another group and gives it a new serial; audited from/to, with loan.updated', async () => {
    const w = await poolWorld();
    const loan = await moved(w, 1, { groupId: w.shelf.id, serial: 'CART-001B' });
    expect(loan).toMatchObject({ number: 1, groupId: w.shelf.id, groupName: 'Library Shelf', serial: 'CART-001B' });
    expect(await w.stored(1)).toMatchObject({ groupId: w.shelf.id, serial: 'CART-001B', version: 2 });
    expect((await w.audit()).at(-1)).toMatchObject({
      action: 'loan.update',
      target: 'loan:1',
      details: {
        from: { groupId: w.cart.id, serial: 'CART-001' },
        to: { groupId: w.shelf.id, serial: 'CART-001B' },
      },
    });
    expect((await w.events()).at(-1)).toMatchObject({
      kind: 'loan.updated',
      payload: { loan: { number: 1, groupId: w.shelf.id, serial: 'CART-001B', status: 'AVAILABLE' } },
    });
    // An UNAVAILABLE unit moves too; only what changed is recorded.
    await moved(w, 3, { groupId: w.empty.id, serial: 'SHELF-003' });
    expect((await w.audit()).at(-1)?.details).toEqual({ from: { groupId: w.shelf.id }, to: { groupId: w.empty.id } });
    const summary = async (actor = userActor(w.tenant, 'teacher', { loanGroupIds: [w.shelf.id] })) =>
      (await w.listLoans.execute(actor, {})).summary;
    expect(await summary()).toMatchObject({ total: 1, available: 1 });
    expect((await w.listLoans.execute(w.manager, { q: 'cart-001b' })).loans.map((l) => l.number)).toEqual([1]);
  });

  it('refuses an ISSUED unit, a taken serial, an unknown group or loan, nothing asked; nothing written', async () => {
    const w = await poolWorld();
    const before = await w.state();
    await expect(moved(w, 2, { groupId: w.shelf.id })).rejects.toEqual(domainError('conflict'));
    await expect(moved(w, 1, { serial: 'SHELF-003' })).rejects.toEqual(domainError('conflict'));
    await expect(moved(w, 1, { groupId: 'nope' })).rejects.toEqual(domainError('not_found'));
    await expect(moved(w, 99, { serial: 'X' })).rejects.toEqual(domainError('not_found'));
    await expect(moved(w, 1, {})).rejects.toEqual(domainError('invalid', ''));
    await expect(w.updateLoan.execute(w.manager, { number: 1, kind: 'IPAD' } as never)).rejects.toEqual(
      domainError('invalid', 'kind'),
    );
    await expect(w.updateLoan.execute(userActor(w.tenant, 'technician'), { number: 0, serial: '' })).rejects.toEqual(
      domainError('invalid', 'number', 'serial'),
    );
    expect(await w.state()).toEqual(before);
  });

  it('answers the loan as it is, and records nothing, when nothing differs (an ISSUED one included)', async () => {
    const w = await poolWorld();
    const before = await w.state();
    expect(await moved(w, 2, { groupId: w.cart.id, serial: 'CART-002' })).toMatchObject({
      number: 2,
      status: 'ISSUED',
      holder: { id: w.ada.id, name: 'Ada Lovelace' },
      overdue: true,
    });
    expect(await w.state()).toEqual(before);
  });
});
