/**
 * CSV imports over HTTP (issue 12, point 8) on SQLite and Postgres: `POST /api/import/{people,
 * devices,loans}` for signed-in staff and `/api/v1/import/…` for keys. What a school relies on: an
 * import into one school never touches another; a dry run writes nothing and counts what a real run
 * does; one bad row means nothing is written and every bad line is named; a real run is audited once
 * with the counts and emits one thin `import.completed`; leavers holding a loan are reported, not
 * archived; a OneRoster users.csv is read as one; permissions, modules, body limits and types.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../src/domain/access/permissions.js';
import type { Person } from '../../../src/domain/people/person.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { signIn } from '../../support/console.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, pointersOf, send } from '../../support/rest.js';
import { tenantBySlug } from '../../support/tenant-data.js';
import { importCsv, recordState } from '../../support/csv.js';

warnIfPostgresSkipped();

const PEOPLE_HEADER = 'externalId,name,email,kind,userGroup';

const personRow = (p: Pick<Person, 'externalId' | 'name' | 'email' | 'kind' | 'userGroup'>) =>
  [p.externalId ?? '', p.name, p.email ?? '', p.kind, p.userGroup ?? ''].map(quote).join(',');
const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

const storedPeople = async (app: TestApp, slug: string) => (await recordState(app.container, slug)).people;

describe.each(['sqlite', 'postgres'] as const)('imports on %s', (database: TestDatabase) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('POST /api/import', () => {
    let app: TestApp;
    let admin: { token: string };

    beforeAll(async () => {
      app = await startApp({ database, env: { LOG_LEVEL: 'warn', IMPORT_MAX_MB: '1' } });
      await app.tenant('alpha', { seed: 'small' });
      await app.tenant('bravo', { seed: 'small' });
      admin = await signIn(app, 'alpha', { role: 'school-admin' });
    }, 60_000);
    afterAll(() => app?.close());

    it('an import into one school never reads or changes another: keys, people, groups and archiving stay inside', async () => {
      const bravoBefore = await recordState(app.container, 'bravo');
      const bravoPerson = bravoBefore.people.find((p) => p.externalId !== null)!;
      // Both schools were seeded alike: the same MIS id exists in each, and must mean alpha's person.
      const alphaTwin = (await storedPeople(app, 'alpha')).find((p) => p.externalId === bravoPerson.externalId)!;
      expect(alphaTwin).toBeDefined();

      const people = await importCsv(
        app,
        admin,
        'people',
        `${PEOPLE_HEADER}\n${bravoPerson.externalId},Renamed In Alpha,${alphaTwin.email ?? ''},${alphaTwin.kind},${alphaTwin.userGroup ?? ''}\n`,
        { query: '?archiveMissing=true' },
      );
      expect(people.status, people.text).toBe(200);
      expect(people.json.import).toMatchObject({ created: 0, updated: 1 });

      // A device import naming bravo's person by id finds nobody; a loan import naming bravo's group
      // makes a group of alpha's own.
      const device = await importCsv(app, admin, 'devices', `serial,kind,assignedTo\nISO-1,LAPTOP,${bravoPerson.id}\n`);
      expectProblem(device, 400, 'invalid-input');
      expect(pointersOf(device)).toEqual(['/rows/2/assignedTo']);
      const loans = await importCsv(
        app,
        admin,
        'loans',
        `serial,kind,group\nISO-L1,LAPTOP,${bravoBefore.groups[0]!.name}\n`,
      );
      expect(loans.status, loans.text).toBe(200);
      const alphaGroups = (await recordState(app.container, 'alpha')).groups;
      const used = alphaGroups.find((g) => g.name === bravoBefore.groups[0]!.name)!;
      expect(bravoBefore.groups.map((g) => g.id)).not.toContain(used.id);

      expect(await recordState(app.container, 'bravo')).toEqual(bravoBefore);
      expect((await storedPeople(app, 'alpha')).find((p) => p.id === alphaTwin.id)!.name).toBe('Renamed In Alpha');
    });

    it('a dry run counts what a real run does and writes nothing; the real run is audited once with one thin event', async () => {
      const slug = 'dry';
      await app.tenant(slug, { seed: 'small' });
      const user = await signIn(app, slug, { role: 'school-admin' });
      const stored = await storedPeople(app, slug);
      const active = stored.filter((p) => p.archivedAt === null);
      const [changed, ...rest] = active;
      const csv = [
        PEOPLE_HEADER,
        personRow({ ...changed!, userGroup: 'Moved' }),
        ...rest.map(personRow),
        personRow({
          externalId: 'NEW-1',
          name: 'New Pupil',
          email: 'new.pupil@dry.example',
          kind: 'PUPIL',
          userGroup: '7A',
        }),
      ].join('\r\n');
      const before = await recordState(app.container, slug);

      const dry = await importCsv(app, user, 'people', csv, { query: '?dryRun=true' });
      expect(dry.status, dry.text).toBe(200);
      expect(dry.json.import).toEqual({
        kind: 'people',
        dryRun: true,
        format: 'desk',
        rows: active.length + 1,
        created: 1,
        updated: 1,
        unchanged: active.length - 1,
        archived: 0,
        restored: 0,
        skipped: 0,
        groupsCreated: 0,
        notArchived: { total: 0, people: [] },
        ignoredColumns: [],
      });
      expect(await recordState(app.container, slug)).toEqual(before);

      const real = await importCsv(app, user, 'people', csv, { query: '?dryRun=false' });
      expect(real.status, real.text).toBe(200);
      expect(real.json.import).toEqual({ ...dry.json.import, dryRun: false });
      const after = await recordState(app.container, slug);
      expect(after.people.find((p) => p.id === changed!.id)!.userGroup).toBe('Moved');
      expect(after.people.find((p) => p.externalId === 'NEW-1')).toMatchObject({
        name: 'New Pupil',
        email: 'new.pupil@dry.example',
        kind: 'PUPIL',
        archivedAt: null,
      });
      expect(after.audit - before.audit).toBe(1);
      expect(after.outbox - before.outbox).toBe(1);
      const tenant = await tenantBySlug(app.container, slug);
      const [entry] = await app.container.get(UnitOfWork).read((r) => r.audit.list(tenant.id, { limit: 1 }));
      expect(entry).toMatchObject({
        action: 'import.people',
        target: 'import:people',
        actor: { type: 'user', id: user.user.id },
        details: { kind: 'people', created: 1, updated: 1, unchanged: active.length - 1, archived: 0 },
      });
      const events = await app.container.get(UnitOfWork).read((r) => r.outbox.listAfter(tenant.id, 0, 1000));
      expect(events.at(-1)).toMatchObject({
        kind: 'import.completed',
        payload: { import: { kind: 'people', created: 1, updated: 1, unchanged: active.length - 1, archived: 0 } },
      });
      expect(JSON.stringify(events.at(-1)!.payload)).not.toMatch(/New Pupil|@/);
    });

    it('one bad row writes nothing; the answer names every bad line and field', async () => {
      const before = await recordState(app.container, 'alpha');
      const csv = [
        PEOPLE_HEADER,
        'OK-1,Good Person,good@alpha.example,PUPIL,7A',
        'BAD-1,Bad Mail,not-an-email,PUPIL,7A',
        'OK-2,Another Good,another@alpha.example,STAFF,',
        'BAD-2,Bad Kind,bad.kind@alpha.example,TEACHER,',
        'OK-1,Duplicate,dup@alpha.example,PUPIL,',
        ',,,PUPIL,',
        '"multi',
        'line name",x',
      ].join('\n');
      const reply = await importCsv(app, admin, 'people', csv);
      expectProblem(reply, 400, 'invalid-input');
      expect(pointersOf(reply)).toEqual([
        '/rows/3/email',
        '/rows/5/kind',
        '/rows/6/externalId',
        '/rows/7/name',
        '/rows/8/kind',
      ]);
      expect(reply.json.detail).toMatch(/5 problems; nothing was imported/);
      expect(await recordState(app.container, 'alpha')).toEqual(before);

      const devices = await importCsv(
        app,
        admin,
        'devices',
        'serial,kind,status,assignedTo,purchaseDate,purchaseCost\nD-1,LAPTOP,BROKEN,,2024-13-01,12.345\nD-1,,IN_STOCK,nobody@nowhere.example,,\n',
      );
      expectProblem(devices, 400, 'invalid-input');
      expect(pointersOf(devices)).toEqual([
        '/rows/2/status',
        '/rows/2/purchaseDate',
        '/rows/2/purchaseCost',
        '/rows/3/kind',
      ]);
      expect(await recordState(app.container, 'alpha')).toEqual(before);
    });

    it('archiveMissing archives the leavers, but reports a leaver holding a loan and leaves them', async () => {
      const slug = 'leavers';
      await app.tenant(slug, { seed: 'small' });
      const user = await signIn(app, slug, { role: 'school-admin' });
      const state = await recordState(app.container, slug);
      const holderId = state.loans.find((l) => l.status === 'ISSUED')!.holderId!;
      const holder = state.people.find((p) => p.id === holderId)!;
      const assigned = new Set(state.devices.map((d) => d.assignedPersonId));
      const heldLoans = new Set(state.loans.map((l) => l.holderId));
      const leaver = state.people.find((p) => !assigned.has(p.id) && !heldLoans.has(p.id) && p.archivedAt === null)!;
      const staying = state.people.filter((p) => p.id !== holder.id && p.id !== leaver.id && p.archivedAt === null);
      const csv = [PEOPLE_HEADER, ...staying.map(personRow)].join('\n');

      const dry = await importCsv(app, user, 'people', csv, { query: '?dryRun=true&archiveMissing=true' });
      expect(dry.status, dry.text).toBe(200);
      const real = await importCsv(app, user, 'people', csv, { query: '?archiveMissing=true' });
      expect(real.status, real.text).toBe(200);
      expect(real.json.import).toMatchObject({ archived: 1, unchanged: staying.length, created: 0, updated: 0 });
      expect(real.json.import.notArchived.total).toBe(1);
      expect(real.json.import.notArchived.people).toEqual([
        expect.objectContaining({
          id: holder.id,
          name: holder.name,
          loans: state.loans.filter((l) => l.holderId === holder.id).map((l) => l.number),
        }),
      ]);
      expect({ ...dry.json.import, dryRun: false }).toEqual(real.json.import);
      const after = (await recordState(app.container, slug)).people;
      expect(after.find((p) => p.id === leaver.id)!.archivedAt).not.toBeNull();
      expect(after.find((p) => p.id === holder.id)!.archivedAt).toBeNull();

      // The leaver is back in the next file: restored.
      const back = await importCsv(app, user, 'people', [PEOPLE_HEADER, personRow(leaver)].join('\n'));
      expect(back.json.import).toMatchObject({ updated: 1, restored: 1 });
      expect((await storedPeople(app, slug)).find((p) => p.id === leaver.id)!.archivedAt).toBeNull();
    });

    it('reads a OneRoster 1.1 users.csv: students as pupils with their grade, staff by role, parents and disabled users skipped', async () => {
      const slug = 'roster';
      await app.tenant(slug);
      const user = await signIn(app, slug, { role: 'school-admin' });
      const csv = [
        'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
        'u-1,,2026-09-01,true,org-1,student,ada.l,,Ada,Lovelace,,S-100,Ada.Lovelace@Roster.example,,,,"09,10",',
        'u-2,,2026-09-01,true,org-1,teacher,grace.h,,Grace,Hopper,,,grace@roster.example,,,,,',
        'u-3,,2026-09-01,true,org-1,parent,pat.p,,Pat,Parent,,,pat@roster.example,,,,,',
        'u-4,,2026-09-01,false,org-1,student,gone.s,,Gone,Student,,S-104,gone@roster.example,,,,08,',
        'u-5,tobedeleted,2026-09-01,true,org-1,aide,old.a,,Old,Aide,,,old@roster.example,,,,,',
      ].join('\n');
      const reply = await importCsv(app, user, 'people', csv);
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json.import).toMatchObject({
        format: 'oneroster',
        rows: 5,
        created: 2,
        skipped: 3,
        ignoredColumns: [],
      });
      const people = await storedPeople(app, slug);
      expect(people.map(({ id: _, ...p }) => p)).toEqual([
        {
          name: 'Ada Lovelace',
          email: 'ada.lovelace@roster.example',
          kind: 'PUPIL',
          userGroup: '09',
          externalId: 'S-100',
          archivedAt: null,
        },
        {
          name: 'Grace Hopper',
          email: 'grace@roster.example',
          kind: 'STAFF',
          userGroup: null,
          externalId: 'u-2',
          archivedAt: null,
        },
      ]);
    });

    it('keys with the scope import at /api/v1/import; the answers come in order: 401, 404 module off, 403, 400', async () => {
      const csv = `${PEOPLE_HEADER}\nKEY-1,Key Person,key.person@alpha.example,STAFF,IT\n`;
      const scoped = await app.key('alpha', ['person.manage']);
      const ok = await importCsv(app, scoped, 'people', csv);
      expect(ok.status, ok.text).toBe(200);
      const tenant = await tenantBySlug(app.container, 'alpha');
      const [entry] = await app.container.get(UnitOfWork).read((r) => r.audit.list(tenant.id, { limit: 1 }));
      expect(entry).toMatchObject({ action: 'import.people', actor: { type: 'apiKey', id: scoped.id } });

      expectProblem(await importCsv(app, { key: 'desk_nonsense' }, 'people', csv), 401, 'unauthorized');
      const viewOnly = await app.key(
        'alpha',
        PERMISSIONS.filter((p) => p.endsWith('.view')),
      );
      expectProblem(await importCsv(app, viewOnly, 'people', csv), 403, 'forbidden');
      expectProblem(await importCsv(app, viewOnly, 'devices', csv), 403, 'forbidden');
      const bad = await importCsv(app, scoped, 'people', csv, { query: '?dryRun=yes' });
      expectProblem(bad, 400, 'invalid-input');
      expect(pointersOf(bad)).toEqual(['/dryRun']);
      // A console route does not take a key, nor the key route a session.
      expectProblem(
        await send(app.port, {
          method: 'POST',
          path: '/api/import/people',
          body: csv,
          headers: { 'content-type': 'text/csv', 'x-api-key': scoped.key },
        }),
        401,
        'unauthorized',
      );

      await app.tenant('nomods', { modules: ['integrations', 'assets', 'loans'] });
      const noPeople = await app.key('nomods', ['person.manage', 'device.manage']);
      expectProblem(await importCsv(app, noPeople, 'people', csv), 404, 'module-disabled');
      await app.tenant('nointegrations', { modules: ['people'] });
      expectProblem(
        await importCsv(app, await app.key('nointegrations', ['person.manage']), 'people', csv),
        404,
        'module-disabled',
      );
    });

    it('roles: a loan-desk user imports loans but not people; read-only imports nothing; archiveMissing is for people only', async () => {
      const desk = await signIn(app, 'alpha', { role: 'loan-desk' });
      const readOnly = await signIn(app, 'alpha', { role: 'read-only' });
      const loans = 'serial,kind,group\nROLE-L1,IPAD,Role Cart\n';
      const made = await importCsv(app, desk, 'loans', loans);
      expect(made.status, made.text).toBe(200);
      expect(made.json.import).toMatchObject({ created: 1, groupsCreated: 1 });
      const state = await recordState(app.container, 'alpha');
      expect(state.loans.find((l) => l.serial === 'ROLE-L1')).toMatchObject({
        kind: 'IPAD',
        status: 'AVAILABLE',
        groupName: 'Role Cart',
        number: state.nextLoan - 1,
      });
      expectProblem(await importCsv(app, desk, 'people', `${PEOPLE_HEADER}\nX-1,X,,PUPIL,\n`), 403, 'forbidden');
      expectProblem(await importCsv(app, readOnly, 'loans', loans), 403, 'forbidden');
      const archive = await importCsv(app, desk, 'loans', loans, { query: '?archiveMissing=true' });
      expectProblem(archive, 400, 'invalid-input');
      expect(pointersOf(archive)).toEqual(['/archiveMissing']);
    });

    it('a loaner that is out cannot change group; devices move as the register allows', async () => {
      const state = await recordState(app.container, 'alpha');
      const issued = state.loans.find((l) => l.status === 'ISSUED')!;
      const other = state.groups.find((g) => g.id !== issued.groupId)!;
      const moved = await importCsv(
        app,
        admin,
        'loans',
        `serial,kind,group\n${issued.serial},${issued.kind},${other.name}\n`,
      );
      expectProblem(moved, 400, 'invalid-input');
      expect(pointersOf(moved)).toEqual(['/rows/2/group']);

      const retired = state.devices.find((d) => d.status === 'RETIRED');
      const person = state.people.find((p) => p.externalId !== null && p.archivedAt === null)!;
      const rows = ['serial,kind,status,assignedTo', `NEW-D1,LAPTOP,,${person.externalId}`, 'NEW-D2,PRINTER,IN_STOCK,'];
      if (retired) rows.push(`${retired.serial},${retired.kind},IN_USE,`);
      const reply = await importCsv(app, admin, 'devices', rows.join('\n'));
      if (retired) {
        expectProblem(reply, 400, 'invalid-input');
        expect(pointersOf(reply)).toEqual(['/rows/4/status']);
        rows.pop();
      }
      const ok = await importCsv(app, admin, 'devices', rows.join('\n'));
      expect(ok.status, ok.text).toBe(200);
      const devices = (await recordState(app.container, 'alpha')).devices;
      expect(devices.find((d) => d.serial === 'NEW-D1')).toMatchObject({
        status: 'IN_USE',
        assignedPersonId: person.id,
      });
      expect(devices.find((d) => d.serial === 'NEW-D2')).toMatchObject({ status: 'IN_STOCK', assignedPersonId: null });
    });

    it('bodies: text/csv only (415), at most IMPORT_MAX_MB (413, declared or streamed), gzip read, an empty file named', async () => {
      const before = await recordState(app.container, 'alpha');
      const json = await send(app.port, {
        method: 'POST',
        path: '/api/import/people',
        body: { rows: [] },
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expectProblem(json, 415, 'unsupported-media-type');
      expectProblem(
        await importCsv(app, admin, 'people', 'a,b\n', { headers: { 'content-type': 'text/csv; charset=latin1' } }),
        415,
        'unsupported-media-type',
      );
      const big = `${PEOPLE_HEADER}\n` + 'X-1,Name,,PUPIL,\n'.repeat(70_000);
      expectProblem(await importCsv(app, admin, 'people', big), 413, 'payload-too-large');
      expectProblem(
        await importCsv(app, admin, 'people', gzipSync(big), { headers: { 'content-encoding': 'gzip' } }),
        413,
        'payload-too-large',
      );
      expectProblem(
        await importCsv(app, admin, 'people', big, { headers: { 'transfer-encoding': 'chunked' } }),
        413,
        'payload-too-large',
      );
      expectProblem(
        await importCsv(app, admin, 'people', 'not gzip', { headers: { 'content-encoding': 'gzip' } }),
        400,
        'malformed-body',
      );
      const empty = await importCsv(app, admin, 'people', '');
      expectProblem(empty, 400, 'invalid-input');
      expect(pointersOf(empty)).toEqual(['/rows/1']);
      expect(await recordState(app.container, 'alpha')).toEqual(before);

      const zipped = await importCsv(app, admin, 'people', gzipSync(`${PEOPLE_HEADER}\nGZ-1,Zipped,,PUPIL,\n`), {
        headers: { 'content-encoding': 'gzip' },
      });
      expect(zipped.status, zipped.text).toBe(200);
      expect(zipped.json.import.created).toBe(1);
    });
  });
});
