/**
 * MCP 2026-07-28 on `/api/mcp`, beside 2025-11-25: the real server on a loopback port (SQLite), driven
 * by the official v2 client (`@modelcontextprotocol/client` 2.4.0, version negotiation on) and by
 * plain fetch for the raw JSON-RPC cases (headers, error codes, discovery). The v1 client (SDK 1.32)
 * is driven on the same server to show nothing changed for it.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.js';
import { auditEntries, readTenantData, type TenantData } from '../support/tenant-data.js';

const MODERN = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
};

let app: TestApp;
let endpoint: string;
let north: TenantData;
let viewKey: string;
let loansKey: { key: string; id: string };

/** The v2 client with negotiation on, over HTTP with the key; `posts` records each POST's headers. */
async function connectV2(key: string) {
  const posts: Headers[] = [];
  const client = new ClientV2({ name: 'desk-test-v2', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(
    new HttpV2(new URL(endpoint), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
      fetch: (url, init) => {
        posts.push(new Headers(init?.headers));
        return fetch(url, init);
      },
    }),
  );
  return { client, posts };
}

/** A raw 2026 request: the envelope in `_meta`, and the headers mirroring the body unless overridden. */
function modern(method: string, params: Record<string, unknown> = {}, id: number | string = 1) {
  const body = { jsonrpc: '2.0', id, method, params: { ...params, _meta: ENVELOPE } };
  const headers: Record<string, string> = { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': method };
  if (typeof params.name === 'string') headers['Mcp-Name'] = params.name;
  return { body, headers };
}

async function post(key: string | null, body: unknown, headers: Record<string, string | undefined> = {}) {
  const sent: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    ...(key ? { Authorization: `Bearer ${key}` } : {}),
  };
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) sent[name] = value;
  const response = await fetch(endpoint, { method: 'POST', headers: sent, body: JSON.stringify(body) });
  const text = await response.text();
  return { response, status: response.status, json: text ? (JSON.parse(text) as any) : undefined };
}

const send = (key: string | null, m: { body: unknown; headers: Record<string, string> }, headers = {}) =>
  post(key, m.body, { ...m.headers, ...headers });

beforeAll(async () => {
  app = await startApp();
  endpoint = `${app.url}/api/mcp`;
  await app.tenant('north', { seed: 'small' });
  await app.tenant('noloans', { modules: ['integrations', 'people'], seed: 'small' });
  north = await readTenantData(app.container, 'north');
  viewKey = (await app.key('north', ['loan.view'])).key;
  loansKey = await app.key('north', ['loan.view', 'loan.issue', 'loan.return']);
});

afterAll(async () => {
  await app?.close();
});

describe('the v2 client (2.4.0, negotiation on) over Streamable HTTP', () => {
  it('negotiates 2026-07-28 through server/discover and sends the revision headers', async () => {
    const { client, posts } = await connectV2(loansKey.key);
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
    expect(client.getDiscoverResult()).toMatchObject({
      supportedVersions: expect.arrayContaining([MODERN, '2025-11-25']),
      capabilities: { tools: {} },
    });
    expect(client.getServerVersion()).toMatchObject({ name: 'desk', version: '0.20.0' });
    await client.listTools();
    expect(posts.map((h) => h.get('mcp-method'))).toEqual(['server/discover', 'tools/list']);
    expect(posts.every((h) => h.get('mcp-protocol-version') === MODERN)).toBe(true);
    await client.close();
  });

  it('lists exactly the tools the key may use', async () => {
    const { client } = await connectV2(loansKey.key);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['loans.issue', 'loans.list', 'loans.return']);
    expect(tools.find((t) => t.name === 'loans.issue')?.annotations?.readOnlyHint).toBe(false);
    await client.close();
    const view = await connectV2(viewKey);
    expect((await view.client.listTools()).tools.map((t) => t.name)).toEqual(['loans.list']);
    await view.client.close();
  });

  it('calls loans.list: structured content and the same JSON as text', async () => {
    const { client } = await connectV2(viewKey);
    const result = await client.callTool({ name: 'loans.list', arguments: { status: 'AVAILABLE', pageSize: 3 } });
    expect(result.isError).toBeFalsy();
    const page = result.structuredContent as any;
    expect(page.loans).toHaveLength(3);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(page);
    await client.close();
  });

  it('issues and returns a loan, audited with the key as actor; a conflict is an isError result', async () => {
    const loan = north.loans.find((l) => l.status === 'AVAILABLE')!;
    const { client } = await connectV2(loansKey.key);
    const args = { number: loan.number, holderId: north.pupils[0]!.id };
    const issued = await client.callTool({ name: 'loans.issue', arguments: args });
    expect((issued.structuredContent as any).loan).toMatchObject({ number: loan.number, status: 'ISSUED' });
    const again = await client.callTool({ name: 'loans.issue', arguments: args });
    expect(again.isError).toBe(true);
    expect((again.content[0] as { text: string }).text).toBe(`Conflict: loaner ${loan.number} is already out on loan`);
    await client.callTool({ name: 'loans.return', arguments: { number: loan.number } });
    const [entry] = await auditEntries(app.container, north.tenant.id, 'loan.issue');
    expect(entry?.actor).toEqual({ type: 'apiKey', id: loansKey.id });
    await client.close();
  });

  it('answers a tool the key cannot see with -32602 Unknown tool, like one that does not exist', async () => {
    const { client } = await connectV2(viewKey);
    for (const name of ['loans.issue', 'no.such.tool']) {
      await expect(client.callTool({ name, arguments: {} })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining(`Unknown tool: ${name}`),
      });
    }
    await client.close();
  });
});

