/**
 * The MCP server over a catalogue of test tools, without HTTP: how tool outcomes become results, and
 * how one message or a batch is answered (exchange.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { answerPayload } from '../../src/adapters/mcp/exchange.js';
import { createMcpServer, type ReportUnexpected } from '../../src/adapters/mcp/server.js';
import { effectivePermissions } from '../../src/domain/access/permissions.js';
import { ToolCatalogue } from '../../src/domain/catalogue/catalogue.js';
import { defineTool } from '../../src/domain/catalogue/tool.js';
import type { Actor } from '../../src/domain/shared/actor.js';
import { conflict } from '../../src/domain/shared/errors.js';
import { aTenant } from '../support/builders.js';

const tool = (name: string, run: () => Promise<unknown>) =>
  defineTool({
    name,
    title: name,
    description: name,
    module: 'loans',
    permissions: ['loan.view'],
    readOnly: true,
    input: z.object({}).strict(),
    output: z.object({ ok: z.boolean() }),
    run: run as never,
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
]);

const modules = ['integrations', 'loans'] as const;
const actor: Actor = {
  tenant: aTenant({ modules: [...modules] }),
  principal: { type: 'apiKey', id: 'k1', name: 'k' },
  permissions: effectivePermissions(['loan.view'], [...modules]),
  loanGroupIds: null,
};

function serve(report: ReportUnexpected = () => undefined) {
  const newServer = () =>
    createMcpServer({
      catalogue,
      resolve: () => undefined as never,
      actor,
      version: '9.9.9',
      reportUnexpected: report,
    });
  return (payload: unknown) => answerPayload(newServer, payload);
}

const callTool = (id: number, name: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
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
      expect(report.mock.calls[0]![1]).toEqual({ tool: name });
    },
  );

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

  it('checks the batch size before building any server', async () => {
    const newServer = vi.fn(() =>
      createMcpServer({ catalogue, resolve: () => undefined as never, actor, version: '1' }),
    );
    const answer = await answerPayload(
      newServer,
      Array.from({ length: 33 }, (_, i) => callTool(i, 'test.ok')),
    );
    expect(answer.status).toBe(413);
    expect(newServer).not.toHaveBeenCalled();
  });
});
