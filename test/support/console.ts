/**
 * Helpers for the console suites: users made through the real CreateUser use case and signed in over
 * HTTP (POST /api/auth/login with x-tenant-slug), a client that sends the session as a bearer token,
 * and an oracle for the loan inventory computed from the rows read through the UnitOfWork (joined to
 * people and loan groups here, never through the route under test).
 */
import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import { expect } from 'vitest';
import type { Role } from '../../src/domain/access/permissions.js';
import { CreateUser } from '../../src/domain/identity/create-user.js';
import type { User } from '../../src/domain/identity/user.js';
import type { Loan, LoanStatus } from '../../src/domain/loans/loan.js';
import { addDays, dateInZone } from '../../src/domain/shared/dates.js';
import { operatorActor } from '../../src/domain/tenants/operator-actor.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import { UnitOfWork } from '../../src/ports/unit-of-work.js';
import { startApp, type TestApp } from './app.js';
import { send, type Reply, type RequestOptions } from './rest.js';
import { readTenantData, tenantBySlug } from './tenant-data.js';
import { perform } from '../../src/domain/shared/use-case.js';
import { resolveFrom } from '../../src/bootstrap/container.js';

export const PASSWORD = 'correct horse battery staple';

/** The real server, logging warnings and errors only (a line per request would bury test output). */
export const startConsoleApp = (env: Record<string, string> = {}): Promise<TestApp> =>
  startApp({ env: { LOG_LEVEL: 'warn', ...env } });

export interface ConsoleUser {
  readonly user: User;
  readonly email: string;
  readonly password: string;
  readonly token: string;
}

/** Creates a user with a password through the real use case (as the CLI operator would). */
export async function createUser(
  app: TestApp,
  slug: string,
  o: { role: Role; loanGroupIds?: string[]; email?: string; name?: string; password?: string },
): Promise<{ user: User; email: string; password: string }> {
  const tenant = await tenantBySlug(app.container, slug);
  const email = o.email ?? `${o.role}-${randomUUID().slice(0, 8)}@school.example`;
  const password = o.password ?? PASSWORD;
  const { user } = await perform(resolveFrom(app.container), CreateUser, operatorActor(tenant), {
    email,
    name: o.name ?? `${o.role} user`,
    role: o.role,
    loanGroupIds: o.loanGroupIds ?? [],
    password,
  });
  return { user, email, password };
}

