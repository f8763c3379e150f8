/**
 * The MCP server over a catalogue of test tools, without HTTP: how tool outcomes become results, how
 * one message or a batch is answered (exchange.ts), and how one shared server keeps callers apart.
 */
import { describe, expect, it, vi } from 'vitest';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { answerPayload } from '../../src/adapters/mcp/exchange.js';
import { McpServer, type ReportUnexpected } from '../../src/adapters/mcp/server.js';
import { effectivePermissions } from '../../src/domain/access/permissions.js';
import { ToolCatalogue } from '../../src/domain/catalogue/catalogue.js';
import { defineTool } from '../../src/domain/catalogue/tool.js';
import type { Actor } from '../../src/domain/shared/actor.js';
import { conflict } from '../../src/domain/shared/errors.js';
import { DatabaseBusyError } from '../../src/ports/unit-of-work.js';
import { aTenant } from '../support/builders.js';

/** What `test.wait` answers once the test resolves it: a call that stays in flight meanwhile. */
let waiting = deferred();

function deferred() {
  let resolve!: (value: unknown) => void;
  const promise = new Promise<unknown>((r) => (resolve = r));
  return { promise, resolve };
}

/** A tool whose use case does `run`: a class of its own, declared like the real ones. */
const tool = (name: string, run: () => Promise<unknown>) =>
  defineTool({
    name,
    title: name,
    description: name,
    readOnly: true,
    output: z.object({ ok: z.boolean() }),
    useCase: class {
      static readonly required = ['module.loans', 'loan.view'];
      static readonly input = z.object({}).strict();
      execute = run;
    },
  });

const catalogue = new ToolCatalogue([
  tool('test.ok', async () => ({ ok: true })),
  tool('test.conflict', async () => {
    throw conflict('loan 7 is ISSUED, not AVAILABLE');
  }),
  tool('test.bug', async () => {
    throw new Error('SELECT secret FROM keys failed');
  }),
  tool('test.array', async () => [1, 2]),
  tool('test.wait', () => waiting.promise),
  tool('test.busy', async () => {
    throw new DatabaseBusyError({ cause: new Error('SQLITE_BUSY') });
  }),
]);

const modules = ['integrations', 'loans'] as const;
const actor: Actor = {
  tenant: aTenant({ modules: [...modules] }),
  principal: { type: 'apiKey', id: 'k1', name: 'k' },
  permissions: effectivePermissions(['loan.view'], [...modules]),
  loanGroupIds: null,
};

const mcp = new McpServer({ catalogue, resolve: (useCase) => new (useCase as new () => never)(), version: '9.9.9' });

/** Answers HTTP-style payloads for one caller on the file's one shared server. */
function serve(report: ReportUnexpected = () => undefined, as: Actor = actor) {
  return async (payload: unknown) => {
    const answer = await answerPayload((m) => mcp.answer(m, { actor: as, reportUnexpected: report }), payload);
    // The exchange answers with JSON text, as it goes out; the tests read it back.
    return answer.body === undefined ? answer : { ...answer, body: JSON.parse(answer.body.toString()) as unknown };
  };
}

const callTool = (id: number, name: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
});

describe('protocol methods', () => {
  const rpc = (method: string, params?: unknown) => serve()({ jsonrpc: '2.0', id: 9, method, params });

  it("initializes in the client's protocol version when the SDK speaks it, else in the latest", async () => {
    const clientInfo = { name: 'c', version: '1' };
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
      const { body } = await rpc('initialize', { protocolVersion: version, capabilities: {}, clientInfo });
      expect(body).toEqual({
        jsonrpc: '2.0',
        id: 9,
        result: {
          protocolVersion: version,
          capabilities: { tools: {} },
          serverInfo: { name: 'desk', version: '9.9.9' },
        },
      });
    }
    const { body } = await rpc('initialize', { protocolVersion: '1999-01-01', capabilities: {}, clientInfo });
    expect((body as any).result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('answers ping with an empty result', async () => {
    expect((await rpc('ping')).body).toEqual({ jsonrpc: '2.0', id: 9, result: {} });
  });

  it('answers a method it does not implement with -32601', async () => {
    expect((await rpc('resources/list')).body).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32601, message: 'Method not found' },
    });
  });

  it('answers malformed params with -32602 naming the field', async () => {
    const { body } = await rpc('tools/call', { arguments: {} });
    expect(body).toMatchObject({ id: 9, error: { code: -32602, message: expect.stringContaining('params.name') } });
    const init = await rpc('initialize', { capabilities: {} });
    expect(init.body).toMatchObject({ error: { code: -32602, message: expect.stringContaining('protocolVersion') } });
  });
});

