/**
 * People over HTTP (issue 12, point 2): GET/POST /api/people, GET/PATCH /api/people/:id and
 * POST /api/people/:id/archive|restore, against the real server on SQLite and on Postgres. Each
 * answer is checked against the rows read straight through the UnitOfWork: a write changes exactly
 * its person and adds one audit entry (the signed-in user as actor) and one thin event; a refusal
 * changes nothing. Two schools share the server: nothing of one is reachable from the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES, PERMISSIONS, type Role } from '../../../src/domain/access/permissions.js';
import type { Person } from '../../../src/domain/people/person.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, invokeAction, pointersOf, send, type Reply } from '../../support/rest.js';
import { readTenantData, tenantBySlug } from '../../support/tenant-data.js';
import { putLoan, signIn, type ConsoleUser } from '../../support/console.js';

warnIfPostgresSkipped();

/** Every suite runs on both databases (Postgres when TEST_DATABASE_URL is set). */
const DATABASES: readonly TestDatabase[] = ['sqlite', 'postgres'];

const A = 'north';
const B = 'south';
const OFF = 'no-people';
const ALL = { page: 1, pageSize: 100_000 };

let app: TestApp;
let tenantA: Tenant;
let tenantB: Tenant;
let users: Record<Role, ConsoleUser>;
let bAdmin: ConsoleUser;
let offAdmin: ConsoleUser;
/** A key of A holding every scope: console routes are for signed-in staff only. */
let aKey: string;