/** POST /api/auth/login naming the tenant with x-tenant-slug. */
export const login = (app: TestApp, slug: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  send(app.port, {
    method: 'POST',
    path: '/api/auth/login',
    body,
    headers: { ...(slug === undefined ? {} : { 'x-tenant-slug': slug }), ...headers },
  });

/** Creates a user and signs them in; fails the test unless sign-in answers 200 with a token. */
export async function signIn(
  app: TestApp,
  slug: string,
  o: { role: Role; loanGroupIds?: string[]; email?: string; name?: string },
): Promise<ConsoleUser> {
  const made = await createUser(app, slug, o);
  const reply = await login(app, slug, { email: made.email, password: made.password });
  expect(reply.status, reply.text).toBe(200);
  expect(typeof reply.json.token).toBe('string');
  return { ...made, token: reply.json.token as string };
}

/** A console client: the session as `Authorization: Bearer`, JSON bodies, any extra headers. */
export function consoleClient(app: TestApp, token: string | undefined) {
  const auth = (o: RequestOptions): RequestOptions =>
    token === undefined ? o : { ...o, headers: { authorization: `Bearer ${token}`, ...o.headers } };
  return {
    get: (path: string, o: Omit<RequestOptions, 'path'> = {}): Promise<Reply> => send(app.port, auth({ ...o, path })),
    post: (path: string, body?: unknown, o: Omit<RequestOptions, 'path' | 'body'> = {}): Promise<Reply> =>
      send(app.port, auth({ method: 'POST', ...o, path, body })),
    patch: (path: string, body?: unknown, o: Omit<RequestOptions, 'path' | 'body'> = {}): Promise<Reply> =>
      send(app.port, auth({ method: 'PATCH', ...o, path, body })),
    /** Any method: `{method, path, body, headers}`. */
    send: (o: RequestOptions): Promise<Reply> => send(app.port, auth(o)),
  };
}
export type ConsoleClient = ReturnType<typeof consoleClient>;

/** The tenant's today, as the server computes it (the tenant's time zone). */
export const todayOf = (tenant: Pick<Tenant, 'timeZone'>): string => dateInZone(new Date(), tenant.timeZone);
export const daysFromToday = (tenant: Pick<Tenant, 'timeZone'>, days: number): string => addDays(todayOf(tenant), days);

// ---- The oracle ----------------------------------------------------------------------------------

/** A loan with its group and holder names joined here, from the groups and people tables. */
export interface OracleLoan {
  readonly id: string;
  readonly number: number;
  readonly kind: string;
  readonly serial: string;
  readonly groupId: string;
  readonly groupName: string;
  readonly status: LoanStatus;
  readonly holderId: string | null;
  readonly holderName: string | null;
  readonly userGroup: string | null;
  readonly issuedAt: string | null;
  readonly dueDate: string | null;
}

export interface TenantLoans {
  readonly tenant: Tenant;
  readonly loans: readonly OracleLoan[];
  readonly groups: readonly { id: string; name: string }[];
}

/** Every loan of the tenant, ordered by number, joined to names read separately. */
export async function readLoans(container: Container, slug: string): Promise<TenantLoans> {
  const data = await readTenantData(container, slug);
  const groupName = new Map(data.groups.map((g) => [g.id, g.name]));
  const personName = new Map(data.people.map((p) => [p.id, p.name]));
  const loans = data.loans
    .map((l): OracleLoan => ({
      id: l.id,
      number: l.number,
      kind: l.kind,
      serial: l.serial,
      groupId: l.groupId,
      groupName: groupName.get(l.groupId) ?? '',
      status: l.status,
      holderId: l.holderId,
      holderName: l.holderId ? (personName.get(l.holderId) ?? null) : null,
      userGroup: l.userGroup,
      issuedAt: l.issuedAt,
      dueDate: l.dueDate,
    }))
    .sort((a, b) => a.number - b.number);
  return { tenant: data.tenant, loans, groups: data.groups };
}

export const isOverdue = (l: OracleLoan, today: string): boolean =>
  l.status === 'ISSUED' && l.dueDate !== null && l.dueDate < today;

/** The loan as every surface returns it (SPEC §5), built from the oracle row. */
export const loanView = (l: OracleLoan, today: string) => ({
  id: l.id,
  number: l.number,
  kind: l.kind,
  serial: l.serial,
  groupId: l.groupId,
  groupName: l.groupName,
  status: l.status,
  holder: l.holderId ? { id: l.holderId, name: l.holderName ?? '' } : null,
  userGroup: l.userGroup,
  issuedAt: l.issuedAt,
  dueDate: l.dueDate,
  overdue: isOverdue(l, today),
});

/** Inventory filters as query parameters (strings, exactly as a client sends them). */
export interface InventoryFilter {
  status?: string;
  groupId?: string;
  kind?: string;
  userGroup?: string;
  holderId?: string;
  q?: string;
  overdue?: string;
  dueDate?: string;
}

/** The seed §4.4 / SPEC §7.4 rules, written out independently of the implementation. */
export function matches(l: OracleLoan, f: InventoryFilter, today: string): boolean {
  if (f.status !== undefined && l.status !== f.status) return false;
  if (f.groupId !== undefined && l.groupId !== f.groupId) return false;
  if (f.kind !== undefined && l.kind !== f.kind) return false;
  if (f.userGroup !== undefined && l.userGroup !== f.userGroup.trim()) return false;
  if (f.holderId !== undefined && l.holderId !== f.holderId.trim()) return false;
  if (f.overdue === 'true' && !isOverdue(l, today)) return false;
  if (f.dueDate !== undefined && !(l.status === 'ISSUED' && l.dueDate === f.dueDate)) return false;
  if (f.q !== undefined) {
    const q = f.q.trim();
    const needle = q.toLowerCase();
    const contains = (s: string | null) => s !== null && s.toLowerCase().includes(needle);
    const byNumber = /^\d+$/.test(q) && Number(q) === l.number;
    if (!byNumber && !contains(l.serial) && !contains(l.holderName) && !contains(l.groupName)) return false;
  }
  return true;
}

/** The summary of a pool (null: the whole tenant), counted from the rows. */
export function summaryOf(all: readonly OracleLoan[], pool: readonly string[] | null, today: string) {
  const loans = pool === null ? all : all.filter((l) => pool.includes(l.groupId));
  const nextNumber = all.reduce((max, l) => Math.max(max, l.number), 0) + 1;
  return {
    total: loans.length,
    available: loans.filter((l) => l.status === 'AVAILABLE').length,
    issued: loans.filter((l) => l.status === 'ISSUED').length,
    overdue: loans.filter((l) => isOverdue(l, today)).length,
    withoutDueDate: loans.filter((l) => l.status === 'ISSUED' && l.dueDate === null).length,
    nextNumber,
  };
}

export const queryString = (params: Record<string, string | number | undefined>): string => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined) as [string, string | number][];
  return entries.length === 0
    ? ''
    : '?' + new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString();
};

// ---- Seeding state -------------------------------------------------------------------------------

/** The stored loan with this number (read through the UnitOfWork). */
export async function storedLoan(container: Container, tenantId: string, number: number) {
  const row = await container.get(UnitOfWork).read((r) => r.loans.findByNumber(tenantId, number));
  if (!row) throw new Error(`no loan ${number}`);
  return row;
}

/**
 * Puts a loan into a state directly (a versioned repository update, so counts stay consistent), for
 * tests that need a loan AVAILABLE, ISSUED or UNAVAILABLE whatever the demo data drew.
 */
export async function putLoan(
  container: Container,
  tenantId: string,
  number: number,
  state:
    | { status: 'AVAILABLE' | 'UNAVAILABLE' }
    | { status: 'ISSUED'; holderId: string; userGroup?: string | null; dueDate?: string | null },
): Promise<void> {
  await container.get(UnitOfWork).transaction(async (r) => {
    const row = await r.loans.findByNumber(tenantId, number, { forUpdate: true });
    if (!row) throw new Error(`no loan ${number}`);
    const next: Loan =
      state.status === 'ISSUED'
        ? {
            ...row,
            status: 'ISSUED',
            holderId: state.holderId,
            userGroup: state.userGroup ?? null,
            issuedAt: new Date().toISOString(),
            dueDate: state.dueDate ?? null,
          }
        : { ...row, status: state.status, holderId: null, userGroup: null, issuedAt: null, dueDate: null };
    if (!(await r.loans.update(tenantId, next))) throw new Error(`loan ${number} changed underneath`);
  });
}
