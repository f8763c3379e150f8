import type { CommandModule } from 'yargs';
import { VERSION } from '../../../bootstrap/build-info.js';
import { ToolCatalogue } from '../../../domain/catalogue/catalogue.js';
import { AuthenticateApiKey } from '../../../domain/identity/authenticate-api-key.js';
import { isDomainError } from '../../../domain/shared/errors.js';
import { createMcpServer, resolveFrom } from '../../mcp/server.js';
import { ErrorReporter } from '../../observability/error-reporter.js';
import { Logger } from '../../observability/logger.js';
import { serveStdio } from '../../mcp/stdio.js';
import { CliError, fail, runCommand, type GlobalOptions } from '../context.js';

interface McpArgs extends GlobalOptions {
  stdio: boolean;
}

/**
 * `desk mcp --stdio`: the same catalogue as `/api/mcp`, for the key in DESK_API_KEY, over stdin/stdout
 * (for MCP clients that start a local command). The key is checked once at start: its scopes and the
 * tenant's modules are those of that moment, and a key revoked while the process runs keeps working
 * until the process is restarted. Errors before the protocol starts are one line on stderr.
 */
export const mcpCommand: CommandModule<GlobalOptions, McpArgs> = {
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
    await runCommand(argv, async ({ container }) => {
      const actor = await container
        .get(AuthenticateApiKey)
        .execute(key)
        .catch((e: unknown) => {
          throw isDomainError(e) ? new CliError(`mcp: DESK_API_KEY: ${e.message}`, 1) : e;
        });
      // Bugs in a tool: logged on stderr (JSON, LOG_LEVEL) and reported when SENTRY_DSN is set.
      const log = container.get(Logger);
      const errors = container.get(ErrorReporter);
      const server = createMcpServer({
        catalogue: container.get(ToolCatalogue),
        resolve: resolveFrom(container),
        actor,
        version: VERSION,
        reportUnexpected: (e, { tool }) => {
          log.error({ tool, err: e }, 'unexpected error in an MCP tool call');
          errors.report(e, { surface: 'mcp', tool });
        },
      });
      try {
        await serveStdio(server);
      } finally {
        await errors.close();
      }
    });
  },
};
