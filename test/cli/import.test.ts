/**
 * `desk import <tenant> people|devices|loans <file.csv|-> [--dry-run] [--archive-missing]` through the
 * built binary on the embedded database: the report on standard output, `line 17: email: …` on
 * standard error with exit 1 and nothing written, standard input, and the CLI's exit codes.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDesk, tempInstallDir } from '../support/cli.js';

const rows = <T>(dir: string, sql: string, ...params: unknown[]): T[] => {
  const db = new Sqlite(join(dir, 'data', 'desk.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
};

const PEOPLE =
  'externalId,name,email,kind,userGroup\nM-1,Ada Lovelace,ada@north.example,STAFF,Maths\nM-2,Bob Builder,,PUPIL,7A\n';

describe('desk import', () => {
  let dir: string;
  beforeAll(async () => {
    dir = tempInstallDir();
    for (const args of [
      ['tenant', 'create', 'north', '--name', 'North High'],
      ['module', 'enable', 'north', 'people', 'assets', 'loans'],
      ['tenant', 'create', 'south', '--name', 'South High'],
    ]) {
      const r = await runDesk(args, { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
    }
    writeFileSync(join(dir, 'people.csv'), PEOPLE);
  });

  it('a dry run prints what it would do and writes nothing; the real run writes it, audited as the operator', async () => {
    const dry = await runDesk(['import', 'north', 'people', 'people.csv', '--dry-run'], { cwd: dir });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^people import into north \(dry run: nothing written\): 2 rows in [\d.]+ s\n/);
    expect(dry.stdout).toContain('would be created 2, updated 0, unchanged 0, archived 0');
    expect(rows(dir, 'SELECT name FROM people')).toEqual([]);

    const real = await runDesk(['import', 'north', 'people', 'people.csv'], { cwd: dir });
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toContain('  created 2, updated 0, unchanged 0, archived 0');
    expect(rows(dir, 'SELECT name, email, kind, user_group AS g, external_id AS x FROM people ORDER BY name')).toEqual([
      { name: 'Ada Lovelace', email: 'ada@north.example', kind: 'STAFF', g: 'Maths', x: 'M-1' },
      { name: 'Bob Builder', email: null, kind: 'PUPIL', g: '7A', x: 'M-2' },
    ]);
    expect(
      rows(dir, "SELECT actor_type AS t, actor_id AS id FROM audit_entries WHERE action = 'import.people'"),
    ).toEqual([{ t: 'operator', id: 'cli' }]);
  });

  it('a file with problems prints each as `line N: field: …`, exits 1 and writes nothing', async () => {
    writeFileSync(
      join(dir, 'bad.csv'),
      'externalId,name,email,kind\nM-9,Nine,nine@north.example,PUPIL\nM-10,Ten,not-mail,PUPIL\nM-11,Eleven,,CAT\n',
    );
    const before = rows(dir, 'SELECT * FROM people ORDER BY id');
    const r = await runDesk(['import', 'north', 'people', 'bad.csv'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'desk: the file has 2 problems; nothing was imported\n' +
        'line 3: email: must be an e-mail address\n' +
        'line 4: kind: must be one of PUPIL, STAFF\n',
    );
    expect(rows(dir, 'SELECT * FROM people ORDER BY id')).toEqual(before);
  });

  it('reads standard input with `-` and leaves no copy behind', async () => {
    const r = await runDesk(['import', 'north', 'loans', '-'], {
      cwd: dir,
      input: 'serial,kind,group\nL-1,LAPTOP,Cart A\nL-2,IPAD,Cart A\n',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('created 2');
    expect(r.stdout).toContain('loan groups created: 1');
    expect(rows(dir, 'SELECT number, serial FROM loans ORDER BY number')).toEqual([
      { number: 1, serial: 'L-1' },
      { number: 2, serial: 'L-2' },
    ]);
    const spool = join(dir, 'data', 'imports');
    expect(existsSync(spool) ? readdirSync(spool) : []).toEqual([]);
  });

  it('exit codes: 2 for bad arguments, 1 for an unknown tenant, a module off or a missing file', async () => {
    const archive = await runDesk(['import', 'north', 'devices', 'people.csv', '--archive-missing'], { cwd: dir });
    expect(archive.code).toBe(2);
    expect(archive.stderr).toMatch(/^desk: archiveMissing: only a people import/);
    expect((await runDesk(['import', 'north', 'tickets', 'people.csv'], { cwd: dir })).code).toBe(2);
    const unknown = await runDesk(['import', 'nowhere', 'people', 'people.csv'], { cwd: dir });
    expect(unknown.code).toBe(1);
    const off = await runDesk(['import', 'south', 'people', 'people.csv'], { cwd: dir });
    expect(off.code).toBe(1);
    expect(off.stderr).toMatch(/people module is not enabled/);
    const missing = await runDesk(['import', 'north', 'people', 'missing.csv'], { cwd: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^desk: cannot read .*missing\.csv/);
  });
});
