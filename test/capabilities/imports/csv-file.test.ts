/**
 * The CSV adapter against the TabularFile contract (ports/tabular-file.ts): RFC 4180 quoting, a BOM,
 * a comma or a semicolon found from the header, line numbers that count breaks inside quoted cells,
 * blank lines skipped, the formula guard taken off, malformed files named by line; and the spooled
 * copy of a stream (an HTTP body, standard input) with its limit.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  CsvFile,
  CsvTooLarge,
  csvStream,
  delimiterOf,
  guardFormula,
  SpooledCsv,
  unguardFormula,
} from '../../../src/adapters/csv/index.js';
import { MalformedTabularFile, type TabularRecord } from '../../../src/ports/tabular-file.js';
import { tempInstallDir } from '../../support/cli.js';

const fileWith = (content: string | Buffer, chunkBytes?: number): CsvFile => {
  const path = join(tempInstallDir('desk-csv-'), 'file.csv');
  writeFileSync(path, content);
  return new CsvFile(path, chunkBytes);
};

async function read(file: { records(): AsyncIterable<TabularRecord> }): Promise<TabularRecord[]> {
  const out: TabularRecord[] = [];
  for await (const r of file.records()) out.push(r);
  return out;
}

async function failure(file: CsvFile): Promise<MalformedTabularFile> {
  const error = await read(file).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MalformedTabularFile);
  return error as MalformedTabularFile;
}

describe('CsvFile', () => {
  it('reads the header and records with their lines, quotes, commas and line breaks inside cells', async () => {
    const records = await read(
      fileWith('a,b,c\r\n1,"two, with comma","say ""hi"""\r\n"multi\r\nline",x,y\r\n\r\nlast,,\r\n'),
    );
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', 'two, with comma', 'say "hi"'] },
      { line: 3, cells: ['multi\r\nline', 'x', 'y'] },
      // Line 5 is blank: skipped, and counted.
      { line: 6, cells: ['last', '', ''] },
    ]);
  });

  it('takes a UTF-8 BOM off, and reads names in any script across chunk boundaries', async () => {
    const text = 'name,group\nÖmer Çelik,7A\n李小龍,8B\nZoë 👩‍🏫,9C\n';
    const records = await read(fileWith(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 7));
    expect(records.map((r) => r.cells)).toEqual([
      ['name', 'group'],
      ['Ömer Çelik', '7A'],
      ['李小龍', '8B'],
      ['Zoë 👩‍🏫', '9C'],
    ]);
  });

  it('finds a semicolon delimiter from the header, as European spreadsheets save', async () => {
    expect(delimiterOf('serial;kind;purchaseCost')).toBe(';');
    expect(delimiterOf('"a;b",c')).toBe(',');
    expect(delimiterOf('single')).toBe(',');
    const records = await read(fileWith('serial;purchaseCost;note\nSN1;1234,50;"a; b"\n'));
    expect(records[1]!.cells).toEqual(['SN1', '1234,50', 'a; b']);
  });

  it('takes the formula guard of an export off, exactly once', async () => {
    const records = await read(fileWith("v\n'=SUM(A1)\n''=x\n'hello\n=raw\n'-5\n"));
    expect(records.slice(1).map((r) => r.cells[0])).toEqual(['=SUM(A1)', "'=x", "'hello", '=raw', '-5']);
    for (const value of ['=1+1', '+44 20', '-5', '@cmd', '\tx', '\rx', "'=x", "''@", "'plain", 'plain', ''])
      expect(unguardFormula(guardFormula(value))).toBe(value);
    expect(guardFormula('=1+1')).toBe("'=1+1");
    expect(guardFormula("'plain")).toBe("'plain");
  });

  it('names the line of a quote left open, a stray quote and bytes that are not UTF-8', async () => {
    expect((await failure(fileWith('a,b\n1,2\n3,"open\n4,5\n'))).line).toBe(3);
    expect((await failure(fileWith('a,b\n1,"x"y\n'))).line).toBe(2);
    expect((await failure(fileWith('a,b\n1,ab"c\n'))).line).toBe(2);
    const latin1 = Buffer.concat([Buffer.from('name\nok\n'), Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x0a])]);
    const bad = await failure(fileWith(latin1));
    expect(bad.line).toBe(3);
    expect(bad.reason).toMatch(/UTF-8/);
  });

  it('stops a record longer than 64 KiB (a quote left open) instead of holding the rest of the file', async () => {
    const big = 'a\n"' + 'x'.repeat(200 * 1024) + '\n';
    expect((await failure(fileWith(big))).line).toBe(2);
  });

  it('reads the file again from its start on every call, and fails when it is gone', async () => {
    const file = fileWith('a\n1\n2\n');
    expect((await read(file)).length).toBe(3);
    expect((await read(file)).length).toBe(3);
    await expect(read(new CsvFile('/nonexistent/file.csv'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('SpooledCsv', () => {
  it('copies the stream once, on first read, owner-only, reads it twice and removes it', async () => {
    const dir = join(tempInstallDir('desk-spool-'), 'imports');
    const spooled = new SpooledCsv(Readable.from([Buffer.from('a,b\n1,'), Buffer.from('2\n')]), { dir, maxBytes: 100 });
    expect(existsSync(dir)).toBe(false); // nothing is written before the import reads
    expect((await read(spooled)).map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect((await read(spooled)).length).toBe(2);
    expect(readdirSync(dir)).toHaveLength(1);
    await spooled.dispose();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('stops at the limit, keeping nothing', async () => {
    const dir = join(tempInstallDir('desk-spool-'), 'imports');
    const spooled = new SpooledCsv(Readable.from([Buffer.alloc(60, 0x61), Buffer.alloc(60, 0x61)]), {
      dir,
      maxBytes: 100,
    });
    await expect(read(spooled)).rejects.toBeInstanceOf(CsvTooLarge);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('csvStream', () => {
  it('writes a BOM, the header and every page as RFC 4180 CSV, guarding formula cells', async () => {
    async function* pages() {
      yield [['A1', 'plain', null]];
      yield [];
      yield [['=HYPERLINK("x")', 'a,b', 'line\nbreak']];
    }
    const stream = await csvStream(['serial', 'kind', 'group'], pages());
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe('\uFEFFserial,kind,group\r\nA1,plain,\r\n"\'=HYPERLINK(""x"")","a,b","line\nbreak"\r\n');
  });

  it('reads the first page before answering, so a failure to read at all is an error, not a download', async () => {
    // Pages that fail before the first one, as a query that cannot run does.
    async function* failing(): AsyncGenerator<string[][]> {
      yield* [];
      throw new Error('database down');
    }
    await expect(csvStream(['a'], failing())).rejects.toThrow('database down');
  });
});
