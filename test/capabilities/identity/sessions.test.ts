import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../../src/adapters/rate-limit/memory-rate-limiter.js';
import { JoseSessionTokens } from '../../../src/adapters/system/jose-session-tokens.js';
import { AuthenticateSession } from '../../../src/domain/identity/authenticate-session.js';
import { SignIn, TooManyAttempts } from '../../../src/domain/identity/sign-in.js';
import { SignOut } from '../../../src/domain/identity/sign-out.js';
import { aGroup, aUser } from '../../support/builders.js';
import { FakePasswordHasher } from '../../support/fakes/fake-password-hasher.js';
import { HOUR } from '../../support/fakes/fixed-clock.js';
import { domainError, newWorld, NOW } from '../../support/fakes/world.js';
import { asCalled } from '../../support/fakes/as-called.js';

const PASSWORD = 'the right passphrase';

async function sessionWorld() {
  const w = await newWorld();
  const hasher = new FakePasswordHasher();
  const tokens = new JoseSessionTokens('x'.repeat(40), w.clock);
  const limiter = new MemoryRateLimiter();
  const group = aGroup();
  const teacher = aUser({ email: 'teacher@school.example', role: 'teacher', loanGroupIds: [group.id] });
  await w.seed(async (r, t) => {
    await r.loanGroups.insertMany(t, [group]);
    await r.users.create(t, teacher, await hasher.hash(PASSWORD));
  });
  return {
    ...w,
    teacher,
    group,
    tokens,
    signIn: new SignIn(w.uow, w.clock, w.ids, hasher, tokens, limiter),
    authenticate: new AuthenticateSession(w.uow, w.clock, tokens, w.lookups),
    signOut: asCalled(SignOut, w.uow, w.clock),
  };
}

