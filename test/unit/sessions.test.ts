import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../src/adapters/rate-limit/memory-rate-limiter.js';
import { JoseSessionTokens } from '../../src/adapters/system/jose-session-tokens.js';
import { AuthenticateSession } from '../../src/domain/identity/authenticate-session.js';
import { SignIn, SIGN_IN_POLICIES, TooManyAttempts } from '../../src/domain/identity/sign-in.js';
import { SignOut } from '../../src/domain/identity/sign-out.js';
import { aGroup, aUser } from '../support/builders.js';
import { FakePasswordHasher } from '../fakes/fake-password-hasher.js';
import { HOUR } from '../fakes/fixed-clock.js';
import { domainError, newWorld, NOW } from '../fakes/world.js';
import { asCalled } from '../fakes/as-called.js';

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

  it('locks an account after too many failures, even for the right password, and not other accounts', async () => {
    const w = await sessionWorld();
    const other = aUser({ email: 'other@school.example', role: 'technician' });
    await w.seed(async (r, t) => r.users.create(t, other, await new FakePasswordHasher().hash(PASSWORD)));
    for (let i = 0; i < SIGN_IN_POLICIES.account.limit; i++) {
      await expect(
        w.signIn.execute(w.tenant, { email: w.teacher.email, password: `wrong ${i}` }, { address: `10.0.0.${i}` }),
      ).rejects.toEqual(domainError('unauthorized'));
    }
    const locked = await w.signIn
      .execute(w.tenant, { email: w.teacher.email, password: PASSWORD }, { address: '10.9.9.9' })
      .catch((e: unknown) => e);
    expect(locked).toBeInstanceOf(TooManyAttempts);
    expect((locked as TooManyAttempts).retryAfterSeconds).toBeGreaterThan(0);
    await expect(
      w.signIn.execute(w.tenant, { email: other.email, password: PASSWORD }, { address: '10.9.9.9' }),
    ).resolves.toBeDefined();
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
