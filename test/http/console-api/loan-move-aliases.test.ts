/**
 * One route per move (issue 28, docs/decisions.md): a loan is issued with `POST /api/loans/issue`
 * and returned with `POST /api/loans/return`, the loan named in the body; the by-number paths SPEC
 * §7.4 publishes (`/api/loans/:number/issue`, `…/return`) are aliases. A script written against
 * either gets the same answer: for the same request on the same state, the same status and the same
 * body, for a success, each refusal (unknown loan, wrong state, bad input, no permission) and the
 * checks at the desk asking for a confirmation. On both databases. The clock stands still, so an
 * issue's `issuedAt` is the same whichever path made it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../support/fakes/fixed-clock.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import type { Reply } from '../../support/rest.js';
import { readTenantData, type TenantData } from '../../support/tenant-data.js';
import { consoleClient, putLoan, signIn, type ConsoleUser } from '../../support/console.js';

warnIfPostgresSkipped();

const SLUG = 'alias';
const OFF = {
  agreement: { mode: 'off' },
  balance: { mode: 'off', aboveMinor: 0 },
  loans: { mode: 'off', atMost: 1 },
} as const;

/** What a client sees of an answer. */
const seen = (r: Reply) => ({ status: r.status, type: r.headers['content-type'], body: r.json as unknown });

describe.each<TestDatabase>(['sqlite', 'postgres'])('the by-number aliases on %s', (database) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('answer as the one route', () => {
    let app: TestApp;
    let data: TenantData;
    let admin: ConsoleUser;
    let desk: ConsoleUser;
    let reader: ConsoleUser;
    let loan: number;
    let pupil: { id: string };
    let today: string;

    beforeAll(async () => {
      // Now, standing still: sessions stay valid, and two issues get one `issuedAt`.
      const clock = new FixedClock(new Date());
      app = await startApp({ database, clock, env: { LOG_LEVEL: 'warn' } });
      await app.tenant(SLUG, { seed: 'small' });
      admin = await signIn(app, SLUG, { role: 'school-admin' });
      desk = await signIn(app, SLUG, { role: 'loan-desk' });
      reader = await signIn(app, SLUG, { role: 'read-only' });
      data = await readTenantData(app.container, SLUG);
      loan = data.loans.find((l) => l.status === 'AVAILABLE')!.number;
      const holders = new Set(data.loans.map((l) => l.holderId));
      pupil = data.pupils.find((p) => !holders.has(p.id) && p.archivedAt === null)!;
      today = clock.now().toISOString().slice(0, 10);
    }, 120_000);
    afterAll(() => app?.close());

    const as = (u: ConsoleUser) => consoleClient(app, u.token);
    const available = () => putLoan(app.container, data.tenant.id, loan, { status: 'AVAILABLE' });
    /** Issued through the one route, so the stored `issuedAt` is the standing clock's. */
    const issued = async () => {
      await available();
      const reply = await as(desk).post('/api/loans/issue', { number: loan, holderId: pupil.id, dueDate: null });
      expect(reply.status, reply.text).toBe(200);
    };

    /** The same request through both paths, each on the state `setup` makes: the same answer. */
    async function same(
      setup: () => Promise<unknown>,
      send: (path: string, extra: Record<string, unknown>) => Promise<Reply>,
      verb: 'issue' | 'return',
      number: number,
      status: number,
    ) {
      await setup();
      const one = await send(`/api/loans/${verb}`, { number });
      await setup();
      const alias = await send(`/api/loans/${number}/${verb}`, {});
      expect(one.status, one.text).toBe(status);
      expect(seen(alias)).toEqual(seen(one));
      return one;
    }

    it('issue: a success, and each refusal', async () => {
      const dueDate = `${Number(today.slice(0, 4)) + 1}-06-30`;
      const body =
        (u: ConsoleUser, fields: Record<string, unknown>) => (path: string, extra: Record<string, unknown>) =>
          as(u).post(path, { ...extra, ...fields });

      const done = await same(available, body(desk, { holderId: pupil.id, dueDate }), 'issue', loan, 200);
      expect(done.json.loan).toMatchObject({ number: loan, status: 'ISSUED', holder: { id: pupil.id }, dueDate });
      // Already issued: 409; a number nobody has: 404; a due date in the past, no holder: 400; a
      // reader may not issue: 403.
      await same(issued, body(desk, { holderId: pupil.id }), 'issue', loan, 409);
      await same(available, body(desk, { holderId: pupil.id }), 'issue', 999_999, 404);
      const past = await same(available, body(desk, { holderId: pupil.id, dueDate: '2000-01-01' }), 'issue', loan, 400);
      expect(past.json.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/dueDate']);
      await same(available, body(desk, { dueDate }), 'issue', loan, 400);
      await same(available, body(reader, { holderId: pupil.id }), 'issue', loan, 403);
    });

    it('issue: the checks at the desk ask the same, and a confirmed issue goes through the same', async () => {
      // The pupil holds one loan (another unit), and the school warns from one loan out.
      const other = data.loans.find((l) => l.status === 'AVAILABLE' && l.number !== loan)!.number;
      await putLoan(app.container, data.tenant.id, other, { status: 'ISSUED', holderId: pupil.id });
      const rules = await as(admin).send({
        method: 'PUT',
        path: '/api/settings/checkout',
        body: { ...OFF, loans: { mode: 'warn', atMost: 1 } },
      });
      expect(rules.status, rules.text).toBe(200);
      try {
        const send = (confirm?: true) => (path: string, extra: Record<string, unknown>) =>
          as(desk).post(path, { ...extra, holderId: pupil.id, ...(confirm ? { confirm } : {}) });
        const warned = await same(available, send(), 'issue', loan, 409);
        expect(warned.json.code).toBe('confirmation_required');
        const confirmed = await same(available, send(true), 'issue', loan, 200);
        expect(confirmed.json.loan).toMatchObject({ status: 'ISSUED', holder: { id: pupil.id } });
      } finally {
        await as(admin).send({ method: 'PUT', path: '/api/settings/checkout', body: OFF });
        await putLoan(app.container, data.tenant.id, other, { status: 'AVAILABLE' });
      }
    });

    it('return: a success (with whom it came back from), and each refusal', async () => {
      // The by-number return reads no body: the one route is sent only the loan.
      const post = (u: ConsoleUser) => (path: string, extra: Record<string, unknown>) =>
        as(u).post(path, Object.keys(extra).length > 0 ? extra : undefined);
      const done = await same(issued, post(desk), 'return', loan, 200);
      expect(done.json).toMatchObject({
        loan: { number: loan, status: 'AVAILABLE' },
        returnedFrom: { holder: { id: pupil.id } },
      });
      await same(available, post(desk), 'return', loan, 409);
      await same(available, post(desk), 'return', 999_999, 404);
      await same(issued, post(reader), 'return', loan, 403);
    });
  });
});
