/**
 * Staff, keys, modules and the audit log (issue 12, point 7) as use cases, on the memory world:
 * tenants kept apart first, then users with invitations, the last-administrator rule, deactivation,
 * keys limited to what their creator holds, module switches, the audit search and `/me`.
 */
import { NoMailer } from '../../../src/adapters/mail/smtp-mailer.js';
import { describe, expect, it } from 'vitest';
import { JoseSessionTokens } from '../../../src/adapters/system/jose-session-tokens.js';
import { MemoryRateLimiter } from '../../../src/adapters/rate-limit/memory-rate-limiter.js';
import {
  effectivePermissions,
  MODULES,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  type Role,
  ROLES,
} from '../../../src/domain/access/permissions.js';
import type { AuditEntry } from '../../../src/domain/audit/audit-entry.js';
import { startOfDay } from '../../../src/domain/audit/audit-range.js';
import { SearchAudit } from '../../../src/domain/audit/search-audit.js';
import { AuthenticateSession } from '../../../src/domain/identity/authenticate-session.js';
import { ConsumeSetupLink } from '../../../src/domain/identity/consume-setup-link.js';
import { CreateApiKey } from '../../../src/domain/identity/create-api-key.js';
import { CreateUser } from '../../../src/domain/identity/create-user.js';
import { CreateUserWithInvitationFile } from '../../../src/domain/identity/create-user-with-invitation-file.js';
import { GetSignedInUser } from '../../../src/domain/identity/get-signed-in-user.js';
import { Invitations } from '../../../src/domain/identity/invitations.js';
import { InviteUser } from '../../../src/domain/identity/invite-user.js';
import { ListUsers } from '../../../src/domain/identity/list-users.js';
import { lookupOf } from '../../../src/domain/identity/access-lookups.js';
import { SignIn } from '../../../src/domain/identity/sign-in.js';
import { UpdateUser } from '../../../src/domain/identity/update-user.js';
import type { User } from '../../../src/domain/identity/user.js';
import type { Actor } from '../../../src/domain/shared/actor.js';
import { ChangeModules } from '../../../src/domain/tenants/change-modules.js';
import { ListModules } from '../../../src/domain/tenants/list-modules.js';
import { operatorActor } from '../../../src/domain/tenants/operator-actor.js';
import { SetModules } from '../../../src/domain/tenants/set-modules.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { asCalled } from '../../support/fakes/as-called.js';
import { FakePasswordHasher } from '../../support/fakes/fake-password-hasher.js';
import { FakeSecrets } from '../../support/fakes/fake-secrets.js';
import { DAY, HOUR } from '../../support/fakes/fixed-clock.js';
import { RecordingSetupLinkWriter } from '../../support/fakes/recording-setup-link-writer.js';
import { testSettings } from '../../support/fakes/settings.js';
import { addTenant, domainError, keyActor, newWorld, NOW, userActor } from '../../support/fakes/world.js';
import { aGroup, aSetupLink, aUser } from '../../support/builders.js';

const PASSWORD = 'the first passphrase';
const NEW_PASSWORD = 'a brand new passphrase';
const URL_RE = /^https:\/\/desk\.school\.example\/setup#token=([A-Za-z0-9_-]{43})$/;
const tokenOf = (url: string): string => URL_RE.exec(url)?.[1] ?? '';

async function adminWorld() {
  const w = await newWorld();
  const secrets = new FakeSecrets();
  const hasher = new FakePasswordHasher();
  const writer = new RecordingSetupLinkWriter();
  const invitations = new Invitations(w.ids, secrets, writer, testSettings, new NoMailer());
  const createUser = new CreateUser(w.uow, w.clock, w.ids, hasher, invitations);
  const tokens = new JoseSessionTokens('x'.repeat(40), w.clock);
  const head = aUser({ email: 'head@school.example', role: 'school-admin' });
  await w.seed(async (r, t) => r.users.create(t, head, await hasher.hash(PASSWORD)));
  return {
    ...w,
    secrets,
    hasher,
    writer,
    head,
    /** The signed-in head of IT, as the console's actor for them. */
    admin: userActor(w.tenant, 'school-admin', { id: head.id }),
    createUser: asCalled(CreateUser, w.uow, w.clock, w.ids, hasher, invitations),
    createUserWithFile: asCalled(CreateUserWithInvitationFile, createUser, invitations),
    listUsers: asCalled(ListUsers, w.uow, w.clock),
    updateUser: asCalled(UpdateUser, w.uow, w.clock, w.ids),
    inviteUser: asCalled(InviteUser, w.uow, w.clock, invitations),
    consume: new ConsumeSetupLink(w.uow, w.clock, w.ids, secrets, hasher, writer),
    createApiKey: asCalled(CreateApiKey, w.uow, w.clock, w.ids, secrets),
    listModules: asCalled(ListModules),
    setModules: asCalled(SetModules, w.uow, w.clock, w.ids),
    changeModules: asCalled(ChangeModules, w.uow, w.clock, w.ids),
    searchAudit: asCalled(SearchAudit, w.uow),
    me: asCalled(GetSignedInUser, w.uow),
    signIn: new SignIn(w.uow, w.clock, w.ids, hasher, tokens, new MemoryRateLimiter()),
    authenticate: new AuthenticateSession(w.uow, w.clock, tokens, w.lookups),
    /** Everything the store holds, as text: to show a secret is kept nowhere. */
    storedText: () => JSON.stringify(w.uow.snapshot()),
    stored: (id: string, tenantId = w.tenant.id) => w.uow.read((r) => r.users.findById(tenantId, id)),
  };
}
type AdminWorld = Awaited<ReturnType<typeof adminWorld>>;

