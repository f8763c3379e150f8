// Desk's own MCP method table against the official v2 server SDK (@modelcontextprotocol/server 2.4.0,
// its createMcpHandler serving both eras), in one process, on the same 14 tools with the same zod
// schemas: a 2026-07-28 tools/list, and a tools/call whose handler does no work (so what is timed is
// the protocol machinery, not the database). Each side is timed from the body as a string to the answer
// as a string: Desk parses JSON and answers through exchange.ts (what its Koa route does after the body
// parser); the SDK through its web-standard fetch handler (Request in, Response text out), which is how
// it is mounted. Desk's 2025 lane is timed beside its 2026 lane, in turns. Not a test and not in
// `npm run bench`: run `npm run build && node --expose-gc bench/mcp-sdk-compare.mjs`.
import { performance } from 'node:perf_hooks';
import { createMcpHandler, McpServer as SdkServer } from '@modelcontextprotocol/server';
import { answerPayload } from '../dist/adapters/mcp/exchange.js';
import { McpServer } from '../dist/adapters/mcp/server.js';
import { effectivePermissions, MODULES } from '../dist/domain/access/permissions.js';
import { ToolCatalogue } from '../dist/domain/catalogue/catalogue.js';

const MODERN = '2026-07-28';
const catalogue = new ToolCatalogue();
const tools = catalogue.all();
const actor = {
  tenant: { id: 't', slug: 't', name: 't', modules: [...MODULES], hosts: [], timeZone: 'UTC', currency: 'EUR' },
  principal: { type: 'apiKey', id: 'k', name: 'k' },
  permissions: effectivePermissions(
    tools.flatMap((t) => t.required.filter((p) => !p.startsWith('module.'))),
    [...MODULES],
  ),
  loanGroupIds: null,
};
const empty = {
  loans: [],
  page: 1,
  pageSize: 1,
  total: 0,
  summary: { available: 0, issued: 0, nextNumber: 1, overdue: 0, total: 0, withoutDueDate: 0 },
};
// The use case the catalogue resolves: answers at once (the same for both sides below).
const resolve = () => ({ execute: async () => empty });
const desk = new McpServer({ catalogue, resolve, version: '0.20.0' });
const context = { actor, reportUnexpected: () => undefined };

function sdkFactory() {
  const server = new SdkServer({ name: 'desk', version: '0.20.0' });
  for (const t of tools) {
    server.registerTool(
      t.name,
      {
        title: t.title,
        description: t.description,
        inputSchema: t.definition.useCase.input,
        outputSchema: t.definition.output,
        annotations: { readOnlyHint: t.readOnly },
      },
      async () => ({ content: [{ type: 'text', text: JSON.stringify(empty) }], structuredContent: empty }),
    );
  }
  return server;
}
const sdk = createMcpHandler(sdkFactory);

const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
};
const cases = {
  'tools/list': { params: {}, name: undefined },
  'tools/call loans.list': { params: { name: 'loans.list', arguments: { pageSize: 1 } }, name: 'loans.list' },
};

async function viaDesk(method, { params, name }) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: envelope } });
  const answer = await answerPayload((m, lane) => desk.answer(m, context, lane), JSON.parse(body), {
    protocolVersion: MODERN,
    method,
    name,
  });
  if (answer.status !== 200) throw new Error(`desk ${method}: ${answer.status} ${answer.body}`);
  return answer.body;
}

async function viaSdk(method, { params, name }) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: envelope } });
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...(name ? { 'mcp-name': name } : {}),
  };
  const response = await sdk.fetch(new Request('http://localhost/mcp', { method: 'POST', headers, body }));
  const text = await response.text();
  if (response.status !== 200) throw new Error(`sdk ${method}: ${response.status} ${text}`);
  return text;
}

/** Desk's 2025 lane: the same call without the envelope or the headers. */
async function viaDeskLegacy(method, { params }) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  const answer = await answerPayload((m, lane) => desk.answer(m, context, lane), JSON.parse(body), {});
  if (answer.status !== 200) throw new Error(`desk 2025 ${method}: ${answer.status} ${answer.body}`);
  return answer.body;
}

/**
 * µs per call of each function, timed in turns (50 calls each, round after round, for `seconds`) so
 * that a machine getting busier or quieter moves all of them alike.
 */
async function timeInTurns(fns, seconds = 4) {
  for (const fn of fns) for (let i = 0; i < 200; i++) await fn();
  const spent = fns.map(() => 0);
  const calls = fns.map(() => 0);
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    for (const [i, fn] of fns.entries()) {
      const t = performance.now();
      for (let k = 0; k < 50; k++) await fn();
      spent[i] += performance.now() - t;
      calls[i] += 50;
    }
  }
  return spent.map((ms, i) => (ms * 1000) / calls[i]);
}

console.log(`Node ${process.version}; ${tools.length} tools; 200 warm-up calls each, then 4 s timed in turns\n`);
console.log(
  '| case | Desk 2025-11-25 µs/op | Desk 2026-07-28 µs/op | SDK 2.4.0 2026-07-28 µs/op | answer bytes (Desk 2026 / SDK) |',
);
console.log('|---|---|---|---|---|');
for (const [label, c] of Object.entries(cases)) {
  const method = label.split(' ')[0];
  const [d, s] = [await viaDesk(method, c), await viaSdk(method, c)];
  await viaDeskLegacy(method, c);
  // Desk's two lanes in turns; the SDK on its own afterwards: the garbage its calls leave would
  // otherwise be collected during Desk's turns and charged to them.
  const [legacy, modern] = await timeInTurns([() => viaDeskLegacy(method, c), () => viaDesk(method, c)]);
  globalThis.gc?.();
  const [sdkTime] = await timeInTurns([() => viaSdk(method, c)]);
  console.log(
    `| ${label} | ${legacy.toFixed(1)} | ${modern.toFixed(1)} | ${sdkTime.toFixed(1)} (${(sdkTime / modern).toFixed(0)}× Desk) | ${d.length} / ${s.length} |`,
  );
}