describe('the v1 client (SDK 1.32) on the same endpoint', () => {
  it('initializes with 2025-11-25, pings, lists and calls as before', async () => {
    const client = new ClientV1({ name: 'desk-test-v1', version: '1.0.0' });
    await client.connect(
      new HttpV1(new URL(endpoint), { requestInit: { headers: { Authorization: `Bearer ${viewKey}` } } }),
    );
    expect(client.getServerVersion()).toMatchObject({ name: 'desk' });
    await expect(client.ping()).resolves.toEqual({});
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['loans.list']);
    const result = await client.callTool({ name: 'loans.list', arguments: { pageSize: 1 } });
    expect((result.structuredContent as any).loans).toHaveLength(1);
    await client.close();
  });

  it('gets 2025-era results: no resultType, no cache hints', async () => {
    const { json } = await post(viewKey, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(Object.keys(json.result)).toEqual(['tools']);
  });
});

describe('2026-07-28 as raw JSON-RPC', () => {
  it('server/discover: the versions, the tools capability, the server; private cache hints', async () => {
    const { status, json } = await send(viewKey, modern('server/discover'));
    expect(status).toBe(200);
    expect(json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        resultType: 'complete',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'desk', version: '0.20.0' } },
        supportedVersions: [MODERN, '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'],
        capabilities: { tools: {} },
        ttlMs: 300_000,
        cacheScope: 'private',
      },
    });
  });

  it('server/discover needs the key: 401 with WWW-Authenticate without one', async () => {
    const { status, json, response } = await send(null, modern('server/discover'));
    expect(status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(
      /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/api\/mcp"$/,
    );
    expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } });
  });

  it('tools/list: resultType, ttlMs and cacheScope private, the key’s tools with their readOnly markers', async () => {
    const { status, json } = await send(loansKey.key, modern('tools/list'));
    expect(status).toBe(200);
    expect(json.result).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'private' });
    expect(json.result.tools.map((t: any) => t.name).sort()).toEqual(['loans.issue', 'loans.list', 'loans.return']);
    expect(json.result.tools.find((t: any) => t.name === 'loans.issue')).toMatchObject({
      readOnly: false,
      annotations: { readOnlyHint: false },
      _meta: { readOnly: false },
    });
  });

  it('tools/call: resultType on success and on isError results; invalid input names the field', async () => {
    const ok = await send(viewKey, modern('tools/call', { name: 'loans.list', arguments: { pageSize: 1 } }));
    expect(ok.json.result).toMatchObject({ resultType: 'complete', structuredContent: { pageSize: 1 } });
    expect(ok.json.result.content[0].type).toBe('text');
    const bad = await send(viewKey, modern('tools/call', { name: 'loans.list', arguments: { colour: 'red' } }));
    expect(bad.status).toBe(200);
    expect(bad.json.result).toMatchObject({ resultType: 'complete', isError: true });
    expect(bad.json.result.content[0].text).toMatch(/^Invalid input: .*colour/);
  });

  it('hides a tool without its scope, or of a module that is off: not listed, -32602 when called', async () => {
    const hidden = await send(viewKey, modern('tools/call', { name: 'loans.issue', arguments: {} }));
    expect(hidden.status).toBe(200);
    expect(hidden.json.error).toEqual({ code: -32602, message: 'Unknown tool: loans.issue' });
    const { key } = await app.key('noloans', ['loan.view', 'person.view']);
    const listed = await send(key, modern('tools/list'));
    expect(listed.json.result.tools.map((t: any) => t.name).sort()).toEqual(['people.profile', 'people.search']);
    const call = await send(key, modern('tools/call', { name: 'loans.list', arguments: {} }));
    expect(call.json.error).toMatchObject({ code: -32602 });
  });

  it.each([
    ['MCP-Protocol-Version disagrees with _meta', { 'MCP-Protocol-Version': '2025-11-25' }],
    ['Mcp-Method disagrees with the body', { 'Mcp-Method': 'tools/call' }],
    ['MCP-Protocol-Version is missing', { 'MCP-Protocol-Version': undefined }],
    ['Mcp-Method is missing', { 'Mcp-Method': undefined }],
  ])('refuses a request whose %s: 400 -32020, nothing runs', async (_, headers) => {
    const { status, json } = await send(viewKey, modern('tools/list', {}, 7), headers);
    expect(status).toBe(400);
    expect(json).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32020, message: expect.stringMatching(/^Header mismatch: /) },
    });
  });

  it.each([
    ['missing', { 'Mcp-Name': undefined }],
    ['naming another tool', { 'Mcp-Name': 'loans.issue' }],
    ['an invalid Base64 sentinel', { 'Mcp-Name': '=?base64?***?=' }],
  ])('refuses a tools/call whose Mcp-Name is %s: 400 -32020', async (_, headers) => {
    const { status, json } = await send(viewKey, modern('tools/call', { name: 'loans.list', arguments: {} }), headers);
    expect(status).toBe(400);
    expect(json.error.code).toBe(-32020);
  });

  it('decodes a Base64 Mcp-Name before comparing it', async () => {
    const encoded = `=?base64?${Buffer.from('loans.list').toString('base64')}?=`;
    const m = modern('tools/call', { name: 'loans.list', arguments: { pageSize: 1 } });
    const { status, json } = await send(viewKey, m, { 'Mcp-Name': encoded });
    expect(status).toBe(200);
    expect(json.result.resultType).toBe('complete');
  });

  it('refuses a version it does not serve: 400 -32022 naming the supported and the requested', async () => {
    const m = modern('tools/list');
    (m.body.params._meta as any) = { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '2027-01-01' };
    const { status, json } = await send(viewKey, m, { 'MCP-Protocol-Version': '2027-01-01' });
    expect(status).toBe(400);
    expect(json.error).toMatchObject({
      code: -32022,
      data: { supported: expect.arrayContaining([MODERN, '2025-11-25']), requested: '2027-01-01' },
    });
  });

  it('answers an unknown method with 404 -32601, and the removed ones (ping, initialize) alike', async () => {
    for (const method of ['no/such/method', 'ping', 'initialize', 'logging/setLevel']) {
      const { status, json } = await send(viewKey, modern(method));
      expect(status, method).toBe(404);
      expect(json).toMatchObject({ id: 1, error: { code: -32601 } });
    }
  });

  it('refuses a header claiming 2026-07-28 on a body without _meta: 400 -32602 naming what is missing', async () => {
    const { status, json } = await post(
      viewKey,
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/list' },
    );
    expect(status).toBe(400);
    expect(json).toMatchObject({ id: 3, error: { code: -32602, data: { missing: ['_meta'] } } });
  });

  it('refuses an envelope without the client capabilities: 400 -32602', async () => {
    const m = modern('tools/list');
    (m.body.params._meta as any) = { 'io.modelcontextprotocol/protocolVersion': MODERN };
    const { status, json } = await send(viewKey, m);
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ code: -32602, message: expect.stringContaining('clientCapabilities') });
  });

  it('refuses a batch holding a 2026 request: batches are a 2025-era extension', async () => {
    const { status, json } = await post(viewKey, [
      modern('tools/list').body,
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ code: -32600, message: expect.stringContaining('2025-era') });
  });

  it('still serves 2025-era batches and pings beside it', async () => {
    const { status, json } = await post(viewKey, [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ]);
    expect(status).toBe(200);
    expect(json.map((m: any) => m.id)).toEqual([1, 2]);
  });
});

describe('2026-07-28 rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startApp({ env: { RATE_LIMIT_MCP_PER_MINUTE: '2' } });
    await limited.tenant('north');
  });
  afterAll(() => limited?.close());

  it('counts 2026 requests like 2025 ones: the third in a minute gets 429 -32029', async () => {
    const { key } = await limited.key('north', ['loan.view']);
    const at = (m: { body: unknown; headers: Record<string, string> }) =>
      fetch(`${limited.url}/api/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...m.headers },
        body: JSON.stringify(m.body),
      });
    expect((await at(modern('server/discover'))).status).toBe(200);
    expect((await at(modern('tools/list'))).status).toBe(200);
    const refused = await at(modern('tools/list'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ id: null, error: { code: -32029 } });
  });
});
