/**
 * Which lane a message is served on (lanes.ts), without HTTP: the body decides, the headers only
 * cross-check it, and stdio (no headers) serves both lanes by the body alone.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { classify, DESK_PROTOCOL_VERSIONS, MODERN_VERSION } from '../../src/adapters/mcp/lanes.js';

const envelope = (version: unknown = MODERN_VERSION, extra: Record<string, unknown> = {}) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': {},
  ...extra,
});
const request = (method: string, params?: Record<string, unknown>) =>
  ({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }) as JSONRPCMessage;
const codeOf = (c: ReturnType<typeof classify>) => ('refused' in c ? (c.refused.reply as any).error.code : c.lane);

describe('lanes', () => {
  it('serves a message without the envelope on the 2025 lane, whatever its method', () => {
    for (const method of ['initialize', 'ping', 'tools/list', 'server/discover']) {
      expect(classify(request(method), {})).toEqual({ lane: 'legacy' });
      expect(classify(request(method))).toEqual({ lane: 'legacy' });
    }
    expect(classify(request('tools/list'), { protocolVersion: '2025-11-25' })).toEqual({ lane: 'legacy' });
  });

  it('serves an enveloped request on the 2026 lane, even initialize (which that lane does not know)', () => {
    expect(classify(request('initialize', { _meta: envelope() }))).toEqual({ lane: 'modern' });
    expect(classify(request('tools/list', { _meta: envelope() }))).toEqual({ lane: 'modern' });
  });

  it('on stdio (no headers) needs no header, and still checks the version and the envelope', () => {
    expect(classify(request('tools/call', { name: 'x', _meta: envelope() }))).toEqual({ lane: 'modern' });
    expect(codeOf(classify(request('tools/list', { _meta: envelope('2025-11-25') })))).toBe(-32022);
    expect(codeOf(classify(request('tools/list', { _meta: envelope(7) })))).toBe(-32602);
    const noCapabilities = { 'io.modelcontextprotocol/protocolVersion': MODERN_VERSION };
    expect(codeOf(classify(request('tools/list', { _meta: noCapabilities })))).toBe(-32602);
    const badInfo = envelope(MODERN_VERSION, { 'io.modelcontextprotocol/clientInfo': 'me' });
    expect(codeOf(classify(request('tools/list', { _meta: badInfo })))).toBe(-32602);
  });

  it('names every version Desk serves, and the one asked for, in -32022', () => {
    const refused = classify(request('tools/list', { _meta: envelope('2099-12-31') }));
    expect('refused' in refused && refused.refused.reply).toMatchObject({
      id: 1,
      error: { code: -32022, data: { supported: DESK_PROTOCOL_VERSIONS, requested: '2099-12-31' } },
    });
    expect(DESK_PROTOCOL_VERSIONS.slice(0, 2)).toEqual(['2026-07-28', '2025-11-25']);
  });

  it('answers a version mismatch before an unsupported version (the header is checked against the body)', () => {
    const m = request('tools/list', { _meta: envelope('2099-12-31') });
    expect(codeOf(classify(m, { protocolVersion: MODERN_VERSION, method: 'tools/list' }))).toBe(-32020);
  });

  it('refuses initialize under a 2026 header as a header mismatch, and other envelope-less requests as -32602', () => {
    const headers = { protocolVersion: MODERN_VERSION, method: 'initialize' };
    expect(codeOf(classify(request('initialize', { protocolVersion: '2025-11-25' }), headers))).toBe(-32020);
    expect(codeOf(classify(request('tools/list'), { protocolVersion: MODERN_VERSION, method: 'tools/list' }))).toBe(
      -32602,
    );
  });

  it('lets a notification through without headers: it runs nothing and gets nothing', () => {
    const note = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { _meta: envelope() } } as JSONRPCMessage;
    expect(classify(note, {})).toEqual({ lane: 'modern' });
    const bare = { jsonrpc: '2.0', method: 'notifications/initialized' } as JSONRPCMessage;
    expect(classify(bare, { protocolVersion: MODERN_VERSION })).toEqual({ lane: 'legacy' });
  });
});
