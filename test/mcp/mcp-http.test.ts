/**
 * `/api/mcp` end to end: the real server on a loopback port (SQLite), driven by the SDK's own client
 * and by plain fetch for the raw JSON-RPC cases (batches, HTTP errors, fields the SDK strips).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.js';
import {
  auditEntries,
  expiredKey,
  readTenantData,
  revokedKey,
  writableState,
  type TenantData,
} from '../support/tenant-data.js';

const VIEW = ['loan.view'];
const LOANS = ['loan.view', 'loan.issue', 'loan.return'];

let app: TestApp;
let endpoint: string;
let north: TenantData;
let viewKey: string;
let loansKey: { key: string; id: string };

/** One JSON-RPC request as a plain client would send it. */
async function post(key: string | null, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { response, status: response.status, text, json: text ? (JSON.parse(text) as any) : undefined };
}

const request = (id: number | string, method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});
const call = (id: number | string, name: string, args: unknown) => request(id, 'tools/call', { name, arguments: args });

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'desk-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
  return client;
}

const textOf = (result: unknown): string => ((result as CallToolResult).content[0] as { text: string }).text;

const loanIn = async (number: number) =>
  (await readTenantData(app.container, 'north')).loans.find((l) => l.number === number)!;

beforeAll(async () => {
  app = await startApp({ env: { ALLOWED_ORIGINS: 'https://app.example' } });
  endpoint = `${app.url}/api/mcp`;
  await app.tenant('north', { seed: 'small', hosts: ['north.example'] });
  await app.tenant('noloans', { modules: ['integrations', 'people'], seed: 'small' });
  await app.tenant('closed', { modules: ['loans', 'people'] });
  north = await readTenantData(app.container, 'north');
  viewKey = (await app.key('north', VIEW)).key;
  loansKey = await app.key('north', LOANS);
});

afterAll(async () => {
  await app?.close();
});