/** Stores a user (with the first password unless `password: null`) in the world's tenant or another. */
async function addUser(
  w: AdminWorld,
  o: Partial<User> & { password?: string | null } = {},
  tenantId = w.tenant.id,
): Promise<User> {
  const { password = PASSWORD, ...fields } = o;
  const user = aUser({ role: 'technician', ...fields });
  const hash = password === null ? null : await w.hasher.hash(password);
  await w.uow.transaction((r) => r.users.create(tenantId, user, hash));
  return user;
}

/** A user actor holding exactly these grants (no role has them in this combination today). */
const actorWith = (tenant: Tenant, grants: readonly string[], role: Role = 'technician'): Actor => ({
  tenant,
  principal: { type: 'user', id: 'user-custom', name: 'A custom user', role },
  permissions: effectivePermissions(grants, tenant.modules),
  loanGroupIds: null,
});

const signInAs = async (w: AdminWorld, email: string, password = PASSWORD) =>
  (await w.signIn.execute(w.tenant, { email, password }, { address: '10.0.0.1' })).token;

describe('isolation between tenants', () => {
  it('lists, changes and invites only the caller’s own tenant’s users', async () => {
    const w = await adminWorld();
    const other = await addTenant(w.uow);
    const theirs = await addUser(w, { email: 'theirs@other.example' }, other.id);
    const before = await w.stored(theirs.id, other.id);

    const { users, total } = await w.listUsers.execute(w.admin, {});
    expect(users.map((u) => u.id)).toEqual([w.head.id]);
    expect(total).toBe(1);
    await expect(w.updateUser.execute(w.admin, { id: theirs.id, active: false })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(w.updateUser.execute(w.admin, { id: theirs.id, name: 'Hijacked' })).rejects.toEqual(
      domainError('not_found'),
    );
    await expect(w.inviteUser.execute(w.admin, { id: theirs.id })).rejects.toEqual(domainError('not_found'));
    expect(await w.stored(theirs.id, other.id)).toEqual(before);
    expect(await w.uow.read((r) => r.setupLinks.listOpen(other.id, [theirs.id], NOW))).toEqual([]);
    expect(await w.uow.read((r) => r.audit.list(other.id, { limit: 10 }))).toEqual([]);
  });

  it('finds only the caller’s own tenant’s audit entries, whatever the filters name', async () => {
    const w = await adminWorld();
    const other = await addTenant(w.uow);
    const otherAdmin = userActor(other, 'school-admin', { id: 'other-admin' });
    await w.createUser.execute(otherAdmin, { email: 'x@other.example', name: 'X', role: 'teacher' });
    const theirs = await w.uow.read((r) => r.audit.list(other.id, { limit: 10 }));
    expect(theirs.length).toBeGreaterThan(0);
    for (const input of [{}, { actor: 'other-admin' }, { target: theirs[0]!.target }, { action: 'user.create' }]) {
      expect(await w.searchAudit.execute(w.admin, input)).toMatchObject({ entries: [], total: 0 });
    }
  });

  it('switches only the caller’s own tenant’s modules', async () => {
    const w = await adminWorld();
    const other = await addTenant(w.uow, { modules: ['loans'] });
    await w.setModules.execute(w.admin, { enabled: ['people'] });
    expect((await w.uow.read((r) => r.tenants.findById(other.id)))?.modules).toEqual(['loans']);
    expect((await w.uow.read((r) => r.tenants.findById(w.tenant.id)))?.modules).toEqual(['people']);
  });
});

describe('CreateUser', () => {
  const input = { email: 'Grace@School.Example', name: 'Grace Hopper', role: 'technician' as const };

  it('invites a user created without a password: a seven-day link shown once, only its hash stored', async () => {
    const w = await adminWorld();
    const { user, invitation } = await w.createUser.execute(w.admin, input);
    expect(invitation).toEqual({
      url: expect.stringMatching(URL_RE),
      expiresAt: '2026-03-17T09:00:00.000Z',
      emailed: false,
    });
    expect(user).toEqual({
      id: expect.any(String),
      email: 'grace@school.example',
      name: 'Grace Hopper',
      role: 'technician',
      loanGroupIds: [],
      active: true,
      createdAt: NOW,
      hasPassword: false,
      invitation: { expiresAt: '2026-03-17T09:00:00.000Z' },
    });
    const token = tokenOf(invitation!.url);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await w.uow.read((r) => r.setupLinks.findByTokenHash(w.secrets.hash(token)));
    expect(stored).toEqual({
      tenantId: w.tenant.id,
      link: expect.objectContaining({ purpose: 'invitation', userId: user.id, filePath: null, usedAt: null }),
    });
    expect(w.storedText()).not.toContain(token);
    expect(w.writer.documents).toEqual([]); // the console's invitation is in the answer, nowhere else
    const audit = await w.audit();
    expect(audit.map((e) => [e.action, e.target, e.actor.id])).toEqual([
      ['user.create', `user:${user.id}`, w.head.id],
      ['user.invite', `user:${user.id}`, w.head.id],
    ]);
    expect(audit[1]!.details).toEqual({
      linkId: stored!.link.id,
      expiresAt: invitation!.expiresAt,
      delivery: 'answer',
    });
  });

  it('gives no invitation to a user created with a password', async () => {
    const w = await adminWorld();
    const result = await w.createUser.execute(w.admin, { ...input, password: PASSWORD });
    expect(result).toEqual({ user: expect.objectContaining({ hasPassword: true, invitation: null }) });
    expect((await w.audit()).map((e) => e.action)).toEqual(['user.create']);
  });

  it('lets the invited user choose a password once, then sign in', async () => {
    const w = await adminWorld();
    const { user, invitation } = await w.createUser.execute(w.admin, input);
    const token = tokenOf(invitation!.url);
    await expect(w.consume.execute({ token, password: NEW_PASSWORD })).resolves.toEqual({
      tenantId: w.tenant.id,
      userId: user.id,
      email: 'grace@school.example',
      school: { slug: w.tenant.slug, name: w.tenant.name },
    });
    expect((await w.audit()).at(-1)).toMatchObject({
      actor: { type: 'user', id: user.id },
      action: 'setup_link.use',
      details: { purpose: 'invitation' },
    });
    await expect(signInAs(w, 'grace@school.example', NEW_PASSWORD)).resolves.toEqual(expect.any(String));
    await expect(w.consume.execute({ token, password: 'yet another passphrase' })).rejects.toEqual(
      domainError('invalid'),
    );
    expect((await w.audit()).at(-1)).toMatchObject({
      action: 'setup_link.rejected',
      details: { purpose: 'invitation', reason: 'used' },
    });
    const [listed] = (await w.listUsers.execute(w.admin, {})).users.filter((u) => u.id === user.id);
    expect(listed).toMatchObject({ hasPassword: true, invitation: null });
  });

  it('lets an invitation work for seven days, not a moment longer', async () => {
    const w = await adminWorld();
    const early = await w.createUser.execute(w.admin, input);
    const late = await w.createUser.execute(w.admin, { ...input, email: 'late@school.example' });
    w.clock.advance(7 * DAY - 1000);
    await expect(
      w.consume.execute({ token: tokenOf(early.invitation!.url), password: NEW_PASSWORD }),
    ).resolves.toBeDefined();
    w.clock.advance(1000);
    await expect(w.consume.execute({ token: tokenOf(late.invitation!.url), password: NEW_PASSWORD })).rejects.toEqual(
      domainError('invalid'),
    );
    expect((await w.audit()).at(-1)).toMatchObject({ action: 'setup_link.rejected', details: { reason: 'expired' } });
    expect((await w.stored(late.user.id))?.passwordHash).toBeNull();
  });

  it('refuses an invitation of a user deactivated since, auditing why', async () => {
    const w = await adminWorld();
    const { user, invitation } = await w.createUser.execute(w.admin, input);
    // Deactivating replaces open links; a link deactivated underneath (another instance) is refused too.
    w.uow.alter((state) => {
      const owned = state.users.find((u) => u.row.id === user.id)!;
      Object.assign(owned, { row: { ...owned.row, active: false } });
    });
    await expect(w.consume.execute({ token: tokenOf(invitation!.url), password: NEW_PASSWORD })).rejects.toEqual(
      domainError('invalid'),
    );
    expect((await w.audit()).at(-1)).toMatchObject({
      action: 'setup_link.rejected',
      details: { purpose: 'invitation', reason: 'not_an_active_user' },
    });
    expect((await w.stored(user.id))?.passwordHash).toBeNull();
  });

  it('keeps a recovery link for active school administrators only', async () => {
    const w = await adminWorld();
    const tech = await addUser(w, { password: null });
    const token = 'a-recovery-token-for-a-technician';
    await w.seed((r, t) =>
      r.setupLinks.create(
        t,
        aSetupLink(tech.id, { tokenHash: w.secrets.hash(token), expiresAt: '2026-03-10T13:00:00.000Z' }),
      ),
    );
    await expect(w.consume.execute({ token, password: NEW_PASSWORD })).rejects.toEqual(domainError('invalid'));
    expect((await w.audit()).at(-1)).toMatchObject({
      details: { purpose: 'recovery', reason: 'not_an_active_administrator' },
    });
  });

  describe('at the CLI (CreateUserWithInvitationFile)', () => {
    it('writes the invitation to an owner-only file and answers with its path alone', async () => {
      const w = await adminWorld();
      const operator = operatorActor(w.tenant);
      const result = await w.createUserWithFile.execute(operator, input);
      const path = w.writer.invitationPath(result.user.id);
      expect(result.invitation).toEqual({ path, expiresAt: '2026-03-17T09:00:00.000Z' });
      expect(JSON.stringify(result)).not.toContain('token=');
      expect(w.writer.documents).toEqual([
        {
          purpose: 'invitation',
          userId: result.user.id,
          url: expect.stringMatching(URL_RE),
          email: 'grace@school.example',
          tenantName: w.tenant.name,
          expiresAt: '2026-03-17T09:00:00.000Z',
        },
      ]);
      const token = tokenOf(w.writer.documents[0]!.url);
      expect((await w.uow.read((r) => r.setupLinks.findByTokenHash(w.secrets.hash(token))))?.link.filePath).toBe(path);
      expect((await w.audit()).at(-1)).toMatchObject({ action: 'user.invite', details: { delivery: 'file' } });
      // Used: the password is set and the file is gone.
      await w.consume.execute({ token, password: NEW_PASSWORD });
      expect(w.writer.removed).toEqual([path]);
      expect(w.writer.exists(path)).toBe(false);
    });

    it('creates nobody when the file cannot be written', async () => {
      const w = await adminWorld();
      w.writer.failNextWrite = new Error('EACCES');
      await expect(w.createUserWithFile.execute(operatorActor(w.tenant), input)).rejects.toThrow('EACCES');
      expect(await w.uow.read((r) => r.users.findByEmail(w.tenant.id, 'grace@school.example'))).toBeNull();
      expect((await w.audit()).map((e) => e.action)).toEqual([]);
    });

    it('is the operator’s alone: a signed-in administrator cannot write files on the server', async () => {
      const w = await adminWorld();
      await expect(w.createUserWithFile.execute(w.admin, input)).rejects.toEqual(domainError('forbidden'));
      expect(w.writer.documents).toEqual([]);
      expect(await w.uow.read((r) => r.users.findByEmail(w.tenant.id, 'grace@school.example'))).toBeNull();
    });
  });
});

describe('ListUsers', () => {
  it('lists by e-mail, paged, saying who has a password or an open invitation, never a hash', async () => {
    const w = await adminWorld();
    const { user: invited } = await w.createUser.execute(w.admin, {
      email: 'b@school.example',
      name: 'B',
      role: 'teacher',
    });
    const { user: lapsed } = await w.createUser.execute(w.admin, {
      email: 'a@school.example',
      name: 'A',
      role: 'teacher',
    });
    w.clock.advance(3 * DAY);
    await w.inviteUser.execute(w.admin, { id: invited.id });
    w.clock.advance(5 * DAY); // a's first invitation has expired; b's fresh one has two days left
    const page1 = await w.listUsers.execute(w.admin, { pageSize: 2 });
    expect(page1).toEqual({
      users: [
        { ...lapsed, hasPassword: false, invitation: null },
        { ...invited, hasPassword: false, invitation: { expiresAt: '2026-03-20T09:00:00.000Z' } },
      ],
      total: 3,
      page: 1,
      pageSize: 2,
      grantableRoles: [...ROLES],
    });
    const page2 = await w.listUsers.execute(w.admin, { page: 2, pageSize: 2 });
    expect(page2.users).toEqual([{ ...w.head, hasPassword: true, invitation: null }]);
    expect(JSON.stringify([page1, page2])).not.toMatch(/passwordHash|fake-sha256/);
  });

  it('needs user.manage', async () => {
    const w = await adminWorld();
    for (const actor of [userActor(w.tenant, 'technician'), keyActor(w.tenant, [...PERMISSIONS])]) {
      await expect(w.listUsers.execute(actor, {})).rejects.toEqual(domainError('forbidden'));
    }
  });
});

describe('UpdateUser', () => {
  it('changes name, role and loan groups, audits each change from and to, and answers the user', async () => {
    const w = await adminWorld();
    const cart = aGroup();
    await w.seed((r, t) => r.loanGroups.insertMany(t, [cart]));
    const tech = await addUser(w, { name: 'Tess Tech' });
    const { user } = await w.updateUser.execute(w.admin, {
      id: tech.id,
      name: 'Tess Teacher',
      role: 'teacher',
      loanGroupIds: [cart.id, cart.id],
    });
    expect(user).toEqual({
      ...tech,
      name: 'Tess Teacher',
      role: 'teacher',
      loanGroupIds: [cart.id],
      hasPassword: true,
      invitation: null,
    });
    expect(await w.stored(tech.id)).toMatchObject({ name: 'Tess Teacher', role: 'teacher', loanGroupIds: [cart.id] });
    expect((await w.audit()).at(-1)).toEqual({
      id: expect.any(String),
      actor: { type: 'user', id: w.head.id },
      action: 'user.update',
      target: `user:${tech.id}`,
      at: NOW,
      details: {
        changes: {
          name: { from: 'Tess Tech', to: 'Tess Teacher' },
          role: { from: 'technician', to: 'teacher' },
          loanGroupIds: { from: [], to: [cart.id] },
        },
      },
    });
  });

  it('writes and audits nothing when nothing changes; refuses an empty change', async () => {
    const w = await adminWorld();
    const tech = await addUser(w);
    await expect(w.updateUser.execute(w.admin, { id: tech.id, name: tech.name, active: true })).resolves.toEqual({
      user: expect.objectContaining({ id: tech.id }),
    });
    await expect(w.updateUser.execute(w.admin, { id: tech.id })).rejects.toEqual(domainError('invalid', ''));
    expect(await w.audit()).toEqual([]);
  });

  it('refuses unknown loan groups, naming them, and an unknown user', async () => {
    const w = await adminWorld();
    const tech = await addUser(w);
    await expect(w.updateUser.execute(w.admin, { id: tech.id, loanGroupIds: ['nope'] })).rejects.toEqual(
      domainError('invalid', 'loanGroupIds.0'),
    );
    await expect(w.updateUser.execute(w.admin, { id: 'nobody', name: 'X' })).rejects.toEqual(domainError('not_found'));
    expect(await w.stored(tech.id)).toMatchObject({ loanGroupIds: [] });
  });

  it('needs role.manage as well to change a role', async () => {
    const w = await adminWorld();
    const tech = await addUser(w);
    const manager = actorWith(w.tenant, ['user.manage']);
    await expect(w.updateUser.execute(manager, { id: tech.id, role: 'school-admin' })).rejects.toEqual(
      domainError('forbidden'),
    );
    await expect(w.updateUser.execute(manager, { id: tech.id, name: 'Renamed' })).resolves.toBeDefined();
    expect(await w.stored(tech.id)).toMatchObject({ role: 'technician', name: 'Renamed' });
    await expect(w.updateUser.execute(userActor(w.tenant, 'technician'), { id: tech.id, name: 'X' })).rejects.toEqual(
      domainError('forbidden'),
    );
  });

  it('gives or takes away only a role whose every permission the caller holds', async () => {
    const w = await adminWorld();
    const tech = await addUser(w, { name: 'Tess Tech' });
    const head2 = await addUser(w, { name: 'Second Head', role: 'school-admin' });
    // A user manager who can do what a technician can, and no more.
    const manager = actorWith(w.tenant, [...ROLE_PERMISSIONS.technician, 'user.manage', 'role.manage']);
    await expect(w.updateUser.execute(manager, { id: tech.id, role: 'school-admin' })).rejects.toEqual(
      domainError('forbidden'),
    );
    await expect(w.updateUser.execute(manager, { id: head2.id, role: 'teacher' })).rejects.toEqual(
      domainError('forbidden'),
    );
    await expect(
      w.createUser.execute(manager, { email: 'boss@school.example', name: 'Boss', role: 'school-admin' }),
    ).rejects.toEqual(domainError('forbidden'));
    expect(await w.stored(tech.id)).toMatchObject({ role: 'technician' });
    expect(await w.stored(head2.id)).toMatchObject({ role: 'school-admin' });
    expect((await w.listUsers.execute(w.admin, {})).users.map((u) => u.email)).not.toContain('boss@school.example');
    // What they hold themselves they may hand out: the roles the console offers them.
    await expect(w.updateUser.execute(manager, { id: tech.id, role: 'teacher' })).resolves.toBeDefined();
    await expect(
      w.createUser.execute(manager, { email: 'desk@school.example', name: 'Desk', role: 'loan-desk' }),
    ).resolves.toBeDefined();
    expect(await w.stored(tech.id)).toMatchObject({ role: 'teacher' });
    expect((await w.listUsers.execute(manager, {})).grantableRoles).toEqual(['technician', 'loan-desk', 'teacher']);
  });

  it('never demotes or deactivates the last active school administrator', async () => {
    const w = await adminWorld();
    for (const change of [{ role: 'technician' as const }, { active: false }]) {
      await expect(w.updateUser.execute(w.admin, { id: w.head.id, ...change })).rejects.toEqual(
        domainError('conflict'),
      );
    }
    expect(await w.stored(w.head.id)).toMatchObject({ role: 'school-admin', active: true });
    // An inactive administrator does not count; another active one does.
    const dormant = await addUser(w, { role: 'school-admin', active: false });
    await expect(w.updateUser.execute(w.admin, { id: w.head.id, active: false })).rejects.toEqual(
      domainError('conflict'),
    );
    await w.updateUser.execute(w.admin, { id: dormant.id, active: true });
    await w.updateUser.execute(w.admin, { id: w.head.id, role: 'technician' });
    const second = userActor(w.tenant, 'school-admin', { id: dormant.id });
    await expect(w.updateUser.execute(second, { id: dormant.id, role: 'read-only' })).rejects.toEqual(
      domainError('conflict'),
    );
    // A non-administrator's changes never meet the rule.
    await expect(w.updateUser.execute(second, { id: w.head.id, active: false })).resolves.toBeDefined();
  });

  it('ends a deactivated user’s sessions at once, and turning them back on does not revive them', async () => {
    const w = await adminWorld();
    const tech = await addUser(w, { email: 'tech@school.example' });
    const token = await signInAs(w, 'tech@school.example');
    await expect(w.authenticate.execute(token)).resolves.toBeDefined(); // now remembered for a second
    await w.updateUser.execute(w.admin, { id: tech.id, active: false });
    await expect(w.authenticate.execute(token)).rejects.toEqual(domainError('unauthorized'));
    await expect(signInAs(w, 'tech@school.example')).rejects.toEqual(domainError('unauthorized'));
    await w.updateUser.execute(w.admin, { id: tech.id, active: true });
    await expect(w.authenticate.execute(token)).rejects.toEqual(domainError('unauthorized'));
    await expect(signInAs(w, 'tech@school.example')).resolves.toEqual(expect.any(String));
  });

  it('replaces a deactivated user’s open invitation', async () => {
    const w = await adminWorld();
    const { user, invitation } = await w.createUser.execute(w.admin, {
      email: 'n@school.example',
      name: 'N',
      role: 'teacher',
    });
    await w.updateUser.execute(w.admin, { id: user.id, active: false });
    await w.updateUser.execute(w.admin, { id: user.id, active: true });
    await expect(w.consume.execute({ token: tokenOf(invitation!.url), password: NEW_PASSWORD })).rejects.toEqual(
      domainError('invalid'),
    );
    expect((await w.audit()).at(-1)).toMatchObject({ details: { reason: 'replaced' } });
  });

  it('applies a new role from the user’s next request, though their session was just looked up', async () => {
    const w = await adminWorld();
    const tech = await addUser(w, { email: 'tech@school.example' });
    const token = await signInAs(w, 'tech@school.example');
    expect((await w.authenticate.execute(token)).actor.permissions.has('user.manage')).toBe(false);
    await w.updateUser.execute(w.admin, { id: tech.id, role: 'school-admin' });
    expect((await w.authenticate.execute(token)).actor.permissions.has('user.manage')).toBe(true);
  });
});

describe('InviteUser', () => {
  it('makes a fresh link that replaces the older one', async () => {
    const w = await adminWorld();
    const { user, invitation: first } = await w.createUser.execute(w.admin, {
      email: 'n@school.example',
      name: 'N',
      role: 'teacher',
    });
    w.clock.advance(HOUR);
    const { invitation: second } = await w.inviteUser.execute(w.admin, { id: user.id });
    expect(second).toEqual({
      url: expect.stringMatching(URL_RE),
      expiresAt: '2026-03-17T10:00:00.000Z',
      emailed: false,
    });
    expect(second.url).not.toBe(first!.url);
    await expect(w.consume.execute({ token: tokenOf(first!.url), password: NEW_PASSWORD })).rejects.toEqual(
      domainError('invalid'),
    );
    expect((await w.audit()).at(-1)).toMatchObject({ details: { purpose: 'invitation', reason: 'replaced' } });
    await expect(w.consume.execute({ token: tokenOf(second.url), password: NEW_PASSWORD })).resolves.toBeDefined();
  });

  it('refuses a deactivated user and an unknown one', async () => {
    const w = await adminWorld();
    const gone = await addUser(w, { active: false, password: null });
    await expect(w.inviteUser.execute(w.admin, { id: gone.id })).rejects.toEqual(domainError('conflict'));
    await expect(w.inviteUser.execute(w.admin, { id: 'nobody' })).rejects.toEqual(domainError('not_found'));
    expect(await w.audit()).toEqual([]);
  });

  it('resets a password only with password.reset, and the old one works until the link is used', async () => {
    const w = await adminWorld();
    const tech = await addUser(w, { email: 'tech@school.example' });
    await expect(w.inviteUser.execute(actorWith(w.tenant, ['user.manage']), { id: tech.id })).rejects.toEqual(
      domainError('forbidden'),
    );
    const { invitation } = await w.inviteUser.execute(w.admin, { id: tech.id });
    await expect(signInAs(w, 'tech@school.example')).resolves.toBeDefined();
    await w.consume.execute({ token: tokenOf(invitation.url), password: NEW_PASSWORD });
    await expect(signInAs(w, 'tech@school.example')).rejects.toEqual(domainError('unauthorized'));
    await expect(signInAs(w, 'tech@school.example', NEW_PASSWORD)).resolves.toBeDefined();
  });
});

describe('CreateApiKey in the console', () => {
  it('refuses a scope its creator does not hold, naming it, and stores nothing', async () => {
    const w = await adminWorld();
    const creator = actorWith(w.tenant, ['apikey.manage', 'loan.view', 'device.view']);
    await expect(
      w.createApiKey.execute(creator, {
        name: 'Sync',
        scopes: ['loan.view', 'cost.view', 'device.view', 'audit.view'],
      }),
    ).rejects.toEqual(domainError('invalid', 'scopes.1', 'scopes.3'));
    expect(await w.uow.read((r) => r.apiKeys.list(w.tenant.id))).toEqual([]);
    await expect(
      w.createApiKey.execute(creator, { name: 'Sync', scopes: ['device.view', 'loan.view'] }),
    ).resolves.toMatchObject({
      apiKey: { scopes: ['device.view', 'loan.view'] },
    });
  });

  it('lets a school administrator give any scope (they hold them all), never a console-only one', async () => {
    const w = await adminWorld();
    await expect(w.createApiKey.execute(w.admin, { name: 'All', scopes: [...PERMISSIONS] })).resolves.toBeDefined();
    await expect(w.createApiKey.execute(w.admin, { name: 'Bad', scopes: ['user.manage'] })).rejects.toEqual(
      domainError('invalid', 'scopes.0'),
    );
  });
});

describe('modules', () => {
  it('lists every module with whether it is on, for any signed-in user', async () => {
    const w = await adminWorld();
    const tenant = await addTenant(w.uow, { modules: ['loans', 'people'] });
    expect(await w.listModules.execute(userActor(tenant, 'teacher'), {})).toEqual({
      modules: MODULES.map((name) => ({ name, enabled: name === 'loans' || name === 'people' })),
      changeable: false,
    });
    expect((await w.listModules.execute(userActor(tenant, 'school-admin'), {})).changeable).toBe(true);
  });

  it('sets the complete list of modules that are on, audited, and this process sees it at once', async () => {
    const w = await adminWorld();
    const loads: string[][] = [];
    const tenantNow = () =>
      w.lookups.get(lookupOf.tenant(w.tenant.id), async () => {
        const t = await w.uow.read((r) => r.tenants.findById(w.tenant.id));
        loads.push([...(t?.modules ?? [])]);
        return t;
      });
    await tenantNow();
    const result = await w.setModules.execute(w.admin, { enabled: ['people', 'loans', 'loans'] });
    expect(result.modules.filter((m) => m.enabled).map((m) => m.name)).toEqual(['people', 'loans']);
    expect(result.modules.map((m) => m.name)).toEqual([...MODULES]);
    expect((await tenantNow())?.modules).toEqual(['people', 'loans']);
    expect(loads).toEqual([[...MODULES], ['people', 'loans']]);
    expect((await w.audit()).at(-1)).toEqual({
      id: expect.any(String),
      actor: { type: 'user', id: w.head.id },
      action: 'module.change',
      target: `tenant:${w.tenant.slug}`,
      at: NOW,
      details: {
        enabled: [],
        disabled: MODULES.filter((m) => m !== 'people' && m !== 'loans'),
        modules: ['people', 'loans'],
      },
    });
    // The same list again changes nothing and audits nothing.
    const count = (await w.audit()).length;
    await w.setModules.execute(w.admin, { enabled: ['loans', 'people'] });
    expect(await w.audit()).toHaveLength(count);
  });

  it('is for school administrators (and the operator): others are refused before their input is read', async () => {
    const w = await adminWorld();
    for (const actor of [
      userActor(w.tenant, 'technician'),
      userActor(w.tenant, 'teacher'),
      keyActor(w.tenant, [...PERMISSIONS]),
    ]) {
      for (const body of [{ enabled: [] }, { enabled: 'everything' }, { nonsense: true }]) {
        await expect(w.setModules.execute(actor, body)).rejects.toEqual(domainError('forbidden'));
      }
    }
    await expect(w.setModules.execute(operatorActor(w.tenant), { enabled: ['costs'] })).resolves.toBeDefined();
    expect((await w.uow.read((r) => r.tenants.findById(w.tenant.id)))?.modules).toEqual(['costs']);
  });

  it('refuses unknown modules and malformed bodies, naming what is wrong, and changes nothing', async () => {
    const w = await adminWorld();
    await expect(w.setModules.execute(w.admin, { enabled: ['loans', 'chess', 'module.people'] })).rejects.toEqual(
      domainError('invalid', 'enabled.1', 'enabled.2'),
    );
    await expect(w.setModules.execute(w.admin, { enabled: 'loans' })).rejects.toEqual(
      domainError('invalid', 'enabled'),
    );
    await expect(w.setModules.execute(w.admin, { enabled: [], extra: 1 })).rejects.toEqual(
      domainError('invalid', 'extra'),
    );
    await expect(w.setModules.execute(w.admin, {})).rejects.toEqual(domainError('invalid', 'enabled'));
    await expect(w.setModules.execute(w.admin, ['loans'])).rejects.toEqual(domainError('invalid', 'body'));
    expect((await w.uow.read((r) => r.tenants.findById(w.tenant.id)))?.modules).toEqual([...MODULES]);
  });

  it('lets a school administrator use desk module enable’s use case too (one rule for both)', async () => {
    const w = await adminWorld();
    await expect(w.changeModules.execute(w.admin, { disable: ['costs'] })).resolves.toBeDefined();
    await expect(w.changeModules.execute(userActor(w.tenant, 'technician'), { enable: ['costs'] })).rejects.toEqual(
      domainError('forbidden'),
    );
  });
});

describe('SearchAudit', () => {
  /** Entries recorded straight into the store, oldest first. */
  async function withEntries(w: AdminWorld, entries: Partial<AuditEntry>[]) {
    const made = entries.map((e, n) => ({
      id: `entry-${n}`,
      actor: { type: 'user' as const, id: 'u1' },
      action: 'device.update',
      target: 'device:d1',
      at: NOW,
      details: {},
      ...e,
    }));
    await w.seed(async (r, t) => {
      for (const e of made) await r.audit.record(t, e);
    });
    // As the log shows them: by the actor's name (none of these ids is anyone in the school now).
    return made.map((e) => ({
      ...e,
      actor: { ...e.actor, name: e.actor.type === 'apiKey' ? 'A deleted API key' : 'A former member of staff' },
      names: {},
    }));
  }

  it('filters by actor, action and target, newest first, paged', async () => {
    const w = await adminWorld();
    const [a, b, c, d] = await withEntries(w, [
      { at: '2026-03-01T08:00:00.000Z' },
      { at: '2026-03-02T08:00:00.000Z', actor: { type: 'apiKey', id: 'k1' }, action: 'loan.issue', target: 'loan:12' },
      { at: '2026-03-03T08:00:00.000Z', target: 'device:d2' },
      { at: '2026-03-04T08:00:00.000Z' },
    ]);
    expect(await w.searchAudit.execute(w.admin, {})).toEqual({
      entries: [d, c, b, a],
      total: 4,
      page: 1,
      pageSize: 50,
    });
    expect(await w.searchAudit.execute(w.admin, { page: 2, pageSize: 3 })).toMatchObject({ entries: [a], total: 4 });
    expect((await w.searchAudit.execute(w.admin, { actor: 'k1' })).entries).toEqual([b]);
    expect((await w.searchAudit.execute(w.admin, { action: 'device.update' })).entries).toEqual([d, c, a]);
    expect((await w.searchAudit.execute(w.admin, { target: 'device:d1' })).entries).toEqual([d, a]);
    expect((await w.searchAudit.execute(w.admin, { target: 'device:d' })).entries).toEqual([]); // exact, not a prefix
  });

  it('reads a date as the whole day in the school’s time zone, and an instant as itself', async () => {
    const w = await adminWorld(); // Europe/Amsterdam: UTC+1 in March
    const [lateOn9th, earlyOn10th, noon10th, lastOn10th, first11th] = await withEntries(w, [
      { at: '2026-03-09T22:59:59.999Z' },
      { at: '2026-03-09T23:00:00.000Z' },
      { at: '2026-03-10T11:00:00.000Z' },
      { at: '2026-03-10T22:59:59.999Z' },
      { at: '2026-03-10T23:00:00.000Z' },
    ]);
    const found = async (input: { from?: string; to?: string }) =>
      (await w.searchAudit.execute(w.admin, input)).entries;
    expect(await found({ from: '2026-03-10', to: '2026-03-10' })).toEqual([lastOn10th, noon10th, earlyOn10th]);
    expect(await found({ to: '2026-03-09' })).toEqual([lateOn9th]);
    expect(await found({ from: '2026-03-11' })).toEqual([first11th]);
    expect(await found({ from: '2026-03-10T12:00:00+01:00', to: '2026-03-10T23:59:59.999+01:00' })).toEqual([
      lastOn10th,
      noon10th,
    ]);
    expect(await found({ from: '2026-03-10T11:00Z', to: '2026-03-10T11:00Z' })).toEqual([noon10th]);
  });

  it('refuses malformed or reversed bounds, naming them', async () => {
    const w = await adminWorld();
    for (const bad of ['2026-02-30', '10/03/2026', '2026-03-10T09:00:00', '2026-03-10T25:00Z', 'yesterday', '']) {
      await expect(w.searchAudit.execute(w.admin, { from: bad })).rejects.toEqual(domainError('invalid', 'from'));
      await expect(w.searchAudit.execute(w.admin, { to: bad })).rejects.toEqual(domainError('invalid', 'to'));
    }
    await expect(w.searchAudit.execute(w.admin, { from: '2026-03-10', to: '2026-03-09' })).rejects.toEqual(
      domainError('invalid', 'to'),
    );
  });

  it('needs audit.view', async () => {
    const w = await adminWorld();
    await expect(w.searchAudit.execute(userActor(w.tenant, 'teacher'), {})).rejects.toEqual(domainError('forbidden'));
    await expect(w.searchAudit.execute(userActor(w.tenant, 'read-only'), {})).resolves.toBeDefined();
  });

  it('finds where a day begins when the clocks skip midnight', () => {
    // Santiago moves from 24:00 to 01:00 on 6 September 2026: that day begins at 01:00 local time.
    expect(new Date(startOfDay('2026-09-06', 'America/Santiago')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(new Date(startOfDay('2026-03-29', 'Europe/Amsterdam')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(startOfDay('2026-03-30', 'Europe/Amsterdam')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(startOfDay('2026-03-10', 'UTC')).toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });
});

describe('GetSignedInUser', () => {
  it('tells the console who is signed in, in which school, with exactly the permissions the server checks', async () => {
    const w = await adminWorld();
    const tenant = await addTenant(w.uow, { modules: ['loans', 'people'] });
    const cart = aGroup();
    const teacher = aUser({ email: 'teach@school.example', role: 'teacher', loanGroupIds: [cart.id] });
    await w.uow.transaction(async (r) => {
      await r.loanGroups.insertMany(tenant.id, [cart]);
      await r.users.create(tenant.id, teacher, null);
    });
    const actor = userActor(tenant, 'teacher', { id: teacher.id, loanGroupIds: [cart.id] });
    expect(await w.me.execute(actor, {})).toEqual({
      user: {
        id: teacher.id,
        email: 'teach@school.example',
        name: teacher.name,
        role: 'teacher',
        loanGroupIds: [cart.id],
      },
      tenant: { slug: tenant.slug, name: tenant.name, timeZone: tenant.timeZone, currency: tenant.currency },
      permissions: [...ROLE_PERMISSIONS.teacher, 'module.people', 'module.loans'],
      modules: ['people', 'loans'],
    });
  });

  it('is for signed-in users only', async () => {
    const w = await adminWorld();
    await expect(w.me.execute(keyActor(w.tenant, ['loan.view']), {})).rejects.toEqual(domainError('forbidden'));
  });
});
