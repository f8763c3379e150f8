import { resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { RunBackup } from '../../../domain/backups/run-backup.js';
import { Database } from '../../../ports/database.js';
import { DatabaseBackup, ServeLock } from '../../../ports/database-backup.js';
import { CliError, runCommand } from '../command.js';
import type { DeskProgram, GlobalOptions } from '../program.js';

type BackupArgs = GlobalOptions & { to?: string };
type RestoreArgs = GlobalOptions & { file: string; yes: boolean };

export const backupCommand = (program: DeskProgram): CommandModule<GlobalOptions, BackupArgs> => ({
  command: 'backup',
  describe: 'Write a consistent copy of the whole database (safe while desk serve runs)',
  builder: (y) =>
    y.option('to', {
      type: 'string',
      describe: 'Directory to write into (BACKUP_DIR, default <DATA_DIR>/backups); the newest BACKUP_KEEP are kept',
    }) as never,
  handler: (argv) =>
    runCommand(program, argv, async (opened) => {
      const dir = argv.to ? resolve(argv.to) : opened.config.backups.dir;
      const outcome = await opened.resolve(RunBackup).execute(dir, opened.config.backups.keep);
      if (!outcome.ok) {
        const told = outcome.alert.sent ? `; e-mailed ${outcome.alert.to.join(', ')}` : '';
        throw new CliError(
          `backup failed: ${outcome.message} (backup.failed sent to ${outcome.tenantsTold} tenant(s)${told})`,
          1,
        );
      }
      const removed = outcome.written.removed.length;
      process.stdout.write(
        `wrote ${outcome.written.file} (${outcome.written.bytes} bytes)${removed ? `; removed ${removed} older backup(s)` : ''}\n`,
      );
    }),
});

export const restoreCommand = (program: DeskProgram): CommandModule<GlobalOptions, RestoreArgs> => ({
  command: 'restore <file>',
  describe: 'Replace the whole database with a backup (no server may be running)',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'A file written by desk backup' })
      .option('yes', { type: 'boolean', default: false, describe: 'Yes, replace everything in the database' }) as never,
  handler: (argv) =>
    runCommand(program, argv, async (opened) => {
      if (!argv.yes) {
        throw new CliError(
          `restore replaces every tenant's data with the contents of ${argv.file}; run again with --yes to do it`,
          2,
        );
      }
      // This process lets go of the database before its file or tables are replaced.
      await opened.resolve(Database).close();
      const restored = await opened
        .resolve(ServeLock)
        .whileNoServer(() => opened.resolve(DatabaseBackup).restore(resolve(argv.file)));
      if (!restored.ran) throw new CliError('a desk serve is using this database: stop every instance first', 1);
      process.stdout.write(`restored ${argv.file}; start desk serve (it applies any newer migrations)\n`);
    }),
});
