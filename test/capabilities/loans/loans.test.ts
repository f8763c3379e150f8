import { describe, expect, it } from 'vitest';
import { IssueLoan } from '../../../src/domain/loans/issue-loan.js';
import { ListLoans } from '../../../src/domain/loans/list-loans.js';
import { LoanTransitionRunner } from '../../../src/domain/loans/loan-transition.js';
import { RestoreLoan } from '../../../src/domain/loans/restore-loan.js';
import { ReturnLoan } from '../../../src/domain/loans/return-loan.js';
import { WithdrawLoan } from '../../../src/domain/loans/withdraw-loan.js';
import type { Actor } from '../../../src/domain/shared/actor.js';
import type { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { aGroup, aLoan, aPerson } from '../../support/builders.js';
import { domainError, keyActor, newWorld, NOW, userActor, type WorldOptions } from '../../support/fakes/world.js';
import { asCalled } from '../../support/fakes/as-called.js';

/**
 * Two loan groups and four loaners (today is 2026-03-10 in Europe/Amsterdam):
 *   1 CART-001  Cart North     LAPTOP  AVAILABLE
 *   2 CART-002  Cart North     LAPTOP  ISSUED to Bob until 2026-03-20
 *   3 SHELF-003 Library Shelf  IPAD    UNAVAILABLE
 *   4 SHELF-004 Library Shelf  IPAD    AVAILABLE
 */
async function loanWorld(o: WorldOptions = {}) {
  const w = await newWorld(o);
  const cart = aGroup({ name: 'Cart North' });
  const shelf = aGroup({ name: 'Library Shelf' });
  const ada = aPerson({ name: 'Ada Lovelace', kind: 'PUPIL', userGroup: '7A' });
  const bob = aPerson({ name: 'Bob Baker', kind: 'STAFF', userGroup: 'Science' });
  await w.seed(async (r, t) => {
    await r.loanGroups.insertMany(t, [cart, shelf]);
    await r.people.insertMany(t, [ada, bob]);
    await r.tenants.takeNumbers(t, 'loan', 4);
    await r.loans.insertMany(t, [
      aLoan(cart.id, { number: 1, serial: 'CART-001' }),
      aLoan(cart.id, {
        number: 2,
        serial: 'CART-002',
        status: 'ISSUED',
        holderId: bob.id,
        userGroup: 'Science',
        issuedAt: '2026-03-02T08:00:00.000Z',
        dueDate: '2026-03-20',
      }),
      aLoan(shelf.id, { number: 3, serial: 'SHELF-003', kind: 'IPAD', status: 'UNAVAILABLE' }),
      aLoan(shelf.id, { number: 4, serial: 'SHELF-004', kind: 'IPAD' }),
    ]);
  });
  const runner = new LoanTransitionRunner(w.uow, w.clock, w.ids);
  return {
    ...w,
    cart,
    shelf,
    ada,
    bob,
    issueLoan: asCalled(IssueLoan, runner, w.clock),
    returnLoan: asCalled(ReturnLoan, runner),
    withdrawLoan: asCalled(WithdrawLoan, runner),
    restoreLoan: asCalled(RestoreLoan, runner),
    listLoans: asCalled(ListLoans, w.uow, w.clock),
    desk: userActor(w.tenant, 'loan-desk', { id: 'user-desk' }),
    stored: (number: number) => w.uow.read((r) => r.loans.findByNumber(w.tenant.id, number)),
  };
}

describe('IssueLoan', () => {
  it('issues an AVAILABLE loan by number to a holder until a due date', async () => {
    const w = await loanWorld();
    const { loan } = await w.issueLoan.execute(w.desk, { number: 1, holderId: w.ada.id, dueDate: '2026-03-17' });
    expect(loan).toEqual({
      id: expect.any(String),
      number: 1,
      kind: 'LAPTOP',
      serial: 'CART-001',
      groupId: w.cart.id,
      groupName: 'Cart North',
      status: 'ISSUED',
      holder: { id: w.ada.id, name: 'Ada Lovelace' },
      userGroup: '7A',
      issuedAt: NOW,
      dueDate: '2026-03-17',
      overdue: false,
    });
    expect(await w.stored(1)).toMatchObject({
      status: 'ISSUED',
      holderId: w.ada.id,
      holderName: 'Ada Lovelace',
      userGroup: '7A',
      issuedAt: NOW,
      dueDate: '2026-03-17',
      version: 2,
    });
  });

  it('issues by serial, with no due date', async () => {
    const w = await loanWorld();
    const { loan } = await w.issueLoan.execute(w.desk, { serial: 'SHELF-004', holderId: w.bob.id });
    expect(loan).toMatchObject({ number: 4, status: 'ISSUED', holder: { id: w.bob.id }, dueDate: null });
    expect(await w.stored(4)).toMatchObject({ status: 'ISSUED', holderId: w.bob.id, dueDate: null });
  });

  it.each([
    [2, 'ISSUED'],
    [3, 'UNAVAILABLE'],
  ])('refuses to issue loan %i, which is %s, and leaves it as it was', async (number, status) => {
    const w = await loanWorld();
    const before = await w.stored(number);
    await expect(w.issueLoan.execute(w.desk, { number, holderId: w.ada.id })).rejects.toEqual(domainError('conflict'));
    expect(await w.stored(number)).toEqual(before);
    expect(before?.status).toBe(status);
  });

  it('refuses a due date before today, or one that is not a date, naming dueDate', async () => {
    const w = await loanWorld();
    for (const dueDate of ['2026-03-09', '2026-02-30', '10/03/2026']) {
      await expect(w.issueLoan.execute(w.desk, { number: 1, holderId: w.ada.id, dueDate })).rejects.toEqual(
        domainError('invalid', 'dueDate'),
      );
    }
    expect((await w.stored(1))?.status).toBe('AVAILABLE');
  });

  it('needs exactly one of number and serial', async () => {
    const w = await loanWorld();
    await expect(w.issueLoan.execute(w.desk, { number: 1, serial: 'CART-001', holderId: w.ada.id })).rejects.toEqual(
      domainError('invalid'),
    );
    await expect(w.issueLoan.execute(w.desk, { holderId: w.ada.id })).rejects.toEqual(domainError('invalid'));
  });

  it('reports an unknown holder or loan as not found and changes nothing', async () => {
    const w = await loanWorld();
    await expect(w.issueLoan.execute(w.desk, { number: 1, holderId: 'nobody' })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(w.issueLoan.execute(w.desk, { number: 99, holderId: w.ada.id })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(w.issueLoan.execute(w.desk, { serial: 'NO-SUCH', holderId: w.ada.id })).rejects.toEqual(
      domainError('not_found'),
    );
    expect((await w.stored(1))?.status).toBe('AVAILABLE');
  });

  it('refuses an archived holder with a conflict naming them, and changes nothing', async () => {
    const w = await loanWorld();
    await w.seed((r, t) => r.people.update(t, { ...w.ada, archivedAt: '2026-03-01T08:00:00.000Z' }));
    const error = await w.issueLoan.execute(w.desk, { number: 1, holderId: w.ada.id }).catch((e: unknown) => e);
    expect(error).toEqual(domainError('conflict'));
    expect((error as Error).message).toBe('Ada Lovelace is archived: restore them before issuing them a loan');
    expect(await w.stored(1)).toMatchObject({ status: 'AVAILABLE', holderId: null, version: 1 });
    expect(await w.audit()).toEqual([]);
    expect(await w.events()).toEqual([]);
  });

  it('locks the holder it checks, so an archive cannot slip in between (see the Postgres race test)', async () => {
    const w = await loanWorld();
    const locks: string[] = [];
    const uow: UnitOfWork = {
      read: (work) => w.uow.read(work),
      transaction: (work) =>
        w.uow.transaction((repos) => {
          const people = Object.create(repos.people) as typeof repos.people;
          people.findById = (tenantId, id, opts) => {
            if (opts?.forUpdate) locks.push(id);
            return repos.people.findById(tenantId, id, opts);
          };
          return work({ ...repos, people });
        }),
    };
    const issueLoan = asCalled(IssueLoan, new LoanTransitionRunner(uow, w.clock, w.ids), w.clock);
    await issueLoan.execute(w.desk, { number: 1, holderId: w.ada.id });
    expect(locks).toEqual([w.ada.id]);
  });

  it('treats a loan outside the caller’s pool as not found', async () => {
    const w = await loanWorld();
    // A pool-restricted caller that may issue (teachers, the only pooled role, may not).
    const cartOnly: Actor = { ...w.desk, loanGroupIds: [w.cart.id] };
    await expect(w.issueLoan.execute(cartOnly, { number: 4, holderId: w.ada.id })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(w.issueLoan.execute(cartOnly, { serial: 'SHELF-004', holderId: w.ada.id })).rejects.toEqual(
      domainError('not_found'),
    );
    expect((await w.stored(4))?.status).toBe('AVAILABLE');
    await expect(w.issueLoan.execute(cartOnly, { number: 1, holderId: w.ada.id })).resolves.toBeDefined();
  });

  it('lets exactly one of two simultaneous issues of the same loan succeed', async () => {
    const w = await loanWorld();
    const results = await Promise.allSettled([
      w.issueLoan.execute(w.desk, { number: 1, holderId: w.ada.id }),
      w.issueLoan.execute(w.desk, { number: 1, holderId: w.bob.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: domainError('conflict') });
    expect(await w.audit()).toHaveLength(1);
  });
});

describe('ReturnLoan', () => {
  it('takes an ISSUED loan back, clearing holder, class, issue time and due date', async () => {
    const w = await loanWorld();
    const { loan } = await w.returnLoan.execute(w.desk, { number: 2 });
    expect(loan).toMatchObject({
      number: 2,
      status: 'AVAILABLE',
      holder: null,
      userGroup: null,
      issuedAt: null,
      dueDate: null,
      overdue: false,
    });
    expect(await w.stored(2)).toMatchObject({
      status: 'AVAILABLE',
      holderId: null,
      holderName: null,
      userGroup: null,
      issuedAt: null,
      dueDate: null,
      version: 2,
    });
  });

  it.each([1, 3])('refuses to return loan %i, which is not ISSUED', async (number) => {
    const w = await loanWorld();
    await expect(w.returnLoan.execute(w.desk, { number })).rejects.toEqual(domainError('conflict'));
  });

  it('returns by serial', async () => {
    const w = await loanWorld();
    await w.returnLoan.execute(w.desk, { serial: 'CART-002' });
    expect((await w.stored(2))?.status).toBe('AVAILABLE');
  });
});

describe('WithdrawLoan and RestoreLoan', () => {
  it('moves an AVAILABLE loan to UNAVAILABLE and back', async () => {
    const w = await loanWorld();
    expect((await w.withdrawLoan.execute(w.desk, { number: 1 })).loan.status).toBe('UNAVAILABLE');
    expect((await w.stored(1))?.status).toBe('UNAVAILABLE');
    expect((await w.restoreLoan.execute(w.desk, { serial: 'CART-001' })).loan.status).toBe('AVAILABLE');
    expect(await w.stored(1)).toMatchObject({ status: 'AVAILABLE', version: 3 });
  });

  it.each([2, 3])('refuses to withdraw loan %i, which is not AVAILABLE', async (number) => {
    const w = await loanWorld();
    await expect(w.withdrawLoan.execute(w.desk, { number })).rejects.toEqual(domainError('conflict'));
  });

  it.each([1, 2])('refuses to restore loan %i, which is not UNAVAILABLE', async (number) => {
    const w = await loanWorld();
    await expect(w.restoreLoan.execute(w.desk, { number })).rejects.toEqual(domainError('conflict'));
  });

  it('needs loan.issue', async () => {
    const w = await loanWorld();
    const returnsOnly = keyActor(w.tenant, ['loan.view', 'loan.return']);
    await expect(w.withdrawLoan.execute(returnsOnly, { number: 1 })).rejects.toEqual(domainError('forbidden'));
    await expect(w.restoreLoan.execute(returnsOnly, { number: 3 })).rejects.toEqual(domainError('forbidden'));
  });
});

describe('loan transitions: audit, events and access', () => {
  const transitions = [
    { name: 'issue', number: 1, action: 'loan.issue', kind: 'loan.issued', to: 'ISSUED' },
    { name: 'return', number: 2, action: 'loan.return', kind: 'loan.returned', to: 'AVAILABLE' },
    { name: 'withdraw', number: 1, action: 'loan.withdraw', kind: 'loan.withdrawn', to: 'UNAVAILABLE' },
    { name: 'restore', number: 3, action: 'loan.restore', kind: 'loan.restored', to: 'AVAILABLE' },
  ] as const;

  async function run(w: Awaited<ReturnType<typeof loanWorld>>, actor: Actor, name: string, number: number) {
    if (name === 'issue') return w.issueLoan.execute(actor, { number, holderId: w.ada.id });
    if (name === 'return') return w.returnLoan.execute(actor, { number });
    if (name === 'withdraw') return w.withdrawLoan.execute(actor, { number });
    return w.restoreLoan.execute(actor, { number });
  }

  it.each(transitions)(
    '$name writes exactly one audit entry ($action) and one $kind event',
    async ({ name, number, action, kind, to }) => {
      const w = await loanWorld();
      const { loan } = await run(w, w.desk, name, number);
      const audit = await w.audit();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor: { type: 'user', id: 'user-desk' },
        action,
        target: `loan:${number}`,
        at: NOW,
        details: { to },
      });
      const events = await w.events();
      expect(events).toHaveLength(1);
      // Thin data: ids, numbers and statuses, never the holder's name.
      expect(events[0]).toMatchObject({ kind, occurredAt: NOW });
      expect(events[0]!.payload).toEqual({
        loan: {
          id: loan.id,
          number,
          serial: loan.serial,
          kind: loan.kind,
          groupId: loan.groupId,
          status: to,
          holderId: loan.holder?.id ?? null,
          dueDate: loan.dueDate,
        },
      });
      expect(JSON.stringify(events[0]!.payload)).not.toContain(w.ada.name);
    },
  );

  it('records the API key, not a user, when a key acts', async () => {
    const w = await loanWorld();
    await w.issueLoan.execute(keyActor(w.tenant, ['loan.issue'], 'key-42'), { number: 1, holderId: w.ada.id });
    expect((await w.audit()).map((e) => e.actor)).toEqual([{ type: 'apiKey', id: 'key-42' }]);
  });

  it('writes neither audit entry nor event when a transition fails', async () => {
    const w = await loanWorld();
    await expect(w.issueLoan.execute(w.desk, { number: 2, holderId: w.ada.id })).rejects.toThrow();
    await expect(w.issueLoan.execute(w.desk, { number: 1, holderId: 'nobody' })).rejects.toThrow();
    await expect(w.returnLoan.execute(w.desk, { number: 1 })).rejects.toThrow();
    await expect(w.restoreLoan.execute(w.desk, { number: 4 })).rejects.toThrow();
    expect(await w.audit()).toEqual([]);
    expect(await w.events()).toEqual([]);
  });

  it.each(transitions)('$name is forbidden without the permission', async ({ name, number }) => {
    const w = await loanWorld();
    for (const role of ['read-only', 'teacher'] as const) {
      await expect(run(w, userActor(w.tenant, role), name, number)).rejects.toEqual(domainError('forbidden'));
    }
    expect(await w.audit()).toEqual([]);
  });

  it.each(transitions)('$name reports module_disabled when loans are off', async ({ name, number }) => {
    const w = await loanWorld({ modules: ['people', 'repairs'] });
    await expect(run(w, w.desk, name, number)).rejects.toEqual(domainError('module_disabled'));
  });
});

describe('overdue, in the tenant’s time zone', () => {
  // A loan due 2026-03-10, seen a little before and a little after midnight UTC.
  it.each([
    { now: '2026-03-10T23:30:00.000Z', timeZone: 'Pacific/Auckland', overdue: true }, // 11 Mar, 12:30
    { now: '2026-03-10T23:30:00.000Z', timeZone: 'America/Los_Angeles', overdue: false }, // 10 Mar, 16:30
    { now: '2026-03-11T00:30:00.000Z', timeZone: 'America/Los_Angeles', overdue: false }, // 10 Mar, 17:30
    { now: '2026-03-11T00:30:00.000Z', timeZone: 'Pacific/Auckland', overdue: true }, // 11 Mar, 13:30
  ])('at $now in $timeZone: overdue $overdue', async ({ now, timeZone, overdue }) => {
    const w = await loanWorld({ now, timeZone });
    await w.seed((r, t) =>
      r.loans.insertMany(t, [
        aLoan(w.cart.id, {
          number: 5,
          serial: 'CART-005',
          status: 'ISSUED',
          holderId: w.ada.id,
          dueDate: '2026-03-10',
        }),
      ]),
    );
    const admin = userActor(w.tenant, 'school-admin');
    const page = await w.listLoans.execute(admin, { q: 'CART-005' });
    expect(page.loans.map((l) => l.overdue)).toEqual([overdue]);
    expect(page.summary.overdue).toBe(overdue ? 1 : 0);
    const overdueOnly = await w.listLoans.execute(admin, { overdue: true });
    expect(overdueOnly.loans.map((l) => l.number)).toEqual(overdue ? [5] : []);
  });

  it('accepts today’s date as a due date and refuses yesterday’s, in the tenant’s zone', async () => {
    const auckland = await loanWorld({ now: '2026-03-10T23:30:00.000Z', timeZone: 'Pacific/Auckland' });
    await expect(
      auckland.issueLoan.execute(auckland.desk, { number: 1, holderId: auckland.ada.id, dueDate: '2026-03-10' }),
    ).rejects.toEqual(domainError('invalid', 'dueDate'));
    const issued = await auckland.issueLoan.execute(auckland.desk, {
      number: 1,
      holderId: auckland.ada.id,
      dueDate: '2026-03-11',
    });
    expect(issued.loan).toMatchObject({ dueDate: '2026-03-11', overdue: false });

    const losAngeles = await loanWorld({ now: '2026-03-10T23:30:00.000Z', timeZone: 'America/Los_Angeles' });
    await expect(
      losAngeles.issueLoan.execute(losAngeles.desk, { number: 1, holderId: losAngeles.ada.id, dueDate: '2026-03-10' }),
    ).resolves.toMatchObject({ loan: { dueDate: '2026-03-10', overdue: false } });
  });
});

describe('ListLoans', () => {
  const wholePool = { total: 4, available: 2, issued: 1, overdue: 0, withoutDueDate: 0, nextNumber: 5 };

  it('lists the pool by number, with a summary of the whole pool', async () => {
    const w = await loanWorld();
    const page = await w.listLoans.execute(userActor(w.tenant, 'read-only'), {});
    expect(page.loans.map((l) => l.number)).toEqual([1, 2, 3, 4]);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 50, summary: wholePool });
    expect(page.loans[1]).toMatchObject({
      serial: 'CART-002',
      groupName: 'Cart North',
      holder: { id: w.bob.id, name: 'Bob Baker' },
      dueDate: '2026-03-20',
      overdue: false,
    });
  });

  it.each([
    [{ status: 'ISSUED' }, [2]],
    [{ kind: 'IPAD' }, [3, 4]],
    [{ groupId: 'shelf' }, [3, 4]],
    [{ holderId: 'bob' }, [2]],
    [{ userGroup: 'Science' }, [2]],
    [{ q: 'library' }, [3, 4]],
    [{ q: 'BAKER' }, [2]],
    [{ q: 'cart-00' }, [1, 2]],
    [{ q: '4' }, [4]],
    [{ overdue: false }, [1, 2, 3, 4]],
    [{ status: 'AVAILABLE', kind: 'IPAD' }, [4]],
  ] as const)('filters %o to %o and keeps the summary of the whole pool', async (filter, numbers) => {
    const w = await loanWorld();
    const ids: Record<string, string> = { shelf: w.shelf.id, bob: w.bob.id };
    const input = Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, ids[String(v)] ?? v]));
    const page = await w.listLoans.execute(w.desk, input);
    expect(page.loans.map((l) => l.number)).toEqual(numbers);
    expect(page.total).toBe(numbers.length);
    expect(page.summary).toEqual(wholePool);
  });

  it('pages in number order and counts every match', async () => {
    const w = await loanWorld();
    const page = await w.listLoans.execute(w.desk, { page: 2, pageSize: 3 });
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page.loans.map((l) => l.number)).toEqual([4]);
  });

  it('refuses out-of-range paging and unknown fields, naming them', async () => {
    const w = await loanWorld();
    await expect(w.listLoans.execute(w.desk, { pageSize: 101 })).rejects.toEqual(domainError('invalid', 'pageSize'));
    await expect(w.listLoans.execute(w.desk, { page: 0 })).rejects.toEqual(domainError('invalid', 'page'));
    await expect(w.listLoans.execute(w.desk, { colour: 'red' } as never)).rejects.toEqual(
      domainError('invalid', 'colour'),
    );
  });

  it('shows a teacher only the loan groups of their pool, in the list and in the summary', async () => {
    const w = await loanWorld();
    const teacher = userActor(w.tenant, 'teacher', { loanGroupIds: [w.cart.id] });
    const page = await w.listLoans.execute(teacher, {});
    expect(page.loans.map((l) => l.number)).toEqual([1, 2]);
    expect(page.summary).toEqual({ total: 2, available: 1, issued: 1, overdue: 0, withoutDueDate: 0, nextNumber: 5 });
    expect((await w.listLoans.execute(teacher, { groupId: w.shelf.id })).loans).toEqual([]);

    const noPool = await w.listLoans.execute(userActor(w.tenant, 'teacher'), {});
    expect(noPool).toMatchObject({ loans: [], total: 0, summary: { total: 0, available: 0, issued: 0 } });
  });

  it('counts issued loans without a due date and overdue ones', async () => {
    const w = await loanWorld();
    await w.issueLoan.execute(w.desk, { number: 1, holderId: w.ada.id });
    await w.seed((r, t) =>
      r.loans.insertMany(t, [
        aLoan(w.cart.id, {
          number: 5,
          serial: 'CART-005',
          status: 'ISSUED',
          holderId: w.ada.id,
          dueDate: '2026-03-09',
        }),
      ]),
    );
    const { summary } = await w.listLoans.execute(w.desk, {});
    expect(summary).toMatchObject({ total: 5, available: 1, issued: 3, overdue: 1, withoutDueDate: 1 });
  });

  it('needs loan.view and the loans module', async () => {
    const w = await loanWorld();
    await expect(w.listLoans.execute(keyActor(w.tenant, ['device.view']), {})).rejects.toEqual(
      domainError('forbidden'),
    );
    const off = await loanWorld({ modules: ['people'] });
    await expect(off.listLoans.execute(off.desk, {})).rejects.toEqual(domainError('module_disabled'));
  });
});

describe('loan transitions: checks run in the right order', () => {
  it('reports a missing permission before anything about the input', async () => {
    const w = await loanWorld();
    const readOnly = userActor(w.tenant, 'read-only');
    await expect(
      w.issueLoan.execute(readOnly, { number: 1, holderId: w.ada.id, dueDate: '2020-01-01' }),
    ).rejects.toEqual(domainError('forbidden'));
    await expect(w.returnLoan.execute(readOnly, {})).rejects.toEqual(domainError('forbidden'));
  });

  it('reports a disabled module before anything about the input', async () => {
    const w = await loanWorld({ modules: ['people'] });
    await expect(w.withdrawLoan.execute(w.desk, { number: 1, serial: 'CART-001' })).rejects.toEqual(
      domainError('module_disabled'),
    );
  });

  it('rejects bad input with a rejected promise, never a synchronous throw', async () => {
    const w = await loanWorld();
    for (const useCase of [w.returnLoan, w.withdrawLoan, w.restoreLoan]) {
      let pending: Promise<unknown> | undefined;
      expect(() => {
        pending = useCase.execute(w.desk, {});
      }).not.toThrow();
      await expect(pending).rejects.toEqual(domainError('invalid'));
    }
  });
});
