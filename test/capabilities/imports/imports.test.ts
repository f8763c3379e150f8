/**
 * The import use cases on the memory world: reading files (header variants, BOM, semicolons, quotes
 * and line breaks in cells, formula cells), every kind of bad row with its line and field, how rows
 * find the stored records (externalId, e-mail, adoption, restoring), the device moves and the loaner
 * rules, all-or-nothing, dry runs equal to real runs; and the pieces: money, KeyIndex, problem bounds.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CsvFile } from '../../../src/adapters/csv/index.js';
import { ImportDevices } from '../../../src/domain/imports/import-devices.js';
import { ImportLoans } from '../../../src/domain/imports/import-loans.js';
import { ImportPeople } from '../../../src/domain/imports/import-people.js';
import { ImportRunner } from '../../../src/domain/imports/import-run.js';
import { KeyIndex } from '../../../src/domain/imports/key-index.js';
import { MAX_LISTED_PROBLEMS } from '../../../src/domain/imports/row-problems.js';
import type { Actor } from '../../../src/domain/shared/actor.js';
import type { DomainError } from '../../../src/domain/shared/errors.js';
import { currencyDecimals, formatMinorUnits, parseMajorUnits } from '../../../src/domain/shared/money.js';
import { perform, type Resolve } from '../../../src/domain/shared/use-case.js';
import type { Person } from '../../../src/domain/people/person.js';
import { aDevice, aGroup, aLoan, aPerson } from '../../support/builders.js';
import { tempInstallDir } from '../../support/cli.js';
import { domainError, keyActor, newWorld, userActor, type World } from '../../support/fakes/world.js';

const csv = (text: string): CsvFile => {
  const path = join(tempInstallDir('desk-import-'), 'file.csv');
  writeFileSync(path, text);
  return new CsvFile(path);
};

function resolver(w: World): Resolve {
  const runner = new ImportRunner(w.uow, w.clock, w.ids);
  const made = new Map<unknown, unknown>([
    [ImportPeople, new ImportPeople(runner, w.ids, w.uow, w.clock)],
    [ImportDevices, new ImportDevices(runner, w.ids)],
    [ImportLoans, new ImportLoans(runner, w.ids)],
  ]);
  return (<T>(c: unknown) => made.get(c) as T) as Resolve;
}

const admin = (w: World) => userActor(w.tenant, 'school-admin');
const people = (w: World, includeArchived = true) =>
  w.uow
    .read((r) => r.people.list(w.tenant.id, { includeArchived }, { page: 1, pageSize: 100_000 }))
    .then((p) => p.items);

async function importPeople(
  w: World,
  text: string,
  o: { dryRun?: boolean; archiveMissing?: boolean } = {},
  actor?: Actor,
) {
  return (await perform(resolver(w), ImportPeople, actor ?? admin(w), { file: csv(text), ...o })).import;
}

async function problemsOf(p: Promise<unknown>): Promise<string[]> {
  const e = (await p.then(
    () => null,
    (x: unknown) => x,
  )) as DomainError | null;
  expect(e?.code, String(e)).toBe('invalid');
  return e!.problems.map((x) => `${x.path}: ${x.message}`);
}

const paths = async (p: Promise<unknown>) => (await problemsOf(p)).map((x) => x.slice(0, x.indexOf(':')));

describe('people: reading the file', () => {
  it('reads headers in any spelling, givenName and familyName, a BOM, semicolons, quotes and line breaks', async () => {
    const w = await newWorld();
    const report = await importPeople(
      w,
      '\uFEFFExternal ID;Given Name;family_name;E-Mail;KIND;user group;Notes\r\n' +
        'M-1;Ada;"Lovelace; Countess";ADA@School.Example;staff;Maths;ignored\r\n' +
        'M-2;"Bob ""The Builder""";"Smith\nJones";;pupil;;\r\n',
    );
    expect(report).toMatchObject({ rows: 2, created: 2, ignoredColumns: ['Notes'] });
    expect((await people(w)).map(({ id: _, ...p }) => p)).toEqual([
      {
        name: 'Ada Lovelace; Countess',
        email: 'ada@school.example',
        kind: 'STAFF',
        userGroup: 'Maths',
        externalId: 'M-1',
        archivedAt: null,
      },
      {
        name: 'Bob "The Builder" Smith\nJones',
        email: null,
        kind: 'PUPIL',
        userGroup: null,
        externalId: 'M-2',
        archivedAt: null,
      },
    ]);
  });

  it('keeps formula-looking values exactly, taking off the guard an export adds', async () => {
    const w = await newWorld();
    await importPeople(w, 'externalId,name,kind\nF-1,"\'=HYPERLINK(""x"")",PUPIL\nF-2,\'-Dash,PUPIL\nF-3,=Raw,PUPIL\n');
    expect((await people(w)).map((p) => p.name).sort()).toEqual(['-Dash', '=HYPERLINK("x")', '=Raw']);
  });

  it('names header problems on line 1 and writes nothing', async () => {
    const w = await newWorld();
    expect(await problemsOf(importPeople(w, 'externalId,email,userGroup\nX,x@y.z,7A\n'))).toEqual([
      'rows.1.kind: the header has no such column',
      'rows.1.name: the header has no name column (or givenName and familyName)',
    ]);
    expect(await paths(importPeople(w, 'name,kind,userGroup\nAda,PUPIL,7A\n'))).toEqual(['rows.1.externalId']);
    expect(await paths(importPeople(w, 'externalId,name,kind,Name\nX,A,PUPIL,B\n'))).toEqual(['rows.1.name']);
    expect(await problemsOf(importPeople(w, ''))).toEqual([
      'rows.1: the file is empty: it needs a header row naming its columns',
    ]);
    expect(await people(w)).toEqual([]);
  });

  it('names every bad row by line and field, and writes none of the good ones', async () => {
    const w = await newWorld();
    await w.seed((r, t) =>
      r.people.insertMany(t, [
        aPerson({ email: 'twin@school.example', externalId: null }),
        aPerson({ email: 'twin@school.example', externalId: null }),
      ]),
    );
    const before = await people(w);
    const file = [
      'externalId,name,email,kind,userGroup',
      'OK-1,Good,good@school.example,PUPIL,7A', // 2
      'B-1,Bad Mail,nope,PUPIL,7A', // 3
      'B-2,,x2@school.example,PUPIL,7A', // 4
      'B-3,Bad Kind,x3@school.example,parent,7A', // 5
      `B-4,${'n'.repeat(201)},x4@school.example,PUPIL,7A`, // 6
      'B-5,Ctrl\u0007,x5@school.example,PUPIL,7A', // 7
      ',No Key,,PUPIL,', // 8
      'OK-1,Again,again@school.example,PUPIL,', // 9
      ',Twin,twin@school.example,PUPIL,', // 10: two stored people have it
      ',Keyed,keyed@school.example,PUPIL,', // 11
      'K-1,Keyed Too,keyed@school.example,STAFF,', // 12: same e-mail as an e-mail-keyed row
      'B-6,Too,many@school.example,PUPIL,7A,extra', // 13
    ].join('\n');
    expect(await problemsOf(importPeople(w, file))).toEqual([
      'rows.3.email: must be an e-mail address',
      'rows.4.name: must not be empty',
      'rows.5.kind: must be one of PUPIL, STAFF',
      'rows.6.name: must be at most 200 characters',
      'rows.7.name: must not contain control characters',
      'rows.8.externalId: give an externalId or an email to find the person by',
      'rows.9.externalId: also on line 2',
      'rows.10.email: 2 people have this e-mail address; give the row the externalId of the one it is',
      'rows.12.email: line 11 has this e-mail address and no externalId: it is the same person',
      'rows.13: has 6 cells, but the header has 5',
    ]);
    expect(await people(w)).toEqual(before);
  });

  it('lists the first thousand problems and counts the rest', async () => {
    const w = await newWorld();
    const rows = Array.from({ length: MAX_LISTED_PROBLEMS + 25 }, (_, i) => `X-${i},Name,bad-mail,PUPIL,`);
    const problems = await problemsOf(importPeople(w, ['externalId,name,email,kind,userGroup', ...rows].join('\n')));
    expect(problems).toHaveLength(MAX_LISTED_PROBLEMS + 1);
    expect(problems.at(-1)).toBe('rows: 25 more problems are not listed; fix these and try again');
  });
});

describe('people: finding the stored person', () => {
  it('updates by externalId, adopts a person typed in by e-mail, keeps an externalId a row does not give, restores the archived', async () => {
    const w = await newWorld();
    const byId = aPerson({ externalId: 'M-1', name: 'Old Name', email: 'one@school.example' });
    const typedIn = aPerson({ externalId: null, name: 'Typed In', email: 'typed@school.example' });
    const keyed = aPerson({ externalId: 'M-3', name: 'Keyed', email: 'keyed@school.example' });
    const gone = aPerson({ externalId: 'M-4', name: 'Gone', archivedAt: '2026-01-01T00:00:00.000Z' });
    await w.seed((r, t) => r.people.insertMany(t, [byId, typedIn, keyed, gone]));
    const dry = await importPeople(
      w,
      [
        'externalId,name,email,kind,userGroup',
        'M-1,New Name,one@school.example,PUPIL,7A',
        'M-2,Typed In,typed@school.example,STAFF,IT',
        ',Keyed Renamed,keyed@school.example,PUPIL,7A',
        `M-4,Gone,${gone.email},PUPIL,7A`,
      ].join('\n'),
      { dryRun: true },
    );
    expect(dry).toMatchObject({ created: 0, updated: 4, unchanged: 0, restored: 1 });
    expect(await people(w)).toEqual((await people(w)).map((p) => p)); // nothing written by the dry run
    expect((await people(w)).find((p) => p.id === typedIn.id)!.externalId).toBeNull();

    const real = await importPeople(
      w,
      [
        'externalId,name,email,kind,userGroup',
        'M-1,New Name,one@school.example,PUPIL,7A',
        'M-2,Typed In,typed@school.example,STAFF,IT',
        ',Keyed Renamed,keyed@school.example,PUPIL,7A',
        `M-4,Gone,${gone.email},PUPIL,7A`,
      ].join('\n'),
    );
    expect(real).toEqual({ ...dry, dryRun: false });
    const after = new Map((await people(w)).map((p) => [p.id, p]));
    expect(after.get(byId.id)).toMatchObject({ name: 'New Name' });
    expect(after.get(typedIn.id)).toMatchObject({ externalId: 'M-2', kind: 'STAFF', userGroup: 'IT' });
    expect(after.get(keyed.id)).toMatchObject({ name: 'Keyed Renamed', externalId: 'M-3' });
    expect(after.get(gone.id)).toMatchObject({ archivedAt: null });
    expect(after.size).toBe(4);
  });

  it('a person answers to one row: a row finding one already matched is a problem', async () => {
    const w = await newWorld();
    const p = aPerson({ externalId: 'M-1', email: 'p@school.example' });
    await w.seed((r, t) => r.people.insertMany(t, [p]));
    // Line 2 finds p by e-mail (no externalId given), line 3 by its externalId.
    expect(
      await problemsOf(
        importPeople(w, 'externalId,name,email,kind\n,P,p@school.example,PUPIL\nM-1,P,other@school.example,PUPIL\n'),
      ),
    ).toEqual(['rows.3.externalId: the same person as line 2']);
  });

  it('an absent column keeps what is stored; a blank cell clears it', async () => {
    const w = await newWorld();
    const p = aPerson({ externalId: 'M-1', email: 'keep@school.example', userGroup: '7A' });
    await w.seed((r, t) => r.people.insertMany(t, [p]));
    await importPeople(w, `externalId,name,kind\nM-1,${p.name},PUPIL\n`);
    expect((await people(w))[0]).toMatchObject({ email: 'keep@school.example', userGroup: '7A' });
    await importPeople(w, `externalId,name,kind,userGroup\nM-1,${p.name},PUPIL,\n`);
    expect((await people(w))[0]).toMatchObject({ email: 'keep@school.example', userGroup: null });
  });

  it('archives the people the file leaves out, reports those holding a loan or device, and counts the same dry', async () => {
    const w = await newWorld();
    const stays = aPerson({ externalId: 'S-1' });
    const leaves = aPerson({ externalId: 'L-1' });
    const holdsLoan = aPerson({ externalId: 'L-2' });
    const holdsDevice = aPerson({ externalId: 'L-3' });
    const group = aGroup();
    await w.seed(async (r, t) => {
      await r.people.insertMany(t, [stays, leaves, holdsLoan, holdsDevice]);
      await r.loanGroups.insertMany(t, [group]);
      await r.loans.insertMany(t, [aLoan(group.id, { number: 7, status: 'ISSUED', holderId: holdsLoan.id })]);
      await r.devices.insertMany(t, [aDevice({ serial: 'SN-9', status: 'IN_USE', assignedPersonId: holdsDevice.id })]);
    });
    const file = `externalId,name,email,kind,userGroup\nS-1,${stays.name},${stays.email},PUPIL,7A\n`;
    const dry = await importPeople(w, file, { dryRun: true, archiveMissing: true });
    const real = await importPeople(w, file, { archiveMissing: true });
    expect(real).toEqual({ ...dry, dryRun: false });
    expect(real).toMatchObject({ archived: 1, unchanged: 1 });
    expect(real.notArchived).toEqual({
      total: 2,
      people: expect.arrayContaining([
        { id: holdsLoan.id, name: holdsLoan.name, externalId: 'L-2', loans: [7], devices: [] },
        { id: holdsDevice.id, name: holdsDevice.name, externalId: 'L-3', loans: [], devices: ['SN-9'] },
      ]),
    });
    const archived = (await people(w)).filter((p) => p.archivedAt !== null).map((p) => p.id);
    expect(archived).toEqual([leaves.id]);
    const [entry] = (await w.audit()).slice(-1);
    expect(entry).toMatchObject({
      action: 'import.people',
      details: { archived: 1, notArchived: 2, archiveMissing: true },
    });
  });

  it('stores new people in batches across chunks, all of them before the leavers are archived', async () => {
    const w = await newWorld();
    const leaver = aPerson({ externalId: 'GONE-1' });
    await w.seed((r, t) => r.people.insertMany(t, [leaver]));
    const rows = Array.from({ length: 6_500 }, (_, i) => `B-${i},Pupil ${i},,PUPIL,7A`);
    const report = await importPeople(w, ['externalId,name,email,kind,userGroup', ...rows].join('\n'), {
      archiveMissing: true,
    });
    expect(report).toMatchObject({ created: 6_500, archived: 1 });
    const stored = await people(w);
    expect(stored.filter((p) => p.archivedAt === null)).toHaveLength(6_500);
    expect(stored.find((p) => p.id === leaver.id)!.archivedAt).not.toBeNull();
  });

  it('reads OneRoster: identifier before sourcedId, the first grade, staff keep their department', async () => {
    const w = await newWorld();
    const teacher = aPerson({ externalId: 't-1', kind: 'STAFF', userGroup: 'Science' });
    await w.seed((r, t) => r.people.insertMany(t, [teacher]));
    const report = await importPeople(
      w,
      'sourcedId,enabledUser,role,givenName,familyName,identifier,email,grades\n' +
        's-1,true,student,Ada,Lovelace,,ada@x.example,"07, 08"\n' +
        't-1,TRUE,teacher,Grace,Hopper,,,\n' +
        's-2,true,guardian,Pat,Parent,,,\n' +
        's-3,maybe,student,Bad,Flag,,,\n' +
        's-4,true,janitor,Bad,Role,,,\n',
    ).catch((e: DomainError) => e.problems.map((p) => p.path));
    expect(report).toEqual(['rows.5.enabledUser', 'rows.6.role']);
    const ok = await importPeople(
      w,
      'sourcedId,enabledUser,role,givenName,familyName,identifier,email,grades\n' +
        's-1,true,student,Ada,Lovelace,,ada@x.example,"07, 08"\n' +
        't-1,TRUE,teacher,Grace,Hopper,,,\n' +
        's-2,true,guardian,Pat,Parent,,,\n',
    );
    expect(ok).toMatchObject({ format: 'oneroster', created: 1, updated: 1, skipped: 1 });
    const stored = new Map((await people(w)).map((p) => [p.externalId, p]));
    expect(stored.get('s-1')).toMatchObject({ name: 'Ada Lovelace', kind: 'PUPIL', userGroup: '07' });
    expect(stored.get('t-1')).toMatchObject({ name: 'Grace Hopper', kind: 'STAFF', userGroup: 'Science' });
  });

  it('needs the people module and person.manage; keys with the scope may', async () => {
    const w = await newWorld();
    const file = 'externalId,name,kind\nK-1,Key,PUPIL\n';
    await expect(importPeople(w, file, {}, userActor(w.tenant, 'technician'))).rejects.toEqual(
      domainError('forbidden'),
    );
    await expect(importPeople(w, file, {}, keyActor(w.tenant, ['person.view']))).rejects.toEqual(
      domainError('forbidden'),
    );
    expect((await importPeople(w, file, {}, keyActor(w.tenant, ['person.manage']))).created).toBe(1);
    const off = await newWorld({ modules: ['assets'] });
    await expect(importPeople(off, file)).rejects.toEqual(domainError('module_disabled'));
  });
});

describe('between the passes', () => {
  /** The import's unit of work, with a change by someone else just before its writing transaction. */
  function interleaved(w: World, change: () => Promise<void>): Resolve {
    let pending: (() => Promise<void>) | null = change;
    const uow = Object.assign(Object.create(w.uow) as typeof w.uow, {
      read: w.uow.read.bind(w.uow),
      async transaction<T>(work: Parameters<typeof w.uow.transaction<T>>[0]): Promise<T> {
        const before = pending;
        pending = null;
        await before?.();
        return w.uow.transaction(work);
      },
    });
    const runner = new ImportRunner(uow, w.clock, w.ids);
    return (<T>() => new ImportPeople(runner, w.ids, uow, w.clock) as T) as Resolve;
  }

  it('a row that finds someone else by then is a problem, and the whole import is rolled back', async () => {
    const w = await newWorld();
    const file = 'externalId,name,email,kind\nA-1,First,,PUPIL\nE-1,Taken,,PUPIL\n';
    const resolve = interleaved(w, () =>
      w.seed((r, t) => r.people.insertMany(t, [aPerson({ externalId: 'E-1', name: 'Someone Else' })])),
    );
    expect(await problemsOf(perform(resolve, ImportPeople, admin(w), { file: csv(file) }))).toEqual([
      'rows.3.externalId: this person was changed while the file was imported: import it again',
    ]);
    expect((await people(w)).map((p) => p.name)).toEqual(['Someone Else']);
  });

  it('a row the file leaves unchanged is not written again: a change made meanwhile stays', async () => {
    const w = await newWorld();
    const p = aPerson({ externalId: 'K-1', name: 'Kept', email: null, userGroup: null });
    await w.seed((r, t) => r.people.insertMany(t, [p]));
    const resolve = interleaved(w, () => w.seed((r, t) => r.people.update(t, { ...p, userGroup: 'Moved' })));
    const report = (
      await perform(resolve, ImportPeople, admin(w), {
        file: csv('externalId,name,kind,userGroup\nK-1,Kept,PUPIL,\nN-1,New,PUPIL,\n'),
      })
    ).import;
    expect(report).toMatchObject({ created: 1, unchanged: 1 });
    expect((await people(w)).find((x) => x.id === p.id)!.userGroup).toBe('Moved');
  });
});

