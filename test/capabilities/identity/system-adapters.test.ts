import { describe, expect, it } from 'vitest';
import { JoseSessionTokens } from '../../../src/adapters/system/jose-session-tokens.js';
import { NodeSecrets } from '../../../src/adapters/system/node-secrets.js';
import { ScryptPasswordHasher } from '../../../src/adapters/system/scrypt-password-hasher.js';
import { SystemClock } from '../../../src/adapters/system/system-clock.js';
import { UuidIdGenerator } from '../../../src/adapters/system/uuid-id-generator.js';
import { FixedClock, HOUR } from '../../support/fakes/fixed-clock.js';

describe('ScryptPasswordHasher', () => {
  const hasher = new ScryptPasswordHasher();

  it('hashes in the self-describing format and verifies the same password', async () => {
    const hash = await hasher.hash('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/);
    const [, , , , salt, key] = hash.split('$');
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(await hasher.verify('correct horse battery staple', hash)).toBe(true);
  });

  it('salts every hash', async () => {
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
  });

  it('rejects a wrong password', async () => {
    const hash = await hasher.hash('secret-1');
    expect(await hasher.verify('secret-2', hash)).toBe(false);
    expect(await hasher.verify('', hash)).toBe(false);
  });

  it('answers false, never throws, on a malformed or hostile hash', async () => {
    const good = await hasher.hash('pw');
    const [, , , , salt, key] = good.split('$');
    for (const bad of [
      '',
      'not a hash',
      'bcrypt$2b$10$abc',
      `scrypt$32768$8$1$${salt}`,
      `scrypt$32767$8$1$${salt}$${key}`, // N not a power of two
      `scrypt$1073741824$8$1$${salt}$${key}`, // N far beyond the allowed bound
      `scrypt$32768$8$1$!!!$${key}`,
      `scrypt$32768$8$1$${salt}$${key}$extra`,
      `scrypt$-1$8$1$${salt}$${key}`,
    ]) {
      await expect(hasher.verify('pw', bad)).resolves.toBe(false);
    }
  });
});

describe('NodeSecrets', () => {
  const secrets = new NodeSecrets();

  it('compares strings whatever their lengths', () => {
    expect(secrets.equal('abc', 'abc')).toBe(true);
    expect(secrets.equal('abc', 'abd')).toBe(false);
    expect(secrets.equal('abc', 'abcd')).toBe(false);
    expect(secrets.equal('', '')).toBe(true);
    expect(secrets.equal('', 'x')).toBe(false);
  });

  it('makes URL-safe tokens carrying the requested entropy', () => {
    const token = secrets.randomToken(32);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(token).toHaveLength(43); // 256 bits, base64url without padding
    const many = new Set(Array.from({ length: 1000 }, () => secrets.randomToken(16)));
    expect(many.size).toBe(1000);
  });

  it('hashes as hex SHA-256 and gives the requested number of random bytes', () => {
    expect(secrets.hash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const bytes = secrets.randomBytes(24);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes).toHaveLength(24);
  });
});

describe('SystemClock and UuidIdGenerator', () => {
  it('reads the wall clock', () => {
    const before = Date.now();
    const now = new SystemClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('sleeps for the time asked, and a cancelled sleep ends at once without rejecting', async () => {
    const clock = new SystemClock();
    const started = Date.now();
    await clock.sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(29);
    const cancel = new AbortController();
    const long = clock.sleep(60_000, cancel.signal);
    cancel.abort();
    await expect(long).resolves.toBeUndefined();
    await expect(clock.sleep(60_000, AbortSignal.abort())).resolves.toBeUndefined();
  });

  it('makes distinct v4 UUIDs', () => {
    const ids = new UuidIdGenerator();
    const a = ids.next();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids.next()).not.toBe(a);
  });
});

describe('JoseSessionTokens', () => {
  const claims = { userId: 'u-1', tenantId: 't-1', sessionId: 's-1' };

  it('verifies what it signed, and keeps answering for a remembered token until it expires', async () => {
    const clock = new FixedClock('2026-01-05T08:00:00.000Z');
    const tokens = new JoseSessionTokens('s'.repeat(40), clock);
    const token = await tokens.sign(claims, new Date(clock.now().getTime() + HOUR));
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(HOUR - 1_000);
    expect(await tokens.verify(token)).toEqual(claims);
    // Remembered or not, the expiry is the clock's to decide.
    clock.advance(1_000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret, or changed by one character', async () => {
    const clock = new FixedClock('2026-01-05T08:00:00.000Z');
    const tokens = new JoseSessionTokens('s'.repeat(40), clock);
    const expiresAt = new Date(clock.now().getTime() + HOUR);
    const mine = await tokens.sign(claims, expiresAt);
    expect(await tokens.verify(mine)).toEqual(claims);
    const theirs = await new JoseSessionTokens('t'.repeat(40), clock).sign(claims, expiresAt);
    expect(await tokens.verify(theirs)).toBeNull();
    // A character inside the signature (the last one carries padding bits that may not count).
    const at = mine.length - 10;
    const changed = mine.slice(0, at) + (mine[at] === 'A' ? 'B' : 'A') + mine.slice(at + 1);
    expect(await tokens.verify(changed)).toBeNull();
  });
});