describe('tools/call results', () => {
  it('returns the result as structuredContent and as JSON text', async () => {
    const { body } = await serve()(callTool(1, 'test.ok'));
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { structuredContent: { ok: true }, content: [{ type: 'text', text: '{"ok":true}' }] },
    });
  });

  it('turns a DomainError into a readable isError result', async () => {
    const { body } = await serve()(callTool(1, 'test.conflict'));
    expect((body as any).result).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'Conflict: loan 7 is ISSUED, not AVAILABLE' }],
    });
  });

  it.each(['test.bug', 'test.array'])(
    'answers a bug (%s) with a generic isError result and reports it',
    async (name) => {
      const report = vi.fn<ReportUnexpected>();
      const { body } = await serve(report)(callTool(1, name));
      const result = (body as any).result;
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toMatch(/^Internal error/);
      expect(JSON.stringify(result)).not.toContain('SELECT');
      expect(report).toHaveBeenCalledOnce();
      expect(report.mock.calls[0]![1]).toEqual({ rpcMethod: 'tools/call', tool: name });
    },
  );

  it('answers a busy database with a retryable isError result, not as a bug', async () => {
    const report = vi.fn<ReportUnexpected>();
    const { body } = await serve(report)(callTool(1, 'test.busy'));
    expect((body as any).result).toEqual({
      isError: true,
      content: [{ type: 'text', text: expect.stringMatching(/^Busy: .*nothing was changed.*Try again/) }],
    });
    expect(report).not.toHaveBeenCalled();
  });

  it('answers an unknown tool with -32602 "Unknown tool: <name>"', async () => {
    const { body } = await serve()(callTool(4, 'test.missing'));
    expect(body).toEqual({ jsonrpc: '2.0', id: 4, error: { code: -32602, message: 'Unknown tool: test.missing' } });
  });
});

describe('answering a payload', () => {
  it('gives each element of a batch its own answer, duplicate ids included', async () => {
    const { status, body } = await serve()([
      callTool(1, 'test.ok'),
      callTool(1, 'test.conflict'),
      callTool(1, 'test.ok'),
    ]);
    expect(status).toBe(200);
    expect((body as any[]).map((m) => [m.id, m.result.isError ?? false])).toEqual([
      [1, false],
      [1, true],
      [1, false],
    ]);
  });

  it('answers a single message that is not JSON-RPC with 400 -32600, keeping a readable id', async () => {
    expect(await serve()({ jsonrpc: '1.0', id: 5, method: 'ping' })).toEqual({
      status: 400,
      body: { jsonrpc: '2.0', id: 5, error: { code: -32600, message: expect.any(String) } },
    });
  });

  it('checks the batch size before running any element', async () => {
    const answer = vi.fn((m: unknown) => mcp.answer(m as never, { actor, reportUnexpected: () => undefined }));
    const result = await answerPayload(
      answer,
      Array.from({ length: 33 }, (_, i) => callTool(i, 'test.ok')),
    );
    expect(result.status).toBe(413);
    expect(answer).not.toHaveBeenCalled();
  });
});

describe('one server for every caller', () => {
  const outsider: Actor = {
    ...actor,
    principal: { type: 'apiKey', id: 'k2', name: 'other' },
    permissions: effectivePermissions([], ['integrations']),
  };
  const listTools = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });

  it('answers each caller as itself, with its own id, while their calls overlap', async () => {
    waiting = deferred();
    const slow = serve()(callTool(1, 'test.wait'));
    const [mine, theirs] = await Promise.all([serve()(listTools(1)), serve(undefined, outsider)(listTools(1))]);
    expect((mine.body as any).id).toBe(1);
    expect((mine.body as any).result.tools.map((t: { name: string }) => t.name)).toContain('test.ok');
    expect(theirs.body).toEqual({ jsonrpc: '2.0', id: 1, result: { tools: [] } });
    await expect(serve(undefined, outsider)(callTool(1, 'test.ok'))).resolves.toMatchObject({
      body: { id: 1, error: { code: -32602 } },
    });
    waiting.resolve({ ok: true });
    expect((await slow).body).toMatchObject({ id: 1, result: { structuredContent: { ok: true } } });
  });

  it("never lets one caller's notification cancel another caller's call", async () => {
    waiting = deferred();
    const slow = serve()(callTool(7, 'test.wait'));
    // Cancellations naming every small id, the call's own included, must not reach it.
    for (let batch = 0; batch < 8; batch++) {
      const cancels = Array.from({ length: 32 }, (_, i) => ({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: batch * 32 + i + 1, reason: 'mischief' },
      }));
      expect(await serve(undefined, outsider)(cancels)).toEqual({ status: 202 });
    }
    waiting.resolve({ ok: true });
    expect((await slow).body).toMatchObject({ id: 7, result: { structuredContent: { ok: true } } });
  });
});
