/**
 * Which console routes each role may use (SPEC §4), derived from ROLE_PERMISSIONS and the permission
 * each route needs by the SPEC (§4: withdraw/restore need loan.issue; §6: the tools), so a change to
 * the role table changes these expectations with it. A route the role may not use answers 403 (the
 * assistant: 404, a tool the user cannot see does not exist) and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, ROLES, type Role } from '../../../src/domain/access/permissions.js';
import { ToolCatalogue } from '../../../src/domain/catalogue/catalogue.js';
import { IssueLoan } from '../../../src/domain/loans/issue-loan.js';
import { ListAllLoans } from '../../../src/domain/loans/list-all-loans.js';
import { ListLoans } from '../../../src/domain/loans/list-loans.js';
import { RestoreLoan } from '../../../src/domain/loans/restore-loan.js';
import { ReturnLoan } from '../../../src/domain/loans/return-loan.js';
import { WithdrawLoan } from '../../../src/domain/loans/withdraw-loan.js';
import type { LoanStatus } from '../../../src/domain/loans/loan.js';
import type { TestApp } from '../../support/app.js';
import { expectProblem, type Reply } from '../../support/rest.js';
import { readTenantData, writableState, type TenantData } from '../../support/tenant-data.js';
import { consoleClient, putLoan, signIn, startConsoleApp, type ConsoleClient } from '../../support/console.js';

const SLUG = 'south';
const catalogue = new ToolCatalogue();

/** Does the role table give the role this permission? */
const allows = (role: Role, permission: string): boolean =>
  (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission);

interface Route {
  readonly name: string;
  /** The permission the SPEC names for the route. */
  readonly needsPermission: string;
  /** What the code itself requires (its use case, or its catalogue tool). */
  readonly required: readonly string[];
  /** The state the loan must be in for the route to succeed (writes). */
  readonly needs?: LoanStatus;
  /** The assistant hides what the user cannot use (404) rather than refusing it (403). */
  readonly hidden?: boolean;
  readonly call: (client: ConsoleClient, number: number, holderId: string) => Promise<Reply>;
}

const tool = (name: string) => catalogue.all().find((t) => t.name === name)!;

const ROUTES: readonly Route[] = [
  {
    name: 'GET /api/loans/inventory',
    needsPermission: 'loan.view',
    required: ListLoans.required,
    call: (c) => c.get('/api/loans/inventory'),
  },
  {
    name: 'GET /api/loans',
    needsPermission: 'loan.view',
    required: ListAllLoans.required,
    call: (c) => c.get('/api/loans'),
  },
  {
    name: 'POST /api/loans/:number/issue',
    needsPermission: 'loan.issue',
    required: IssueLoan.required,
    needs: 'AVAILABLE',
    call: (c, n, holderId) => c.post(`/api/loans/${n}/issue`, { holderId }),
  },
  {
    name: 'POST /api/loans/:number/return',
    needsPermission: 'loan.return',
    required: ReturnLoan.required,
    needs: 'ISSUED',
    call: (c, n) => c.post(`/api/loans/${n}/return`),
  },
  {
    name: 'POST /api/loans/:number/withdraw',
    needsPermission: 'loan.issue',
    required: WithdrawLoan.required,
    needs: 'AVAILABLE',
    call: (c, n) => c.post(`/api/loans/${n}/withdraw`),
  },
  {
    name: 'POST /api/loans/:number/restore',
    needsPermission: 'loan.issue',
    required: RestoreLoan.required,
    needs: 'UNAVAILABLE',
    call: (c, n) => c.post(`/api/loans/${n}/restore`),
  },
  {
    name: 'POST /api/assistant/tools/loans.list',
    needsPermission: 'loan.view',
    required: tool('loans.list').required,
    hidden: true,
    call: (c) => c.post('/api/assistant/tools/loans.list', { input: { pageSize: 5 } }),
  },
  {
    name: 'POST /api/assistant/tools/loans.issue',
    needsPermission: 'loan.issue',
    required: tool('loans.issue').required,
    needs: 'AVAILABLE',
    hidden: true,
    call: (c, n, holderId) =>
      c.post('/api/assistant/tools/loans.issue', { input: { number: n, holderId }, confirm: true }),
  },
  {
    name: 'POST /api/assistant/tools/loans.return',
    needsPermission: 'loan.return',
    required: tool('loans.return').required,
    needs: 'ISSUED',
    hidden: true,
    call: (c, n) => c.post('/api/assistant/tools/loans.return', { input: { number: n }, confirm: true }),
  },
];

let app: TestApp;
let data: TenantData;
/** The teacher's one loan group; every loan used below is in it, so the pool never hides one. */
let groupId: string;
let loans: number[];
const clients = new Map<Role, ConsoleClient>();

beforeAll(async () => {
  app = await startConsoleApp();
  await app.tenant(SLUG, { seed: 'small' });
  data = await readTenantData(app.container, SLUG);
  groupId = data.groups[0]!.id;
  loans = data.loans.filter((l) => l.groupId === groupId).map((l) => l.number);
  for (const role of ROLES) {
    const user = await signIn(app, SLUG, { role, ...(role === 'teacher' ? { loanGroupIds: [groupId] } : {}) });
    clients.set(role, consoleClient(app, user.token));
  }
});
afterAll(() => app?.close());

/** Every role × route, with the answer the role table implies. */
const CASES = ROLES.flatMap((role) =>
  ROUTES.map((route, i) => {
    const allowed = allows(role, route.needsPermission);
    return { role, route, index: i, allowed, expected: allowed ? 200 : route.hidden ? 404 : 403 };
  }),
);

describe('the role table as the console applies it', () => {
  it('requires, in the code, exactly the module and the permission the SPEC names for each route', () => {
    for (const route of ROUTES) {
      expect([...route.required].sort(), route.name).toEqual(['module.loans', route.needsPermission].sort());
    }
  });

  it('covers every role, and each role can use at least the inventory', () => {
    expect(new Set(CASES.map((c) => c.role))).toEqual(new Set(ROLES));
    for (const role of ROLES) expect(allows(role, 'loan.view'), role).toBe(true);
    // The table is not trivial: some role is refused something.
    expect(CASES.some((c) => !c.allowed)).toBe(true);
  });

  it.each(CASES.map((c) => [c.role, c.route.name, c.expected, c] as const))(
    '%s: %s → %i',
    async (role, _name, expected, c) => {
      const number = loans[c.index % loans.length]!;
      const holderId = data.pupils[0]!.id;
      const tenantId = data.tenant.id;
      if (c.route.needs === 'ISSUED') await putLoan(app.container, tenantId, number, { status: 'ISSUED', holderId });
      else if (c.route.needs) await putLoan(app.container, tenantId, number, { status: c.route.needs });
      const before = await writableState(app.container, tenantId);

      const reply = await c.route.call(clients.get(role)!, number, holderId);

      if (expected === 200) {
        expect(reply.status, reply.text.slice(0, 300)).toBe(200);
        if (c.route.needs) {
          const after = await writableState(app.container, tenantId);
          expect(after.audit).toBe(before.audit + 1);
        }
        return;
      }
      expectProblem(reply, expected, expected === 403 ? 'forbidden' : 'unknown-action');
      expect(await writableState(app.container, tenantId)).toEqual(before);
    },
  );
});
