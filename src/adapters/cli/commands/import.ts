import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { ImportDevices } from '../../../domain/imports/import-devices.js';
import { ImportLoans } from '../../../domain/imports/import-loans.js';
import { ImportPeople } from '../../../domain/imports/import-people.js';
import { IMPORT_KINDS, type ImportKind, type ImportReport } from '../../../domain/imports/import-run.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { perform } from '../../../domain/shared/use-case.js';
import { CsvFile, CsvTooLarge, SpooledCsv } from '../../csv/index.js';
import { CliError, operatorIn, runCommand } from '../command.js';
import type { DeskProgram, GlobalOptions } from '../program.js';

type ImportArgs = GlobalOptions & {
  tenant: string;
  kind: ImportKind;
  file: string;
  dryRun: boolean;
  archiveMissing: boolean;
};

const USE_CASES = { people: ImportPeople, devices: ImportDevices, loans: ImportLoans } as const;

const n = (x: number) => x.toLocaleString('en');
const rows = (x: number) => `${n(x)} ${x === 1 ? 'row' : 'rows'}`;

/** The report as lines for an operator: the counts, then what needs a person's attention. */
export function reportLines(slug: string, r: ImportReport, seconds: number): string[] {
  const format = r.format === 'oneroster' ? ' (OneRoster users.csv)' : '';
  const lines = [
    `${r.kind} import into ${slug}${r.dryRun ? ' (dry run: nothing written)' : ''}${format}: ${rows(r.rows)} in ${seconds.toFixed(1)} s`,
    `  ${r.dryRun ? 'would be ' : ''}created ${n(r.created)}, updated ${n(r.updated)}, unchanged ${n(r.unchanged)}, archived ${n(r.archived)}`,
  ];
  if (r.restored) lines.push(`  restored ${n(r.restored)} archived people the file lists again (counted as updated)`);
  if (r.skipped) lines.push(`  skipped ${rows(r.skipped)} that are no pupil or staff (guardians, disabled accounts)`);
  if (r.groupsCreated) lines.push(`  loan groups created: ${n(r.groupsCreated)}`);
  if (r.notArchived.total) {
    lines.push(`  not archived, still holding something: ${n(r.notArchived.total)}`);
    for (const p of r.notArchived.people) {
      const held = [...p.loans.map((l) => `loaner ${l}`), ...p.devices.map((d) => `device ${d}`)].join(', ');
      lines.push(`    ${p.name}${p.externalId ? ` (${p.externalId})` : ''}: ${held}`);
    }
  }
  if (r.ignoredColumns.length) lines.push(`  columns not read: ${r.ignoredColumns.join(', ')}`);
  return lines;
}

/** An invalid file's problems as `line 17: email: …` lines. */
export function problemLines(e: DomainError): string[] {
  return e.problems.map(({ path, message }) => {
    const m = /^rows\.(\d+)(?:\.(.+))?$/.exec(path);
    if (m) return `line ${m[1]}: ${m[2] ? `${m[2]}: ` : ''}${message}`;
    return path === 'rows' ? `… ${message}` : `${path}: ${message}`;
  });
}

/**
 * `desk import <tenant> people|devices|loans <file.csv|-> [--dry-run] [--archive-missing]` (issue 12,
 * point 8): the same imports as `POST /api/import/…`, as the operator. `-` reads standard input, which
 * is copied to a file under the data directory first (the import reads its file twice) and removed
 * afterwards. A file with problems prints `line 17: email: …` for each on standard error and exits 1,
 * having written nothing.
 */
export const importCommand = (program: DeskProgram): CommandModule<GlobalOptions, ImportArgs> => ({
  command: 'import <tenant> <kind> <file>',
  describe: 'Import people, devices or loans from a CSV file (- for standard input)',
  builder: (y) =>
    y
      .positional('tenant', { type: 'string', demandOption: true, describe: 'Tenant slug' })
      .positional('kind', { type: 'string', choices: IMPORT_KINDS, demandOption: true })
      .positional('file', { type: 'string', demandOption: true, describe: 'A CSV file, or - for standard input' })
      .option('dry-run', { type: 'boolean', default: false, describe: 'Check and count, write nothing' })
      .option('archive-missing', {
        type: 'boolean',
        default: false,
        describe: 'Archive the people the file leaves out (people only)',
      }) as never,
  handler: (argv) =>
    runCommand(program, argv, async (opened) => {
      const started = performance.now();
      const actor = await operatorIn(opened, argv.tenant);
      // yargs reads a lone `-` as an empty string.
      const file =
        argv.file === '-' || argv.file === ''
          ? new SpooledCsv(process.stdin, {
              dir: join(opened.config.dataDir, 'imports'),
              maxBytes: opened.config.importMaxBytes,
            })
          : new CsvFile(await readable(resolve(String(argv.file))));
      try {
        const { import: report } = await perform(opened.resolve, USE_CASES[argv.kind], actor, {
          file,
          dryRun: argv.dryRun,
          archiveMissing: argv.archiveMissing,
        });
        const seconds = (performance.now() - started) / 1000;
        process.stdout.write(reportLines(argv.tenant, report, seconds).join('\n') + '\n');
      } catch (e) {
        if (e instanceof CsvTooLarge)
          throw new CliError(`the file is larger than IMPORT_MAX_MB (${e.maxBytes / 1024 / 1024} MiB)`, 1);
        if (e instanceof DomainError && e.code === 'invalid' && e.problems.some((p) => p.path.startsWith('rows'))) {
          process.stderr.write([`desk: ${e.message}`, ...problemLines(e)].join('\n') + '\n');
          process.exitCode = 1;
          return;
        }
        throw e;
      } finally {
        if (file instanceof SpooledCsv) await file.dispose();
      }
    }),
});

/** The path, when it is a file this process can read; otherwise the one line the CLI prints. */
async function readable(path: string): Promise<string> {
  try {
    await access(path, constants.R_OK);
    if (!(await stat(path)).isFile()) throw new Error('not a file');
    return path;
  } catch {
    throw new CliError(`cannot read ${path}: give a CSV file, or - for standard input`, 1);
  }
}
