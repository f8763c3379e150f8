import { isJSONRPCRequest, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { CliError } from '../adapters/cli/command.js';
import type { OpenedProgram } from '../adapters/cli/program.js';
import {
  loadMcp,
  mcpCode,
  rpcError,
  type Lane,
  type McpFailureKind,
  type Reply,
  type ReportUnexpected,
} from '../adapters/mcp/index.js';
import { ErrorReporter, Logger, Metrics } from '../adapters/observability/index.js';
import { VERSION } from '../config/index.js';
import { ToolCatalogue } from '../domain/catalogue/catalogue.js';
import { AuthenticateApiKey } from '../domain/identity/authenticate-api-key.js';
import type { Actor } from '../domain/shared/actor.js';
import { isDomainError } from '../domain/shared/errors.js';
import { isDatabaseOutage } from '../ports/unit-of-work.js';

/**
 * The lifecycle of `desk mcp --stdio`, loaded only when that command runs (the SDK is large).
 * The key is checked before any protocol traffic (a bad key: exit 1), and again for every request, so
 * a key revoked or expired while the client runs stops working at once (-32001), and scope or module
 * changes apply to the next call, as they do over HTTP. A database that cannot be used at that
 * moment answers -32053, as /api/mcp does.
 */
export async function serveMcpStdio({ resolve }: OpenedProgram, key: string): Promise<void> {
  const authenticate = resolve(AuthenticateApiKey);
  await authenticate.execute(key).catch((e: unknown) => {
    throw isDomainError(e) ? new CliError(`mcp: DESK_API_KEY: ${e.message}`, 1) : e;
  });
  // Bugs in a tool: logged on stderr (JSON, LOG_LEVEL) and reported when SENTRY_DSN is set.
  const log = resolve(Logger);
  const errors = resolve(ErrorReporter);
  const reportUnexpected: ReportUnexpected = (e, where) => {
    log.error({ ...where, err: e }, 'unexpected error in an MCP call');
    errors.report(e, { surface: 'mcp', ...where });
  };
  const { createMcpServer, serveStdio } = await loadMcp();
  const mcp = createMcpServer({
    catalogue: resolve(ToolCatalogue),
    resolve,
    version: VERSION,
    metrics: resolve(Metrics),
  });
  // The same error table as /api/mcp (mcp/errors.ts): a key that stopped working, an outage, a bug.
  const refuse = (request: JSONRPCRequest, kind: McpFailureKind, text: string) =>
    rpcError(request.id, mcpCode(kind), text);

  // Both lanes (2026-07-28 and the 2025 one), as over HTTP: exchange.ts picks the lane per line.
  const answer = async (message: JSONRPCMessage, lane: Lane): Promise<Reply | null> => {
    if (!isJSONRPCRequest(message)) return null;
    let actor: Actor;
    try {
      actor = await authenticate.execute(key);
    } catch (e) {
      if (isDomainError(e)) return refuse(message, 'unauthorized', `DESK_API_KEY: ${e.message}`);
      if (isDatabaseOutage(e)) {
        return refuse(message, 'unavailable', 'Service unavailable: the database cannot be used now; retry shortly');
      }
      reportUnexpected(e, { rpcMethod: message.method });
      return refuse(message, 'internal', 'Internal error');
    }
    return mcp.answer(message, { actor, reportUnexpected }, lane);
  };

  try {
    await serveStdio(answer);
  } finally {
    await errors.close();
  }
}