describe('the SDK client over Streamable HTTP', () => {
  it('initializes, pings and lists the tools its scopes permit', async () => {
    const client = await connect(loansKey.key);
    expect(client.getServerVersion()).toMatchObject({ name: 'desk', version: '0.20.0' });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    await expect(client.ping()).resolves.toEqual({});
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['loans.issue', 'loans.list', 'loans.return']);
    const issue = tools.find((t) => t.name === 'loans.issue')!;
    expect(issue.annotations?.readOnlyHint).toBe(false);
    expect(issue._meta).toEqual({ readOnly: false });
    expect(issue.inputSchema.type).toBe('object');
    expect(issue.outputSchema?.type).toBe('object');
    await client.close();
  });

  it('opens its event-stream GET once: the 405 keeps it from reconnecting', async () => {
    const methods: string[] = [];
    const client = new Client({ name: 'desk-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(endpoint), {
        requestInit: { headers: { Authorization: `Bearer ${viewKey}` } },
        fetch: (url, init) => {
          methods.push(init?.method ?? 'GET');
          return fetch(url, init);
        },
      }),
    );
    await client.listTools();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(methods.filter((m) => m === 'GET')).toHaveLength(1);
    expect(methods.filter((m) => m === 'POST')).toHaveLength(3); // initialize, initialized, tools/list
    await client.close();
  });

  it('shows two keys with different scopes different catalogues', async () => {
    const client = await connect(viewKey);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['loans.list']);
    await client.close();
  });

  it('calls loans.list and returns the inventory page as structured content and as text', async () => {
    const client = await connect(viewKey);
    const result = await client.callTool({ name: 'loans.list', arguments: { status: 'AVAILABLE', pageSize: 5 } });
    expect(result.isError).toBeFalsy();
    const page = result.structuredContent as any;
    expect(page).toMatchObject({ page: 1, pageSize: 5, total: expect.any(Number) });
    expect(page.loans).toHaveLength(5);
    expect(page.loans.every((l: any) => l.status === 'AVAILABLE')).toBe(true);
    expect(Object.keys(page.summary).sort()).toEqual([
      'available',
      'issued',
      'nextNumber',
      'overdue',
      'total',
      'withoutDueDate',
    ]);
    expect(JSON.parse(textOf(result))).toEqual(page);
    await client.close();
  });

  it('issues then returns a loan: the database changes and each write is audited with the key as actor', async () => {
    const available = north.loans.find((l) => l.status === 'AVAILABLE')!;
    const holder = north.pupils[0]!;
    const client = await connect(loansKey.key);

    const issued = await client.callTool({
      name: 'loans.issue',
      arguments: { number: available.number, holderId: holder.id },
    });
    expect(issued.isError).toBeFalsy();
    expect((issued.structuredContent as any).loan).toMatchObject({
      number: available.number,
      status: 'ISSUED',
      holder: { id: holder.id },
    });
    expect(await loanIn(available.number)).toMatchObject({ status: 'ISSUED', holderId: holder.id });

    const returned = await client.callTool({ name: 'loans.return', arguments: { serial: available.serial } });
    expect((returned.structuredContent as any).loan).toMatchObject({ status: 'AVAILABLE', holder: null });
    expect(await loanIn(available.number)).toMatchObject({ status: 'AVAILABLE', holderId: null });

    for (const action of ['loan.issue', 'loan.return']) {
      const [entry] = await auditEntries(app.container, north.tenant.id, action);
      expect(entry?.actor).toEqual({ type: 'apiKey', id: loansKey.id });
    }
    await client.close();
  });

  it('answers a conflict (issuing an ISSUED loan) as a readable isError result', async () => {
    const loan = north.loans.find((l) => l.status === 'AVAILABLE' && l.number !== north.loans[0]!.number)!;
    const client = await connect(loansKey.key);
    const args = { number: loan.number, holderId: north.pupils[1]!.id };
    expect((await client.callTool({ name: 'loans.issue', arguments: args })).isError).toBeFalsy();
    const again = await client.callTool({ name: 'loans.issue', arguments: args });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toBe(`Conflict: loaner ${loan.number} is already out on loan`);
    await client.callTool({ name: 'loans.return', arguments: { number: loan.number } });
    await client.close();
  });

  it('answers a tool the key cannot see with -32602 Unknown tool, like a tool that does not exist', async () => {
    const client = await connect(viewKey);
    for (const name of ['loans.issue', 'no.such.tool']) {
      await expect(client.callTool({ name, arguments: {} })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining(`Unknown tool: ${name}`),
      });
    }
    await client.close();
  });
});

describe('tools/list as raw JSON', () => {
  it('carries readOnly at the top level, in annotations and in _meta', async () => {
    const { json } = await post(loansKey.key, request(1, 'tools/list'));
    const byName = Object.fromEntries(json.result.tools.map((t: any) => [t.name, t]));
    expect(byName['loans.list']).toMatchObject({
      readOnly: true,
      annotations: { readOnlyHint: true },
      _meta: { readOnly: true },
    });
    expect(byName['loans.issue']).toMatchObject({
      readOnly: false,
      annotations: { readOnlyHint: false },
      _meta: { readOnly: false },
    });
    for (const tool of json.result.tools) {
      expect(Object.keys(tool)).toEqual(
        expect.arrayContaining(['name', 'title', 'description', 'inputSchema', 'outputSchema']),
      );
    }
  });

  it('is empty for a key with no scopes', async () => {
    const { key } = await app.key('north', []);
    expect((await post(key, request(1, 'tools/list'))).json.result.tools).toEqual([]);
  });

  it('hides the tools of a module that is off', async () => {
    const { key } = await app.key('noloans', ['loan.view', 'person.view']);
    const names = (await post(key, request(1, 'tools/list'))).json.result.tools.map((t: any) => t.name);
    expect(names.sort()).toEqual(['people.profile', 'people.search']);
    expect((await post(key, call(2, 'loans.list', {}))).json.error).toMatchObject({ code: -32602 });
  });
});

