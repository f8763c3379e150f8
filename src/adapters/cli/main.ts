import yargs from 'yargs';
import {
  migrateCommand,
  moduleCommand,
  seedDemoCommand,
  setupLinkCommand,
  tenantCommand,
  userCommand,
} from './commands/admin.js';
import { backupCommand, restoreCommand } from './commands/backups.js';
import { importCommand } from './commands/import.js';
import { keyCommand } from './commands/keys.js';
import { mcpCommand } from './commands/mcp.js';
import { remindersCommand } from './commands/reminders.js';
import { mailboxCommand } from './commands/mailbox.js';
import { serveCommand } from './commands/serve.js';
import type { DeskProgram } from './program.js';

/**
 * The `desk` command line (SPEC §3), a driving adapter of `program` (src/main.ts hands it over).
 * Exit codes: 0 success; 2 bad arguments or configuration; 1 every other failure. Errors are one
 * line on stderr, never a stack trace.
 */
export async function runCli(argv: string[], program: DeskProgram): Promise<void> {
  await yargs(argv)
    .scriptName('desk')
    .version(program.version)
    .option('embedded-db', {
      type: 'boolean',
      describe: 'Use the embedded SQLite database and the install directory .env',
    })
    .option('from-environment', {
      type: 'boolean',
      describe: 'Read configuration from the process environment (containers)',
    })
    .option('data-dir', { type: 'string', describe: 'Data directory (DATA_DIR, default ./data)' })
    .conflicts('embedded-db', 'from-environment')
    .command(serveCommand(program))
    .command(migrateCommand(program))
    .command(tenantCommand(program))
    .command(moduleCommand(program))
    .command(userCommand(program))
    .command(keyCommand(program))
    .command(setupLinkCommand(program))
    .command(seedDemoCommand(program))
    .command(mcpCommand(program))
    .command(backupCommand(program))
    .command(restoreCommand(program))
    .command(importCommand(program))
    .command(remindersCommand(program))
    .command(mailboxCommand(program))
    .demandCommand(1, 'name a command; see desk --help')
    .recommendCommands()
    .strict()
    .fail((message, error) => {
      // Argument errors: one line and exit 2. (Command bodies report their own failures.)
      process.stderr.write(`desk: ${message ?? error?.message ?? 'bad arguments'} (see desk --help)\n`);
      process.exit(2);
    })
    .help()
    .parseAsync();
}
