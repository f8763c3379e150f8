import { createHash } from 'node:crypto';
import type { PasswordHasher } from '../../../src/ports/password-hasher.js';

/** A fast stand-in for the memory-hard hash: fine for tests, never for passwords. */
export class FakePasswordHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    return `fake-sha256$${createHash('sha256').update(password).digest('hex')}`;
  }

  async verify(password: string, hash: string): Promise<boolean> {
    return (await this.hash(password)) === hash;
  }
}
