import { hash as digest, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secrets } from '../../ports/secrets.js';

// The one-shot digest (Node ≥ 20.12): no Hash object per call, and every API request hashes its key.
const sha256 = (value: string): Buffer => digest('sha256', value, 'buffer');

/** Secrets from node:crypto: CSPRNG bytes, base64url tokens, SHA-256, constant-time comparison. */
export class NodeSecrets extends Secrets {
  randomBytes(length: number): Uint8Array {
    return new Uint8Array(randomBytes(length));
  }

  randomToken(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }

  hash(value: string): string {
    return digest('sha256', value, 'hex');
  }

  /**
   * Compares the SHA-256 digests of both sides: the buffers always have the same length, so neither
   * the content nor the length of the secret shows in the time taken.
   */
  equal(a: string, b: string): boolean {
    return timingSafeEqual(sha256(a), sha256(b));
  }

  codeChallenge(verifier: string): string {
    return digest('sha256', verifier, 'base64url');
  }
}
