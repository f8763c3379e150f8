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
  /** The PKCE S256 code challenge of a verifier (RFC 7636 §4.2: base64url of its SHA-256, unpadded). */
  abstract codeChallenge(verifier: string): string;
}
