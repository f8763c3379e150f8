/**
 * Pupils' guardians and acceptable-use agreements (issue 23, sections 1 and 4) over HTTP on SQLite
 * and Postgres: guardians replaced whole and shown on the profile, an agreement recorded for the
 * school year its date falls in (from the school's own year start), both audited with a thin
 * `person.updated` event; bad input named by field, another school's person 404, staff 409; and the
 * people CSV and OneRoster imports and the export carrying both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../../src/domain/people/person.js';
import { schoolYearOf } from '../../../src/domain/settings/school-year.js';
import { addDays } from '../../../src/domain/shared/dates.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { signIn, todayOf } from '../../support/console.js';
import { csvRows, exportCsv, importCsv } from '../../support/csv.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, pointersOf, send } from '../../support/rest.js';
import { auditEntries } from '../../support/tenant-data.js';

warnIfPostgresSkipped();

describe.each<TestDatabase>(['sqlite', 'postgres'])('guardians and agreements on %s', (database) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('through /api/people', () => {
    let app: TestApp;
    let admin: { token: string; user: { id: string } };
    let otherAdmin: { token: string };
    let teacher: { token: string };
    let tenantId: string;
    let today: string;
    let pupil: Person;
    let staff: Person;

    const call = (token: string, method: string, path: string, body?: unknown) =>
      send(app.port, {
        method,
        path,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { body }),
      });
    const create = async (body: Record<string, unknown>): Promise<Person> => {
      const reply = await call(admin.token, 'POST', '/api/people', body);
      expect(reply.status, reply.text).toBe(201);
      return reply.json.person as Person;
    };
    const profile = async (id: string, token = admin.token) => {
      const reply = await call(token, 'GET', `/api/people/${id}`);
      expect(reply.status, reply.text).toBe(200);
      return reply.json;
    };
    const events = () =>
      app.container.get(UnitOfWork).read((r) => r.outbox.listAfter(tenantId, 0, 10_000, ['person.updated']));
    const setYearStart = async (date: string) => {
      const reply = await call(admin.token, 'PUT', '/api/settings/school-year', {
        startMonth: Number(date.slice(5, 7)),
        startDay: Number(date.slice(8, 10)),
      });
      expect(reply.status, reply.text).toBe(200);
    };

    beforeAll(async () => {
      app = await startApp({ database, env: { LOG_LEVEL: 'warn' } });
      const tenant = await app.tenant('fam-a');
      await app.tenant('fam-b');
      tenantId = tenant.id;
      today = todayOf(tenant);
      admin = await signIn(app, 'fam-a', { role: 'school-admin' });
      otherAdmin = await signIn(app, 'fam-b', { role: 'school-admin' });
      teacher = await signIn(app, 'fam-a', { role: 'teacher' });
      pupil = await create({ name: 'Pia Pupil', kind: 'PUPIL', externalId: 'P-1', userGroup: '7A' });
      staff = await create({ name: 'Sol Staff', kind: 'STAFF', email: 'sol@school.example' });
    });
    afterAll(() => app?.close());

    const mum = { name: 'Mia Pupil', email: 'Mia@Home.Example', phone: '+44 20 7946 0000', relationship: 'mother' };
    const dad = { name: 'Dan Pupil', relationship: 'father' };

    it('replaces a pupil’s guardians whole, shows them on the profile, audited with a thin event', async () => {
      expect(await profile(pupil.id)).toMatchObject({ guardians: [], agreement: null });
      const before = (await events()).length;
      const set = await call(admin.token, 'PUT', `/api/people/${pupil.id}/guardians`, { guardians: [mum, dad] });
      expect(set.status, set.text).toBe(200);
      const stored = [
        { ...mum, email: 'mia@home.example', externalId: null },
        { name: 'Dan Pupil', email: null, phone: null, relationship: 'father', externalId: null },
      ];
      expect(set.json).toEqual({ guardians: stored });
      expect((await profile(pupil.id)).guardians).toEqual(stored);
      // A teacher holds person.view: they see them too.
      expect((await profile(pupil.id, teacher.token)).guardians).toEqual(stored);

      const [entry] = await auditEntries(app.container, tenantId, 'person.guardians.set');
      expect(entry).toMatchObject({
        actor: { type: 'user', id: admin.user.id },
        target: `person:${pupil.id}`,
        details: { from: 0, to: 2 },
      });
      const after = await events();
      expect(after.length).toBe(before + 1);
      expect(after.at(-1)!.payload).toEqual({
        person: { id: pupil.id, kind: 'PUPIL', externalId: 'P-1', archived: false },
      });
      expect(JSON.stringify(after.at(-1))).not.toMatch(/Mia|mia@/);

      // The same again changes nothing and writes nothing.
      await call(admin.token, 'PUT', `/api/people/${pupil.id}/guardians`, { guardians: [mum, dad] });
      expect((await events()).length).toBe(before + 1);
      // In a new order, then none.
      const swapped = await call(admin.token, 'PUT', `/api/people/${pupil.id}/guardians`, { guardians: [dad] });
      expect(swapped.json.guardians).toEqual([stored[1]]);
      await call(admin.token, 'PUT', `/api/people/${pupil.id}/guardians`, { guardians: [] });
      expect((await profile(pupil.id)).guardians).toEqual([]);
      await call(admin.token, 'PUT', `/api/people/${pupil.id}/guardians`, { guardians: [mum, dad] });
    });

    it('refuses bad guardians naming the field, and writes nothing', async () => {
      const seven = Array.from({ length: 7 }, (_, i) => ({ name: `G ${i}` }));
      for (const [body, pointer] of [
        [{ guardians: [{ ...mum, email: 'not-an-address' }] }, '/guardians/0/email'],
        [{ guardians: [mum, { relationship: 'aunt' }] }, '/guardians/1/name'],
        [{ guardians: [{ ...mum, name: '' }] }, '/guardians/0/name'],
        [{ guardians: [{ ...mum, colour: 'blue' }] }, '/guardians/0/colour'],
        [{ guardians: seven }, '/guardians'],
        [{ guardians: 'Mia' }, '/guardians'],
        [{}, '/guardians'],
      ] as const) {
        const reply = await call(admin.token, 'PUT', `/api/people/${pupil.id}/guardians`, body);
        expectProblem(reply, 400, 'invalid-input');
        expect(pointersOf(reply), JSON.stringify(body)).toContain(pointer);
      }
      expect((await profile(pupil.id)).guardians.map((g: { name: string }) => g.name)).toEqual([mum.name, dad.name]);
    });

    it('is per school and for pupils only: another school’s person is 404, staff 409, a teacher 403', async () => {
      const before = (await events()).length;
      expectProblem(
        await call(otherAdmin.token, 'PUT', `/api/people/${pupil.id}/guardians`, { guardians: [dad] }),
        404,
        'not-found',
      );
      expectProblem(await call(otherAdmin.token, 'GET', `/api/people/${pupil.id}`), 404, 'not-found');
      expectProblem(
        await call(otherAdmin.token, 'POST', `/api/people/${pupil.id}/agreements`, { signedAt: today, signedBy: 'X' }),
        404,
        'not-found',
      );
      const staffGuardians = await call(admin.token, 'PUT', `/api/people/${staff.id}/guardians`, { guardians: [dad] });
      expectProblem(staffGuardians, 409, 'conflict');
      expect(staffGuardians.json.detail).toMatch(/only pupils have guardians/);
      const staffAgreement = await call(admin.token, 'POST', `/api/people/${staff.id}/agreements`, {
        signedAt: today,
        signedBy: 'Sol Staff',
      });
      expectProblem(staffAgreement, 409, 'conflict');
      expect(staffAgreement.json.detail).toMatch(/for pupils/);
      expectProblem(
        await call(teacher.token, 'PUT', `/api/people/${pupil.id}/guardians`, { guardians: [] }),
        403,
        'forbidden',
      );
      expect(await profile(staff.id)).toMatchObject({ guardians: [], agreement: null });
      expect((await events()).length).toBe(before);
      expect((await profile(pupil.id)).guardians).toHaveLength(2);
    });

    it('records an agreement for the school year its date falls in, from the school’s year start', async () => {
      // The school's year starts today: yesterday belongs to last year, today to this one.
      await setYearStart(today);
      const startOf = (date: string) => ({ startMonth: Number(date.slice(5, 7)), startDay: Number(date.slice(8, 10)) });
      const yesterday = addDays(today, -1);
      const thisYear = schoolYearOf(today, startOf(today)).name;
      const lastYear = schoolYearOf(yesterday, startOf(today)).name;
      expect(thisYear).not.toBe(lastYear);

      const old = await call(admin.token, 'POST', `/api/people/${pupil.id}/agreements`, {
        signedAt: yesterday,
        signedBy: 'Mia Pupil',
      });
      expect(old.status, old.text).toBe(201);
      expect(old.json.agreement).toMatchObject({
        personId: pupil.id,
        schoolYear: lastYear,
        signedAt: yesterday,
        signedBy: 'Mia Pupil',
        recordedBy: { type: 'user', id: admin.user.id },
      });
      // Signed last school year: nothing on file for this one.
      expect((await profile(pupil.id)).agreement).toBeNull();

      const before = (await events()).length;
      const now = await call(admin.token, 'POST', `/api/people/${pupil.id}/agreements`, {
        signedAt: today,
        signedBy: ' Pia Pupil ',
      });
      expect(now.status, now.text).toBe(201);
      expect(now.json.agreement).toMatchObject({ schoolYear: thisYear, signedBy: 'Pia Pupil' });
      expect((await profile(pupil.id)).agreement).toEqual({
        signedAt: today,
        signedBy: 'Pia Pupil',
        schoolYear: thisYear,
        recordedAt: now.json.agreement.recordedAt,
      });
      expect((await profile(pupil.id, teacher.token)).agreement).toMatchObject({ signedBy: 'Pia Pupil' });
      const [entry] = await auditEntries(app.container, tenantId, 'person.agreement.record');
      expect(entry).toMatchObject({
        actor: { type: 'user', id: admin.user.id },
        target: `person:${pupil.id}`,
        details: { agreementId: now.json.agreement.id, schoolYear: thisYear, signedAt: today },
      });
      expect(JSON.stringify(entry)).not.toContain('Pia');
      expect((await events()).length).toBe(before + 1);

      // Moving the year start to tomorrow moves today into another school year: the profile shows the
      // agreement recorded for that year (yesterday's, unless today is 31 December: then today's).
      await setYearStart(addDays(today, 1));
      const moved = schoolYearOf(today, startOf(addDays(today, 1))).name;
      expect((await profile(pupil.id)).agreement).toMatchObject(
        moved === lastYear ? { signedAt: yesterday, schoolYear: lastYear } : { signedAt: today, schoolYear: thisYear },
      );
      await setYearStart(today);
      expect((await profile(pupil.id)).agreement).toMatchObject({ signedAt: today });
    });

    it('refuses a bad agreement naming the field: a date in the future, not a date, no signer', async () => {
      for (const [body, pointer] of [
        [{ signedAt: addDays(today, 1), signedBy: 'Mia' }, '/signedAt'],
        [{ signedAt: '2026-02-30', signedBy: 'Mia' }, '/signedAt'],
        [{ signedAt: '27/11/2026', signedBy: 'Mia' }, '/signedAt'],
        [{ signedAt: today, signedBy: '  ' }, '/signedBy'],
        [{ signedAt: today }, '/signedBy'],
        [{ signedAt: today, signedBy: 'Mia', extra: 1 }, ''],
      ] as const) {
        const reply = await call(admin.token, 'POST', `/api/people/${pupil.id}/agreements`, body);
        expectProblem(reply, 400, 'invalid-input');
        if (pointer) expect(pointersOf(reply), JSON.stringify(body)).toContain(pointer);
      }
      expectProblem(
        await call(teacher.token, 'POST', `/api/people/${pupil.id}/agreements`, { signedAt: today, signedBy: 'M' }),
        403,
        'forbidden',
      );
    });
    const personByExternalId = async (externalId: string) => {
      const [p] = await app.container.get(UnitOfWork).read((r) => r.people.findByExternalIds(tenantId, [externalId]));
      return p;
    };

    it('imports guardians 1 and 2 and the agreement from Desk’s columns; the export carries them back unchanged', async () => {
      // Pia has a third guardian the console added: a two-guardian file leaves the third alone.
      const aunt = { name: 'Ada Aunt', relationship: 'aunt' };
      await call(admin.token, 'PUT', `/api/people/${pupil.id}/guardians`, { guardians: [mum, dad, aunt] });
      const file = [
        'externalId,name,kind,userGroup,guardian1Name,guardian1Email,guardian1Phone,guardian1Relationship,guardian2Name,guardian2Email,guardian2Phone,guardian2Relationship,agreementSignedAt,agreementSignedBy',
        `P-1,Pia Pupil,PUPIL,7A,Mia Pupil,mia@home.example,,mother,,,,,${today},Mia Pupil`,
        `IMP-1,Ivo Import,PUPIL,8B,Gus Grand,GUS@home.example,0123,grandfather,Gwen Grand,,,,${today},Gus Grand`,
        'IMP-2,Ina Import,PUPIL,8B,,,,,,,,,,',
        'IMP-3,Ole Office,STAFF,Office,,,,,,,,,,',
      ].join('\n');
      const dry = await importCsv(app, admin, 'people', file, { query: '?dryRun=true' });
      expect(dry.status, dry.text).toBe(200);
      expect(dry.json.import).toMatchObject({ created: 3, updated: 1, unchanged: 0 });
      expect((await profile(pupil.id)).guardians).toHaveLength(3);

      const real = await importCsv(app, admin, 'people', file);
      expect(real.json.import).toMatchObject({ created: 3, updated: 1, unchanged: 0 });
      // Guardian 2 removed by the file, guardian 3 kept; the agreement the pupil already had is the same.
      expect((await profile(pupil.id)).guardians.map((g: { name: string }) => g.name)).toEqual([
        'Mia Pupil',
        'Ada Aunt',
      ]);
      const ivo = await personByExternalId('IMP-1');
      const ivoProfile = await profile(ivo!.id);
      expect(ivoProfile.guardians).toEqual([
        { name: 'Gus Grand', email: 'gus@home.example', phone: '0123', relationship: 'grandfather', externalId: null },
        { name: 'Gwen Grand', email: null, phone: null, relationship: 'guardian', externalId: null },
      ]);
      expect(ivoProfile.agreement).toMatchObject({ signedAt: today, signedBy: 'Gus Grand' });
      const recorded = await app.container
        .get(UnitOfWork)
        .read((r) => r.agreements.findForYear(tenantId, ivo!.id, ivoProfile.agreement.schoolYear));
      expect(recorded!.recordedBy).toEqual({ type: 'user', id: admin.user.id });

      // The export writes guardians 1 and 2 and this year's agreement, and imports back unchanged.
      const exported = await exportCsv(app, admin.token, 'people.csv');
      const rows = csvRows(exported.text);
      const header = rows[0]!;
      const ivoRow = Object.fromEntries(header.map((h, i) => [h, rows.find((r) => r[0] === 'IMP-1')![i]]));
      expect(ivoRow).toMatchObject({
        guardian1Name: 'Gus Grand',
        guardian1Email: 'gus@home.example',
        guardian1Phone: '0123',
        guardian1Relationship: 'grandfather',
        guardian2Name: 'Gwen Grand',
        guardian2Email: '',
        agreementSignedAt: today,
        agreementSignedBy: 'Gus Grand',
      });
      const again = await importCsv(app, admin, 'people', exported.text);
      expect(again.status, again.text).toBe(200);
      expect(again.json.import).toMatchObject({ created: 0, updated: 0, unchanged: rows.length - 1 });
      expect((await profile(pupil.id)).guardians.map((g: { name: string }) => g.name)).toEqual([
        'Mia Pupil',
        'Ada Aunt',
      ]);

      // A file without guardian columns leaves them alone.
      const plain = await importCsv(app, admin, 'people', 'externalId,name,kind\nIMP-1,Ivo Renamed,PUPIL\n');
      expect(plain.json.import).toMatchObject({ updated: 1 });
      expect((await profile(ivo!.id)).guardians).toHaveLength(2);
    });

    it('names the line and column of a bad guardian or agreement, and imports nothing', async () => {
      const header = 'externalId,name,kind,guardian1Name,guardian1Email,agreementSignedAt,agreementSignedBy';
      const file = [
        header,
        'BAD-1,Bea Bad,PUPIL,Bo Bad,not-an-address,,',
        'BAD-2,Cy Bad,PUPIL,,cy@home.example,,',
        `BAD-3,Di Bad,PUPIL,,,${today},`,
        `BAD-4,Ed Bad,PUPIL,,,${addDays(today, 1)},Ed Bad`,
        'BAD-5,Flo Bad,STAFF,Fay Bad,,,',
        `BAD-6,Gil Bad,STAFF,,,${today},Gil Bad`,
        ',,,,,,Hal Bad',
      ].join('\n');
      const reply = await importCsv(app, admin, 'people', file);
      expectProblem(reply, 400, 'invalid-input');
      const pointers = pointersOf(reply);
      for (const p of [
        '/rows/2/guardian1Email',
        '/rows/3/guardian1Name',
        '/rows/4/agreementSignedBy',
        '/rows/5/agreementSignedAt',
        '/rows/6/guardian1Name',
        '/rows/7/agreementSignedAt',
      ])
        expect(pointers).toContain(p);
      expect(await personByExternalId('BAD-1')).toBeUndefined();
    });

    it('reads OneRoster parents, guardians and relatives as guardians linked either way, never as people', async () => {
      const header =
        'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password';
      const user = (o: Record<string, string>) =>
        header
          .split(',')
          .map((h) => o[h] ?? '')
          .join(',');
      const roster = (extra: string[] = [], patAgents = 'or-s2') =>
        [
          header,
          user({
            sourcedId: 'or-s1',
            enabledUser: 'true',
            role: 'student',
            givenName: 'Oli',
            familyName: 'Roster',
            identifier: 'OR-1',
            agentSourcedIds: 'or-p1',
            grades: '09',
          }),
          user({
            sourcedId: 'or-s2',
            enabledUser: 'true',
            role: 'student',
            givenName: 'Ora',
            familyName: 'Roster',
            grades: '07',
          }),
          // Oli names his parent; the parent names Ora (the other direction); Rae names Ora too.
          user({
            sourcedId: 'or-p1',
            enabledUser: 'true',
            role: 'parent',
            givenName: 'Pat',
            familyName: 'Roster',
            email: 'PAT@home.example',
            phone: '555-1',
            agentSourcedIds: patAgents,
          }),
          user({
            sourcedId: 'or-r1',
            enabledUser: 'true',
            role: 'relative',
            givenName: 'Rae',
            familyName: 'Roster',
            agentSourcedIds: '"or-s2"',
          }),
          user({ sourcedId: 'or-t1', enabledUser: 'true', role: 'teacher', givenName: 'Tia', familyName: 'Teach' }),
          ...extra,
        ].join('\n');
      const first = await importCsv(app, admin, 'people', roster());
      expect(first.status, first.text).toBe(200);
      expect(first.json.import).toMatchObject({ format: 'oneroster', created: 3, skipped: 2 });
      expect(await personByExternalId('or-p1')).toBeUndefined();
      const users = await app.container.get(UnitOfWork).read((r) => r.users.list(tenantId, { page: 1, pageSize: 100 }));
      expect(JSON.stringify(users)).not.toContain('Pat Roster');

      const oli = (await personByExternalId('OR-1'))!;
      const ora = (await personByExternalId('or-s2'))!;
      const pat = {
        name: 'Pat Roster',
        email: 'pat@home.example',
        phone: '555-1',
        relationship: 'parent',
        externalId: 'or-p1',
      };
      expect((await profile(oli.id)).guardians).toEqual([pat]);
      expect((await profile(ora.id)).guardians).toEqual([
        pat,
        { name: 'Rae Roster', email: null, phone: null, relationship: 'relative', externalId: 'or-r1' },
      ]);

      // The same file again changes nothing.
      const again = await importCsv(app, admin, 'people', roster());
      expect(again.json.import).toMatchObject({ created: 0, updated: 0, unchanged: 3 });

      // A guardian the desk typed in stays; a directory guardian no longer linked goes.
      await call(admin.token, 'PUT', `/api/people/${ora.id}/guardians`, {
        guardians: [{ name: 'Hand Typed', relationship: 'carer' }, ...((await profile(ora.id)).guardians as object[])],
      });
      const unlinked = roster([], '');
      const third = await importCsv(app, admin, 'people', unlinked, { query: '?dryRun=true' });
      expect(third.json.import).toMatchObject({ updated: 1, unchanged: 2 });
      await importCsv(app, admin, 'people', unlinked);
      expect((await profile(ora.id)).guardians.map((g: { name: string }) => g.name)).toEqual([
        'Rae Roster',
        'Hand Typed',
      ]);
      expect((await profile(oli.id)).guardians).toEqual([pat]);

      // A student with too many guardians is a problem on its line.
      const many = Array.from({ length: 6 }, (_, i) =>
        user({
          sourcedId: `or-x${i}`,
          enabledUser: 'true',
          role: 'guardian',
          givenName: 'G',
          familyName: `${i}`,
          agentSourcedIds: 'or-s2',
        }),
      );
      const tooMany = await importCsv(app, admin, 'people', roster(many));
      expectProblem(tooMany, 400, 'invalid-input');
      expect(pointersOf(tooMany)).toEqual(['/rows/3/agentSourcedIds']);
    });
  });
});
