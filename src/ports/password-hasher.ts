/** A memory-hard password hash. `verify` is constant-time and false (never throws) on a bad hash. */
export abstract class PasswordHasher {
  abstract hash(password: string): Promise<string>;
  abstract verify(password: string, hash: string): Promise<boolean>;
}
