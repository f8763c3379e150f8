/**
 * Helpers for the staff, keys, modules and audit suites: a console client with every method these
 * routes use, and readers of a tenant's users, links, keys and audit trail straight through the
 * UnitOfWork (never through the routes under test).
 */
import type { Container } from 'inversify';
import type { AuditEntry } from '../../src/domain/audit/audit-entry.js';
import { UnitOfWork } from '../../src/ports/unit-of-work.js';
import type { TestApp } from './app.js';
import { send, type Reply, type RequestOptions } from './rest.js';

type Options = Omit<RequestOptions, 'path' | 'body' | 'method'>;

/** A console client: the session as `Authorization: Bearer` (none when undefined), JSON bodies. */
export function adminClient(app: TestApp, token: string | undefined) {
  const call = (method: string, path: string, body: unknown, o: Options = {}): Promise<Reply> =>
    send(app.port, {
      ...o,
      method,
      path,
      body,
      headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...o.headers },
    });
  return {
    get: (path: string, o?: Options) => call('GET', path, undefined, o),
    post: (path: string, body?: unknown, o?: Options) => call('POST', path, body, o),
    patch: (path: string, body?: unknown, o?: Options) => call('PATCH', path, body, o),
    put: (path: string, body?: unknown, o?: Options) => call('PUT', path, body, o),
    delete: (path: string, o?: Options) => call('DELETE', path, undefined, o),
  };
}
export type AdminClient = ReturnType<typeof adminClient>;

/** The token in a setup link (`…/setup#token=<token>`). */
export const tokenIn = (url: string): string => /#token=([A-Za-z0-9_-]+)$/.exec(url)?.[1] ?? '';

/** POST /api/auth/setup, as the /setup page does. */
export const useLink = (app: TestApp, token: string, password: string) =>
  send(app.port, { method: 'POST', path: '/api/auth/setup', body: { token, password } });

const ALL = { page: 1, pageSize: 100_000 };

/** A tenant's users, links, keys, audit trail and outbox as stored (to compare before and after a call). */
export async function storedAdminState(container: Container, tenantId: string) {
  return container.get(UnitOfWork).read(async (r) => {
    const users = (await r.users.list(tenantId, ALL)).items;
    const ids = users.map((u) => u.id);
    return {
      tenant: await r.tenants.findById(tenantId),
      users,
      withPassword: (await r.users.withPassword(tenantId, ids)).sort(),
      openLinks: await r.setupLinks.listOpen(tenantId, ids, '0000'),
      apiKeys: await r.apiKeys.list(tenantId),
      audit: (await r.audit.list(tenantId, { limit: 1_000_000 })).length,
      outbox: (await r.outbox.listAfter(tenantId, 0, 1_000_000)).length,
    };
  });
}

/** The tenant's newest audit entries, newest first, of these actions (all when none are named). */
export const newestAudit = (container: Container, tenantId: string, ...actions: string[]): Promise<AuditEntry[]> =>
  container.get(UnitOfWork).read(async (r) => {
    const all = await r.audit.list(tenantId, { limit: 1_000 });
    return actions.length === 0 ? all : all.filter((e) => actions.includes(e.action));
  });
