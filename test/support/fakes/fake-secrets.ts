import { createHash, timingSafeEqual } from 'node:crypto';
import type { Secrets } from '../../../src/ports/secrets.js';

/**
 * Deterministic `Secrets`: each call of `randomBytes` takes the next counter value and stretches it
 * with SHA-256, so keys and tokens differ from call to call yet repeat from run to run. Hashing and
 * comparison are the real ones.
 */
export class FakeSecrets implements Secrets {
  private counter = 0;

  randomBytes(length: number): Uint8Array {
    this.counter += 1;
    const bytes = new Uint8Array(length);
    for (let offset = 0; offset < length; offset += 32) {
      const block = createHash('sha256').update(`fake-random:${this.counter}:${offset}`).digest();
      bytes.set(block.subarray(0, length - offset), offset);
    }
    return bytes;
  }

  randomToken(bytes: number): string {
    return Buffer.from(this.randomBytes(bytes)).toString('base64url');
  }

  hash(value: string): string {
    return createHash('sha256').update(value).digest('hex');
  }

  equal(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }

  codeChallenge(verifier: string): string {
    return createHash('sha256').update(verifier).digest('base64url');
  }
}