describe('protocol versions', () => {
  it.each(SUPPORTED_PROTOCOL_VERSIONS)('initializes with %s', async (version) => {
    const init = request(1, 'initialize', {
      protocolVersion: version,
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    const { status, json } = await post(viewKey, init);
    expect(status).toBe(200);
    expect(json.result).toMatchObject({
      protocolVersion: version,
      serverInfo: { name: 'desk' },
      capabilities: { tools: {} },
    });
    const ping = await post(viewKey, request(2, 'ping'), { 'Mcp-Protocol-Version': version });
    expect(ping.json).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  });

  it('offers its latest version to a client asking for an unknown one, and refuses an unknown version header', async () => {
    const init = request(1, 'initialize', {
      protocolVersion: '1999-01-01',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect((await post(viewKey, init)).json.result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    const { status, json } = await post(viewKey, request(2, 'ping'), { 'Mcp-Protocol-Version': '1999-01-01' });
    expect(status).toBe(400);
    expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });
});

describe('tool input', () => {
  it.each([
    [{ number: 1, holderId: 'x', colour: 'red' }, ['colour']],
    [{ number: 'one', holderId: 'x' }, ['number']],
    [{ number: 1, serial: 'S', holderId: 'x' }, ['number / serial']],
    [{ number: 1.5, dueDate: 'soon' }, ['number', 'holderId', 'dueDate']],
  ])('refuses %j naming %j, and writes nothing', async (args, fields) => {
    const before = await writableState(app.container, north.tenant.id);
    const { status, json } = await post(loansKey.key, call(1, 'loans.issue', args));
    expect(status).toBe(200);
    expect(json.result.isError).toBe(true);
    const text: string = json.result.content[0].text;
    expect(text).toMatch(/^Invalid input: /);
    for (const field of fields) expect(text).toContain(field);
    expect(json.result.structuredContent).toBeUndefined();
    expect(await writableState(app.container, north.tenant.id)).toEqual(before);
  });

  it('answers a missing record as isError not found', async () => {
    const { json } = await post(loansKey.key, call(1, 'loans.return', { number: 999_999 }));
    expect(json.result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Not found: loaner 999999 was not found' }],
    });
  });
});

describe('batches', () => {
  it('answers a batch of 2 as an array in order', async () => {
    const { status, json } = await post(viewKey, [request('b', 'tools/list'), request('a', 'ping')]);
    expect(status).toBe(200);
    expect(json.map((m: any) => m.id)).toEqual(['b', 'a']);
    expect(json[0].result.tools.map((t: any) => t.name)).toEqual(['loans.list']);
    expect(json[1].result).toEqual({});
  });

  it('answers 32 messages, duplicate ids included, and notifications get no entry', async () => {
    const batch = [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      ...Array.from({ length: 31 }, (_, i) => request(i % 2, 'ping')),
    ];
    const { status, json } = await post(viewKey, batch);
    expect(status).toBe(200);
    expect(json).toHaveLength(31);
    expect(json.map((m: any) => m.id)).toEqual(Array.from({ length: 31 }, (_, i) => i % 2));
  });

  it('refuses 33 messages with 413 and runs none of them', async () => {
    const before = await writableState(app.container, north.tenant.id);
    const available = north.loans.filter((l) => l.status === 'AVAILABLE');
    const batch = Array.from({ length: 33 }, (_, i) =>
      call(i, 'loans.issue', { number: available[i % available.length]!.number, holderId: north.pupils[2]!.id }),
    );
    const { status, json } = await post(loansKey.key, batch);
    expect(status).toBe(413);
    expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(await writableState(app.container, north.tenant.id)).toEqual(before);
  });

  it('answers an empty batch as an invalid request', async () => {
    const { status, json } = await post(viewKey, []);
    expect(status).toBe(400);
    expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  it('answers a batch of notifications only with 202 and no body', async () => {
    const { status, text } = await post(viewKey, [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
    ]);
    expect(status).toBe(202);
    expect(text).toBe('');
  });

  it('fails only the bad element of a batch', async () => {
    const { json } = await post(viewKey, [request(1, 'ping'), { hello: 'world' }, request(3, 'no/such/method')]);
    expect(json).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.any(String) } },
      { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } },
    ]);
  });

  it('answers a single notification with 202', async () => {
    const { status, text } = await post(viewKey, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(status).toBe(202);
    expect(text).toBe('');
  });
});

describe('HTTP-level errors are JSON-RPC bodies', () => {
  it('answers malformed JSON with -32700', async () => {
    const { status, json, response } = await post(viewKey, '{"jsonrpc": "2.0",');
    expect(status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const { status, json } = await post(viewKey, {
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
      params: { _meta: { pad: 'x'.repeat(1024 * 1024) } },
    });
    expect(status).toBe(413);
    expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  it('answers a missing, invalid, revoked or expired key with 401 and a Bearer challenge naming the resource metadata', async () => {
    const revoked = await revokedKey(app, 'north', VIEW);
    const expired = await expiredKey(app, 'north', VIEW);
    const metadata = `resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/mcp"`;
    for (const key of [null, 'desk_not-a-key', revoked.key, expired.key]) {
      const { status, json, response } = await post(key, request(1, 'ping'));
      expect(status, String(key)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(
        key === null ? `Bearer ${metadata}` : `Bearer ${metadata}, error="invalid_token"`,
      );
      expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001, message: expect.any(String) } });
    }
  });

  it('answers 403 -32003 when the tenant has not enabled Integrations', async () => {
    const { key } = await app.key('closed', VIEW);
    const { status, json } = await post(key, request(1, 'tools/list'));
    expect(status).toBe(403);
    expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32003 } });
    const discovery = await fetch(endpoint, { headers: { Authorization: `Bearer ${key}` } });
    expect(discovery.status).toBe(403);
  });

  it('refuses a foreign Origin with 403 and accepts PUBLIC_URL, tenant hosts and ALLOWED_ORIGINS', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const { status, json } = await post(viewKey, request(1, 'ping'), { Origin: origin });
      expect(status, origin).toBe(403);
      expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32003 } });
    }
    for (const origin of [app.config.publicUrl, 'https://north.example', 'https://app.example']) {
      const { status, json } = await post(viewKey, request(1, 'ping'), { Origin: origin });
      expect(status, origin).toBe(200);
      expect(json.result).toEqual({});
    }
  });

  it('answers JSON to a client sending no Accept or only application/json', async () => {
    for (const accept of [null, 'application/json']) {
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${viewKey}`,
      };
      if (accept) headers.Accept = accept;
      const response = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(request(7, 'ping')) });
      expect(response.status, String(accept)).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    }
  });

  it('answers other methods with 405', async () => {
    const response = await fetch(endpoint, { method: 'DELETE', headers: { Authorization: `Bearer ${viewKey}` } });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });
});

describe('GET /api/mcp', () => {
  it('is discovery JSON listing the tools the key can use', async () => {
    const response = await fetch(endpoint, {
      headers: { Authorization: `Bearer ${loansKey.key}`, Accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    expect(body.server).toEqual({ name: 'desk', version: '0.20.0' });
    expect(body.endpoint).toBe(`${app.config.publicUrl}/api/mcp`);
    expect(body.tools.map((t: any) => t.name).sort()).toEqual(['loans.issue', 'loans.list', 'loans.return']);
    const issue = body.tools.find((t: any) => t.name === 'loans.issue');
    expect(Object.keys(issue).sort()).toEqual(['description', 'inputSchema', 'name', 'readOnly', 'title']);
    expect(issue.readOnly).toBe(false);
  });

  it('needs the key like POST', async () => {
    const response = await fetch(endpoint);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/mcp"`,
    );
  });

  it('answers 405 to a GET asking for an event stream', async () => {
    const response = await fetch(endpoint, {
      headers: { Authorization: `Bearer ${viewKey}`, Accept: 'text/event-stream' },
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });
});
