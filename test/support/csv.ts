/**
 * Helpers for the import and export suites: CSV sent as a console user or an API key, CSV answers
 * read back into rows, and a tenant's whole record state read straight through the UnitOfWork (archived
 * people included), to prove what an import wrote — or that it wrote nothing.
 */
import type { Container } from 'inversify';
import { parse } from 'csv-parse/sync';
import { toDeviceView } from '../../src/domain/devices/device.js';
import { UnitOfWork } from '../../src/ports/unit-of-work.js';
import type { TestApp } from './app.js';
import { send, type Reply } from './rest.js';
import { tenantBySlug, writeCounts } from './tenant-data.js';

const ALL = { page: 1, pageSize: 100_000 };

export type Caller = { token: string } | { key: string };

const credential = (c: Caller): Record<string, string> =>
  'token' in c ? { authorization: `Bearer ${c.token}` } : { 'x-api-key': c.key };

/** `POST /api/import/<kind>` (console) or `/api/v1/import/<kind>` (key) with a CSV body. */
export function importCsv(
  app: TestApp,
  caller: Caller,
  kind: string,
  csv: string | Buffer,
  o: { query?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const base = 'token' in caller ? '/api/import/' : '/api/v1/import/';
  return send(app.port, {
    method: 'POST',
    path: `${base}${kind}${o.query ?? ''}`,
    body: csv,
    headers: { 'content-type': 'text/csv', ...credential(caller), ...o.headers },
  });
}

/** `GET /api/export/<file>` as a console user. */
export const exportCsv = (app: TestApp, token: string, file: string, query = ''): Promise<Reply> =>
  send(app.port, { path: `/api/export/${file}${query}`, headers: { authorization: `Bearer ${token}` } });

/** The rows of a CSV answer (header first), read by an independent parser. */
export const csvRows = (text: string): string[][] =>
  parse(text.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];

/** Everything an import may change in a tenant, as one comparable value. */
export async function recordState(container: Container, slug: string) {
  const tenant = await tenantBySlug(container, slug);
  const t = tenant.id;
  const state = await container.get(UnitOfWork).read(async (r) => ({
    people: (await r.people.list(t, { includeArchived: true }, ALL)).items,
    devices: (await r.devices.search(t, {}, ALL)).items.map((d) => ({ ...toDeviceView(d), sbr: d.statusBeforeRepair })),
    loans: (await r.loans.list(t, { poolGroupIds: null }, ALL)).items,
    groups: await r.loanGroups.list(t),
    nextLoan: await r.tenants.peekNumber(t, 'loan'),
  }));
  return { ...state, ...(await writeCounts(container, t)) };
}