describe('devices', () => {
  const importDevices = async (w: World, text: string, dryRun = false) =>
    (await perform(resolver(w), ImportDevices, admin(w), { file: csv(text), dryRun })).import;

  it('creates and moves devices as the register allows, naming people by externalId, e-mail or id', async () => {
    const w = await newWorld();
    const ada = aPerson({ externalId: 'M-1', email: 'ada@school.example' });
    const noKeys = aPerson({ externalId: null, email: null });
    const [inUse, inStock, repair] = [
      aDevice({ serial: 'U-1', status: 'IN_USE', assignedPersonId: ada.id }),
      aDevice({ serial: 'S-1', status: 'IN_STOCK' }),
      aDevice({ serial: 'R-1', status: 'IN_USE', assignedPersonId: ada.id }),
    ];
    await w.seed(async (r, t) => {
      await r.people.insertMany(t, [ada, noKeys]);
      await r.devices.insertMany(t, [inUse, inStock, repair]);
    });
    const report = await importDevices(
      w,
      [
        'serial,kind,status,assignedTo,purchaseCost',
        'N-1,LAPTOP,,ADA@school.example,"1234,5"', // new, assigned: IN_USE
        `N-2,LAPTOP,IN_REPAIR,${noKeys.id},`, // new, in repair
        'U-1,LAPTOP,,,', // unassigned: back to stock
        'S-1,LAPTOP,,M-1,', // assigned: into use
        'R-1,LAPTOP,IN_REPAIR,M-1,', // into repair, still Ada's
      ].join('\n'),
    );
    expect(report).toMatchObject({ created: 2, updated: 3 });
    const devices = new Map(
      (await w.uow.read((r) => r.devices.search(w.tenant.id, {}, { page: 1, pageSize: 100 }))).items.map((d) => [
        d.serial,
        d,
      ]),
    );
    expect(devices.get('N-1')).toMatchObject({
      status: 'IN_USE',
      assignedPersonId: ada.id,
      purchaseCostMinor: 123_450,
    });
    expect(devices.get('N-2')).toMatchObject({
      status: 'IN_REPAIR',
      assignedPersonId: noKeys.id,
      statusBeforeRepair: 'IN_USE',
    });
    expect(devices.get('U-1')).toMatchObject({ status: 'IN_STOCK', assignedPersonId: null });
    expect(devices.get('S-1')).toMatchObject({ status: 'IN_USE', assignedPersonId: ada.id });
    expect(devices.get('R-1')).toMatchObject({
      status: 'IN_REPAIR',
      statusBeforeRepair: 'IN_USE',
      assignedPersonId: ada.id,
    });
  });

  it('refuses what the register does not allow, and bad cells, naming each', async () => {
    const w = await newWorld({ currency: 'JPY' });
    const gone = aPerson({ externalId: 'G-1', archivedAt: '2026-01-01T00:00:00.000Z' });
    const twins = [aPerson({ email: 'twin@school.example' }), aPerson({ email: 'twin@school.example' })];
    const retired = aDevice({ serial: 'X-1', status: 'RETIRED' });
    await w.seed(async (r, t) => {
      await r.people.insertMany(t, [gone, ...twins]);
      await r.devices.insertMany(t, [retired]);
    });
    const problems = await problemsOf(
      importDevices(
        w,
        [
          'serial,kind,status,assignedTo,purchaseDate,purchaseCost,warrantyEnd',
          'X-1,LAPTOP,IN_USE,,,,', // 2: retired is final
          'N-1,LAPTOP,IN_STOCK,G-1,,,', // 3: in stock with a person
          'N-2,LAPTOP,,G-1,,,', // 4: archived person
          'N-3,LAPTOP,,twin@school.example,,,', // 5: two people
          'N-4,LAPTOP,,nobody,,,', // 6
          'N-5,,LOST,,2024-02-30,12.50,soon', // 7: kind, status, dates, yen have no decimals
          'N-1,LAPTOP,,,,,', // 8: serial twice
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([
      'rows.2.status: device X-1 is RETIRED: a retired device does not change any more',
      'rows.3.assignedTo: a device IN_STOCK is with nobody: leave assignedTo empty',
      `rows.4.assignedTo: ${gone.name} is archived: an archived person cannot be given a device`,
      'rows.5.assignedTo: 2 people have this e-mail address: name the person by externalId',
      'rows.6.assignedTo: no person has this externalId, e-mail address or id',
      'rows.7.kind: must not be empty',
      'rows.7.status: must be one of IN_USE, IN_STOCK, IN_REPAIR, RETIRED',
      'rows.7.purchaseDate: must be a date in the form YYYY-MM-DD',
      'rows.7.warrantyEnd: must be a date in the form YYYY-MM-DD',
      'rows.7.purchaseCost: must be an amount such as 123456, with at most 0 decimals',
      'rows.8.serial: also on line 3',
    ]);
    const after = await w.uow.read((r) => r.devices.count(w.tenant.id));
    expect(after).toBe(1);
  });

  it('archiveMissing is for people only', async () => {
    const w = await newWorld();
    await expect(
      perform(resolver(w), ImportDevices, admin(w), { file: csv('serial,kind\n'), archiveMissing: true }),
    ).rejects.toEqual(domainError('invalid', 'archiveMissing'));
  });
});

describe('loans', () => {
  const importLoans = async (w: World, text: string, o: { dryRun?: boolean; actor?: Actor } = {}) =>
    (await perform(resolver(w), ImportLoans, o.actor ?? admin(w), { file: csv(text), dryRun: o.dryRun })).import;

  it('adds units with the next numbers, creates each missing group once, moves units that are not out', async () => {
    const w = await newWorld();
    const cart = aGroup({ name: 'Cart A' });
    const shelf = aGroup({ name: 'Shelf' });
    await w.seed(async (r, t) => {
      await r.loanGroups.insertMany(t, [cart, shelf]);
      await r.tenants.takeNumbers(t, 'loan', 5);
      await r.loans.insertMany(t, [aLoan(cart.id, { number: 5, serial: 'L-5', kind: 'LAPTOP', status: 'AVAILABLE' })]);
    });
    const file = 'serial,kind,group\nL-5,LAPTOP,Shelf\nL-6,ipad,New Cart\nL-7,LAPTOP,New Cart\n';
    const dry = await importLoans(w, file, { dryRun: true });
    expect(dry).toMatchObject({ created: 2, updated: 1, groupsCreated: 1 });
    expect(await w.uow.read((r) => r.loans.count(w.tenant.id))).toBe(1);
    expect(await importLoans(w, file)).toEqual({ ...dry, dryRun: false });
    const loans = await w.uow.read((r) => r.loans.list(w.tenant.id, { poolGroupIds: null }, { page: 1, pageSize: 10 }));
    expect(loans.items.map((l) => [l.number, l.serial, l.kind, l.groupName, l.status])).toEqual([
      [5, 'L-5', 'LAPTOP', 'Shelf', 'AVAILABLE'],
      [6, 'L-6', 'IPAD', 'New Cart', 'AVAILABLE'],
      [7, 'L-7', 'LAPTOP', 'New Cart', 'AVAILABLE'],
    ]);
    expect(await importLoans(w, file)).toMatchObject({ created: 0, updated: 0, unchanged: 3, groupsCreated: 0 });
  });

  it('an issued unit keeps its group; a unit keeps its kind; a serial once; the whole pool only', async () => {
    const w = await newWorld();
    const cart = aGroup({ name: 'Cart A' });
    const holder = aPerson();
    await w.seed(async (r, t) => {
      await r.people.insertMany(t, [holder]);
      await r.loanGroups.insertMany(t, [cart]);
      await r.loans.insertMany(t, [
        aLoan(cart.id, { number: 1, serial: 'OUT', status: 'ISSUED', holderId: holder.id }),
        aLoan(cart.id, { number: 2, serial: 'PAD', kind: 'IPAD' }),
      ]);
    });
    expect(
      await problemsOf(
        importLoans(w, 'serial,kind,group\nOUT,LAPTOP,Shelf\nPAD,LAPTOP,Cart A\nNEW,LAPTOP,X\nNEW,IPAD,X\n,TABLET,\n'),
      ),
    ).toEqual([
      'rows.2.group: loaner 1 is out on loan: it changes group only once it is returned (it is in Cart A)',
      "rows.3.kind: loaner 2 is of kind IPAD: a unit's kind does not change",
      'rows.5.serial: also on line 4',
      'rows.6.serial: must not be empty',
      'rows.6.kind: must be one of LAPTOP, IPAD',
      'rows.6.group: must not be empty',
    ]);
    const teacher = userActor(w.tenant, 'teacher', { loanGroupIds: [cart.id] });
    await expect(importLoans(w, 'serial,kind,group\n', { actor: teacher })).rejects.toEqual(domainError('forbidden'));
    const pooled = { ...userActor(w.tenant, 'loan-desk'), loanGroupIds: [cart.id] };
    await expect(importLoans(w, 'serial,kind,group\n', { actor: pooled })).rejects.toEqual(domainError('forbidden'));
  });
});

describe('pieces', () => {
  it('money: the currency decimals, major units in, minor units out, nothing guessed', () => {
    expect([
      currencyDecimals('EUR'),
      currencyDecimals('JPY'),
      currencyDecimals('KWD'),
      currencyDecimals('XYZ'),
    ]).toEqual([2, 0, 3, 2]);
    expect(parseMajorUnits('499.99', 2)).toBe(49_999);
    expect(parseMajorUnits('499,9', 2)).toBe(49_990);
    expect(parseMajorUnits('500', 0)).toBe(500);
    expect(parseMajorUnits('1.250', 3)).toBe(1_250);
    for (const bad of ['1,000.00', '-5', '5.001', '1e3', '', ' 5', '99999999999999999'])
      expect(parseMajorUnits(bad, 2), bad).toBeNull();
    expect(formatMinorUnits(49_999, 2)).toBe('499.99');
    expect(formatMinorUnits(5, 2)).toBe('0.05');
    expect(formatMinorUnits(500, 0)).toBe('500');
    expect(formatMinorUnits(-1_250, 3)).toBe('-1.250');
    for (const minor of [0, 1, 99, 100, 123_456_789])
      expect(parseMajorUnits(formatMinorUnits(minor, 2), 2)).toBe(minor);
  });

  it('KeyIndex: what is set is found with its value, what is not is not, through growth and any script', () => {
    const index = new KeyIndex();
    const keys = Array.from({ length: 50_000 }, (_, i) => (i % 3 === 0 ? `Ömer.${i}@школа.example` : `MIS-${i}`));
    keys.forEach((k, i) => index.set(k, i));
    expect(index.size).toBe(50_000);
    expect(keys.every((k, i) => index.get(k) === i)).toBe(true);
    expect(['MIS-50000', 'mis-1', '', 'Ömer.1@школа.example'].some((k) => index.has(k))).toBe(false);
    index.set('MIS-1', 7);
    expect([index.get('MIS-1'), index.size]).toEqual([7, 50_000]);
  });
});

// The type is used in helper signatures above.
export type { Person };
