/**
 * Encrypts secrets Desk must read back later (a webhook's signing secret), as opposed to those it
 * only compares (API keys, setup tokens: hashed). What it seals names the key it was sealed under, so
 * a rotated server key keeps opening older values until they are sealed again.
 */
export abstract class SecretBox {
  abstract seal(plain: string): string;
  /** Throws when the value was sealed under a key this deployment no longer holds, or was altered. */
  abstract open(sealed: string): string;
  /** Whether `sealed` was sealed under the current key (rotation re-seals the others). */
  abstract isCurrent(sealed: string): boolean;
}
