import { NoMailer } from '../../../src/adapters/mail/smtp-mailer.js';
import { describe, expect, it } from 'vitest';
import { formatKey, isWellFormedKey } from '../../../src/domain/identity/api-key.js';
import { AuthenticateApiKey } from '../../../src/domain/identity/authenticate-api-key.js';
import { ConsumeSetupLink } from '../../../src/domain/identity/consume-setup-link.js';
import { CreateApiKey } from '../../../src/domain/identity/create-api-key.js';
import { CreateSetupLink } from '../../../src/domain/identity/create-setup-link.js';
import { CreateUser } from '../../../src/domain/identity/create-user.js';
import { Invitations } from '../../../src/domain/identity/invitations.js';
import { ListApiKeys } from '../../../src/domain/identity/list-api-keys.js';
import { RevokeApiKey } from '../../../src/domain/identity/revoke-api-key.js';
import type { User } from '../../../src/domain/identity/user.js';
import { aGroup, aUser } from '../../support/builders.js';
import { FakePasswordHasher } from '../../support/fakes/fake-password-hasher.js';
import { FakeSecrets } from '../../support/fakes/fake-secrets.js';
import { DAY, HOUR, MINUTE } from '../../support/fakes/fixed-clock.js';
import { RecordingSetupLinkWriter } from '../../support/fakes/recording-setup-link-writer.js';
import { testSettings } from '../../support/fakes/settings.js';
import { addTenant, domainError, newWorld, NOW, userActor } from '../../support/fakes/world.js';
import { asCalled } from '../../support/fakes/as-called.js';

async function identityWorld() {
  const w = await newWorld({ modules: ['integrations', 'loans'] });
  const secrets = new FakeSecrets();
  const hasher = new FakePasswordHasher();
  const writer = new RecordingSetupLinkWriter();
  return {
    ...w,
    secrets,
    hasher,
    writer,
    admin: userActor(w.tenant, 'school-admin', { id: 'user-admin' }),
    createApiKey: asCalled(CreateApiKey, w.uow, w.clock, w.ids, secrets),
    authenticate: new AuthenticateApiKey(w.uow, w.clock, secrets, w.lookups),
    listApiKeys: asCalled(ListApiKeys, w.uow),
    revokeApiKey: asCalled(RevokeApiKey, w.uow, w.clock, w.ids),
    createUser: asCalled(
      CreateUser,
      w.uow,
      w.clock,
      w.ids,
      hasher,
      new Invitations(w.ids, secrets, writer, testSettings, new NoMailer()),
    ),
    createSetupLink: new CreateSetupLink(w.uow, w.clock, w.ids, secrets, writer, testSettings),
    consumeSetupLink: new ConsumeSetupLink(w.uow, w.clock, w.ids, secrets, hasher, writer),
    /** Everything the store holds, as text: to show a secret is kept nowhere. */
    storedText: () => JSON.stringify(w.uow.snapshot()),
  };
}
type IdentityWorld = Awaited<ReturnType<typeof identityWorld>>;

