/**
 * CSV exports over HTTP (issue 12, point 9) on SQLite and Postgres: `GET /api/export/{people,devices,
 * loans,submissions,tickets}.csv`. An export never shows another school's records; it has exactly
 * the import's columns where an import exists, the list's filters and permission (a teacher's loans
 * are their pool), a CSV a spreadsheet opens safely (formula cells guarded); and export → import is
 * a round trip: the dry run finds every row unchanged, the real run changes no stored row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { signIn } from '../../support/console.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem } from '../../support/rest.js';
import { tenantBySlug } from '../../support/tenant-data.js';
import { aPerson } from '../../support/builders.js';
import { csvRows, exportCsv, importCsv, recordState } from '../../support/csv.js';

warnIfPostgresSkipped();

const FILES = ['people.csv', 'devices.csv', 'loans.csv', 'submissions.csv', 'tickets.csv'] as const;

describe.each(['sqlite', 'postgres'] as const)('exports on %s', (database: TestDatabase) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('GET /api/export', () => {
    let app: TestApp;
    let admin: { token: string };

    beforeAll(async () => {
      app = await startApp({ database, env: { LOG_LEVEL: 'warn' } });
      await app.tenant('alpha', { seed: 'small' });
      await app.tenant('bravo', { seed: 'small' });
      // Records only bravo has, with texts nobody else uses: an alpha export must never show them.
      const bravo = await tenantBySlug(app.container, 'bravo');
      await app.container.get(UnitOfWork).transaction(async (r) => {
        await r.people.insertMany(bravo.id, [
          aPerson({ name: 'Bravo Only Person', externalId: 'BRAVO-ONLY', email: 'bravo.only@bravo.example' }),
        ]);
      });
      const bravoAdmin = await signIn(app, 'bravo', { role: 'school-admin' });
      const made = await importCsv(
        app,
        bravoAdmin,
        'devices',
        'serial,kind,model,assignedTo\nBRAVO-ONLY-SN,LAPTOP,Bravo Only Model,BRAVO-ONLY\n',
      );
      expect(made.status, made.text).toBe(200);
      expect(
        (await importCsv(app, bravoAdmin, 'loans', 'serial,kind,group\nBRAVO-ONLY-L,IPAD,Bravo Only Cart\n')).status,
      ).toBe(200);
      admin = await signIn(app, 'alpha', { role: 'school-admin' });
    }, 60_000);
    afterAll(() => app?.close());

    it('an export never shows another school’s records, and holds every record of its own', async () => {
      const alpha = await recordState(app.container, 'alpha');
      for (const file of FILES) {
        const reply = await exportCsv(app, admin.token, file);
        expect(reply.status, reply.text).toBe(200);
        expect(reply.text).not.toMatch(/BRAVO-ONLY|Bravo Only/i);
      }
      const rows = async (file: string) => csvRows((await exportCsv(app, admin.token, file)).text).length - 1;
      expect(await rows('people.csv')).toBe(alpha.people.filter((p) => p.archivedAt === null).length);
      expect(await rows('devices.csv')).toBe(alpha.devices.length);
      expect(await rows('loans.csv')).toBe(alpha.loans.length);
      // And bravo's own export does show them.
      const bravoAdmin = await signIn(app, 'bravo', { role: 'school-admin' });
      expect((await exportCsv(app, bravoAdmin.token, 'devices.csv')).text).toMatch(
        /BRAVO-ONLY-SN,LAPTOP,,Bravo Only Model,IN_USE,BRAVO-ONLY,/,
      );
    });

    it('answers CSV as an attachment, with a BOM and exactly the import columns', async () => {
      const reply = await exportCsv(app, admin.token, 'people.csv');
      expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(reply.headers['content-disposition']).toMatch(
        /^attachment; filename="people-alpha-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(
        reply.text.startsWith(
          '\uFEFFexternalId,name,email,kind,userGroup,' +
            'guardian1Name,guardian1Email,guardian1Phone,guardian1Relationship,' +
            'guardian2Name,guardian2Email,guardian2Phone,guardian2Relationship,' +
            'agreementSignedAt,agreementSignedBy\r\n',
        ),
      ).toBe(true);
      const headers = async (file: string) => csvRows((await exportCsv(app, admin.token, file)).text)[0];
      expect(await headers('devices.csv')).toEqual([
        'serial',
        'kind',
        'manufacturer',
        'model',
        'status',
        'assignedTo',
        'purchaseDate',
        'purchaseCost',
        'warrantyEnd',
      ]);
      expect(await headers('loans.csv')).toEqual(['serial', 'kind', 'group']);
      expect(await headers('submissions.csv')).toEqual([
        'number',
        'createdAt',
        'updatedAt',
        'status',
        'serial',
        'description',
        'coverage',
        'cost',
        'reporterId',
        'reporter',
        'assigneeId',
        'assignee',
      ]);
      expect(await headers('tickets.csv')).toEqual([
        'number',
        'createdAt',
        'updatedAt',
        'status',
        'priority',
        'subject',
        'requesterId',
        'requester',
        'assigneeId',
        'assignee',
      ]);
    });

    it('takes the list’s filters; a teacher exports the loans of their own groups only', async () => {
      const alpha = await recordState(app.container, 'alpha');
      const staff = csvRows((await exportCsv(app, admin.token, 'people.csv', '?kind=STAFF')).text).slice(1);
      expect(staff.length).toBe(alpha.people.filter((p) => p.kind === 'STAFF' && p.archivedAt === null).length);
      expect(staff.every((r) => r[3] === 'STAFF')).toBe(true);
      const issued = csvRows((await exportCsv(app, admin.token, 'loans.csv', '?status=ISSUED')).text).slice(1);
      expect(issued.map((r) => r[0]).sort()).toEqual(
        alpha.loans
          .filter((l) => l.status === 'ISSUED')
          .map((l) => l.serial)
          .sort(),
      );
      const group = alpha.groups[0]!;
      const teacher = await signIn(app, 'alpha', { role: 'teacher', loanGroupIds: [group.id] });
      const pool = csvRows((await exportCsv(app, teacher.token, 'loans.csv')).text).slice(1);
      expect(pool.map((r) => r[0]).sort()).toEqual(
        alpha.loans
          .filter((l) => l.groupId === group.id)
          .map((l) => l.serial)
          .sort(),
      );
      const bad = await exportCsv(app, admin.token, 'devices.csv', '?status=BROKEN');
      expectProblem(bad, 400, 'invalid-input');
    });

    it('permissions and modules: the list’s own; read-only exports, a teacher no devices; module off → 404', async () => {
      const readOnly = await signIn(app, 'alpha', { role: 'read-only' });
      for (const file of FILES) expect((await exportCsv(app, readOnly.token, file)).status).toBe(200);
      const teacher = await signIn(app, 'alpha', { role: 'teacher' });
      expectProblem(await exportCsv(app, teacher.token, 'devices.csv'), 403, 'forbidden');
      expectProblem(await exportCsv(app, teacher.token, 'tickets.csv'), 403, 'forbidden');
      expectProblem(await exportCsv(app, 'not-a-session', 'people.csv'), 401, 'unauthorized');
      await app.tenant('quiet', { modules: ['repairs'], seed: 'small' });
      const quiet = await signIn(app, 'quiet', { role: 'school-admin' });
      expectProblem(await exportCsv(app, quiet.token, 'people.csv'), 404, 'module-disabled');
      // Submissions still export without the people module; the names stay empty, the ids are there.
      const subs = csvRows((await exportCsv(app, quiet.token, 'submissions.csv')).text).slice(1);
      expect(subs.length).toBeGreaterThan(0);
      expect(subs.every((r) => r[9] === '' && r[11] === '')).toBe(true);
      expect(subs.some((r) => r[8] !== '')).toBe(true);
    });

    it('export → import is a round trip: every row unchanged, no stored row changed, formula cells guarded', async () => {
      const slug = 'roundtrip';
      await app.tenant(slug, { seed: 'small' });
      const user = await signIn(app, slug, { role: 'school-admin' });
      // Values a spreadsheet would run, and ones that need quoting, must come back exactly.
      const tricky = await importCsv(
        app,
        user,
        'people',
        'externalId,name,email,kind,userGroup\n' +
          '"=HACK",\'=1+1,,PUPIL,"-7, ""A"""\n' +
          '"@cmd","Line\nbreak; with, commas",,STAFF,+44\n',
      );
      expect(tricky.status, tricky.text).toBe(200);
      const before = await recordState(app.container, slug);

      for (const [file, kind] of [
        ['people.csv', 'people'],
        ['devices.csv', 'devices'],
        ['loans.csv', 'loans'],
      ] as const) {
        const exported = await exportCsv(app, user.token, file);
        expect(exported.status).toBe(200);
        const count = csvRows(exported.text).length - 1;
        if (kind === 'people') {
          expect(exported.text).toContain(`'=HACK,'=1+1,,PUPIL,"'-7, ""A"""`);
          expect(exported.text).toContain(`'@cmd,"Line\nbreak; with, commas",,STAFF,'+44`);
        }
        const dry = await importCsv(app, user, kind, exported.text, { query: '?dryRun=true' });
        expect(dry.status, dry.text).toBe(200);
        expect(dry.json.import).toMatchObject({ rows: count, unchanged: count, created: 0, updated: 0 });
        const real = await importCsv(app, user, kind, exported.text);
        expect(real.json.import).toMatchObject({ rows: count, unchanged: count, created: 0, updated: 0 });
      }
      const after = await recordState(app.container, slug);
      // Three real imports were recorded (audit, event); no record changed.
      expect({ ...after, audit: before.audit, outbox: before.outbox }).toEqual(before);
      expect(after.audit - before.audit).toBe(3);
      const people = after.people.map((p) => p.name);
      expect(people).toContain('=1+1');
      expect(people).toContain('Line\nbreak; with, commas');
    });
  });
});
