/**
 * Randomness and hashing for secrets (API keys, setup tokens). Every comparison of a secret or its
 * hash goes through `equal`, which takes the same time whatever the inputs hold.
 */
export abstract class Secrets {
  /** Cryptographically secure random bytes. */
  abstract randomBytes(length: number): Uint8Array;
  /** A URL-safe random token carrying `bytes` bytes of entropy. */
  abstract randomToken(bytes: number): string;
  /** Hex SHA-256: used for high-entropy secrets only (never for passwords). */
  abstract hash(value: string): string;
  /** Constant-time equality of two strings. */
  abstract equal(a: string, b: string): boolean;
}
