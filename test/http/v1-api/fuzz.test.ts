/**
 * Property tests of the API-key surfaces with hostile input: random JSON values and strings (control
 * characters, lone surrogates, huge and fractional numbers, deep nesting, SQL-looking text, LIKE
 * wildcards, broken percent-encoding) as action bodies, query parameters and path segments.
 *
 * Always: no 5xx, every 4xx is problem+json. Never a write from a refused call: a read-only key
 * changes nothing at all, and for the mutating actions a 2xx is exactly one real, valid change while
 * a 4xx leaves the tenant as it was. Bounded (60 runs per property) to stay a few seconds in CI.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../src/domain/access/permissions.js';
import { ToolCatalogue, type PublishedTool } from '../../../src/domain/catalogue/catalogue.js';
import { toSubmissionView } from '../../../src/domain/submissions/submission.js';
import { startApp, type TestApp } from '../../support/app.js';
import { invokeAction, restClient, type Reply } from '../../support/rest.js';
import { readTenantData, writableState, type TenantData } from '../../support/tenant-data.js';

// FUZZ_RUNS=5000 for a long local hunt; 60 keeps CI to a few seconds.
const RUNS = { numRuns: Number(process.env.FUZZ_RUNS ?? 60) };
const catalogue = new ToolCatalogue();
const TOOLS = catalogue.all();
const MUTATING = TOOLS.filter((t) => !t.readOnly);
const toolNamed = (name: string) => TOOLS.find((t) => t.name === name)!;

let app: TestApp;
let data: TenantData;
let readKey: string;
let writeKey: string;

beforeAll(async () => {
  app = await startApp();
  await app.tenant('fuzz', { seed: 'small' });
  data = await readTenantData(app.container, 'fuzz');
  readKey = (
    await app.key(
      'fuzz',
      PERMISSIONS.filter((p) => p.endsWith('.view')),
    )
  ).key;
  writeKey = (await app.key('fuzz', [...PERMISSIONS])).key;
});
afterAll(() => app?.close());

// ---- Hostile values -------------------------------------------------------------------------------

const HOSTILE_TEXT = [
  "' OR '1'='1",
  "'; DROP TABLE loans; --",
  '"; SELECT * FROM api_keys; --',
  '%',
  '_',
  '%_%',
  '\\',
  '\\%',
  '[a-z]*',
  '\u0000',
  'a\u0007b',
  '\uD800',
  'a\uDFFFb',
  '\u202Eevil',
  ' ',
  '   ',
  '',
  'null',
  'NaN',
  '1e309',
  '-0',
  '0x10',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'ÖMER',
  '2025-02-30',
  '9999-12-31',
];

const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ minLength: 150, maxLength: 5_000 }),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e21, 1e308, -1e308, 5e-324),
);

/** Nesting as deep as a 1 MiB body allows, and deeper than a recursive parser's stack. */
const deep = fc
  .integer({ min: 1, max: 200_000 })
  .chain((depth) =>
    fc.constantFrom('['.repeat(depth) + ']'.repeat(depth), '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  );

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

type FieldSchema = { type?: string; enum?: unknown[]; minimum?: number; maximum?: number };

/** Values of the tenant's own records, by field name, so that some calls reach real rows and succeed. */
const plausibleByName = (): Record<string, fc.Arbitrary<unknown>> => ({
  number: fc.constantFrom(...data.loans.map((l) => l.number), ...data.submissions.map((s) => s.number)),
  serial: fc.constantFrom(...data.loans.map((l) => l.serial), ...data.devices.slice(0, 20).map((d) => d.serial)),
  id: fc.constantFrom(...data.submissions.map((s) => s.id), ...data.tickets.map((t) => t.id)),
  personId: fc.constantFrom(...data.people.slice(0, 20).map((p) => p.id)),
  holderId: fc.constantFrom(...data.people.slice(0, 20).map((p) => p.id)),
  reporterId: fc.constantFrom(...data.people.slice(0, 20).map((p) => p.id)),
  assigneeId: fc.constantFrom(...data.staff.map((p) => p.id), data.pupils[0]!.id),
  groupId: fc.constantFrom(...data.groups.map((g) => g.id)),
  dueDate: fc.constantFrom('2999-12-31', '2000-01-01', '2030-02-29'),
  from: fc.constantFrom('2024-01-01', '2025-06-30'),
  to: fc.constantFrom('2026-12-31', '2023-01-01'),
  description: fc.constantFrom('Keyboard missing keys', 'Cracked screen'),
  q: fc.constantFrom('a', 'LT', 'Screen', '%', 'ö'),
});

/** A value for one field: mostly of the type its schema states (an enum member, an in-range integer, a known id), else hostile. */
function fieldValue(name: string, schema: FieldSchema): fc.Arbitrary<unknown> {
  const plausible = plausibleByName()[name];
  const typed: fc.Arbitrary<unknown> = schema.enum
    ? fc.constantFrom(...schema.enum)
    : schema.type === 'integer'
      ? fc.oneof(fc.integer({ min: schema.minimum ?? 1, max: Math.min(schema.maximum ?? 100, 100) }), hostileNumber)
      : schema.type === 'boolean'
        ? fc.boolean()
        : hostileString;
  return fc.oneof(
    ...(plausible ? [{ weight: 3, arbitrary: plausible }] : []),
    { weight: 2, arbitrary: typed },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** A body for the tool: mostly an object of its own fields (required ones usually present), else anything at all. */
const bodyFor = (tool: PublishedTool): fc.Arbitrary<string> => {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, FieldSchema>;
  const required = (tool.inputSchema.required ?? []) as string[];
  const model = Object.fromEntries(Object.entries(properties).map(([f, schema]) => [f, fieldValue(f, schema)]));
  const shaped = fc.oneof(
    { weight: 3, arbitrary: fc.record(model, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
  );
  const extra = fc.dictionary(hostileString, hostileValue, { maxKeys: 3 });
  return fc.oneof(
    { weight: 8, arbitrary: shaped.map((o) => JSON.stringify(o)) },
    { weight: 1, arbitrary: fc.tuple(shaped, extra).map(([o, x]) => JSON.stringify({ ...x, ...o })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: deep },
  );
};

/** A query-string or path value: encoded when it can be, and sometimes raw broken percent-encoding. */
const urlValue = fc.oneof(
  hostileString.map((s) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%A0%80'; // a lone surrogate cannot be encoded; send its (invalid) UTF-8 instead
    }
  }),
  fc.constantFrom('%', '%ZZ', '%E0%A4%A', '%00', '%C0%AF', '%ED%A0%80', '%FF', '+', '%2B', '&', '=', '%26%3D'),
  hostileNumber.map(String),
);

// ---- What every answer must be --------------------------------------------------------------------

function expectWellFormed(reply: Reply, what: string): void {
  expect(reply.status, `${what} → ${reply.status} ${reply.text.slice(0, 300)}`).toBeLessThan(500);
  if (reply.status >= 400) {
    expect(reply.headers['content-type'], what).toMatch(/^application\/problem\+json/);
    expect(reply.json.status, what).toBe(reply.status);
    expect(typeof reply.json.type, what).toBe('string');
  } else {
    expect(reply.headers['content-type'], what).toMatch(/^application\/json/);
  }
  // No driver message or stack trace (hostile input may echo SQL-looking text back, which is fine).
  expect(reply.text, what).not.toMatch(/SQLITE_|sqlite3|\.ts:\d+|node_modules/);
}

const post = (key: string, name: string, body: string) =>
  invokeAction(app.port, key, name, body, { headers: { 'content-type': 'application/json' } });

// ---- Properties -----------------------------------------------------------------------------------

describe('fuzzing the API-key surfaces', () => {
  it('actions with a read-only key: never 5xx, problems on 4xx, no write at all', async () => {
    const before = await writableState(app.container, data.tenant.id);
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...TOOLS.map((t) => t.name))
          .chain((name) => fc.tuple(fc.constant(name), bodyFor(toolNamed(name)))),
        async ([name, body]) => {
          const tool = toolNamed(name);
          const reply = await post(readKey, tool.name, body);
          expectWellFormed(reply, `${tool.name} ${body.slice(0, 200)}`);
          // The key cannot see mutating actions: they do not exist for it, whatever the body.
          if (!tool.readOnly) expect(reply.json.type).toMatch(/\/unknown-action$/);
        },
      ),
      RUNS,
    );
    expect(await writableState(app.container, data.tenant.id)).toEqual(before);
  });

  it('query parameters and path segments on every v1 route: never 5xx, problems on 4xx, no write', async () => {
    const before = await writableState(app.container, data.tenant.id);
    const names = ['page', 'pageSize', 'q', 'kind', 'status', 'serial', 'assigneeId', 'id', 'limit'];
    const param = fc.tuple(fc.oneof(fc.constantFrom(...names), urlValue), urlValue).map(([k, v]) => `${k}=${v}`);
    const route = fc.oneof(
      fc.constantFrom(
        '/api/v1/ping',
        '/api/v1/devices',
        '/api/v1/submissions',
        '/api/v1/actions',
        '/api/v1/actions/openapi.json',
      ),
      urlValue.map((seg) => `/api/v1/devices/${seg || 'x'}`),
      urlValue.map((seg) => `/api/v1/submissions/${seg || 'x'}`),
    );
    await fc.assert(
      fc.asyncProperty(route, fc.array(param, { maxLength: 6 }), async (path, params) => {
        const url = params.length > 0 ? `${path}?${params.join('&')}` : path;
        expectWellFormed(await restClient(app.port, readKey).get(url), url);
      }),
      RUNS,
    );
    expect(await writableState(app.container, data.tenant.id)).toEqual(before);
  });

  it('mutating actions: a 2xx is one real, valid change; a 4xx changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...MUTATING.map((t) => t.name))
          .chain((name) => fc.tuple(fc.constant(name), bodyFor(toolNamed(name)))),
        async ([name, body]) => {
          const tool = toolNamed(name);
          const before = await writableState(app.container, data.tenant.id);
          const reply = await post(writeKey, tool.name, body);
          expectWellFormed(reply, `${tool.name} ${body.slice(0, 200)}`);
          const after = await writableState(app.container, data.tenant.id);
          if (reply.status >= 400) {
            expect(after, `${tool.name} ${body.slice(0, 200)} → ${reply.status}`).toEqual(before);
            return;
          }
          // A success: the result has the published shape, one audit entry and one event were
          // written, and the stored record is exactly what the result says (and nothing else changed).
          expect(() => tool.definition.output.parse(reply.json.result)).not.toThrow();
          expect(after.audit).toBe(before.audit + 1);
          expect(after.outbox).toBe(before.outbox + 1);
          if (reply.json.result.loan) {
            const { loan } = reply.json.result;
            const stored = after.loans.find((l) => l.number === loan.number)!;
            expect({ status: stored.status, holderId: stored.holderId, dueDate: stored.dueDate }).toEqual({
              status: loan.status,
              holderId: loan.holder?.id ?? null,
              dueDate: loan.dueDate,
            });
            expect(after.loans.filter((l) => l.number !== loan.number)).toEqual(
              before.loans.filter((l) => l.number !== loan.number),
            );
            expect(after.submissions).toEqual(before.submissions);
          } else {
            const { submission } = reply.json.result;
            const stored = after.submissions.find((s) => s.id === submission.id)!;
            expect(toSubmissionView(stored)).toEqual(submission);
            expect(after.submissions.filter((s) => s.id !== submission.id)).toEqual(
              before.submissions.filter((s) => s.id !== submission.id),
            );
            expect(after.loans).toEqual(before.loans);
          }
        },
      ),
      RUNS,
    );
  });
});
