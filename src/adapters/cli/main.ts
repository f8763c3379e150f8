import 'reflect-metadata';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { VERSION } from '../../bootstrap/build-info.js';
import {
  migrateCommand,
  moduleCommand,
  seedDemoCommand,
  setupLinkCommand,
  tenantCommand,
  userCommand,
} from './commands/admin.js';
import { keyCommand } from './commands/keys.js';
import { mcpCommand } from './commands/mcp.js';
import { serveCommand } from './commands/serve.js';

/**
 * The `desk` command line (SPEC §3). Exit codes: 0 success; 2 bad arguments or configuration;
 * 1 every other failure. Errors are one line on stderr, never a stack trace.
 */
export async function main(argv: string[]): Promise<void> {
  await yargs(argv)
    .scriptName('desk')
    .version(VERSION)
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
    .command(serveCommand)
    .command(migrateCommand)
    .command(tenantCommand)
    .command(moduleCommand)
    .command(userCommand)
    .command(keyCommand)
    .command(setupLinkCommand)
    .command(seedDemoCommand)
    .command(mcpCommand)
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

await main(hideBin(process.argv));
