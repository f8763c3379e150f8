import { SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { RPC, rpcError } from './errors.js';
import { isModernVersion, MODERN_VERSION } from './versions.js';
import type { Reply } from './reply.js';

/**
 * Which lane one message is served on, and the 2026-07-28 revision's checks that come before any
 * method runs (learned from the revision's text and the v2 SDK's inbound ladder; written here).
 *
 * - **2025 lane** (`initialize`, then plain messages; 2025-11-25 and the earlier versions SDK 1.32
 *   knows): a message without the per-request envelope, and batches. Served exactly as before.
 * - **2026 lane** (`2026-07-28`): a request whose `params._meta` carries
 *   `io.modelcontextprotocol/protocolVersion`. No initialize, no session: the version and the client's
 *   capabilities come with every request. Over HTTP its headers must agree with its body.
 *
 * The body decides the lane; the `MCP-Protocol-Version` header only cross-checks it (a proxy that
 * drops the header must not change the era). Stdio has no headers: `headers` is undefined there.
 */

/** Every version Desk serves, newest first: the 2026 lane's, then the 2025 lane's (SDK 1.32's). */
export const DESK_PROTOCOL_VERSIONS: readonly string[] = [MODERN_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS];

/** The per-request `_meta` keys of 2026-07-28 (the envelope) and the result's server identity key. */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

export { isModernVersion, MODERN_VERSION };

export type Lane = 'legacy' | 'modern';

/** The HTTP headers of one POST that mirror its body (absent ones undefined). */
export interface McpHeaders {
  readonly protocolVersion?: string;
  readonly method?: string;
  readonly name?: string;
}

/** A message refused before any method runs: the status it goes with over HTTP, and its reply. */
export interface Refusal {
  readonly status: 400;
  readonly reply: Reply;
}

export type Classified = { readonly lane: Lane } | { readonly refused: Refusal };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const metaOf = (message: JSONRPCMessage): Record<string, unknown> | undefined => {
  const params = (message as { params?: unknown }).params;
  const meta = isObject(params) ? params._meta : undefined;
  return isObject(meta) ? meta : undefined;
};

/** Whether a message claims the 2026 envelope: its `_meta` names a protocol version (any value). */
export const claimsEnvelope = (raw: unknown): boolean => {
  const params = isObject(raw) ? raw.params : undefined;
  const meta = isObject(params) ? params._meta : undefined;
  return isObject(meta) && META.protocolVersion in meta;
};

const idOf = (message: JSONRPCMessage): RequestId | null => (message as { id?: RequestId }).id ?? null;

const refuse = (message: JSONRPCMessage, code: number, text: string, data?: unknown): Classified => ({
  refused: { status: 400, reply: rpcError(idOf(message), code, text, data) },
});

const mismatch = (message: JSONRPCMessage, text: string) =>
  refuse(message, RPC.headerMismatch, `Header mismatch: ${text}`);

/** The unsupported-version error: the versions Desk serves and the one asked for (SEP's data shape). */
export const unsupportedVersion = (message: JSONRPCMessage, requested: string): Classified =>
  refuse(
    message,
    RPC.unsupportedProtocolVersion,
    `Unsupported protocol version: ${requested}. Desk serves ${MODERN_VERSION} with the per-request _meta envelope, ` +
      `and ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')} through initialize without it`,
    { supported: DESK_PROTOCOL_VERSIONS, requested },
  );

/** `=?base64?…?=` (the revision's sentinel for header values that are not plain ASCII), decoded. */
function decodeHeaderValue(value: string): string | undefined {
  const sentinel = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  if (!sentinel) return value.startsWith('=?base64?') && value.endsWith('?=') ? undefined : value;
  const decoded = Buffer.from(sentinel[1]!, 'base64');
  return decoded.toString('base64') === sentinel[1] ? decoded.toString('utf8') : undefined;
}

/** What the envelope is missing or gets wrong (the revision's required keys), or undefined. */
function envelopeProblem(meta: Record<string, unknown>): string | undefined {
  const capabilities = meta[META.clientCapabilities];
  if (capabilities === undefined) return `${META.clientCapabilities} is missing`;
  if (!isObject(capabilities)) return `${META.clientCapabilities} must be an object`;
  const info = meta[META.clientInfo];
  if (info !== undefined && !(isObject(info) && typeof info.name === 'string' && typeof info.version === 'string')) {
    return `${META.clientInfo} must be an object with a name and a version`;
  }
  return undefined;
}

/** The methods whose `Mcp-Name` header mirrors a body field (the ones Desk serves). */
const NAME_SOURCE: Readonly<Record<string, string>> = { 'tools/call': 'name' };

/**
 * The lane of one message (not a batch: batches are 2025-lane only, exchange.ts), or why it is refused,
 * in the revision's order: the envelope's version against the header (-32020), the `Mcp-Method`
 * header against the body (-32020), a version Desk does not serve (-32022), the rest of the envelope
 * (-32602), then over HTTP the headers every 2026 request must carry (-32020). A header naming a 2026
 * version on a request without the envelope is a malformed 2026 request: -32602 naming what is
 * missing, never a silent fall back to the 2025 lane. Responses and notifications never run anything.
 */
export function classify(message: JSONRPCMessage, headers?: McpHeaders): Classified {
  const isRequest = 'method' in message && 'id' in message;
  const meta = metaOf(message);
  const headerVersion = headers?.protocolVersion;
  if (!('method' in message)) return { lane: 'legacy' };
  if (meta === undefined || !(META.protocolVersion in meta)) {
    // initialize is the 2025 handshake by definition: under a 2026 header it is a contradiction, not
    // a request missing its envelope (the v2 SDK answers it so too).
    if (headerVersion !== undefined && isModernVersion(headerVersion) && message.method === 'initialize') {
      return mismatch(
        message,
        `an initialize request (the 2025 handshake) under MCP-Protocol-Version ${headerVersion}`,
      );
    }
    if (headerVersion !== undefined && isModernVersion(headerVersion) && isRequest) {
      const missing = meta === undefined ? '_meta' : `${META.protocolVersion}, ${META.clientCapabilities}`;
      return refuse(
        message,
        RPC.invalidParams,
        `Invalid params: the MCP-Protocol-Version header names ${headerVersion}, but the request has no per-request envelope (missing ${missing})`,
        { missing: meta === undefined ? ['_meta'] : [META.protocolVersion, META.clientCapabilities] },
      );
    }
    return { lane: 'legacy' };
  }
  const claimed = meta[META.protocolVersion];
  if (typeof claimed !== 'string') {
    return refuse(message, RPC.invalidParams, `Invalid params: ${META.protocolVersion} must be a version string`);
  }
  if (headerVersion !== undefined && headerVersion !== claimed) {
    return mismatch(
      message,
      `the body's _meta names protocol version ${claimed}, the MCP-Protocol-Version header ${headerVersion}`,
    );
  }
  if (headers?.method !== undefined && headers.method !== message.method) {
    return mismatch(message, `the body names method ${message.method}, the Mcp-Method header ${headers.method}`);
  }
  if (claimed !== MODERN_VERSION) return unsupportedVersion(message, claimed);
  if (!isRequest) return { lane: 'modern' };
  const problem = envelopeProblem(meta);
  if (problem) return refuse(message, RPC.invalidParams, `Invalid params: the per-request _meta envelope: ${problem}`);
  if (headers) {
    if (headerVersion === undefined) return mismatch(message, 'the required MCP-Protocol-Version header is absent');
    if (headers.method === undefined)
      return mismatch(message, `the required Mcp-Method header is absent (the body names ${message.method})`);
    const field = NAME_SOURCE[message.method];
    const params = (message as { params?: unknown }).params;
    const bodyName = field && isObject(params) && typeof params[field] === 'string' ? params[field] : undefined;
    if (bodyName !== undefined) {
      if (headers.name === undefined) {
        return mismatch(
          message,
          `the body carries params.${field} "${bodyName}" but the required Mcp-Name header is absent`,
        );
      }
      const decoded = decodeHeaderValue(headers.name);
      if (decoded === undefined)
        return mismatch(message, 'the Mcp-Name header carries an invalid Base64 sentinel value');
      if (decoded !== bodyName) {
        return mismatch(
          message,
          `the body carries params.${field} "${bodyName}" but the Mcp-Name header names "${decoded}"`,
        );
      }
    }
  }
  return { lane: 'modern' };
}
