/**
 * The write side of the AccessSignal (ports/access-signal.ts): a use case that changes what
 * authentication remembers records it in the same transaction, so the announcement goes out exactly
 * when, and only if, the change commits.
 */
export abstract class AccessChangeRepository {
  /**
   * Records that these lookups (`lookupOf` names) change in this transaction; an empty list records
   * nothing. After COMMIT this process forgets them at once (the unit of work), and every other
   * process on the database learns of it (Postgres: NOTIFY, delivered at commit; SQLite: the commit
   * itself moves the file's `data_version`).
   */
  abstract changed(lookups: readonly string[]): Promise<void>;
}
