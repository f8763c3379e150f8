/**
 * Failed sign-ins slow the guesser, not the owner (issue 28): ten wrong passwords for an account from
 * one address lock that address out of that account, while the account's owner signs in from their
 * own. On Postgres the counts live in the shared store, so the guesser is locked out of every instance:
 * two servers on one database, the guesses sent to one and the next attempt to the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp, type TestDatabase } from '../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../support/postgres.js';
import { expectProblem } from '../support/rest.js';
import { createUser, login } from '../support/console.js';

warnIfPostgresSkipped();

const SCHOOL = 'north';
const GUESSER = '203.0.113.66';
const OWNER = '198.51.100.20';

for (const database of ['sqlite', 'postgres'] as const satisfies readonly TestDatabase[]) {
  describe.skipIf(database === 'postgres' && !postgresAvailable)(`sign-in lockout (${database})`, () => {
    // The source address is what X-Forwarded-For says, as behind a school's reverse proxy.
    const env = { TRUST_PROXY: 'true', LOG_LEVEL: 'warn' };
    let first: TestApp;
    /** Another instance on the same database on Postgres; the same server on SQLite (one process). */
    let second: TestApp;

    beforeAll(async () => {
      first = await startApp({ database, env });
      second = database === 'postgres' ? await startApp({ databaseUrl: first.config.databaseUrl!, env }) : first;
      await first.tenant(SCHOOL);
    });
    afterAll(async () => {
      if (second !== first) await second?.close();
      await first?.close();
    });

    const from = (address: string) => ({ 'x-forwarded-for': address });

    it('locks the guessing address out of the account, and lets the owner in from theirs', async () => {
      const owner = await createUser(first, SCHOOL, { role: 'school-admin' });
      for (let i = 1; i <= 10; i++) {
        const guess = await login(first, SCHOOL, { email: owner.email, password: `guess ${i}` }, from(GUESSER));
        expectProblem(guess, 401, 'unauthorized');
      }
      // Refused at the other instance too: the count is shared, not the first process's own.
      const locked = await login(second, SCHOOL, { email: owner.email, password: owner.password }, from(GUESSER));
      expectProblem(locked, 429, 'rate-limited');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      const signedIn = await login(second, SCHOOL, { email: owner.email, password: owner.password }, from(OWNER));
      expect(signedIn.status, signedIn.text).toBe(200);
      expect(signedIn.json.user.email).toBe(owner.email);
    });
  });
}
