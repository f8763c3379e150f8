import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PasswordHasher } from '../../ports/password-hasher.js';

/** Cost of new hashes: 32 MiB of memory per derivation (OWASP lists N=2^17 as its scrypt baseline; raise N here). */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds for parameters read back from a stored hash, so a tampered row cannot make verify run for minutes. */
const LIMITS = { maxLog2N: 20, maxR: 32, maxP: 16 } as const;

const B64 = /^[A-Za-z0-9+/]+={0,2}$/;

// scrypt needs 128 * N * r * p bytes; Node's default maxmem (32 MiB) is exactly N=2^15, r=8 and refuses it.
const maxmemFor = (o: { N: number; r: number; p: number }): number => 2 * 128 * o.N * o.r * o.p;

const derive = (password: string, salt: Buffer, keyLength: number, o: { N: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = { N: o.N, r: o.r, p: o.p, maxmem: maxmemFor(o) };
    scrypt(password.normalize('NFC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });

interface ParsedHash {
  readonly N: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly key: Buffer;
}

/** `scrypt$N$r$p$saltB64$hashB64`, or null when anything is off. */
function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, nText, rText, pText, saltText, keyText] = parts as [string, string, string, string, string, string];
  if (![nText, rText, pText].every((t) => /^[1-9][0-9]{0,9}$/.test(t))) return null;
  const N = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  const isPowerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > 2 ** LIMITS.maxLog2N || r > LIMITS.maxR || p > LIMITS.maxP) return null;
  if (!B64.test(saltText) || !B64.test(keyText)) return null;
  const salt = Buffer.from(saltText, 'base64');
  const key = Buffer.from(keyText, 'base64');
  if (salt.length < SALT_BYTES || key.length < 16 || key.length > 64) return null;
  return { N, r, p, salt, key };
}

/**
 * scrypt (memory-hard) from node:crypto, in a self-describing format so the cost can be raised later
 * while old hashes still verify. `verify` never throws: a malformed hash is false, and it still pays
 * for one derivation so the answer takes about as long as for a real hash.
 */
export class ScryptPasswordHasher extends PasswordHasher {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, KEY_BYTES, COST);
    return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async verify(password: string, hash: string): Promise<boolean> {
    try {
      const parsed = parse(hash);
      if (!parsed) {
        await derive(password, randomBytes(SALT_BYTES), KEY_BYTES, COST);
        return false;
      }
      const key = await derive(password, parsed.salt, parsed.key.length, parsed);
      return timingSafeEqual(key, parsed.key);
    } catch {
      return false;
    }
  }
}
