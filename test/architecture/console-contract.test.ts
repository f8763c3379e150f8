/**
 * The browser console speaks to the server only through the console API's contract (issue 21,
 * point 2): the typed modules of web/src/api/ hold every address (`call('get', '/api/people')`,
 * checked against the generated console-api.gen.ts), and the wire types come from that generated
 * file. So no file of web/src outside api/ writes an address of the API, and no page declares the
 * shape of an answer or a request.
 *
 * PENDING lists, by file, what still does while its area's routes are not declared yet (their
 * declarations are being written; when they land, `npm run gen:api` brings their types and the area
 * gets its module in web/src/api/). The list may only shrink: a file on it that no longer offends
 * fails the test too, so it is taken off as soon as it is converted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '../../web/src');

/** Files (under web/src) still writing an API address, and the wire types pages still declare. */
const PENDING: Readonly<Record<string, readonly string[]>> = {
  // Sign-in, setup and the session (auth routes).
  'state/session.ts': ['Me'],
  'pages/sign-in/index.tsx': ['SchoolAnswer'],
  'pages/setup/index.tsx': ['SetupDone'],
  // Repairs ("submissions").
  'pages/repairs/repair.tsx': ['Repair'],
  'pages/repairs/index.tsx': ['RepairList'],
  'pages/repairs/detail.tsx': ['DeviceOutcome'],
  'pages/repairs/new.tsx': [],
  // The service desk.
  'pages/tickets/ticket.tsx': ['Ticket', 'TicketComment'],
  'pages/tickets/index.tsx': [],
  'pages/tickets/detail.tsx': [],
  'pages/tickets/new.tsx': [],
  // Home shows the open repairs and new tickets.
  'pages/home/index.tsx': ['Submission', 'Ticket'],
  'pages/costs/index.tsx': ['Breakdown', 'CostEntry', 'CostList'],
  'pages/settings/monitors/index.tsx': ['Monitor'],
  'pages/settings/import/index.tsx': ['Report', 'Problem'],
  'pages/settings/index.tsx': ['Modules'],
  'pages/settings/users/index.tsx': ['User', 'UserPage', 'Invitation'],
  'pages/settings/keys/index.tsx': ['KeyList', 'NewKey'],
  'pages/settings/audit/index.tsx': ['AuditEntry', 'AuditPage', 'UserRow'],
  'pages/settings/webhooks/shared.tsx': ['Webhook', 'WebhookList', 'WebhookFields'],
  'pages/settings/webhooks/index.tsx': [],
  'pages/settings/webhooks/webhook.tsx': ['Delivery', 'DeliveryPage'],
};

/** Types pages declare that are not on the wire: the state of what the user is doing. */
const NOT_WIRE: Readonly<Record<string, readonly string[]>> = {
  'pages/loans/scan/index.tsx': ['Entry', 'Move'],
  'pages/costs/chart.tsx': ['Bar'],
  'pages/settings/import/index.tsx': ['Stage'],
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** A string or template literal that starts with an API address. */
const writesAddress = (text: string) => /['"`]\/api\//.test(code(text));

/** The object types a file declares: interfaces, and type aliases of an object (or union of objects). */
const declaredShapes = (text: string): string[] =>
  [...code(text).matchAll(/^\s*(?:export\s+)?(?:interface\s+(\w+)|type\s+(\w+)\s*=\s*\|?\s*\{)/gm)].map(
    (m) => (m[1] ?? m[2])!,
  );

const files = filesUnder(WEB)
  .map((f) => relative(WEB, f).replaceAll('\\', '/'))
  .filter((f) => !f.startsWith('api/'));
const read = (f: string) => readFileSync(join(WEB, f), 'utf8');

describe('the console speaks through the contract', () => {
  it('writes API addresses only in web/src/api (apart from the pending areas)', () => {
    const writing = files.filter((f) => writesAddress(read(f)));
    expect(writing.filter((f) => !(f in PENDING))).toEqual([]);
  });

  it('declares no wire type in a page (apart from the pending areas)', () => {
    const declared = files
      .filter((f) => f.startsWith('pages/'))
      .flatMap((f) => declaredShapes(read(f)).map((name) => `${f} ${name}`))
      .filter((d) => {
        const [file, name] = d.split(' ') as [string, string];
        return !NOT_WIRE[file]?.includes(name) && !PENDING[file]?.includes(name);
      });
    expect(declared).toEqual([]);
  });

  it('keeps the pending list to what still offends', () => {
    const cleared = Object.entries(PENDING).filter(([file, types]) => {
      const text = read(file);
      return !writesAddress(text) && types.every((t) => !declaredShapes(text).includes(t));
    });
    expect(cleared.map(([file]) => file)).toEqual([]);
  });

  it('tells an address or a wire type from the rest', () => {
    expect(writesAddress("api.get('/api/people')")).toBe(true);
    expect(writesAddress('api.get(`/api/people/${id}`)')).toBe(true);
    expect(writesAddress("import { call } from '../../api/client.js';")).toBe(false);
    expect(
      declaredShapes('interface Loan {\n  id: string;\n}\ntype Kind = "A" | "B";\ntype S =\n  | { a: 1 }'),
    ).toEqual(['Loan', 'S']);
  });
});
