/**
 * `desk mcp --stdio`: the built CLI in a temporary install directory, prepared with the CLI itself,
 * driven by the SDK's own stdio client. Needs `npm run build` (npm test builds first).
 */
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, DESK_BIN, runDesk, tempInstallDir } from '../support/cli.js';

const DB = '--embedded-db';
let dir: string;

async function desk(...args: string[]): Promise<string> {
  const result = await runDesk([...args, DB], { cwd: dir });
  if (result.code !== 0) throw new Error(`desk ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  return result.stdout;
}

async function mintKey(tenant: string, scopes: string): Promise<{ id: string; key: string }> {
  return JSON.parse(await desk('key', 'create', tenant, '--name', 'mcp', '--scopes', scopes, '--json'));
}

/** The SDK client on `desk mcp --stdio`; `errors` collects anything on stdout that is not protocol. */
async function connect(key: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [DESK_BIN, 'mcp', '--stdio', DB],
    cwd: dir,
    env: cleanEnv({ DESK_API_KEY: key }) as Record<string, string>,
    stderr: 'pipe',
  });
  const errors: Error[] = [];
  const client = new Client({ name: 'desk-test', version: '1.0.0' });
  client.onerror = (e) => errors.push(e);
  await client.connect(transport);
  return { client, errors };
}

beforeAll(async () => {
  dir = tempInstallDir('desk-mcp-stdio-');
  await desk('tenant', 'create', 'north', '--name', 'North School');
  await desk('module', 'enable', 'north', 'integrations', 'loans', 'people');
  await desk('seed-demo', 'north', '--size', 'small');
  await desk('tenant', 'create', 'closed', '--name', 'Closed School');
  await desk('module', 'enable', 'closed', 'loans');
}, 60_000);

describe('desk mcp --stdio', () => {
  it('lists the tools of the key and calls them', async () => {
    const { key } = await mintKey('north', 'loan.view,loan.issue,person.view');
    const { client, errors } = await connect(key);
    expect(client.getServerVersion()?.name).toBe('desk');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['loans.issue', 'loans.list', 'people.profile', 'people.search']);
    expect(tools.find((t) => t.name === 'loans.issue')?.annotations?.readOnlyHint).toBe(false);

    const list = await client.callTool({ name: 'loans.list', arguments: { status: 'AVAILABLE', pageSize: 1 } });
    const loan = (list.structuredContent as any).loans[0];
    const people = await client.callTool({ name: 'people.search', arguments: { q: 'a', kind: 'PUPIL', limit: 1 } });
    const pupil = (people.structuredContent as any).people[0];

    const issued = await client.callTool({
      name: 'loans.issue',
      arguments: { number: loan.number, holderId: pupil.id },
    });
    expect((issued.structuredContent as any).loan).toMatchObject({ number: loan.number, status: 'ISSUED' });
    const again = await client.callTool({
      name: 'loans.issue',
      arguments: { number: loan.number, holderId: pupil.id },
    });
    expect(again.isError).toBe(true);
    expect(((again as CallToolResult).content[0] as { text: string }).text).toMatch(/^Conflict: /);
    await expect(client.callTool({ name: 'loans.return', arguments: { number: loan.number } })).rejects.toMatchObject({
      code: -32602,
    });
    await client.close();
    expect(errors).toEqual([]);
  });

  it('lists nothing for a tenant without the Integrations module', async () => {
    const { key } = await mintKey('closed', 'loan.view');
    const { client } = await connect(key);
    expect((await client.listTools()).tools).toEqual([]);
    await client.close();
  });

  it('stops answering for a key revoked by another process from the very next request', async () => {
    const minted = await mintKey('north', 'loan.view');
    const { client } = await connect(minted.key);
    const before = await client.callTool({ name: 'loans.list', arguments: { pageSize: 1 } });
    expect(before.isError).toBeFalsy();
    // The stdio process remembers the key's lookup, until another process commits to the file (the
    // CLI here): then it reads again, and every request from the next one on is refused.
    await desk('key', 'revoke', 'north', minted.id);
    await expect(client.callTool({ name: 'loans.list', arguments: { pageSize: 1 } })).rejects.toMatchObject({
      code: -32001,
      message: expect.stringContaining('revoked'),
    });
    await expect(client.listTools()).rejects.toMatchObject({ code: -32001 });
    await client.close();
  });

  it('answers a line that is not JSON with -32700 and id null, and carries on', async () => {
    const { key } = await mintKey('north', 'loan.view');
    const lines = [
      'this is not JSON',
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      '',
      '{"jsonrpc":"2.0","id":2,"method":"ping"',
      JSON.stringify({ id: 3, method: 'not a JSON-RPC message' }),
      JSON.stringify([{ jsonrpc: '2.0', id: 4, method: 'ping' }]),
      JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping' }),
    ];
    const result = await runDesk(['mcp', '--stdio', DB], {
      cwd: dir,
      env: { DESK_API_KEY: key },
      input: lines.join('\n') + '\n',
    });
    expect(result.code, result.stderr).toBe(0);
    const answers = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const byId = (id: number | null) => answers.filter((a) => (Array.isArray(a) ? a[0].id : a.id) === id);
    // Two lines that are not JSON (the blank line is skipped): a parse error each, without an id.
    expect(byId(null)).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.any(String) } },
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.any(String) } },
    ]);
    expect(byId(3)).toEqual([{ jsonrpc: '2.0', id: 3, error: { code: -32600, message: expect.any(String) } }]);
    for (const id of [1, 5]) expect(byId(id)).toEqual([{ jsonrpc: '2.0', id, result: {} }]);
    expect(byId(4)).toEqual([[{ jsonrpc: '2.0', id: 4, result: {} }]]);
    expect(answers).toHaveLength(6);
  });

  it('exits 2 with one line on stderr and nothing on stdout when DESK_API_KEY is missing', async () => {
    const result = await runDesk(['mcp', '--stdio', DB], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('DESK_API_KEY');
  });

  it('exits 1 for an invalid or a revoked key, before any protocol traffic', async () => {
    const minted = await mintKey('north', 'loan.view');
    await desk('key', 'revoke', 'north', minted.id);
    for (const [key, why] of [
      [minted.key, 'revoked'],
      ['desk_not-a-real-key', 'not valid'],
    ] as const) {
      const result = await runDesk(['mcp', '--stdio', DB], { cwd: dir, env: { DESK_API_KEY: key } });
      expect(result.code, why).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(why);
    }
  });
});

describe('desk mcp --stdio with the v2 client (2.4.0, negotiation on)', () => {
  /** The v2 client probes with server/discover (on a sibling process), then serves on its own. */
  async function connectV2(key: string) {
    const client = new ClientV2({ name: 'desk-test-v2', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(
      new StdioV2({
        command: process.execPath,
        args: [DESK_BIN, 'mcp', '--stdio', DB],
        cwd: dir,
        env: cleanEnv({ DESK_API_KEY: key }) as Record<string, string>,
        stderr: 'pipe',
      }),
    );
    return client;
  }

  it('negotiates 2026-07-28, lists the key’s tools and calls them', async () => {
    const { key } = await mintKey('north', 'loan.view,person.view');
    const client = await connectV2(key);
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getServerVersion()?.name).toBe('desk');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['loans.list', 'people.profile', 'people.search']);
    const list = await client.callTool({ name: 'loans.list', arguments: { pageSize: 1 } });
    expect((list.structuredContent as any).loans).toHaveLength(1);
    await expect(client.callTool({ name: 'loans.issue', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    await client.close();
  });

  it('checks the key on every request: a revoked key gets -32001 on the next one', async () => {
    const minted = await mintKey('north', 'loan.view');
    const client = await connectV2(minted.key);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['loans.list']);
    await desk('key', 'revoke', 'north', minted.id);
    await expect(client.callTool({ name: 'loans.list', arguments: {} })).rejects.toMatchObject({ code: -32001 });
    await client.close();
  });

  it('answers both lanes line by line: discovery, a removed method, a 2025 ping and an unsupported version', async () => {
    const { key } = await mintKey('north', 'loan.view');
    const meta = (version: string) => ({
      'io.modelcontextprotocol/protocolVersion': version,
      'io.modelcontextprotocol/clientCapabilities': {},
    });
    const lines = [
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta('2026-07-28') } },
      { jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: meta('2026-07-28') } },
      { jsonrpc: '2.0', id: 3, method: 'ping' },
      { jsonrpc: '2.0', id: 4, method: 'tools/list', params: { _meta: meta('2030-01-01') } },
    ].map((m) => JSON.stringify(m));
    const result = await runDesk(['mcp', '--stdio', DB], {
      cwd: dir,
      env: { DESK_API_KEY: key },
      input: lines.join('\n') + '\n',
    });
    expect(result.code, result.stderr).toBe(0);
    const byId = new Map(
      result.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .map((a) => [a.id, a]),
    );
    expect(byId.get(1).result).toMatchObject({
      resultType: 'complete',
      supportedVersions: expect.arrayContaining(['2026-07-28', '2025-11-25']),
    });
    expect(byId.get(2).error.code).toBe(-32601);
    expect(byId.get(3).result).toEqual({});
    expect(byId.get(4).error).toMatchObject({ code: -32022, data: { requested: '2030-01-01' } });
  });
});
