/**
 * API keys look like `desk_<32 base62 chars><6 base62 chars of CRC32>`: the fixed prefix and the
 * checksum let secret scanners recognise a leaked key without asking us. The service stores only a
 * SHA-256 hash of the key and its first 13 characters (`desk_` + 8) as a lookup prefix.
 */
import { z } from 'zod';

/** A key as listed: never the key itself, only its prefix. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe("The key's first characters, to recognise it by"),
  scopes: z.array(z.string()).readonly().describe('The permissions the key stands for'),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export interface ApiKey {
  readonly id: string;
  readonly name: string;
  readonly prefix: string;
  readonly scopes: readonly string[];
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

export interface StoredApiKey extends ApiKey {
  readonly tenantId: string;
  readonly hash: string;
}

export const KEY_PREFIX = 'desk_';
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
export const LOOKUP_PREFIX_LENGTH = KEY_PREFIX.length + 8;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function base62(n: number, width: number): string {
  let out = '';
  for (let i = 0; i < width; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** Turns 32 random bytes into a key body of base62 characters. */
export function keyBodyFromBytes(bytes: Uint8Array): string {
  if (bytes.length < BODY_LENGTH) throw new Error('need at least 32 random bytes');
  // 62 * 4 = 248: rejecting bytes >= 248 keeps every character equally likely.
  let body = '';
  for (const b of bytes) {
    if (b < 248) body += BASE62[b % 62];
    if (body.length === BODY_LENGTH) break;
  }
  // Astronomically unlikely with 48 bytes, but a short key must never be minted.
  if (body.length < BODY_LENGTH) throw new Error('not enough usable random bytes for a key body');
  return body;
}

export const formatKey = (body: string): string => `${KEY_PREFIX}${body}${base62(crc32(body), CHECKSUM_LENGTH)}`;

/** True when `key` has the shape of a Desk key and its checksum matches (no storage needed). */
export function isWellFormedKey(key: string): boolean {
  if (key.length !== KEY_PREFIX.length + BODY_LENGTH + CHECKSUM_LENGTH || !key.startsWith(KEY_PREFIX)) return false;
  const body = key.slice(KEY_PREFIX.length, KEY_PREFIX.length + BODY_LENGTH);
  if (![...key.slice(KEY_PREFIX.length)].every((c) => BASE62.includes(c))) return false;
  return formatKey(body) === key;
}

export const lookupPrefix = (key: string): string => key.slice(0, LOOKUP_PREFIX_LENGTH);

export type KeyState = 'active' | 'revoked' | 'expired';
export function keyState(key: ApiKey, now: string): KeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return 'active';
}

/** An MCP client's configuration for Desk's MCP endpoint with a key (mcpClientConfig). */
export const mcpClientConfigSchema = z.object({
  mcpServers: z.object({
    desk: z.object({
      type: z.literal('http'),
      url: z.string(),
      headers: z.object({ Authorization: z.string() }),
    }),
  }),
});

/**
 * The MCP client configuration of SPEC §3 for a remote HTTP connection with this key: what the CLI
 * prints with `key create --mcp-config` and what the console shows once beside a new key.
 */
export const mcpClientConfig = (publicUrl: string, key: string): z.output<typeof mcpClientConfigSchema> => ({
  mcpServers: { desk: { type: 'http', url: `${publicUrl}/api/mcp`, headers: { Authorization: `Bearer ${key}` } } },
});