describe('SignIn and AuthenticateSession', () => {
  it('opens a 12-hour session whose token turns into the user as an actor', async () => {
    const w = await sessionWorld();
    const signed = await w.signIn.execute(
      w.tenant,
      { email: ' Teacher@School.example ', password: PASSWORD },
      { address: '10.0.0.1' },
    );
    expect(signed.user).toEqual({
      id: w.teacher.id,
      email: w.teacher.email,
      name: w.teacher.name,
      role: 'teacher',
      loanGroupIds: [w.group.id],
    });
    expect(Date.parse(signed.expiresAt) - Date.parse(NOW)).toBe(12 * HOUR);
    const { actor } = await w.authenticate.execute(signed.token);
    expect(actor.principal).toMatchObject({ type: 'user', id: w.teacher.id, role: 'teacher' });
    expect(actor.loanGroupIds).toEqual([w.group.id]);
    expect(actor.permissions.has('loan.view')).toBe(true);
    expect(actor.permissions.has('loan.issue')).toBe(false);
  });

  it('refuses a session once it has expired', async () => {
    const w = await sessionWorld();
    const { token } = await w.signIn.execute(
      w.tenant,
      { email: w.teacher.email, password: PASSWORD },
      { address: 'a' },
    );
    w.clock.set(new Date(Date.parse(NOW) + 12 * HOUR - 1000));
    await expect(w.authenticate.execute(token)).resolves.toBeDefined();
    w.clock.set(new Date(Date.parse(NOW) + 12 * HOUR));
    await expect(w.authenticate.execute(token)).rejects.toEqual(domainError('unauthorized'));
  });

  it('refuses a session at once after sign-out', async () => {
    const w = await sessionWorld();
    const { token } = await w.signIn.execute(
      w.tenant,
      { email: w.teacher.email, password: PASSWORD },
      { address: 'a' },
    );
    const { actor, sessionId } = await w.authenticate.execute(token);
    await w.signOut.execute(actor, { sessionId });
    await expect(w.authenticate.execute(token)).rejects.toEqual(domainError('unauthorized'));
  });

  it('refuses a tampered token or one signed with another secret', async () => {
    const w = await sessionWorld();
    const { token } = await w.signIn.execute(
      w.tenant,
      { email: w.teacher.email, password: PASSWORD },
      { address: 'a' },
    );
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(w.authenticate.execute(flipped)).rejects.toEqual(domainError('unauthorized'));
    const foreign = await new JoseSessionTokens('y'.repeat(40), w.clock).sign(
      { sessionId: 'x', userId: w.teacher.id, tenantId: w.tenant.id },
      new Date(Date.parse(NOW) + HOUR),
    );
    await expect(w.authenticate.execute(foreign)).rejects.toEqual(domainError('unauthorized'));
    await expect(w.authenticate.execute('not a token')).rejects.toEqual(domainError('unauthorized'));
  });

  it('answers wrong password and unknown address alike, opening no session', async () => {
    const w = await sessionWorld();
    const wrong = w.signIn.execute(w.tenant, { email: w.teacher.email, password: 'not it at all' }, { address: 'a' });
    await expect(wrong).rejects.toEqual(domainError('unauthorized'));
    const unknown = w.signIn.execute(
      w.tenant,
      { email: 'nobody@school.example', password: PASSWORD },
      { address: 'a' },
    );
    await expect(unknown).rejects.toMatchObject({ code: 'unauthorized', message: 'wrong e-mail or password' });
    expect(w.uow.snapshot().sessions).toEqual([]);
  });

  const attempt = (w: Awaited<ReturnType<typeof sessionWorld>>, email: string, password: string, address: string) =>
    w.signIn.execute(w.tenant, { email, password }, { address }).catch((e: unknown) => e);

  it('locks a guesser out of an account after 10 failures from their address, never the owner at another', async () => {
    const w = await sessionWorld();
    const other = aUser({ email: 'other@school.example', role: 'technician' });
    await w.seed(async (r, t) => r.users.create(t, other, await new FakePasswordHasher().hash(PASSWORD)));
    for (let i = 0; i < 10; i++) {
      expect(await attempt(w, w.teacher.email, `wrong ${i}`, '203.0.113.9')).toEqual(domainError('unauthorized'));
    }
    // From the guesser's address the account is locked, even for the right password...
    const locked = await attempt(w, w.teacher.email, PASSWORD, '203.0.113.9');
    expect(locked).toBeInstanceOf(TooManyAttempts);
    expect((locked as TooManyAttempts).retryAfterSeconds).toBeGreaterThan(0);
    expect((locked as TooManyAttempts).policies).toEqual(['login-account']);
    // ...while the owner, from their own address, signs in, and other accounts from there do too.
    expect(await attempt(w, w.teacher.email, PASSWORD, '198.51.100.4')).toMatchObject({ user: { id: w.teacher.id } });
    expect(await attempt(w, other.email, PASSWORD, '203.0.113.9')).toMatchObject({ user: { id: other.id } });
  });

  it('counts nothing towards the account everywhere while a guesser hammers at its own lock', async () => {
    const w = await sessionWorld();
    for (let i = 0; i < 200; i++) await attempt(w, w.teacher.email, `wrong ${i}`, '203.0.113.9');
    expect(await attempt(w, w.teacher.email, PASSWORD, '198.51.100.4')).toMatchObject({ user: { id: w.teacher.id } });
  });

  it('locks the account everywhere only after 100 failures from ten addresses or more', async () => {
    const w = await sessionWorld();
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 10; i++) {
        expect(await attempt(w, w.teacher.email, `wrong ${a}.${i}`, `10.0.${a}.1`)).toEqual(
          domainError('unauthorized'),
        );
      }
    }
    // Guessing spread this wide is stopped at the account, for 15 minutes, wherever the next try is from.
    const locked = await attempt(w, w.teacher.email, PASSWORD, '198.51.100.4');
    expect(locked).toBeInstanceOf(TooManyAttempts);
    expect((locked as TooManyAttempts).policies).toEqual(['login-account-all']);
    expect((locked as TooManyAttempts).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it('refuses an inactive user', async () => {
    const w = await sessionWorld();
    const { token } = await w.signIn.execute(
      w.tenant,
      { email: w.teacher.email, password: PASSWORD },
      { address: 'a' },
    );
    w.uow.alter((state) => {
      const owned = state.users.find((u) => u.row.id === w.teacher.id)!;
      Object.assign(owned, { row: { ...owned.row, active: false } });
    });
    await expect(w.authenticate.execute(token)).rejects.toEqual(domainError('unauthorized'));
    await expect(
      w.signIn.execute(w.tenant, { email: w.teacher.email, password: PASSWORD }, { address: 'a' }),
    ).rejects.toEqual(domainError('unauthorized'));
  });
});
