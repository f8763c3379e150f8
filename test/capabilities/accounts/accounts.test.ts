/**
 * Pupils' accounts (issue 23 §4) through the console API, on both databases: charges, payments and
 * waivers and the balance they make; insurance cover reducing a charge, the claims limit, and two
 * charges racing for the last claim; bad input (400 naming the field), another school's ids (404),
 * the permission (403), the audit entries and events stored, and who owes what as a list and CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { priceCharge } from '../../../src/domain/accounts/insurance.js';
import type { Person } from '../../../src/domain/people/person.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { aDevice, aGroup, aLoan, aPerson, aSubmission } from '../../support/builders.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, pointersOf } from '../../support/rest.js';
import { auditEntries } from '../../support/tenant-data.js';
import { consoleClient, signIn, type ConsoleClient } from '../../support/console.js';

warnIfPostgresSkipped();

describe('pricing a charge under insurance cover', () => {
  const cover = {
    personId: 'p',
    schoolYear: '2026-2027',
    plan: 'Gold',
    recordedBy: 'u',
    recordedAt: '2026-09-01T00:00:00Z',
  };
  const terms = { deductibleMinor: 2_500, claimsPerYear: 2 };
  it('takes a claim down to the deductible, charges in full without cover or beyond the claims, and spends no claim on a small charge', () => {
    expect(priceCharge(10_000, cover, 1, terms, '2026-2027')).toEqual({
      amountMinor: 2_500,
      grossMinor: 10_000,
      coveredMinor: 7_500,
      plan: 'Gold',
      claimYear: '2026-2027',
      cover: 'claim',
    });
    expect(priceCharge(10_000, null, 0, terms, '2026-2027')).toMatchObject({
      amountMinor: 10_000,
      plan: null,
      cover: 'none',
    });
    expect(priceCharge(10_000, cover, 2, terms, '2026-2027')).toMatchObject({
      amountMinor: 10_000,
      coveredMinor: 0,
      plan: 'Gold',
      claimYear: null,
      cover: 'no_claims_left',
    });
    expect(priceCharge(2_500, cover, 0, terms, '2026-2027')).toMatchObject({
      amountMinor: 2_500,
      claimYear: null,
      cover: 'none',
    });
    expect(priceCharge(10_000, cover, 0, { deductibleMinor: 0, claimsPerYear: 0 }, '2026-2027').cover).toBe(
      'no_claims_left',
    );
    expect(priceCharge(10_000, cover, 0, { deductibleMinor: 0, claimsPerYear: 1 }, '2026-2027')).toMatchObject({
      amountMinor: 0,
      coveredMinor: 10_000,
    });
  });
});

describe.each<TestDatabase>(['sqlite', 'postgres'])('pupils’ accounts on %s', (database) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('through the console API', () => {
    let app: TestApp;
    let tenant: Tenant;
    let other: Tenant;
    let admin: ConsoleClient;
    let adminId: string;
    let technician: ConsoleClient;
    let otherAdmin: ConsoleClient;
    let loanDesk: ConsoleClient;
    let otherPupil: Person;
    let otherSubmissionId: string;
    let otherLoanNumber: number;

    const uow = () => app.container.get(UnitOfWork);
    /** A pupil of this school (or staff), stored directly. */
    async function pupil(o: Partial<Person> = {}, t: Tenant = tenant): Promise<Person> {
      const p = aPerson({ userGroup: '9C', ...o });
      await uow().transaction((r) => r.people.insertMany(t.id, [p]));
      return p;
    }
    const charge = (c: ConsoleClient, personId: string, body: unknown) =>
      c.post(`/api/people/${personId}/charges`, body);
    const account = async (personId: string) => {
      const reply = await admin.get(`/api/people/${personId}/account`);
      expect(reply.status, reply.text).toBe(200);
      return reply.json;
    };
    const setInsurance = async (deductibleMinor: number, claimsPerYear: number) => {
      const reply = await admin.send({
        method: 'PUT',
        path: '/api/settings/insurance',
        body: { deductibleMinor, claimsPerYear },
      });
      expect(reply.status, reply.text).toBe(200);
    };
    const thisYear = async () => (await account((await pupil()).id)).schoolYear as string;

    beforeAll(async () => {
      app = await startApp({ database, env: { LOG_LEVEL: 'warn' } });
      tenant = await app.tenant('acct-a');
      other = await app.tenant('acct-b');
      const a = await signIn(app, 'acct-a', { role: 'school-admin' });
      admin = consoleClient(app, a.token);
      adminId = a.user.id;
      technician = consoleClient(app, (await signIn(app, 'acct-a', { role: 'technician' })).token);
      loanDesk = consoleClient(app, (await signIn(app, 'acct-a', { role: 'loan-desk' })).token);
      otherAdmin = consoleClient(app, (await signIn(app, 'acct-b', { role: 'school-admin' })).token);
      otherPupil = await pupil({}, other);
      const submission = aSubmission();
      const group = aGroup();
      const loan = aLoan(group.id);
      await uow().transaction(async (r) => {
        await r.submissions.insertMany(other.id, [submission]);
        await r.loanGroups.insertMany(other.id, [group]);
        await r.loans.insertMany(other.id, [loan]);
      });
      otherSubmissionId = submission.id;
      otherLoanNumber = loan.number;
    });
    afterAll(() => app?.close());

    it('charges, payments and waivers make the balance; the account lists them newest first', async () => {
      const pia = await pupil({ name: 'Pia Pupil' });
      const group = aGroup();
      const loan = aLoan(group.id, {
        status: 'ISSUED',
        holderId: pia.id,
        userGroup: '9C',
        issuedAt: '2026-09-01T08:00:00.000Z',
      });
      const device = aDevice({ status: 'IN_USE', assignedPersonId: pia.id });
      const repair = aSubmission({ serial: device.serial });
      await uow().transaction(async (r) => {
        await r.loanGroups.insertMany(tenant.id, [group]);
        await r.loans.insertMany(tenant.id, [loan]);
        await r.devices.insertMany(tenant.id, [device]);
        await r.submissions.insertMany(tenant.id, [repair]);
      });

      const screen = await charge(admin, pia.id, {
        amountMinor: 12_000,
        reason: 'Cracked screen',
        submissionId: repair.id,
      });
      expect(screen.status, screen.text).toBe(201);
      expect(screen.json).toMatchObject({
        balanceMinor: 12_000,
        cover: 'none',
        entry: { kind: 'charge', amountMinor: 12_000, grossMinor: 12_000, coveredMinor: 0, submissionId: repair.id },
      });
      const lost = await charge(technician, pia.id, {
        amountMinor: 3_000,
        reason: 'Lost charger',
        loanNumber: loan.number,
      });
      expect(lost.status, lost.text).toBe(201);
      expect(lost.json.balanceMinor).toBe(15_000);

      const paid = await admin.post(`/api/people/${pia.id}/payments`, {
        amountMinor: 5_000,
        method: 'card',
        reference: 'R-17',
      });
      expect(paid.status, paid.text).toBe(201);
      expect(paid.json).toMatchObject({
        balanceMinor: 10_000,
        entry: { kind: 'payment', method: 'card', reference: 'R-17' },
      });
      const waived = await admin.post(`/api/people/${pia.id}/waivers`, {
        amountMinor: 1_000,
        reason: 'Charger was faulty',
        chargeId: lost.json.entry.id,
      });
      expect(waived.status, waived.text).toBe(201);
      expect(waived.json.balanceMinor).toBe(9_000);

      const acct = await account(pia.id);
      expect(acct.balanceMinor).toBe(9_000);
      expect(acct.currency).toBe(tenant.currency);
      expect(acct.entries.map((e: { kind: string }) => e.kind)).toEqual(['waiver', 'payment', 'charge', 'charge']);
      expect(acct.entries[0]).toMatchObject({ chargeId: lost.json.entry.id, recordedBy: adminId });
      expect(acct.coverage).toBeNull();

      // Never more than what is owed, nor than what is left of the charge; said in the school's money.
      const over = await admin.post(`/api/people/${pia.id}/payments`, { amountMinor: 9_001, method: 'cash' });
      expectProblem(over, 409, 'conflict');
      const owed = new Intl.NumberFormat('en-GB', { style: 'currency', currency: tenant.currency }).format(90);
      expect(over.json.detail).toBe(`the balance owed is ${owed}: a payment may not be more than what is owed`);
      expectProblem(
        await admin.post(`/api/people/${pia.id}/waivers`, {
          amountMinor: 2_001,
          reason: 'x',
          chargeId: lost.json.entry.id,
        }),
        409,
        'conflict',
      );
      expectProblem(
        await admin.post(`/api/people/${pia.id}/waivers`, { amountMinor: 9_001, reason: 'x' }),
        409,
        'conflict',
      );
      // A payment's id is no charge to waive.
      expectProblem(
        await admin.post(`/api/people/${pia.id}/waivers`, {
          amountMinor: 1,
          reason: 'x',
          chargeId: paid.json.entry.id,
        }),
        404,
        'not-found',
      );
      const settle = await admin.post(`/api/people/${pia.id}/payments`, { amountMinor: 9_000, method: 'cash' });
      expect(settle.json.balanceMinor).toBe(0);
      expect((await account(pia.id)).balanceMinor).toBe(0);

      // Audited, and the events are thin: ids and amounts, no name.
      const [created] = await auditEntries(app.container, tenant.id, 'charge.create');
      expect(created).toMatchObject({
        target: `person:${pia.id}`,
        details: { chargeId: lost.json.entry.id, amountMinor: 3_000 },
      });
      expect(await auditEntries(app.container, tenant.id, 'payment.record')).toHaveLength(2);
      const [waiver] = await auditEntries(app.container, tenant.id, 'waiver.record');
      expect(waiver).toMatchObject({ details: { amountMinor: 1_000, chargeId: lost.json.entry.id } });
      const events = await uow().read((r) =>
        r.outbox.listAfter(tenant.id, 0, 1_000, ['charge.created', 'payment.recorded']),
      );
      const mine = events.filter((e) => (e.payload as { person: { id: string } }).person.id === pia.id);
      expect(mine.map((e) => e.kind)).toEqual([
        'charge.created',
        'charge.created',
        'payment.recorded',
        'payment.recorded',
      ]);
      expect(mine[0]!.payload).toEqual({
        entry: {
          id: screen.json.entry.id,
          kind: 'charge',
          amountMinor: 12_000,
          grossMinor: 12_000,
          coveredMinor: 0,
          claim: false,
          submissionId: repair.id,
          loanNumber: null,
        },
        person: { id: pia.id },
      });
      expect(JSON.stringify(mine)).not.toContain('Pia');
    });

    it('refuses a repair of a device someone else holds, and charges or cover for staff', async () => {
      const pia = await pupil();
      const sam = await pupil();
      const teacher = await pupil({ kind: 'STAFF' });
      const device = aDevice({ status: 'IN_USE', assignedPersonId: sam.id });
      const samsRepair = aSubmission({ serial: device.serial });
      const reported = aSubmission({ serial: device.serial, reporterId: pia.id });
      const unknown = aSubmission({ serial: 'NOT-IN-THE-REGISTER' });
      await uow().transaction(async (r) => {
        await r.devices.insertMany(tenant.id, [device]);
        await r.submissions.insertMany(tenant.id, [samsRepair, reported, unknown]);
      });
      expectProblem(
        await charge(admin, pia.id, { amountMinor: 100, reason: 'x', submissionId: samsRepair.id }),
        409,
        'conflict',
      );
      expect((await charge(admin, pia.id, { amountMinor: 100, reason: 'x', submissionId: reported.id })).status).toBe(
        201,
      );
      expect((await charge(admin, pia.id, { amountMinor: 100, reason: 'x', submissionId: unknown.id })).status).toBe(
        201,
      );
      expectProblem(await charge(admin, teacher.id, { amountMinor: 100, reason: 'x' }), 409, 'conflict');
      expectProblem(
        await admin.send({
          method: 'PUT',
          path: `/api/people/${teacher.id}/coverage`,
          body: { plan: 'Gold', schoolYear: '2026-2027' },
        }),
        409,
        'conflict',
      );
    });

    it('cover reduces a charge to the deductible while claims are left, then charges in full', async () => {
      await setInsurance(2_500, 2);
      const year = await thisYear();
      const pia = await pupil();
      const put = await admin.send({
        method: 'PUT',
        path: `/api/people/${pia.id}/coverage`,
        body: { plan: 'Gold', schoolYear: year },
      });
      expect(put.status, put.text).toBe(200);
      expect(put.json.coverage).toMatchObject({
        personId: pia.id,
        plan: 'Gold',
        schoolYear: year,
        recordedBy: adminId,
      });

      const first = await charge(admin, pia.id, { amountMinor: 10_000, reason: 'Screen' });
      expect(first.json).toMatchObject({
        cover: 'claim',
        entry: { amountMinor: 2_500, grossMinor: 10_000, coveredMinor: 7_500, plan: 'Gold', claimYear: year },
      });
      // No larger than the deductible: the insurer would pay nothing, so no claim is used.
      const small = await charge(admin, pia.id, { amountMinor: 1_000, reason: 'Stylus' });
      expect(small.json).toMatchObject({
        cover: 'none',
        entry: { amountMinor: 1_000, coveredMinor: 0, claimYear: null },
      });
      const second = await charge(admin, pia.id, { amountMinor: 8_000, reason: 'Keyboard' });
      expect(second.json).toMatchObject({ cover: 'claim', entry: { amountMinor: 2_500, coveredMinor: 5_500 } });
      const third = await charge(admin, pia.id, { amountMinor: 8_000, reason: 'Hinge' });
      expect(third.json).toMatchObject({
        cover: 'no_claims_left',
        entry: { amountMinor: 8_000, grossMinor: 8_000, coveredMinor: 0, plan: 'Gold', claimYear: null },
      });
      const acct = await account(pia.id);
      expect(acct.balanceMinor).toBe(2_500 + 1_000 + 2_500 + 8_000);
      expect(acct.coverage).toMatchObject({ plan: 'Gold', schoolYear: year });
      expect(acct.insurance).toEqual({ deductibleMinor: 2_500, claimsPerYear: 2, claimsUsed: 2 });

      // Cover for another year does not count this year; removing it ends it (audited), twice is 404.
      const sam = await pupil();
      const next = `${Number(year.slice(5))}-${Number(year.slice(5)) + 1}`;
      await admin.send({
        method: 'PUT',
        path: `/api/people/${sam.id}/coverage`,
        body: { plan: 'Gold', schoolYear: next },
      });
      expect((await charge(admin, sam.id, { amountMinor: 10_000, reason: 'Screen' })).json.cover).toBe('none');
      const removed = await admin.send({ method: 'DELETE', path: `/api/people/${pia.id}/coverage?schoolYear=${year}` });
      expect(removed.status, removed.text).toBe(204);
      expect((await account(pia.id)).coverage).toBeNull();
      expectProblem(
        await admin.send({ method: 'DELETE', path: `/api/people/${pia.id}/coverage?schoolYear=${year}` }),
        404,
        'not-found',
      );
      expect((await auditEntries(app.container, tenant.id, 'coverage.set')).length).toBeGreaterThanOrEqual(2);
      const [gone] = await auditEntries(app.container, tenant.id, 'coverage.remove');
      expect(gone).toMatchObject({ target: `person:${pia.id}`, details: { schoolYear: year, plan: 'Gold' } });
    });

    it('lets only one of several simultaneous charges use the last claim', async () => {
      await setInsurance(1_000, 1);
      const year = await thisYear();
      for (let round = 0; round < 5; round++) {
        const pia = await pupil();
        await admin.send({
          method: 'PUT',
          path: `/api/people/${pia.id}/coverage`,
          body: { plan: 'Gold', schoolYear: year },
        });
        const replies = await Promise.all(
          Array.from({ length: 4 }, () => charge(admin, pia.id, { amountMinor: 5_000, reason: 'Screen' })),
        );
        expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201]);
        expect(replies.filter((r) => r.json.cover === 'claim')).toHaveLength(1);
        const acct = await account(pia.id);
        expect(acct.insurance.claimsUsed).toBe(1);
        expect(acct.balanceMinor).toBe(1_000 + 3 * 5_000);
      }
    });

    it('refuses bad input naming the field, and writes nothing', async () => {
      const pia = await pupil();
      const cases: [string, unknown, string][] = [
        ['charges', { amountMinor: 0, reason: 'x' }, 'amountMinor'],
        ['charges', { amountMinor: 1.5, reason: 'x' }, 'amountMinor'],
        ['charges', { amountMinor: '100', reason: 'x' }, 'amountMinor'],
        ['charges', { amountMinor: 1_000_000_001, reason: 'x' }, 'amountMinor'],
        ['charges', { amountMinor: 100 }, 'reason'],
        ['charges', { amountMinor: 100, reason: '   ' }, 'reason'],
        ['charges', { amountMinor: 100, reason: 'x', loanNumber: 0 }, 'loanNumber'],
        ['charges', { amountMinor: 100, reason: 'x', colour: 'red' }, 'colour'],
        ['payments', { amountMinor: 100, method: 'bitcoin' }, 'method'],
        ['payments', { amountMinor: -5, method: 'cash' }, 'amountMinor'],
        ['payments', { amountMinor: 100, method: 'cash', reference: '' }, 'reference'],
        ['waivers', { amountMinor: 100 }, 'reason'],
        ['waivers', { amountMinor: 100, reason: 'x', chargeId: '' }, 'chargeId'],
      ];
      for (const [what, body, field] of cases) {
        const reply = await admin.post(`/api/people/${pia.id}/${what}`, body);
        expectProblem(reply, 400, 'invalid-input');
        expect(pointersOf(reply), `${what} ${JSON.stringify(body)}`).toContain(`/${field}`);
      }
      for (const [body, field] of [
        [{ plan: 'Gold', schoolYear: '2026-2028' }, 'schoolYear'],
        [{ plan: 'Gold', schoolYear: '2026/2027' }, 'schoolYear'],
        [{ plan: '', schoolYear: '2026-2027' }, 'plan'],
      ] as const) {
        const reply = await admin.send({ method: 'PUT', path: `/api/people/${pia.id}/coverage`, body });
        expectProblem(reply, 400, 'invalid-input');
        expect(pointersOf(reply)).toContain(`/${field}`);
      }
      const badYear = await admin.send({ method: 'DELETE', path: `/api/people/${pia.id}/coverage?schoolYear=next` });
      expectProblem(badYear, 400, 'invalid-input');
      expect(pointersOf(badYear)).toContain('/schoolYear');
      for (const [query, field] of [
        ['outstanding=false', 'outstanding'],
        ['pageSize=500', 'pageSize'],
        ['page=0', 'page'],
      ] as const) {
        const reply = await admin.get(`/api/charges?${query}`);
        expectProblem(reply, 400, 'invalid-input');
        expect(pointersOf(reply)).toContain(`/${field}`);
      }
      const insurance = await admin.send({
        method: 'PUT',
        path: '/api/settings/insurance',
        body: { deductibleMinor: -1 },
      });
      expectProblem(insurance, 400, 'invalid-input');
      expect(pointersOf(insurance)).toContain('/deductibleMinor');
      expect((await account(pia.id)).entries).toEqual([]);
    });

    it('answers 404 for another school’s person, repair, loan and charge', async () => {
      const pia = await pupil();
      expectProblem(await admin.get(`/api/people/${otherPupil.id}/account`), 404, 'not-found');
      expectProblem(await charge(admin, otherPupil.id, { amountMinor: 100, reason: 'x' }), 404, 'not-found');
      expectProblem(
        await admin.post(`/api/people/${otherPupil.id}/payments`, { amountMinor: 1, method: 'cash' }),
        404,
        'not-found',
      );
      expectProblem(
        await admin.post(`/api/people/${otherPupil.id}/waivers`, { amountMinor: 1, reason: 'x' }),
        404,
        'not-found',
      );
      expectProblem(
        await admin.send({
          method: 'PUT',
          path: `/api/people/${otherPupil.id}/coverage`,
          body: { plan: 'G', schoolYear: '2026-2027' },
        }),
        404,
        'not-found',
      );
      expectProblem(
        await admin.send({ method: 'DELETE', path: `/api/people/${otherPupil.id}/coverage?schoolYear=2026-2027` }),
        404,
        'not-found',
      );
      expectProblem(
        await charge(admin, pia.id, { amountMinor: 100, reason: 'x', submissionId: otherSubmissionId }),
        404,
        'not-found',
      );
      expectProblem(
        await charge(admin, pia.id, { amountMinor: 100, reason: 'x', loanNumber: otherLoanNumber + 100_000 }),
        404,
        'not-found',
      );

      // Another school's charge, against this school's pupil who owes something.
      const theirs = await charge(otherAdmin, otherPupil.id, { amountMinor: 500, reason: 'x' });
      expect(theirs.status, theirs.text).toBe(201);
      await charge(admin, pia.id, { amountMinor: 500, reason: 'x' });
      expectProblem(
        await admin.post(`/api/people/${pia.id}/waivers`, {
          amountMinor: 1,
          reason: 'x',
          chargeId: theirs.json.entry.id,
        }),
        404,
        'not-found',
      );
      // Nor does the other school see this school's debtors.
      const list = await otherAdmin.get('/api/charges?outstanding=true');
      expect(list.json.balances.map((b: { personId: string }) => b.personId)).toEqual([otherPupil.id]);
    });

    it('is for holders of charge.manage: the loan desk is refused', async () => {
      const pia = await pupil();
      expectProblem(await loanDesk.get(`/api/people/${pia.id}/account`), 403, 'forbidden');
      expectProblem(await charge(loanDesk, pia.id, { amountMinor: 100, reason: 'x' }), 403, 'forbidden');
      expectProblem(
        await loanDesk.post(`/api/people/${pia.id}/payments`, { amountMinor: 1, method: 'cash' }),
        403,
        'forbidden',
      );
      expectProblem(
        await loanDesk.post(`/api/people/${pia.id}/waivers`, { amountMinor: 1, reason: 'x' }),
        403,
        'forbidden',
      );
      expectProblem(
        await loanDesk.send({
          method: 'PUT',
          path: `/api/people/${pia.id}/coverage`,
          body: { plan: 'G', schoolYear: '2026-2027' },
        }),
        403,
        'forbidden',
      );
      expectProblem(await loanDesk.get('/api/charges?outstanding=true'), 403, 'forbidden');
      expectProblem(await loanDesk.get('/api/export/balances.csv'), 403, 'forbidden');
      // The insurance terms are the administrator's, as the other settings.
      expectProblem(await technician.get('/api/settings/insurance'), 403, 'forbidden');
    });

    it('lists who owes what, longest-owing first, paged, and as CSV', async () => {
      const t = await app.tenant('acct-list');
      const boss = consoleClient(app, (await signIn(app, 'acct-list', { role: 'school-admin' })).token);
      const ann = await pupil({ name: '=Ann Owing', userGroup: '7A' }, t);
      const bob = await pupil({ name: 'Bob Owing', userGroup: '8B' }, t);
      const cid = await pupil({ name: 'Cid Settled', userGroup: '8B' }, t);
      const annFirst = await charge(boss, ann.id, { amountMinor: 1_250, reason: 'Charger' });
      await charge(boss, bob.id, { amountMinor: 4_000, reason: 'Screen' });
      await charge(boss, cid.id, { amountMinor: 100, reason: 'Stylus' });
      await boss.post(`/api/people/${cid.id}/payments`, { amountMinor: 100, method: 'online' });
      await charge(boss, ann.id, { amountMinor: 750, reason: 'Case' });

      const list = await boss.get('/api/charges?outstanding=true');
      expect(list.status, list.text).toBe(200);
      expect(list.json).toMatchObject({ total: 2, page: 1, pageSize: 50, currency: t.currency });
      expect(list.json.balances).toEqual([
        {
          personId: ann.id,
          name: '=Ann Owing',
          userGroup: '7A',
          balanceMinor: 2_000,
          oldestChargeAt: annFirst.json.entry.recordedAt,
        },
        expect.objectContaining({ personId: bob.id, balanceMinor: 4_000 }),
      ]);
      const page2 = await boss.get('/api/charges?page=2&pageSize=1');
      expect(page2.json.balances.map((b: { personId: string }) => b.personId)).toEqual([bob.id]);

      const csv = await boss.get('/api/export/balances.csv');
      expect(csv.status, csv.text).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toMatch(
        /attachment; filename="balances-acct-list-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const lines = csv.text.trim().split(/\r?\n/);
      expect(lines[0]).toBe('personId,name,class,balance,balanceMinor,currency,oldestChargeAt');
      expect(lines).toHaveLength(3);
      // The name that starts with = is guarded against spreadsheet formulas, as every export's cells are.
      expect(lines[1]).toMatch(new RegExp(`^${ann.id},'=Ann Owing,7A,\\d+(\\.\\d+)?,2000,${t.currency},`));
      expect(lines[2]).toContain(`${bob.id},Bob Owing,8B,`);
    });
  });
});
