import type { CommandModule } from 'yargs';
import { CliError, fail, runCommand } from '../command.js';
import type { DeskProgram, GlobalOptions } from '../program.js';

interface McpArgs extends GlobalOptions {
  stdio: boolean;
}

/**
 * `desk mcp --stdio`: the same catalogue as `/api/mcp`, for the key in DESK_API_KEY, over stdin/stdout
 * (for MCP clients that start a local command). The key is checked at start (errors before the
 * protocol starts are one line on stderr) and again for every request, so revoking it, or changing
 * its scopes or the tenant's modules, takes effect at the next call.
 */
export const mcpCommand = (program: DeskProgram): CommandModule<GlobalOptions, McpArgs> => ({
  command: 'mcp',
  describe: 'Serve the MCP tools over stdio for the API key in DESK_API_KEY',
  builder: (y) =>
    y.option('stdio', {
      type: 'boolean',
      default: false,
      describe: 'Speak MCP on stdin/stdout (over HTTP, desk serve answers at /api/mcp)',
    }) as never,
  handler: async (argv) => {
    // Stdout is the protocol channel: anything a library prints goes to stderr instead.
    console.log = console.info = console.debug = console.error;
    const key = process.env.DESK_API_KEY?.trim();
    if (!argv.stdio) return fail(new CliError('mcp: give --stdio (over HTTP, desk serve answers at /api/mcp)', 2));
    if (!key) return fail(new CliError('mcp: set DESK_API_KEY to the API key the tools run as', 2));
    await runCommand(program, argv, (opened) => program.serveMcpStdio(opened, key));
  },
});
