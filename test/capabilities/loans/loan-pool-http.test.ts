/**
 * Keeping the loaner pool over HTTP (issue 12, point 4), on SQLite and on Postgres: loan groups
 * (`GET/POST /api/loan-groups`, `PATCH /api/loan-groups/:id`) and units (`POST /api/loans`,
 * `PATCH /api/loans/:number`). Another school's pool comes first: nothing of it is reachable. Then who
 * may do what, the module switch, input naming the field, refusals that write nothing, the audit
 * entry and event of each change with the user as the actor, and — the point of the tallies and the
 * search index — the inventory's summary and `q` search right after every kind of change, checked
 * against the rows read straight from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, pointersOf, type Reply } from '../../support/rest.js';
import { auditEntries, readTenantData, writeCounts, type TenantData } from '../../support/tenant-data.js';
import {
  consoleClient,
  loanView,
  matches,
  putLoan,
  queryString,
  readLoans,
  signIn,
  summaryOf,
  todayOf,
  type ConsoleUser,
} from '../../support/console.js';

warnIfPostgresSkipped();

const databases: TestDatabase[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(databases)('the loaner pool on %s', (database) => {
  let app: TestApp;
  let tenant: Tenant;
  let data: TenantData;
  let admin: ConsoleUser;
  let desk: ConsoleUser;
  let tech: ConsoleUser;
  let teacher: ConsoleUser;
  let reader: ConsoleUser;

  beforeAll(async () => {
    app = await startApp({ database, env: { LOG_LEVEL: 'warn' } });
    tenant = await app.tenant('alpha', { seed: 'small' });
    await app.tenant('bravo', { seed: 'small' });
    await app.tenant('charlie', { modules: ['people', 'servicedesk'] });
    data = await readTenantData(app.container, 'alpha');
    admin = await signIn(app, 'alpha', { role: 'school-admin', name: 'Alma Admin' });
    desk = await signIn(app, 'alpha', { role: 'loan-desk' });
    tech = await signIn(app, 'alpha', { role: 'technician' });
    teacher = await signIn(app, 'alpha', { role: 'teacher', loanGroupIds: [data.groups[0]!.id] });
    reader = await signIn(app, 'alpha', { role: 'read-only' });
  }, 60_000);
  afterAll(() => app?.close());

  const as = (user: ConsoleUser | undefined) => consoleClient(app, user?.token);
  const call = (user: ConsoleUser | undefined, method: string, path: string, body?: unknown, headers = {}) =>
    as(user).send({ method, path, body, headers });
  const get = (user: ConsoleUser, path: string) => as(user).get(path);
  const post = (user: ConsoleUser, path: string, body: unknown) => as(user).post(path, body);
  const patch = (user: ConsoleUser, path: string, body: unknown) => as(user).patch(path, body);

  /** Everything a pool write could change in a tenant: groups, loans, the next number, audit and events. */
  const poolState = async (t: Tenant) => {
    const rows = await readLoans(app.container, t.slug);
    const next = await app.container.get(UnitOfWork).read((r) => r.tenants.peekNumber(t.id, 'loan'));
    return { groups: rows.groups, loans: rows.loans, next, ...(await writeCounts(app.container, t.id)) };
  };
  const events = (kind: string) =>
    app.container
      .get(UnitOfWork)
      .read(async (r) => (await r.outbox.listAfter(tenant.id, 0, 1_000_000)).filter((e) => e.kind === kind));

  /** Asserts the reply refused with this status and problem type, and the tenant's pool is as it was. */
  async function expectRefused(write: () => Promise<Reply>, status: number, type: string): Promise<Reply> {
    const before = await poolState(tenant);
    const reply = await write();
    expectProblem(reply, status, type);
    expect(await poolState(tenant)).toEqual(before);
    return reply;
  }

  /**
   * The inventory as each user sees it, against the oracle (the rows read from the database, joined to
   * names here): every loan as the view, the summary of the user's pool with the next number, and each
   * search text matching exactly the loans the rules say.
   */
  async function expectInventoryRight(searches: string[], users: [ConsoleUser, string[] | null][]) {
    const { loans } = await readLoans(app.container, 'alpha');
    const today = todayOf(tenant);
    for (const [user, pool] of users) {
      const mine = pool === null ? loans : loans.filter((l) => pool.includes(l.groupId));
      const page = await get(user, '/api/loans/inventory?pageSize=100');
      expect(page.status, page.text).toBe(200);
      expect(page.json.total).toBe(mine.length);
      expect(page.json.loans).toEqual(mine.map((l) => loanView(l, today)));
      expect(page.json.summary).toEqual(summaryOf(loans, pool, today));
      for (const q of searches) {
        const found = await get(user, `/api/loans/inventory${queryString({ q, pageSize: 100 })}`);
        expect(found.status, found.text).toBe(200);
        const expected = mine.filter((l) => matches(l, { q }, today)).map((l) => l.number);
        expect(
          found.json.loans.map((l: { number: number }) => l.number),
          `q=${q}`,
        ).toEqual(expected);
        expect(found.json.total).toBe(expected.length);
      }
    }
  }

  describe('another school’s pool', () => {
    it('is out of reach: its groups and units are not listed, not found, not changed, and its serials are its own', async () => {
      const bravo = await readTenantData(app.container, 'bravo');
      const bAdmin = await signIn(app, 'bravo', { role: 'school-admin' });
      // Bravo gets units numbered above any of alpha's, so a number names one of bravo's only.
      const theirs = await post(bAdmin, '/api/loans', {
        kind: 'IPAD',
        serial: 'BRAVO-ONLY-1',
        groupId: bravo.groups[0]!.id,
      });
      expect(theirs.status, theirs.text).toBe(201);
      const theirNumber = theirs.json.loan.number as number;
      expect(theirNumber).toBeGreaterThan(Math.max(...data.loans.map((l) => l.number)));
      const bBefore = await poolState(bravo.tenant);
      const aBefore = await poolState(tenant);
      const bGroup = bravo.groups[0]!;

      const groups = await get(admin, '/api/loan-groups');
      expect(groups.status).toBe(200);
      expect(groups.json.loanGroups.map((g: { id: string }) => g.id).sort()).toEqual(
        data.groups.map((g) => g.id).sort(),
      );
      expectProblem(await patch(admin, `/api/loan-groups/${bGroup.id}`, { name: 'Taken over' }), 404, 'not-found');
      expectProblem(
        await post(admin, '/api/loans', { kind: 'LAPTOP', serial: 'A-NEW', groupId: bGroup.id }),
        404,
        'not-found',
      );
      expectProblem(await patch(admin, `/api/loans/${theirNumber}`, { serial: 'MINE' }), 404, 'not-found');
      expectProblem(
        await patch(admin, `/api/loans/${data.loans[0]!.number}`, { groupId: bGroup.id }),
        404,
        'not-found',
      );
      const filtered = await get(admin, `/api/loans/inventory?groupId=${bGroup.id}`);
      expect(filtered.json).toMatchObject({ loans: [], total: 0 });
      // A session of alpha naming bravo is refused outright.
      expectProblem(
        await call(admin, 'PATCH', `/api/loan-groups/${bGroup.id}`, { name: 'x' }, { 'x-tenant-slug': 'bravo' }),
        401,
        'unauthorized',
      );
      expect(await poolState(tenant)).toEqual(aBefore);

      // Bravo's serials and group names do not bind alpha: the same serial is free here.
      const same = await post(admin, '/api/loans', {
        kind: 'IPAD',
        serial: 'BRAVO-ONLY-1',
        groupId: data.groups[0]!.id,
      });
      expect(same.status, same.text).toBe(201);
      expect(same.json.loan.number).toBe(aBefore.next);
      const sameName = await post(admin, '/api/loan-groups', { name: bGroup.name + ' (alpha)' });
      expect(sameName.status).toBe(201);
      expect(await poolState(bravo.tenant)).toEqual(bBefore);
    });
  });

  describe('loan groups', () => {
    it('lists the groups by name with their counts; a teacher sees their own groups only', async () => {
      const { loans, groups } = await readLoans(app.container, 'alpha');
      const today = todayOf(tenant);
      const expected = [...groups]
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((g) => {
          const { nextNumber: _, ...counts } = summaryOf(loans, [g.id], today);
          return { id: g.id, name: g.name, loans: counts };
        });
      for (const user of [admin, desk, tech, reader]) {
        const reply = await get(user, '/api/loan-groups');
        expect(reply.status, reply.text).toBe(200);
        expect(reply.json).toEqual({ loanGroups: expected });
      }
      expect((await get(teacher, '/api/loan-groups')).json).toEqual({
        loanGroups: expected.filter((g) => g.id === data.groups[0]!.id),
      });
    });

    it('creates a group (201), audited with the user, no event; the name is unique (409, nothing written)', async () => {
      const eventsBefore = (await writeCounts(app.container, tenant.id)).outbox;
      const reply = await post(desk, '/api/loan-groups', { name: '  Cart South  ' });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.json).toEqual({ loanGroup: { id: expect.any(String), name: 'Cart South' } });
      const id = reply.json.loanGroup.id as string;
      expect((await get(desk, '/api/loan-groups')).json.loanGroups).toContainEqual({
        id,
        name: 'Cart South',
        loans: { total: 0, available: 0, issued: 0, overdue: 0, withoutDueDate: 0 },
      });
      const [entry] = await auditEntries(app.container, tenant.id, 'loan_group.create');
      expect(entry).toMatchObject({
        actor: { type: 'user', id: desk.user.id },
        target: `loan_group:${id}`,
        details: { name: 'Cart South' },
      });
      expect((await writeCounts(app.container, tenant.id)).outbox).toBe(eventsBefore);
      const taken = await expectRefused(() => post(tech, '/api/loan-groups', { name: 'Cart South' }), 409, 'conflict');
      expect(taken.json.detail).toContain('Cart South');
    });

    it('renames a group: its loans carry the new name in the inventory and are found by it, no longer by the old', async () => {
      const group = data.groups[1]!;
      const reply = await patch(tech, `/api/loan-groups/${group.id}`, { name: 'Trolley Zeta' });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json).toEqual({ loanGroup: { id: group.id, name: 'Trolley Zeta' } });
      expect((await auditEntries(app.container, tenant.id, 'loan_group.rename'))[0]).toMatchObject({
        actor: { type: 'user', id: tech.user.id },
        target: `loan_group:${group.id}`,
        details: { from: group.name, to: 'Trolley Zeta' },
      });
      await expectInventoryRight(
        ['Trolley Zeta', 'zeta', group.name],
        [
          [admin, null],
          [teacher, [data.groups[0]!.id]],
        ],
      );
      const found = await get(admin, `/api/loans/inventory${queryString({ q: 'trolley zeta', pageSize: 100 })}`);
      expect(found.json.total).toBe(data.loans.filter((l) => l.groupId === group.id).length);
      expect(found.json.total).toBeGreaterThan(0);
      // Renaming it back to a taken name, or an unknown group, is refused with nothing written.
      await expectRefused(
        () => patch(tech, `/api/loan-groups/${group.id}`, { name: data.groups[0]!.name }),
        409,
        'conflict',
      );
      await expectRefused(() => patch(tech, '/api/loan-groups/no-such-group', { name: 'X' }), 404, 'not-found');
    });
    it('withdraws a whole group and restores it: each unit audited with its event, those out on loan left alone', async () => {
      // A group of its own: three in the pool, one out on loan, one already withdrawn.
      const made = await post(admin, '/api/loan-groups', { name: 'Summer Cart' });
      expect(made.status, made.text).toBe(201);
      const groupId = made.json.loanGroup.id as string;
      const added = await post(admin, `/api/loan-groups/${groupId}/loans`, {
        kind: 'LAPTOP',
        serials: ['SUM-1', 'SUM-2', 'SUM-3', 'SUM-4', 'SUM-5'],
      });
      expect(added.status, added.text).toBe(201);
      const [n1, n2, n3, n4, n5] = added.json.loans.map((l: { number: number }) => l.number) as number[];
      await putLoan(app.container, tenant.id, n4!, { status: 'ISSUED', holderId: data.people[0]!.id });
      expect((await post(desk, `/api/loans/${n5}/withdraw`, {})).status).toBe(200);

      const before = await poolState(tenant);
      const out = await post(admin, `/api/loan-groups/${groupId}/withdraw`, {});
      expect(out.status, out.text).toBe(200);
      expect(out.json).toEqual({
        loanGroup: { id: groupId, name: 'Summer Cart' },
        changed: [n1, n2, n3],
        outOnLoan: [n4],
        keptForRepair: [],
      });
      const statusOf = async () =>
        Object.fromEntries(
          (await readLoans(app.container, 'alpha')).loans
            .filter((l) => l.groupId === groupId)
            .map((l) => [l.number, l.status]),
        );
      expect(await statusOf()).toEqual({
        [n1!]: 'UNAVAILABLE',
        [n2!]: 'UNAVAILABLE',
        [n3!]: 'UNAVAILABLE',
        [n4!]: 'ISSUED',
        [n5!]: 'UNAVAILABLE',
      });
      const after = await poolState(tenant);
      expect(after.audit - before.audit).toBe(3);
      expect(after.outbox - before.outbox).toBe(3);
      const withdrawn = (await auditEntries(app.container, tenant.id, 'loan.withdraw')).filter((e) =>
        [n1, n2, n3].some((n) => e.target === `loan:${n}`),
      );
      expect(withdrawn).toHaveLength(3);
      for (const e of withdrawn) {
        expect(e).toMatchObject({
          actor: { type: 'user', id: admin.user.id },
          details: { from: 'AVAILABLE', to: 'UNAVAILABLE', groupId },
        });
      }
      expect(
        (await events('loan.withdrawn')).slice(-3).map((e) => (e.payload as { loan: { number: number } }).loan.number),
      ).toEqual([n1, n2, n3]);
      // The tallies follow: the inventory counts none of the group as available.
      await expectInventoryRight([], [[admin, null]]);

      // A repair in hand keeps its loaner out when the group comes back.
      const repair = await post(tech, '/api/submissions', { serial: 'SUM-2', description: 'Hinge' });
      expect(repair.status, repair.text).toBe(201);
      const inRepair = await post(tech, `/api/submissions/${repair.json.submission.id}/status`, {
        status: 'IN_REPAIR',
      });
      expect(inRepair.status, inRepair.text).toBe(200);
      const back = await post(admin, `/api/loan-groups/${groupId}/restore`, {});
      expect(back.status, back.text).toBe(200);
      expect(back.json).toMatchObject({ changed: [n1, n3, n5], outOnLoan: [n4], keptForRepair: [n2] });
      expect(await statusOf()).toEqual({
        [n1!]: 'AVAILABLE',
        [n2!]: 'UNAVAILABLE',
        [n3!]: 'AVAILABLE',
        [n4!]: 'ISSUED',
        [n5!]: 'AVAILABLE',
      });
      // Nothing left to move is not an error.
      const again = await post(admin, `/api/loan-groups/${groupId}/restore`, {});
      expect(again.json).toMatchObject({ changed: [], keptForRepair: [n2] });

      // Another school's group is not found; nobody without loan.manage may; nothing is written.
      const bravo = await readTenantData(app.container, 'bravo');
      await expectRefused(() => post(admin, `/api/loan-groups/${bravo.groups[0]!.id}/withdraw`, {}), 404, 'not-found');
      for (const user of [teacher, reader]) {
        await expectRefused(() => post(user, `/api/loan-groups/${groupId}/withdraw`, {}), 403, 'forbidden');
      }
      expect((await readLoans(app.container, 'bravo')).loans.every((l, i) => l.status === bravo.loans[i]!.status)).toBe(
        true,
      );
    });
  });

  describe('units', () => {
    it('adds a unit with the next number (201) and a loan.created event; summary and search follow', async () => {
      const before = await poolState(tenant);
      const group = data.groups[2]!;
      const reply = await post(desk, '/api/loans', { kind: 'LAPTOP', serial: 'NEW-SERIAL-777', groupId: group.id });
      expect(reply.status, reply.text).toBe(201);
      const number = before.next;
      expect(reply.json.loan).toEqual({
        id: expect.any(String),
        number,
        kind: 'LAPTOP',
        serial: 'NEW-SERIAL-777',
        groupId: group.id,
        groupName: expect.any(String),
        status: 'AVAILABLE',
        holder: null,
        userGroup: null,
        issuedAt: null,
        dueDate: null,
        overdue: false,
      });
      expect((await auditEntries(app.container, tenant.id, 'loan.create'))[0]).toMatchObject({
        actor: { type: 'user', id: desk.user.id },
        target: `loan:${number}`,
        details: { kind: 'LAPTOP', serial: 'NEW-SERIAL-777', groupId: group.id },
      });
      expect((await events('loan.created')).at(-1)?.payload).toEqual({
        loan: {
          id: reply.json.loan.id,
          number,
          serial: 'NEW-SERIAL-777',
          kind: 'LAPTOP',
          groupId: group.id,
          status: 'AVAILABLE',
          holderId: null,
          dueDate: null,
        },
      });
      await expectInventoryRight(['new-serial-7', String(number)], [[admin, null]]);
      expect((await get(admin, '/api/loans/inventory')).json.summary.nextNumber).toBe(number + 1);
    });

    it('adds a cart of 30 at once, numbered in order, each audited with its event; or none of them', async () => {
      const made = await post(admin, '/api/loan-groups', { name: 'Cart 30' });
      expect(made.status, made.text).toBe(201);
      const group = made.json.loanGroup;
      const serials = Array.from({ length: 30 }, (_, i) => `C30-${String(i + 1).padStart(2, '0')}`);
      const before = await poolState(tenant);

      // One serial the school has already (line 5), and one given twice (line 9): refused, nothing written.
      const taken = before.loans[0]!.serial;
      const clash = await post(desk, `/api/loan-groups/${group.id}/loans`, {
        kind: 'IPAD',
        serials: serials.map((s, i) => (i === 4 ? taken : s)),
      });
      expectProblem(clash, 409, 'conflict');
      expect(clash.json.detail).toContain(`${taken} (line 5) is loaner ${before.loans[0]!.number}`);
      const twice = await post(desk, `/api/loan-groups/${group.id}/loans`, {
        kind: 'IPAD',
        serials: serials.map((s, i) => (i === 8 ? serials[2] : s)),
      });
      expectProblem(twice, 400, 'invalid-input');
      expect(pointersOf(twice)).toEqual(['/serials/8']);
      expectProblem(
        await post(desk, `/api/loan-groups/${group.id}/loans`, { kind: 'IPAD', serials: [] }),
        400,
        'invalid-input',
      );
      expect(await poolState(tenant)).toEqual(before);

      const added = await post(desk, `/api/loan-groups/${group.id}/loans`, { kind: 'IPAD', serials });
      expect(added.status, added.text).toBe(201);
      const numbers = Array.from({ length: 30 }, (_, i) => before.next + i);
      expect(added.json.loans.map((l: { number: number; serial: string }) => [l.number, l.serial])).toEqual(
        numbers.map((n, i) => [n, serials[i]]),
      );
      const after = await readLoans(app.container, tenant.slug);
      const stored = after.loans.filter((l) => l.groupId === group.id);
      expect(
        stored.map((l) => [l.number, l.serial, l.kind, l.status]).sort((a, b) => Number(a[0]) - Number(b[0])),
      ).toEqual(numbers.map((n, i) => [n, serials[i], 'IPAD', 'AVAILABLE']));
      const audited = (await auditEntries(app.container, tenant.id, 'loan.create')).filter((a) =>
        numbers.some((n) => a.target === `loan:${n}`),
      );
      expect(audited).toHaveLength(30);
      expect(audited.every((a) => a.actor.id === desk.user.id)).toBe(true);
      const created = (await events('loan.created')).filter((e) => (e.payload as any).loan.groupId === group.id);
      expect(created).toHaveLength(30);
      expect((await get(admin, '/api/loans/inventory')).json.summary.nextNumber).toBe(before.next + 30);
      // Another school's group is not found; a teacher may not add.
      const bravo = (await readLoans(app.container, 'bravo')).groups[0]!;
      expectProblem(
        await post(desk, `/api/loan-groups/${bravo.id}/loans`, { kind: 'IPAD', serials: ['X-1'] }),
        404,
        'not-found',
      );
      expectProblem(
        await post(teacher, `/api/loan-groups/${group.id}/loans`, { kind: 'IPAD', serials: ['X-1'] }),
        403,
        'forbidden',
      );
    });

    it('moves a unit to another group and changes its serial: the summary of each pool and the search follow', async () => {
      const [mine, elsewhere] = [data.groups[0]!, data.groups[2]!];
      const unit = (await readLoans(app.container, 'alpha')).loans.find(
        (l) => l.groupId === elsewhere.id && l.status === 'AVAILABLE',
      )!;
      const moved = await patch(desk, `/api/loans/${unit.number}`, { groupId: mine.id });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.json.loan).toMatchObject({ number: unit.number, groupId: mine.id, groupName: mine.name });
      await expectInventoryRight(
        [unit.serial, mine.name],
        [
          [admin, null],
          [teacher, [mine.id]],
        ],
      );
      const relabelled = await patch(tech, `/api/loans/${unit.number}`, { serial: 'RELABEL-4242' });
      expect(relabelled.status, relabelled.text).toBe(200);
      await expectInventoryRight(
        ['relabel-42', unit.serial],
        [
          [admin, null],
          [teacher, [mine.id]],
        ],
      );
      const entries = await auditEntries(app.container, tenant.id, 'loan.update');
      expect(entries.slice(0, 2).map((e) => [e.actor.id, e.target, e.details])).toEqual([
        [tech.user.id, `loan:${unit.number}`, { from: { serial: unit.serial }, to: { serial: 'RELABEL-4242' } }],
        [desk.user.id, `loan:${unit.number}`, { from: { groupId: elsewhere.id }, to: { groupId: mine.id } }],
      ]);
      expect((await events('loan.updated')).slice(-2).map((e) => e.payload)).toEqual([
        { loan: expect.objectContaining({ number: unit.number, groupId: mine.id, serial: unit.serial }) },
        { loan: expect.objectContaining({ number: unit.number, groupId: mine.id, serial: 'RELABEL-4242' }) },
      ]);
    });

    it('refuses an ISSUED unit, a serial another unit has, an unknown group or number: 409/404, nothing written', async () => {
      const { loans } = await readLoans(app.container, 'alpha');
      const available = loans.find((l) => l.status === 'AVAILABLE')!;
      const holder = data.pupils[0]!;
      const out = loans.find((l) => l.status === 'AVAILABLE' && l.number !== available.number)!;
      await putLoan(app.container, tenant.id, out.number, { status: 'ISSUED', holderId: holder.id });
      const issued = await expectRefused(
        () => patch(desk, `/api/loans/${out.number}`, { groupId: data.groups[1]!.id }),
        409,
        'conflict',
      );
      expect(issued.json.detail).toContain('is out on loan');
      await expectRefused(() => patch(desk, `/api/loans/${available.number}`, { serial: out.serial }), 409, 'conflict');
      const dup = await expectRefused(
        () => post(desk, '/api/loans', { kind: 'IPAD', serial: available.serial, groupId: data.groups[0]!.id }),
        409,
        'conflict',
      );
      expect(dup.json.detail).toContain(`loaner ${available.number}`);
      await expectRefused(
        () => post(desk, '/api/loans', { kind: 'IPAD', serial: 'FRESH-1', groupId: 'no-such-group' }),
        404,
        'not-found',
      );
      await expectRefused(() => patch(desk, `/api/loans/${available.number}`, { groupId: 'nope' }), 404, 'not-found');
      await expectRefused(() => patch(desk, '/api/loans/999999', { serial: 'X' }), 404, 'not-found');
      // Asking for what it already is changes nothing, even for an ISSUED unit.
      const before = await poolState(tenant);
      const same = await patch(desk, `/api/loans/${out.number}`, { serial: out.serial, groupId: out.groupId });
      expect(same.status, same.text).toBe(200);
      expect(same.json.loan).toMatchObject({ number: out.number, status: 'ISSUED', holder: { id: holder.id } });
      expect(await poolState(tenant)).toEqual(before);
    });

    it('names each bad field (400), before anything is looked up', async () => {
      const number = data.loans[0]!.number;
      const bad = async (reply: Promise<Reply>, pointers: string[]) => {
        const r = await expectRefused(() => reply, 400, 'invalid-input');
        expect(pointersOf(r).sort()).toEqual(pointers.sort());
      };
      await bad(post(desk, '/api/loans', { kind: 'PHONE', serial: '', groupId: 5 }), ['/kind', '/serial', '/groupId']);
      await bad(post(desk, '/api/loans', { kind: 'IPAD', serial: 'S', groupId: 'g', status: 'ISSUED' }), ['/status']);
      await bad(post(desk, '/api/loans', {}), ['/kind', '/serial', '/groupId']);
      await bad(post(desk, '/api/loans', [1, 2]), ['/body']);
      await bad(patch(desk, '/api/loans/abc', { serial: 'X' }), ['/number']);
      await bad(patch(desk, '/api/loans/0', { serial: 'X' }), ['/number']);
      await bad(patch(desk, `/api/loans/${number}`, {}), ['']);
      await bad(patch(desk, `/api/loans/${number}`, { kind: 'IPAD' }), ['/kind']);
      await bad(patch(desk, `/api/loans/${number}`, { serial: 'a\u0000b' }), ['/serial']);
      await bad(post(desk, '/api/loan-groups', { name: '' }), ['/name']);
      await bad(post(desk, '/api/loan-groups', { name: 'x'.repeat(101) }), ['/name']);
      await bad(patch(desk, `/api/loan-groups/${data.groups[0]!.id}`, {}), ['/name']);
    });
  });

  describe('who may', () => {
    it('lets loan.manage write (loan desk, technician, administrator); teachers and read-only users get 403', async () => {
      const group = data.groups[0]!;
      const number = data.loans[0]!.number;
      for (const user of [teacher, reader]) {
        await expectRefused(() => post(user, '/api/loan-groups', { name: 'Nope' }), 403, 'forbidden');
        await expectRefused(() => patch(user, `/api/loan-groups/${group.id}`, { name: 'Nope' }), 403, 'forbidden');
        await expectRefused(
          () => post(user, '/api/loans', { kind: 'IPAD', serial: 'NOPE', groupId: group.id }),
          403,
          'forbidden',
        );
        // Permission before input: even a malformed request learns only that it may not.
        await expectRefused(() => patch(user, '/api/loans/abc', { kind: 1 }), 403, 'forbidden');
      }
      const made = await post(admin, '/api/loans', { kind: 'IPAD', serial: 'BY-ADMIN', groupId: group.id });
      expect(made.status).toBe(201);
      expect((await auditEntries(app.container, tenant.id, 'loan.create'))[0]?.actor).toEqual({
        type: 'user',
        id: admin.user.id,
      });
      expect((await patch(tech, `/api/loans/${number}`, { groupId: group.id })).status).toBe(200);
    });

    it('answers 401 without a session, 404 when the loans module is off, 403 to a foreign origin', async () => {
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/loan-groups'],
        ['POST', '/api/loan-groups', { name: 'X' }],
        ['PATCH', `/api/loan-groups/${data.groups[0]!.id}`, { name: 'X' }],
        ['POST', '/api/loans', { kind: 'IPAD', serial: 'X', groupId: data.groups[0]!.id }],
        ['PATCH', '/api/loans/1', { serial: 'X' }],
      ];
      const charlie = await signIn(app, 'charlie', { role: 'school-admin' });
      for (const [method, path, body] of routes) {
        expectProblem(await call(undefined, method, path, body), 401, 'unauthorized');
        expectProblem(await call(charlie, method, path, body), 404, 'module-disabled');
      }
      for (const [method, path, body] of routes.slice(1)) {
        await expectRefused(
          () => call(admin, method, path, body, { origin: 'https://evil.example' }),
          403,
          'forbidden',
        );
      }
    });
  });
});
