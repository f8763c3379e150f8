/**
 * The checks at the desk (issue 23, section 5) on both databases: the school's rules warn or block an
 * issue on every surface (the console's route by number, the scan desk's by serial, the action, the
 * MCP tool); a warning answers 409 `confirmation_required` with its reasons and issues when the same
 * request comes again with `confirm: true` (audited as confirmed); a block answers 409
 * `checkout_blocked` and no confirmation lifts it; with the rules off nothing is asked.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutReasons } from '../../../src/domain/loans/checkout-checks.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, invokeAction, send } from '../../support/rest.js';
import { auditEntries, readTenantData, type TenantData } from '../../support/tenant-data.js';
import { signIn } from '../../support/console.js';

warnIfPostgresSkipped();

const OFF = {
  agreement: { mode: 'off' },
  balance: { mode: 'off', aboveMinor: 0 },
  loans: { mode: 'off', atMost: 1 },
} as const;

describe('the rules, pure', () => {
  it('speak only for the rules that are on, pupils only for the agreement, above the amount, at the count', () => {
    const rules = {
      agreement: { mode: 'block' },
      balance: { mode: 'warn', aboveMinor: 500 },
      loans: { mode: 'warn', atMost: 2 },
    } as const;
    expect(checkoutReasons(rules, { pupil: true, agreement: true, balanceMinor: 500, loansOut: 1 }, 'EUR')).toEqual([]);
    expect(
      checkoutReasons(rules, { pupil: true, agreement: false, balanceMinor: 501, loansOut: 2 }, 'EUR').map((r) => [
        r.rule,
        r.mode,
      ]),
    ).toEqual([
      ['agreement', 'block'],
      ['balance', 'warn'],
      ['loans', 'warn'],
    ]);
    // Staff sign no pupil's agreement.
    expect(checkoutReasons(rules, { pupil: false, agreement: false }, 'EUR')).toEqual([]);
    expect(checkoutReasons(rules, { pupil: true, balanceMinor: 1234 }, 'EUR')[0]!.message).toContain('12.34 EUR');
    expect(checkoutReasons(OFF, { pupil: true, agreement: false, balanceMinor: 10 ** 6, loansOut: 50 }, 'EUR')).toEqual(
      [],
    );
  });
});

describe.each<TestDatabase>(['sqlite', 'postgres'])('checks at the desk on %s', (database) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('when a loan is issued', () => {
    let app: TestApp;
    let admin: { token: string };
    let desk: { token: string; user: { id: string } };
    let key: string;
    let data: TenantData;
    let nextLoan = 0;
    let nextPupil = 0;

    const as = (token: string) => (method: string, path: string, body?: unknown) =>
      send(app.port, {
        method,
        path,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { body }),
      });
    const setRules = async (rules: unknown) => {
      const reply = await as(admin.token)('PUT', '/api/settings/checkout', rules);
      expect(reply.status, reply.text).toBe(200);
    };
    /** A loan nobody holds yet, for each issue. */
    const availableLoan = () => {
      const loan = data.loans.filter((l) => l.status === 'AVAILABLE')[nextLoan++];
      if (!loan) throw new Error('the seed has too few available loans');
      return loan;
    };
    /** A pupil who holds nothing yet: `given` loans are issued to them first, with the rules off. */
    const pupilHolding = async (given: number) => {
      const pupil = data.pupils[nextPupil++]!;
      for (let i = 0; i < given; i++) {
        const reply = await as(desk.token)('POST', `/api/loans/${availableLoan().number}/issue`, {
          holderId: pupil.id,
        });
        expect(reply.status, reply.text).toBe(200);
      }
      return pupil;
    };

    beforeAll(async () => {
      app = await startApp({ database, env: { LOG_LEVEL: 'warn' } });
      await app.tenant('chk', { seed: 'small' });
      admin = await signIn(app, 'chk', { role: 'school-admin' });
      desk = await signIn(app, 'chk', { role: 'loan-desk' });
      key = (await app.key('chk', ['loan.view', 'loan.issue', 'loan.return', 'person.view'])).key;
      data = await readTenantData(app.container, 'chk');
      // Only pupils who hold nothing, so "loans out" counts what this test gave them.
      const holders = new Set(data.loans.map((l) => l.holderId));
      data = { ...data, pupils: data.pupils.filter((p) => !holders.has(p.id) && p.archivedAt === null) };
    });
    afterAll(() => app?.close());
    beforeEach(() => setRules(OFF));

    it('reads the rules as set, off by default, and refuses a mode it does not know, naming it', async () => {
      await setRules({});
      expect((await as(admin.token)('GET', '/api/settings/checkout')).json).toEqual(OFF);
      const bad = await as(admin.token)('PUT', '/api/settings/checkout', { loans: { mode: 'maybe' } });
      expectProblem(bad, 400, 'invalid-input');
      expect(bad.json.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/loans/mode']);
      expectProblem(await as(desk.token)('GET', '/api/settings/checkout'), 403, 'forbidden');
    });

    it('warns in the console: 409 confirmation_required with the reasons, then issues once confirmed (audited)', async () => {
      const pupil = await pupilHolding(1);
      await setRules({ loans: { mode: 'warn', atMost: 1 } });
      const loan = availableLoan();
      const path = `/api/loans/${loan.number}/issue`;
      const warned = await as(desk.token)('POST', path, { holderId: pupil.id });
      expectProblem(warned, 409, 'confirmation-required');
      expect(warned.json.code).toBe('confirmation_required');
      expect(warned.json.reasons).toEqual([
        { rule: 'loans', mode: 'warn', message: expect.stringContaining('1 loan out already') },
      ]);
      expect(warned.json.detail).toContain('"confirm": true');
      // Nothing was issued by the warning.
      const after = await readTenantData(app.container, 'chk');
      expect(after.loans.find((l) => l.number === loan.number)!.status).toBe('AVAILABLE');

      const issued = await as(desk.token)('POST', path, { holderId: pupil.id, confirm: true });
      expect(issued.status, issued.text).toBe(200);
      expect(issued.json.loan).toMatchObject({ number: loan.number, status: 'ISSUED', holder: { id: pupil.id } });
      const entries = await auditEntries(app.container, data.tenant.id, 'loan.issue');
      const entry = entries.find((e) => e.target === `loan:${loan.number}`);
      expect(entry).toMatchObject({ actor: { type: 'user', id: desk.user.id }, details: { confirmed: ['loans'] } });
    });

    it('blocks at the scan desk whatever is confirmed, and says why', async () => {
      const pupil = await pupilHolding(2);
      await setRules({ loans: { mode: 'block', atMost: 2 } });
      const loan = availableLoan();
      for (const confirm of [false, true]) {
        const blocked = await as(desk.token)('POST', '/api/loans/issue', {
          serial: loan.serial,
          holderId: pupil.id,
          confirm,
        });
        expectProblem(blocked, 409, 'conflict');
        expect(blocked.json.code).toBe('checkout_blocked');
        expect(blocked.json.reasons).toEqual([{ rule: 'loans', mode: 'block', message: expect.any(String) }]);
      }
      // Another holder with fewer loans is not held back.
      const other = await pupilHolding(0);
      expect(
        (await as(desk.token)('POST', '/api/loans/issue', { serial: loan.serial, holderId: other.id })).status,
      ).toBe(200);
    });

    it('asks an action for confirm in its input, and an MCP tool in its arguments', async () => {
      const pupil = await pupilHolding(1);
      await setRules({ loans: { mode: 'warn', atMost: 1 } });
      const first = availableLoan();
      const warned = await invokeAction(app.port, key, 'loans.issue', { number: first.number, holderId: pupil.id });
      expectProblem(warned, 409, 'confirmation-required');
      expect(warned.json.reasons).toHaveLength(1);
      const issued = await invokeAction(app.port, key, 'loans.issue', {
        number: first.number,
        holderId: pupil.id,
        confirm: true,
      });
      expect(issued.status, issued.text).toBe(200);

      const client = new Client({ name: 'desk-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${app.port}/api/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${key}` } },
        }),
      );
      try {
        const second = availableLoan();
        const args = { number: second.number, holderId: pupil.id };
        const asked = (await client.callTool({ name: 'loans.issue', arguments: args })) as CallToolResult;
        expect(asked.isError).toBe(true);
        const text = (asked.content[0] as { text: string }).text;
        expect(text).toMatch(/^Confirmation required: .*2 loans out already/);
        expect(text).toContain('"confirm": true');
        const done = (await client.callTool({
          name: 'loans.issue',
          arguments: { ...args, confirm: true },
        })) as CallToolResult;
        expect(done.isError, JSON.stringify(done.content)).toBeFalsy();
        expect(done.structuredContent).toMatchObject({ loan: { number: second.number, status: 'ISSUED' } });
      } finally {
        await client.close();
      }
    });

    it("warns for a pupil without this school year's agreement until one is recorded; never asks staff", async () => {
      const pupil = await pupilHolding(0);
      await setRules({ agreement: { mode: 'warn' } });
      const loan = availableLoan();
      const path = `/api/loans/${loan.number}/issue`;
      const warned = await as(desk.token)('POST', path, { holderId: pupil.id });
      expectProblem(warned, 409, 'confirmation-required');
      expect(warned.json.reasons).toEqual([{ rule: 'agreement', mode: 'warn', message: expect.any(String) }]);

      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
      const recorded = await as(admin.token)('POST', `/api/people/${pupil.id}/agreements`, {
        signedAt: today,
        signedBy: 'Mia Pupil',
      });
      expect(recorded.status, recorded.text).toBe(201);
      const issued = await as(desk.token)('POST', path, { holderId: pupil.id });
      expect(issued.status, issued.text).toBe(200);

      // Staff sign no pupil's agreement: nothing is asked of them.
      const staff = data.staff.find((p) => !data.loans.some((l) => l.holderId === p.id))!;
      const toStaff = await as(desk.token)('POST', `/api/loans/${availableLoan().number}/issue`, {
        holderId: staff.id,
      });
      expect(toStaff.status, toStaff.text).toBe(200);
    });

    it('blocks above the balance, in the school’s currency, until a payment brings it down', async () => {
      const pupil = await pupilHolding(0);
      await setRules({ balance: { mode: 'block', aboveMinor: 1000 } });
      const charged = await as(admin.token)('POST', `/api/people/${pupil.id}/charges`, {
        amountMinor: 1500,
        reason: 'Cracked screen',
      });
      expect(charged.status, charged.text).toBe(201);
      const loan = availableLoan();
      const path = `/api/loans/${loan.number}/issue`;
      const blocked = await as(desk.token)('POST', path, { holderId: pupil.id, confirm: true });
      expectProblem(blocked, 409, 'conflict');
      expect(blocked.json).toMatchObject({
        code: 'checkout_blocked',
        reasons: [{ rule: 'balance', mode: 'block', message: expect.stringContaining('15.00 EUR') }],
      });
      const paid = await as(admin.token)('POST', `/api/people/${pupil.id}/payments`, {
        amountMinor: 500,
        method: 'cash',
      });
      expect(paid.status, paid.text).toBe(201);
      // 10.00 is not above 10.00.
      expect((await as(desk.token)('POST', path, { holderId: pupil.id })).status).toBe(200);
    });

    it('asks nothing with the rules off, confirm or not', async () => {
      const pupil = await pupilHolding(3);
      const loan = availableLoan();
      const reply = await as(desk.token)('POST', `/api/loans/${loan.number}/issue`, { holderId: pupil.id });
      expect(reply.status, reply.text).toBe(200);
    });
  });
});