describe('CreateApiKey', () => {
  it('mints a well-formed key, returns it once and stores only its hash', async () => {
    const w = await identityWorld();
    const { apiKey, key } = await w.createApiKey.execute(w.admin, {
      name: 'Inventory sync',
      scopes: ['loan.view', 'device.view', 'loan.view'],
    });
    expect(isWellFormedKey(key)).toBe(true);
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: 'Inventory sync',
      prefix: key.slice(0, 13),
      scopes: ['loan.view', 'device.view'],
      createdAt: NOW,
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });
    const [stored] = await w.uow.read((r) => r.apiKeys.findByPrefix(apiKey.prefix));
    expect(stored).toMatchObject({ id: apiKey.id, tenantId: w.tenant.id, hash: w.secrets.hash(key) });
    expect(w.storedText()).not.toContain(key);
  });

  it('audits the creation without the key', async () => {
    const w = await identityWorld();
    const { apiKey, key } = await w.createApiKey.execute(w.admin, { name: 'Sync', scopes: [] });
    const audit = await w.audit();
    expect(audit).toEqual([
      expect.objectContaining({
        actor: { type: 'user', id: 'user-admin' },
        action: 'apikey.create',
        target: `apiKey:${apiKey.id}`,
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it('refuses a module as a scope, telling to run desk module enable', async () => {
    const w = await identityWorld();
    const error = await w.createApiKey
      .execute(w.admin, { name: 'x', scopes: ['loan.view', 'module.loans'] })
      .catch((e) => e);
    expect(error).toEqual(domainError('invalid', 'scopes.1'));
    expect(error.message).toContain('desk module enable');
    expect((await w.listApiKeys.execute(w.admin, {})).apiKeys).toEqual([]);
  });

  it.each(['user.manage', 'role.manage', 'apikey.manage', 'password.reset', 'loans.view', 'everything'])(
    'refuses the scope %s',
    async (scope) => {
      const w = await identityWorld();
      await expect(w.createApiKey.execute(w.admin, { name: 'x', scopes: [scope] })).rejects.toEqual(
        domainError('invalid', 'scopes.0'),
      );
      expect((await w.listApiKeys.execute(w.admin, {})).apiKeys).toEqual([]);
    },
  );

  it('allows a key with no scopes', async () => {
    const w = await identityWorld();
    const { apiKey, key } = await w.createApiKey.execute(w.admin, { name: 'Ping only', scopes: [] });
    expect(apiKey.scopes).toEqual([]);
    const actor = await w.authenticate.execute(key);
    expect([...actor.permissions].sort()).toEqual(['module.integrations', 'module.loans']);
  });

  it('sets an expiry a whole number of days ahead', async () => {
    const w = await identityWorld();
    const { apiKey } = await w.createApiKey.execute(w.admin, { name: 'x', scopes: [], expiresInDays: 30 });
    expect(apiKey.expiresAt).toBe('2026-04-09T09:00:00.000Z');
    await expect(w.createApiKey.execute(w.admin, { name: 'x', scopes: [], expiresInDays: 0 })).rejects.toEqual(
      domainError('invalid', 'expiresInDays'),
    );
  });

  it('mints a different key each time', async () => {
    const w = await identityWorld();
    const a = await w.createApiKey.execute(w.admin, { name: 'a', scopes: [] });
    const b = await w.createApiKey.execute(w.admin, { name: 'b', scopes: [] });
    expect(a.key).not.toBe(b.key);
  });

  it('needs apikey.manage', async () => {
    const w = await identityWorld();
    await expect(
      w.createApiKey.execute(userActor(w.tenant, 'technician'), { name: 'x', scopes: ['loan.view'] }),
    ).rejects.toEqual(domainError('forbidden'));
  });
});

describe('AuthenticateApiKey', () => {
  async function withKey(w: IdentityWorld, o: { expiresInDays?: number } = {}) {
    return w.createApiKey.execute(w.admin, { name: 'Sync', scopes: ['loan.view', 'device.view'], ...o });
  }

  it('turns the key into an actor: its scopes plus the tenant’s modules, the whole tenant as pool', async () => {
    const w = await identityWorld();
    const { apiKey, key } = await withKey(w);
    const actor = await w.authenticate.execute(key);
    expect(actor.tenant.id).toBe(w.tenant.id);
    expect(actor.principal).toEqual({ type: 'apiKey', id: apiKey.id, name: 'Sync' });
    expect([...actor.permissions].sort()).toEqual(['device.view', 'loan.view', 'module.integrations', 'module.loans']);
    expect(actor.loanGroupIds).toBeNull();
  });

  it('follows the tenant’s modules as they change', async () => {
    const w = await identityWorld();
    const { key } = await withKey(w);
    await w.seed((r, t) => r.tenants.setModules(t, ['integrations', 'assets']));
    const actor = await w.authenticate.execute(key);
    expect([...actor.permissions].filter((p) => p.startsWith('module.')).sort()).toEqual([
      'module.assets',
      'module.integrations',
    ]);
  });

  it('records when the key was last used', async () => {
    const w = await identityWorld();
    const { apiKey, key } = await withKey(w);
    w.clock.advance(5 * MINUTE);
    await w.authenticate.execute(key);
    const [listed] = (await w.listApiKeys.execute(w.admin, {})).apiKeys;
    expect(listed).toMatchObject({ id: apiKey.id, lastUsedAt: '2026-03-10T09:05:00.000Z' });
  });

  it('writes the last use at most once a minute per key: most requests write nothing', async () => {
    const w = await identityWorld();
    const { key } = await withKey(w);
    const lastUsed = async () => (await w.listApiKeys.execute(w.admin, {})).apiKeys[0]?.lastUsedAt;
    w.clock.advance(5 * MINUTE);
    await w.authenticate.execute(key);
    const first = await lastUsed();
    w.clock.advance(30_000);
    await w.authenticate.execute(key);
    expect(await lastUsed()).toBe(first);
    w.clock.advance(31_000);
    await w.authenticate.execute(key);
    expect(await lastUsed()).toBe('2026-03-10T09:06:01.000Z');
  });

  it('rejects a tampered checksum, a wrong key and garbage as unauthorized', async () => {
    const w = await identityWorld();
    const { key } = await withKey(w);
    const last = key.at(-1) === 'A' ? 'B' : 'A';
    const neverIssued = formatKey('0123456789abcdefghijABCDEFGHIJkl');
    for (const presented of [key.slice(0, -1) + last, neverIssued, 'desk_', '', `${key} `]) {
      await expect(w.authenticate.execute(presented)).rejects.toEqual(domainError('unauthorized'));
    }
  });

  it('rejects a revoked key as unauthorized', async () => {
    const w = await identityWorld();
    const { apiKey, key } = await withKey(w);
    await w.revokeApiKey.execute(w.admin, { id: apiKey.id });
    await expect(w.authenticate.execute(key)).rejects.toEqual(domainError('unauthorized'));
  });

  it('rejects a key revoked through this process at once, though its lookup was just remembered', async () => {
    const w = await identityWorld();
    const { apiKey, key } = await withKey(w);
    await expect(w.authenticate.execute(key)).resolves.toBeDefined(); // the lookup is remembered now
    await w.revokeApiKey.execute(w.admin, { id: apiKey.id });
    await expect(w.authenticate.execute(key)).rejects.toEqual(domainError('unauthorized'));
  });

  it('rejects an expired key as unauthorized', async () => {
    const w = await identityWorld();
    const { key } = await withKey(w, { expiresInDays: 1 });
    w.clock.advance(DAY - MINUTE);
    await expect(w.authenticate.execute(key)).resolves.toBeDefined();
    w.clock.advance(MINUTE);
    await expect(w.authenticate.execute(key)).rejects.toEqual(domainError('unauthorized'));
  });
});

describe('ListApiKeys and RevokeApiKey', () => {
  it('lists keys oldest first, never with the key or its hash', async () => {
    const w = await identityWorld();
    const first = await w.createApiKey.execute(w.admin, { name: 'First', scopes: ['loan.view'] });
    w.clock.advance(MINUTE);
    const second = await w.createApiKey.execute(w.admin, { name: 'Second', scopes: [] });
    const { apiKeys } = await w.listApiKeys.execute(w.admin, {});
    expect(apiKeys.map((k) => k.name)).toEqual(['First', 'Second']);
    for (const listed of apiKeys) {
      expect(Object.keys(listed).sort()).toEqual([
        'createdAt',
        'expiresAt',
        'id',
        'lastUsedAt',
        'name',
        'prefix',
        'revokedAt',
        'scopes',
      ]);
    }
    const text = JSON.stringify(apiKeys);
    for (const { key } of [first, second]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(w.secrets.hash(key));
    }
  });

  it('lists only the tenant’s own keys', async () => {
    const w = await identityWorld();
    await w.createApiKey.execute(w.admin, { name: 'Mine', scopes: [] });
    const other = await addTenant(w.uow);
    expect((await w.listApiKeys.execute(userActor(other, 'school-admin'), {})).apiKeys).toEqual([]);
  });

  it('revokes a key once, with an audit entry', async () => {
    const w = await identityWorld();
    const { apiKey } = await w.createApiKey.execute(w.admin, { name: 'Sync', scopes: [] });
    w.clock.advance(HOUR);
    await w.revokeApiKey.execute(w.admin, { id: apiKey.id });
    expect((await w.listApiKeys.execute(w.admin, {})).apiKeys[0]?.revokedAt).toBe('2026-03-10T10:00:00.000Z');
    expect((await w.audit()).at(-1)).toMatchObject({
      actor: { type: 'user', id: 'user-admin' },
      action: 'apikey.revoke',
      target: `apiKey:${apiKey.id}`,
    });
    await expect(w.revokeApiKey.execute(w.admin, { id: apiKey.id })).rejects.toEqual(domainError('conflict'));
    await expect(w.revokeApiKey.execute(w.admin, { id: 'nope' })).rejects.toEqual(domainError('not_found'));
  });

  it('cannot revoke another tenant’s key', async () => {
    const w = await identityWorld();
    const { apiKey, key } = await w.createApiKey.execute(w.admin, { name: 'Sync', scopes: [] });
    const other = await addTenant(w.uow);
    await expect(w.revokeApiKey.execute(userActor(other, 'school-admin'), { id: apiKey.id })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(w.authenticate.execute(key)).resolves.toBeDefined();
  });
});

describe('CreateUser', () => {
  const input = { email: 'Grace@School.Example', name: 'Grace Hopper', role: 'technician' as const };

  it('adds a user with a hashed password and an audit entry that holds no hash', async () => {
    const w = await identityWorld();
    const { user } = await w.createUser.execute(w.admin, { ...input, password: 'correct horse battery' });
    expect(user).toMatchObject({ email: 'grace@school.example', role: 'technician', active: true, loanGroupIds: [] });
    const stored = await w.uow.read((r) => r.users.findByEmail(w.tenant.id, 'grace@school.example'));
    expect(await w.hasher.verify('correct horse battery', stored?.passwordHash ?? '')).toBe(true);
    const audit = await w.audit();
    expect(audit).toEqual([expect.objectContaining({ action: 'user.create', target: `user:${user.id}` })]);
    expect(JSON.stringify(audit)).not.toContain(stored?.passwordHash);
  });

  it('refuses an e-mail address the tenant already has', async () => {
    const w = await identityWorld();
    await w.createUser.execute(w.admin, input);
    await expect(w.createUser.execute(w.admin, { ...input, email: ' grace@school.example ' })).rejects.toEqual(
      domainError('conflict'),
    );
  });

  it('gives a teacher known loan groups and refuses unknown ones', async () => {
    const w = await identityWorld();
    const cart = aGroup();
    await w.seed((r, t) => r.loanGroups.insertMany(t, [cart]));
    const teacher = { ...input, role: 'teacher' as const };
    await expect(w.createUser.execute(w.admin, { ...teacher, loanGroupIds: [cart.id, 'nope'] })).rejects.toEqual(
      domainError('invalid', 'loanGroupIds.1'),
    );
    const { user } = await w.createUser.execute(w.admin, { ...teacher, loanGroupIds: [cart.id] });
    expect(user.loanGroupIds).toEqual([cart.id]);
  });

  it('refuses a password shorter than 12 characters, and a malformed address', async () => {
    const w = await identityWorld();
    await expect(w.createUser.execute(w.admin, { ...input, password: 'short pass' })).rejects.toEqual(
      domainError('invalid', 'password'),
    );
    await expect(w.createUser.execute(w.admin, { ...input, email: 'grace' })).rejects.toEqual(
      domainError('invalid', 'email'),
    );
    expect(await w.uow.read((r) => r.users.findByEmail(w.tenant.id, 'grace@school.example'))).toBeNull();
  });

  it('needs user.manage', async () => {
    const w = await identityWorld();
    await expect(w.createUser.execute(userActor(w.tenant, 'technician'), input)).rejects.toEqual(
      domainError('forbidden'),
    );
  });
});

describe('setup links', () => {
  const OLD_PASSWORD = 'the old password';
  const NEW_PASSWORD = 'a brand new password';
  const URL_RE = /^https:\/\/desk\.school\.example\/setup#token=([A-Za-z0-9_-]{22,})$/;

  /** Stores a user with the old password in the world's tenant (or another). */
  async function addUser(w: IdentityWorld, o: Partial<User> = {}, tenantId = w.tenant.id): Promise<User> {
    const user = aUser({ email: 'head@school.example', role: 'school-admin', ...o });
    const hash = await w.hasher.hash(OLD_PASSWORD);
    await w.uow.transaction((r) => r.users.create(tenantId, user, hash));
    return user;
  }

  /** Creates a link and reads its token back from the written document. */
  async function linkFor(
    w: IdentityWorld,
    input: { email: string; tenantSlug?: string } = { email: 'head@school.example' },
  ) {
    const { path } = await w.createSetupLink.execute(input);
    const doc = w.writer.documents.at(-1)!;
    const token = URL_RE.exec(doc.url)?.[1] ?? '';
    return { path, doc, token };
  }

  const passwordHashOf = (w: IdentityWorld, user: User, tenantId = w.tenant.id) =>
    w.uow.read(async (r) => (await r.users.findById(tenantId, user.id))?.passwordHash);

  describe('CreateSetupLink', () => {
    it('writes a four-hour link for the one active administrator and stores only the token’s hash', async () => {
      const w = await identityWorld();
      const head = await addUser(w);
      const { path, doc, token } = await linkFor(w, { email: '  HEAD@School.example ' });
      expect(path).toBe(w.writer.path);
      expect(doc).toEqual({
        purpose: 'recovery',
        userId: head.id,
        url: expect.stringMatching(URL_RE),
        email: 'head@school.example',
        tenantName: w.tenant.name,
        expiresAt: '2026-03-10T13:00:00.000Z',
      });
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      const stored = await w.uow.read((r) => r.setupLinks.findByTokenHash(w.secrets.hash(token)));
      expect(stored).toMatchObject({
        tenantId: w.tenant.id,
        link: { userId: head.id, filePath: path, usedAt: null, replacedAt: null },
      });
      expect(w.storedText()).not.toContain(token);
      expect(await w.audit()).toEqual([
        expect.objectContaining({
          actor: { type: 'operator', id: 'cli' },
          action: 'setup_link.create',
          target: `user:${head.id}`,
        }),
      ]);
    });

    it('leaves the password alone until the link is used', async () => {
      const w = await identityWorld();
      const head = await addUser(w);
      await linkFor(w);
      expect(await w.hasher.verify(OLD_PASSWORD, (await passwordHashOf(w, head)) ?? '')).toBe(true);
    });

    it.each([
      { who: 'nobody', user: null },
      { who: 'a technician', user: { role: 'technician' } },
      { who: 'an inactive administrator', user: { active: false } },
    ] as const)('finds no administrator for $who: not_found', async ({ user }) => {
      const w = await identityWorld();
      if (user) await addUser(w, user);
      await expect(w.createSetupLink.execute({ email: 'head@school.example' })).rejects.toEqual(
        domainError('not_found'),
      );
      expect(w.writer.documents).toEqual([]);
    });

    it('asks which tenant when the address is an administrator in two, and obeys tenantSlug', async () => {
      const w = await identityWorld();
      await addUser(w);
      const other = await addTenant(w.uow);
      const otherHead = await addUser(w, {}, other.id);
      await expect(w.createSetupLink.execute({ email: 'head@school.example' })).rejects.toEqual(
        domainError('conflict'),
      );
      const { token } = await linkFor(w, { email: 'head@school.example', tenantSlug: other.slug });
      const stored = await w.uow.read((r) => r.setupLinks.findByTokenHash(w.secrets.hash(token)));
      expect(stored).toMatchObject({ tenantId: other.id, link: { userId: otherHead.id } });
      await expect(w.createSetupLink.execute({ email: 'head@school.example', tenantSlug: 'no-such' })).rejects.toEqual(
        domainError('not_found'),
      );
    });

    it('replaces the earlier link: the first no longer works, the second does', async () => {
      const w = await identityWorld();
      const head = await addUser(w);
      const first = await linkFor(w);
      const second = await linkFor(w);
      await expect(w.consumeSetupLink.execute({ token: first.token, password: NEW_PASSWORD })).rejects.toEqual(
        domainError('invalid'),
      );
      expect((await w.audit()).at(-1)).toMatchObject({
        action: 'setup_link.rejected',
        target: `user:${head.id}`,
        details: { reason: 'replaced' },
      });
      await expect(w.consumeSetupLink.execute({ token: second.token, password: NEW_PASSWORD })).resolves.toEqual({
        tenantId: w.tenant.id,
        userId: head.id,
        email: head.email,
        school: { slug: w.tenant.slug, name: w.tenant.name },
      });
    });

    it('stores no link, and keeps the earlier one, when the file cannot be written', async () => {
      const w = await identityWorld();
      await addUser(w);
      const first = await linkFor(w);
      const diskFull = new Error('ENOSPC');
      w.writer.failNextWrite = diskFull;
      await expect(w.createSetupLink.execute({ email: 'head@school.example' })).rejects.toBe(diskFull);
      expect((await w.audit()).map((e) => e.action)).toEqual(['setup_link.create']);
      await expect(w.consumeSetupLink.execute({ token: first.token, password: NEW_PASSWORD })).resolves.toBeDefined();
    });
  });

  describe('ConsumeSetupLink', () => {
    it('sets the password, spends the link, audits and removes the file', async () => {
      const w = await identityWorld();
      const head = await addUser(w);
      const { path, token } = await linkFor(w);
      w.clock.advance(HOUR);
      await w.consumeSetupLink.execute({ token, password: NEW_PASSWORD });
      const hash = (await passwordHashOf(w, head)) ?? '';
      expect(await w.hasher.verify(NEW_PASSWORD, hash)).toBe(true);
      expect(await w.hasher.verify(OLD_PASSWORD, hash)).toBe(false);
      expect((await w.uow.read((r) => r.setupLinks.findByTokenHash(w.secrets.hash(token))))?.link.usedAt).toBe(
        '2026-03-10T10:00:00.000Z',
      );
      expect((await w.audit()).at(-1)).toMatchObject({
        actor: { type: 'user', id: head.id },
        action: 'setup_link.use',
      });
      expect(w.writer.removed).toEqual([path]);
      expect(w.writer.exists()).toBe(false);
    });

    it('works only once', async () => {
      const w = await identityWorld();
      const head = await addUser(w);
      const { token } = await linkFor(w);
      await w.consumeSetupLink.execute({ token, password: NEW_PASSWORD });
      await expect(w.consumeSetupLink.execute({ token, password: 'yet another password' })).rejects.toEqual(
        domainError('invalid'),
      );
      expect(await w.hasher.verify(NEW_PASSWORD, (await passwordHashOf(w, head)) ?? '')).toBe(true);
      expect((await w.audit()).at(-1)).toMatchObject({ action: 'setup_link.rejected', details: { reason: 'used' } });
    });

    it('works for four hours and is then rejected, with an audit entry', async () => {
      const w = await identityWorld();
      const head = await addUser(w);
      const { token } = await linkFor(w);
      w.clock.advance(4 * HOUR + 1000);
      await expect(w.consumeSetupLink.execute({ token, password: NEW_PASSWORD })).rejects.toEqual(
        domainError('invalid'),
      );
      expect((await w.audit()).at(-1)).toMatchObject({
        actor: { type: 'anonymous' },
        action: 'setup_link.rejected',
        target: `user:${head.id}`,
        details: { reason: 'expired' },
      });
      expect(await w.hasher.verify(OLD_PASSWORD, (await passwordHashOf(w, head)) ?? '')).toBe(true);
      expect(w.writer.removed).toEqual([]);
    });

    it('is still usable just before four hours are up', async () => {
      const w = await identityWorld();
      await addUser(w);
      const { token } = await linkFor(w);
      w.clock.advance(4 * HOUR - 1000);
      await expect(w.consumeSetupLink.execute({ token, password: NEW_PASSWORD })).resolves.toBeDefined();
    });

    it('refuses a short password without spending the link', async () => {
      const w = await identityWorld();
      const head = await addUser(w);
      const { token } = await linkFor(w);
      await expect(w.consumeSetupLink.execute({ token, password: 'too short' })).rejects.toEqual(
        domainError('invalid', 'password'),
      );
      expect(await w.hasher.verify(OLD_PASSWORD, (await passwordHashOf(w, head)) ?? '')).toBe(true);
      await expect(w.consumeSetupLink.execute({ token, password: NEW_PASSWORD })).resolves.toBeDefined();
    });

    it('rejects an unknown token without revealing or auditing anything', async () => {
      const w = await identityWorld();
      await addUser(w);
      await linkFor(w);
      const auditBefore = await w.audit();
      for (const token of ['not-a-real-token-at-all-xyz', '', 'x'.repeat(201)]) {
        await expect(w.consumeSetupLink.execute({ token, password: NEW_PASSWORD })).rejects.toEqual(
          domainError('invalid'),
        );
      }
      expect(await w.audit()).toEqual(auditBefore);
    });
  });

  describe('ConsumeSetupLink for a user who is no longer an active administrator', () => {
    it('rejects the link, audits why and leaves the password alone', async () => {
      const w = await identityWorld();
      const head = await addUser(w);
      const link = await linkFor(w);
      const before = (await w.uow.read((r) => r.users.findById(w.tenant.id, head.id)))?.passwordHash;
      w.uow.alter((state) => {
        const owned = state.users.find((u) => u.row.id === head.id)!;
        Object.assign(owned, { row: { ...owned.row, active: false } });
      });
      await expect(w.consumeSetupLink.execute({ token: link.token, password: NEW_PASSWORD })).rejects.toEqual(
        domainError('invalid'),
      );
      expect((await w.audit()).at(-1)).toMatchObject({
        action: 'setup_link.rejected',
        details: { reason: 'not_an_active_administrator' },
      });
      expect((await w.uow.read((r) => r.users.findById(w.tenant.id, head.id)))?.passwordHash).toBe(before);
    });
  });
});