describe.each(DATABASES)('people on %s', (database: TestDatabase) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('over HTTP', () => {
    beforeAll(async () => {
      app = await startApp({ env: { LOG_LEVEL: 'warn' }, database });
      tenantA = await app.tenant(A, { seed: 'small' });
      tenantB = await app.tenant(B, { seed: 'small' });
      await app.tenant(OFF, { modules: MODULES.filter((m) => m !== 'people') });
      users = {
        'school-admin': await signIn(app, A, { role: 'school-admin', name: 'Head of IT' }),
        technician: await signIn(app, A, { role: 'technician' }),
        'loan-desk': await signIn(app, A, { role: 'loan-desk' }),
        teacher: await signIn(app, A, { role: 'teacher' }),
        'read-only': await signIn(app, A, { role: 'read-only' }),
      };
      bAdmin = await signIn(app, B, { role: 'school-admin' });
      offAdmin = await signIn(app, OFF, { role: 'school-admin' });
      aKey = (await app.key(A, PERMISSIONS)).key;
    });
    afterAll(() => app?.close());

    const admin = () => users['school-admin'];

    /** One console request as this user (a bearer session), or with no credential. */
    function http(
      user: ConsoleUser | undefined,
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<Reply> {
      const auth: Record<string, string> = user ? { authorization: `Bearer ${user.token}` } : {};
      return send(app.port, { method, path, body, headers: { ...auth, ...headers } });
    }

    const uow = () => app.container.get(UnitOfWork);

    /** Everything a people route could change in a tenant, as one comparable value. */
    const recordsOf = (tenantId: string) =>
      uow().read(async (r) => ({
        people: (await r.people.list(tenantId, { includeArchived: true }, ALL)).items,
        loans: (await r.loans.list(tenantId, { poolGroupIds: null }, ALL)).items,
        devices: (await r.devices.search(tenantId, {}, ALL)).items,
        audit: (await r.audit.list(tenantId, { limit: 1_000_000 })).length,
        outbox: (await r.outbox.listAfter(tenantId, 0, 1_000_000)).length,
      }));

    const storedPerson = (tenantId: string, id: string) => uow().read((r) => r.people.findById(tenantId, id));
    const newestAudit = async (tenantId: string) => (await uow().read((r) => r.audit.list(tenantId, { limit: 1 })))[0];
    const newestEvent = async (tenantId: string) =>
      (await uow().read((r) => r.outbox.listAfter(tenantId, 0, 1_000_000))).at(-1);

    /** Asserts the reply is this problem and the tenant's records did not change. */
    async function expectRefused(
      write: () => Promise<Reply>,
      status: number,
      type: string,
      tenantId = tenantA.id,
    ): Promise<Reply> {
      const before = await recordsOf(tenantId);
      const reply = await write();
      expectProblem(reply, status, type);
      expect(await recordsOf(tenantId)).toEqual(before);
      return reply;
    }

    /** Asserts the write added exactly one audit entry by `user` and one event of `kind` about `person`. */
    async function expectRecorded(
      user: ConsoleUser,
      before: Awaited<ReturnType<typeof recordsOf>>,
      o: { action: string; kind: string; person: Person; details?: Record<string, unknown> },
    ) {
      const after = await recordsOf(tenantA.id);
      expect(after.audit).toBe(before.audit + 1);
      expect(after.outbox).toBe(before.outbox + 1);
      expect(await newestAudit(tenantA.id)).toMatchObject({
        actor: { type: 'user', id: user.user.id },
        action: o.action,
        target: `person:${o.person.id}`,
        ...(o.details ? { details: o.details } : {}),
      });
      const event = await newestEvent(tenantA.id);
      expect(event?.kind).toBe(o.kind);
      // Thin: ids and statuses, never a name or an e-mail address.
      expect(event?.payload).toEqual({
        person: {
          id: o.person.id,
          kind: o.person.kind,
          externalId: o.person.externalId,
          archived: o.person.archivedAt !== null,
        },
      });
    }

    /** A person of A made for one test through the route itself. */
    async function newPerson(body: Record<string, unknown> = {}): Promise<Person> {
      const reply = await http(admin(), 'POST', '/api/people', { name: 'Test Person', kind: 'PUPIL', ...body });
      expect(reply.status, reply.text).toBe(201);
      return reply.json.person as Person;
    }

    /** Assigns a register device of the tenant to the person, straight through the repository. */
    async function giveDevice(tenantId: string, personId: string): Promise<string> {
      return uow().transaction(async (r) => {
        const device = (await r.devices.search(tenantId, { status: 'IN_STOCK' }, { page: 1, pageSize: 1 })).items[0]!;
        await r.devices.update(tenantId, { ...device, status: 'IN_USE', assignedPersonId: personId });
        return device.serial;
      });
    }

    async function availableLoan(tenantId: string): Promise<number> {
      const { loans } = await readTenantData(app.container, tenantId === tenantA.id ? A : B);
      const loan = loans.find((l) => l.status === 'AVAILABLE')!;
      return loan.number;
    }

    describe('two schools', () => {
      it("reaches none of B's people on any people route, and leaves B as it was", async () => {
        const b = await readTenantData(app.container, B);
        const bHolder = b.loans.find((l) => l.status === 'ISSUED')!.holderId!;
        const bPlain = b.people.find((p) => p.id !== bHolder)!;
        // One of B's people archived by B itself, so that a restore would have something to do.
        const archived = await http(bAdmin, 'POST', `/api/people/${bPlain.id}/archive`);
        expect(archived.status, archived.text).toBe(200);
        // B's own administrator reaches them: the ids are real.
        expect((await http(bAdmin, 'GET', `/api/people/${bHolder}`)).status).toBe(200);

        const before = await recordsOf(tenantB.id);
        for (const personId of [bHolder, bPlain.id]) {
          for (const [method, path, body] of [
            ['GET', `/api/people/${personId}`, undefined],
            ['PATCH', `/api/people/${personId}`, { name: 'Taken over' }],
            ['POST', `/api/people/${personId}/archive`, undefined],
            ['POST', `/api/people/${personId}/restore`, undefined],
          ] as const) {
            const reply = await http(admin(), method, path, body);
            expectProblem(reply, 404, 'not-found');
            expect(reply.text).not.toContain(bPlain.name);
          }
        }
        // Lists and searches never show B's people, whatever the filter.
        const bIds = b.people.map((p) => p.id);
        for (const q of [bPlain.email!, bPlain.name, b.people[1]!.email!]) {
          const reply = await http(admin(), 'GET', `/api/people?includeArchived=true&q=${encodeURIComponent(q)}`);
          expect(reply.status).toBe(200);
          expect(bIds.filter((id) => reply.text.includes(id))).toEqual([]);
        }
        const a = await recordsOf(tenantA.id);
        for (let page = 1; page <= Math.ceil(a.people.length / 100); page++) {
          const reply = await http(admin(), 'GET', `/api/people?includeArchived=true&pageSize=100&page=${page}`);
          expect(reply.json.total).toBe(a.people.length);
          expect(bIds.filter((id) => reply.text.includes(id))).toEqual([]);
        }
        // Naming B by slug with A's session is refused outright.
        for (const [method, path] of [
          ['GET', '/api/people'],
          ['GET', `/api/people/${bHolder}`],
          ['POST', `/api/people/${bPlain.id}/restore`],
        ] as const) {
          const reply = await http(admin(), method, path, undefined, { 'x-tenant-slug': B });
          expectProblem(reply, 401, 'unauthorized');
        }
        expect(await recordsOf(tenantB.id)).toEqual(before);
      });

      it('checks external ids within one school only', async () => {
        const b = await readTenantData(app.container, B);
        const theirs = b.people.find((p) => p.externalId !== null)!;
        const aHasIt = (await uow().read((r) => r.people.findByExternalIds(tenantA.id, [theirs.externalId!]))).length;
        // The demo numbers its MIS ids the same way in every school: A has the id too, so A refuses it…
        expect(aHasIt).toBe(1);
        await expectRefused(
          () => http(admin(), 'POST', '/api/people', { name: 'X', kind: 'PUPIL', externalId: theirs.externalId }),
          409,
          'conflict',
        );
        // …while an id only B has is free in A.
        const onlyB = `B-ONLY-${Date.now()}`;
        await uow().transaction((r) => r.people.update(tenantB.id, { ...theirs, externalId: onlyB }));
        const created = await newPerson({ externalId: onlyB });
        expect(created.externalId).toBe(onlyB);
        expect(await storedPerson(tenantB.id, theirs.id)).toMatchObject({ externalId: onlyB });
      });
    });

    describe('who may do what', () => {
      const views = (id: string): [string, string][] => [
        ['GET', '/api/people'],
        ['GET', `/api/people/${id}`],
      ];

      it.each<[Role, boolean]>([
        ['school-admin', true],
        ['technician', false],
        ['loan-desk', false],
        ['teacher', false],
        ['read-only', false],
      ])('%s: sees people; keeps the records: %s', async (role, manages) => {
        const person = await newPerson();
        for (const [method, path] of views(person.id)) {
          expect((await http(users[role], method, path)).status, `${role} ${method} ${path}`).toBe(200);
        }
        const writes: [string, string, unknown][] = [
          ['POST', '/api/people', { name: 'New', kind: 'STAFF' }],
          ['PATCH', `/api/people/${person.id}`, { userGroup: '9Z' }],
          ['POST', `/api/people/${person.id}/archive`, undefined],
          ['POST', `/api/people/${person.id}/restore`, undefined],
        ];
        for (const [method, path, body] of writes) {
          if (manages) {
            const reply = await http(users[role], method, path, body);
            expect(reply.status, `${method} ${path}: ${reply.text}`).toBe(method === 'POST' && body ? 201 : 200);
          } else {
            await expectRefused(() => http(users[role], method, path, body), 403, 'forbidden');
          }
        }
      });

      it('answers 401 to API keys (even with every scope) and to no credential at all', async () => {
        const person = await newPerson();
        for (const [method, path, body] of [
          ['GET', '/api/people'],
          ['GET', `/api/people/${person.id}`],
          ['POST', '/api/people', { name: 'Key', kind: 'STAFF' }],
          ['PATCH', `/api/people/${person.id}`, { name: 'Key' }],
          ['POST', `/api/people/${person.id}/archive`],
          ['POST', `/api/people/${person.id}/restore`],
        ] as const) {
          const credentials: Record<string, string>[] = [
            { 'x-api-key': aKey },
            { authorization: `Bearer ${aKey}` },
            {},
          ];
          for (const headers of credentials) {
            await expectRefused(() => http(undefined, method, path, body, headers), 401, 'unauthorized');
          }
        }
      });

      it('answers 404 module-disabled on every route while the people module is off, before anything else', async () => {
        const offTenant = await tenantBySlug(app.container, OFF);
        for (const [method, path, body] of [
          ['GET', '/api/people?page=0'],
          ['GET', '/api/people/nobody'],
          ['POST', '/api/people', { name: '' }],
          ['PATCH', '/api/people/nobody', {}],
          ['POST', '/api/people/nobody/archive'],
          ['POST', '/api/people/nobody/restore'],
        ] as const) {
          await expectRefused(() => http(offAdmin, method, path, body), 404, 'module-disabled', offTenant.id);
        }
      });

      it('refuses writes from a browser page of another site', async () => {
        const person = await newPerson();
        await expectRefused(
          () => http(admin(), 'PATCH', `/api/people/${person.id}`, { name: 'X' }, { origin: 'https://evil.example' }),
          403,
          'forbidden',
        );
      });
    });

    describe('GET /api/people', () => {
      it('pages through the people by name then id, like the repository, archived only with includeArchived=true', async () => {
        const archived = await newPerson({ name: 'Aaron Archived' });
        expect((await http(admin(), 'POST', `/api/people/${archived.id}/archive`)).status).toBe(200);
        const { people } = await recordsOf(tenantA.id);
        const byNameThenId = (x: Person, y: Person) =>
          x.name < y.name ? -1 : x.name > y.name ? 1 : x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
        const active = people.filter((p) => p.archivedAt === null).sort(byNameThenId);
        const everyone = [...people].sort(byNameThenId);

        const first = await http(admin(), 'GET', '/api/people?pageSize=20');
        expect(first.status).toBe(200);
        expect(first.json).toEqual({ people: active.slice(0, 20), total: active.length, page: 1, pageSize: 20 });
        const second = await http(admin(), 'GET', '/api/people?pageSize=20&page=2&includeArchived=true');
        expect(second.json).toEqual({ people: everyone.slice(20, 40), total: everyone.length, page: 2, pageSize: 20 });
        // Only the value `true` turns it on.
        const yes = await http(
          admin(),
          'GET',
          `/api/people?q=${encodeURIComponent('Aaron Archived')}&includeArchived=yes`,
        );
        expect(yes.json.total).toBe(0);
        const on = await http(
          admin(),
          'GET',
          `/api/people?q=${encodeURIComponent('aaron archived')}&includeArchived=true`,
        );
        expect(on.json.people.map((p: Person) => p.id)).toEqual([archived.id]);
        expect((await http(admin(), 'GET', '/api/people')).json.pageSize).toBe(50);
      });

      it('filters by kind, class or department and text, and ignores parameters it does not know', async () => {
        const { people } = await recordsOf(tenantA.id);
        const pupil7 = people.find((p) => p.kind === 'PUPIL' && p.userGroup !== null && p.archivedAt === null)!;
        const reply = await http(
          admin(),
          'GET',
          `/api/people?kind=PUPIL&userGroup=${encodeURIComponent(pupil7.userGroup!)}&pageSize=100&colour=blue`,
        );
        const expected = people.filter(
          (p) => p.kind === 'PUPIL' && p.userGroup === pupil7.userGroup && p.archivedAt === null,
        );
        expect(reply.json.total).toBe(expected.length);
        expect(new Set(reply.json.people.map((p: Person) => p.id))).toEqual(new Set(expected.map((p) => p.id)));
        const byMail = await http(admin(), 'GET', `/api/people?q=${encodeURIComponent(pupil7.email!.toUpperCase())}`);
        expect(byMail.json.people.map((p: Person) => p.id)).toContain(pupil7.id);
      });

      it('answers 400 naming each bad parameter', async () => {
        const reply = await http(admin(), 'GET', '/api/people?page=0&pageSize=101&kind=PARENT');
        expectProblem(reply, 400, 'invalid-input');
        expect(pointersOf(reply).sort()).toEqual(['/kind', '/page', '/pageSize']);
        expect(pointersOf(await http(admin(), 'GET', '/api/people?page=two'))).toEqual(['/page']);
      });
    });

    describe('POST /api/people', () => {
      it('adds a person (e-mail lower case), with the audit entry and a thin person.created event', async () => {
        const before = await recordsOf(tenantA.id);
        const reply = await http(admin(), 'POST', '/api/people', {
          name: ' Katherine Johnson ',
          email: 'K.Johnson@North.Example',
          kind: 'STAFF',
          userGroup: 'Maths',
          externalId: 'HR-0042',
        });
        expect(reply.status, reply.text).toBe(201);
        expect(Object.keys(reply.json)).toEqual(['person']);
        const person = reply.json.person as Person;
        expect(person).toEqual({
          id: expect.any(String),
          name: 'Katherine Johnson',
          email: 'k.johnson@north.example',
          kind: 'STAFF',
          userGroup: 'Maths',
          externalId: 'HR-0042',
          archivedAt: null,
        });
        expect(await storedPerson(tenantA.id, person.id)).toEqual(person);
        await expectRecorded(admin(), before, {
          action: 'person.create',
          kind: 'person.created',
          person,
          details: { kind: 'STAFF', externalId: 'HR-0042' },
        });
        expect(JSON.stringify(await newestAudit(tenantA.id))).not.toMatch(/Johnson|johnson/);
      });

      it('answers 409 naming an external id another person has, and writes nothing', async () => {
        const taken = await newPerson({ externalId: 'HR-TAKEN' });
        const reply = await expectRefused(
          () => http(admin(), 'POST', '/api/people', { name: 'Other', kind: 'STAFF', externalId: 'HR-TAKEN' }),
          409,
          'conflict',
        );
        expect(reply.json.detail).toBe(`external id "HR-TAKEN" already belongs to another person (${taken.id})`);
      });

      it('answers 400 naming each bad field, and writes nothing', async () => {
        const reply = await expectRefused(
          () =>
            http(admin(), 'POST', '/api/people', {
              name: '',
              email: 'nobody',
              kind: 'parent',
              userGroup: 7,
              externalId: 'x'.repeat(101),
              id: 'chosen-id',
            }),
          400,
          'invalid-input',
        );
        expect(pointersOf(reply).sort()).toEqual(['/email', '/externalId', '/id', '/kind', '/name', '/userGroup']);
        const empty = await expectRefused(() => http(admin(), 'POST', '/api/people', {}), 400, 'invalid-input');
        expect(pointersOf(empty).sort()).toEqual(['/kind', '/name']);
        const array = await expectRefused(() => http(admin(), 'POST', '/api/people', [1]), 400, 'invalid-input');
        expect(pointersOf(array)).toEqual(['/body']);
        await expectRefused(
          () => http(admin(), 'POST', '/api/people', 'name=X', { 'content-type': 'text/plain' }),
          415,
          'unsupported-media-type',
        );
      });
    });

    describe('GET /api/people/:id', () => {
      /** Ada holds a loan and a device, reported a repair and requested a ticket. */
      let ada: Person;
      let loanNumber: number;
      let serial: string;

      beforeAll(async () => {
        ada = await newPerson({ name: 'Ada Profile', kind: 'PUPIL', userGroup: '8C' });
        loanNumber = await availableLoan(tenantA.id);
        await putLoan(app.container, tenantA.id, loanNumber, { status: 'ISSUED', holderId: ada.id, userGroup: '8C' });
        serial = await giveDevice(tenantA.id, ada.id);
        const submission = await http(admin(), 'POST', '/api/assistant/tools/submissions.create', {
          confirm: true,
          input: { serial, description: 'Hinge broken', reporterId: ada.id },
        });
        expect(submission.status, submission.text).toBe(200);
        await uow().transaction(async (r) => {
          const [ticket] = (await r.tickets.search(tenantA.id, {}, { page: 1, pageSize: 1 })).items;
          await r.tickets.update(tenantA.id, { ...ticket!, requesterId: ada.id });
        });
      });

      it('shows the person with their loans, devices, submissions and tickets', async () => {
        const reply = await http(admin(), 'GET', `/api/people/${ada.id}`);
        expect(reply.status, reply.text).toBe(200);
        expect(Object.keys(reply.json).sort()).toEqual([
          'agreement',
          'devices',
          'guardians',
          'loans',
          'person',
          'submissions',
          'tickets',
        ]);
        expect(reply.json.person).toEqual(ada);
        expect(reply.json.loans.map((l: { number: number }) => l.number)).toEqual([loanNumber]);
        expect(reply.json.devices.map((d: { serial: string }) => d.serial)).toEqual([serial]);
        expect(reply.json.devices[0]).not.toHaveProperty('statusBeforeRepair');
        expect(reply.json.submissions.map((s: { serial: string }) => s.serial)).toEqual([serial]);
        const tickets = await uow().read((r) => r.tickets.search(tenantA.id, { personId: ada.id }, ALL));
        expect(reply.json.tickets).toEqual(tickets.items);
        expect(tickets.total).toBeGreaterThan(0);
      });

      it.each<[Role, string[]]>([
        ['technician', ['agreement', 'devices', 'guardians', 'loans', 'person', 'submissions', 'tickets']],
        ['loan-desk', ['agreement', 'devices', 'guardians', 'loans', 'person', 'submissions']],
        ['teacher', ['agreement', 'guardians', 'loans', 'person']],
        ['read-only', ['agreement', 'devices', 'guardians', 'loans', 'person', 'submissions', 'tickets']],
      ])('shows a %s only the sections they may see: %j', async (role, sections) => {
        const reply = await http(users[role], 'GET', `/api/people/${ada.id}`);
        expect(reply.status).toBe(200);
        expect(Object.keys(reply.json).sort()).toEqual(sections);
        // A teacher's pool is their loan groups: none here.
        if (role === 'teacher') expect(reply.json.loans).toEqual([]);
      });

      it('shows an archived person with their history', async () => {
        const leaver = await newPerson({ name: 'Leaver With History' });
        await uow().transaction(async (r) => {
          const [ticket] = (await r.tickets.search(tenantA.id, {}, { page: 1, pageSize: 1 })).items;
          await r.tickets.update(tenantA.id, { ...ticket!, assigneeId: leaver.id });
        });
        expect((await http(admin(), 'POST', `/api/people/${leaver.id}/archive`)).status).toBe(200);
        const reply = await http(admin(), 'GET', `/api/people/${leaver.id}`);
        expect(reply.status).toBe(200);
        expect(reply.json.person.archivedAt).toEqual(expect.any(String));
        expect(reply.json.tickets).toHaveLength(1);
      });

      it('answers 404 for an unknown person', async () => {
        expectProblem(await http(admin(), 'GET', '/api/people/nobody'), 404, 'not-found');
      });
    });

    describe('PATCH /api/people/:id', () => {
      it('changes the given fields; the audit entry names them, never their values', async () => {
        const person = await newPerson({ email: 'grace@north.example', userGroup: '7A', externalId: 'P-PATCH-1' });
        const before = await recordsOf(tenantA.id);
        const reply = await http(admin(), 'PATCH', `/api/people/${person.id}`, {
          name: 'Grace Renamed',
          email: null,
          userGroup: '8A',
          kind: 'PUPIL',
        });
        expect(reply.status, reply.text).toBe(200);
        const expected = { ...person, name: 'Grace Renamed', email: null, userGroup: '8A' };
        expect(reply.json).toEqual({ person: expected });
        expect(await storedPerson(tenantA.id, person.id)).toEqual(expected);
        await expectRecorded(admin(), before, {
          action: 'person.update',
          kind: 'person.updated',
          person: expected,
          details: { fields: ['name', 'email', 'userGroup'] },
        });
        expect(JSON.stringify(await newestAudit(tenantA.id))).not.toMatch(/Grace|grace/);
      });

      it('answers 409 for an external id another person has, and changes nothing', async () => {
        const one = await newPerson({ externalId: 'P-ONE' });
        await newPerson({ externalId: 'P-TWO' });
        await expectRefused(
          () => http(admin(), 'PATCH', `/api/people/${one.id}`, { externalId: 'P-TWO' }),
          409,
          'conflict',
        );
      });

      it('answers 400 with no field, or naming each bad field', async () => {
        const person = await newPerson();
        const none = await expectRefused(
          () => http(admin(), 'PATCH', `/api/people/${person.id}`, {}),
          400,
          'invalid-input',
        );
        expect(pointersOf(none)).toEqual(['']);
        const bad = await expectRefused(
          () => http(admin(), 'PATCH', `/api/people/${person.id}`, { name: null, kind: 'X', archivedAt: null }),
          400,
          'invalid-input',
        );
        expect(pointersOf(bad).sort()).toEqual(['/archivedAt', '/kind', '/name']);
      });

      it('changes nothing, and records nothing, when the values are the ones stored', async () => {
        const person = await newPerson({ email: 'same@north.example' });
        const before = await recordsOf(tenantA.id);
        const reply = await http(admin(), 'PATCH', `/api/people/${person.id}`, {
          name: person.name,
          email: 'SAME@north.example',
        });
        expect(reply.status).toBe(200);
        expect(reply.json.person).toEqual(person);
        expect(await recordsOf(tenantA.id)).toEqual(before);
      });
    });

    describe('archive and restore', () => {
      it('archives someone who holds nothing: out of the list and the people.search tool, still reachable by id', async () => {
        const person = await newPerson({ name: 'Quentin Leaver', externalId: 'P-LEAVER' });
        const before = await recordsOf(tenantA.id);
        const reply = await http(admin(), 'POST', `/api/people/${person.id}/archive`);
        expect(reply.status, reply.text).toBe(200);
        const archived = { ...person, archivedAt: expect.any(String) };
        expect(reply.json).toEqual({ person: archived });
        expect(Date.now() - Date.parse(reply.json.person.archivedAt)).toBeLessThan(60_000);
        expect(await storedPerson(tenantA.id, person.id)).toEqual(reply.json.person);
        await expectRecorded(admin(), before, {
          action: 'person.archive',
          kind: 'person.archived',
          person: reply.json.person,
        });
        expect((await http(admin(), 'GET', '/api/people?q=Quentin')).json.total).toBe(0);
        const tool = await http(admin(), 'POST', '/api/assistant/tools/people.search', { input: { q: 'Quentin' } });
        expect(tool.json.result.people).toEqual([]);
        expect((await http(admin(), 'GET', `/api/people/${person.id}`)).status).toBe(200);
        await expectRefused(() => http(admin(), 'POST', `/api/people/${person.id}/archive`), 409, 'conflict');
      });

      it('answers 409 naming the loan and the device someone holds, and writes nothing', async () => {
        const holder = await newPerson({ name: 'Ada Holder' });
        const number = await availableLoan(tenantA.id);
        await putLoan(app.container, tenantA.id, number, { status: 'ISSUED', holderId: holder.id });
        const serial = await giveDevice(tenantA.id, holder.id);
        const reply = await expectRefused(
          () => http(admin(), 'POST', `/api/people/${holder.id}/archive`),
          409,
          'conflict',
        );
        expect(reply.json.detail).toBe(
          `Ada Holder holds loaner ${number} and device ${serial}: return or unassign them first`,
        );
        // Returned and unassigned, they can go.
        await putLoan(app.container, tenantA.id, number, { status: 'AVAILABLE' });
        await uow().transaction(async (r) => {
          const device = await r.devices.findBySerial(tenantA.id, serial);
          await r.devices.update(tenantA.id, { ...device!, status: 'IN_STOCK', assignedPersonId: null });
        });
        expect((await http(admin(), 'POST', `/api/people/${holder.id}/archive`)).status).toBe(200);
      });

      it('restores an archived person, with a person.updated event; 409 when they are not archived', async () => {
        const person = await newPerson({ name: 'Rita Returner' });
        await expectRefused(() => http(admin(), 'POST', `/api/people/${person.id}/restore`), 409, 'conflict');
        expect((await http(admin(), 'POST', `/api/people/${person.id}/archive`)).status).toBe(200);
        const before = await recordsOf(tenantA.id);
        const reply = await http(admin(), 'POST', `/api/people/${person.id}/restore`);
        expect(reply.status, reply.text).toBe(200);
        expect(reply.json).toEqual({ person });
        await expectRecorded(admin(), before, { action: 'person.restore', kind: 'person.updated', person });
        expect((await http(admin(), 'GET', '/api/people?q=Rita')).json.people.map((p: Person) => p.id)).toEqual([
          person.id,
        ]);
      });

      it('refuses to issue a loan to an archived person, on the console and through the loans.issue tool', async () => {
        const person = await newPerson({ name: 'Archie Archived' });
        expect((await http(admin(), 'POST', `/api/people/${person.id}/archive`)).status).toBe(200);
        const number = await availableLoan(tenantA.id);

        const console = await expectRefused(
          () => http(users['loan-desk'], 'POST', `/api/loans/${number}/issue`, { holderId: person.id }),
          409,
          'conflict',
        );
        expect(console.json.detail).toBe('Archie Archived is archived: restore them before issuing them a loan');

        const issueKey = (await app.key(A, ['loan.issue'])).key;
        const before = await recordsOf(tenantA.id);
        const tool = await invokeAction(app.port, issueKey, 'loans.issue', { number, holderId: person.id });
        expectProblem(tool, 409, 'conflict');
        expect(tool.json.detail).toContain('Archie Archived is archived');
        expect(await recordsOf(tenantA.id)).toEqual(before);

        // Restored, they may borrow again.
        expect((await http(admin(), 'POST', `/api/people/${person.id}/restore`)).status).toBe(200);
        const issued = await http(users['loan-desk'], 'POST', `/api/loans/${number}/issue`, { holderId: person.id });
        expect(issued.status, issued.text).toBe(200);
      });
    });
  });
});
