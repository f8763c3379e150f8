import type { Container } from 'inversify';
import { VERSION } from '../../bootstrap/build-info.js';
import { ToolCatalogue } from '../../domain/catalogue/catalogue.js';
import { AuthenticateApiKey } from '../../domain/identity/authenticate-api-key.js';
import { isDomainError } from '../../domain/shared/errors.js';
import { serveStdio } from '../mcp/stdio.js';
import { createMcpServer } from '../mcp/server.js';
import { ErrorReporter } from '../observability/error-reporter.js';
import { Logger } from '../observability/logger.js';
import { resolveFrom } from '../resolve-use-case.js';
import { CliError } from './context.js';

/** The MCP stdio server behind `desk mcp --stdio`, loaded only when that command runs (the SDK is large). */
export async function serveMcpStdio(container: Container, key: string): Promise<void> {
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
}
