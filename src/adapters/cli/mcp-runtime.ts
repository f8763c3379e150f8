import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Container } from 'inversify';
import { VERSION } from '../../bootstrap/build-info.js';
import { ToolCatalogue } from '../../domain/catalogue/catalogue.js';
import { AuthenticateApiKey } from '../../domain/identity/authenticate-api-key.js';
import type { Actor } from '../../domain/shared/actor.js';
import { isDomainError } from '../../domain/shared/errors.js';
import { isDatabaseOutage } from '../../ports/unit-of-work.js';
import { RPC, rpcError } from '../mcp/json-rpc.js';
import { McpServer, type ReportUnexpected } from '../mcp/server.js';
import { serveStdio } from '../mcp/stdio.js';
import { ErrorReporter } from '../observability/error-reporter.js';
import { Logger } from '../observability/logger.js';
import { resolveFrom } from '../resolve-use-case.js';
import { CliError } from './context.js';

/**
 * The MCP stdio server behind `desk mcp --stdio`, loaded only when that command runs (the SDK is large).
 * The key is checked before any protocol traffic (a bad key: exit 1), and again for every request, so
 * a key revoked or expired while the client runs stops working at once (-32001), and scope or module
 * changes apply to the next call, as they do over HTTP. A database that cannot be used at that
 * moment answers -32053, as /api/mcp does.
 */
export async function serveMcpStdio(container: Container, key: string): Promise<void> {
  const authenticate = container.get(AuthenticateApiKey);
  await authenticate.execute(key).catch((e: unknown) => {
    throw isDomainError(e) ? new CliError(`mcp: DESK_API_KEY: ${e.message}`, 1) : e;
  });
  // Bugs in a tool: logged on stderr (JSON, LOG_LEVEL) and reported when SENTRY_DSN is set.
  const log = container.get(Logger);
  const errors = container.get(ErrorReporter);
  const reportUnexpected: ReportUnexpected = (e, where) => {
    log.error({ ...where, err: e }, 'unexpected error in an MCP call');
    errors.report(e, { surface: 'mcp', ...where });
  };
  const mcp = new McpServer({
    catalogue: container.get(ToolCatalogue),
    resolve: resolveFrom(container),
    version: VERSION,
  });

  const answer = async (message: JSONRPCMessage): Promise<JSONRPCMessage | null> => {
    if (!isJSONRPCRequest(message)) return null;
    let actor: Actor;
    try {
      actor = await authenticate.execute(key);
    } catch (e) {
      if (isDomainError(e)) return rpcError(message.id, RPC.unauthorized, `DESK_API_KEY: ${e.message}`);
      if (isDatabaseOutage(e)) {
        return rpcError(
          message.id,
          RPC.unavailable,
          'Service unavailable: the database cannot be used now; retry shortly',
        );
      }
      reportUnexpected(e, { rpcMethod: message.method });
      return rpcError(message.id, RPC.internal, 'Internal error');
    }
    return mcp.answer(message, { actor, reportUnexpected });
  };

  try {
    await serveStdio(answer);
  } finally {
    await errors.close();
  }
}
