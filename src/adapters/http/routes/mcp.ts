import type { Context, Middleware } from 'koa';
import { ToolCatalogue } from '../../../domain/catalogue/catalogue.js';
import { viaOf, type Actor } from '../../../domain/shared/actor.js';
import { isDomainError } from '../../../domain/shared/errors.js';
import { admitSurface } from '../../../domain/shared/use-case.js';
import { isModernVersion, loadMcp, type McpHeaders, type McpServer, type MessageContext } from '../../mcp/index.js';
import { accessTokenCredential } from '../auth/access-token.js';
import { apiKeyCredential } from '../auth/api-key.js';
import { actorOf, bearerToken, signIn } from '../auth/credential.js';
import { jsonBody } from '../json-body.js';
import { forbiddenOrigin, OriginPolicy } from '../middleware/origin-check.js';
import { addressSubject, rateLimit } from '../middleware/rate-limit.js';
import { requestOrigin } from '../origin.js';
import { HttpProblem } from '../problems.js';
import type { RouteModule } from '../route-module.js';

export const MCP_PATH = '/api/mcp';

/** RFC 9728 §3, by path insertion: where a client learns how to get a token for `<origin>/api/mcp`. */
export const resourceMetadataPath = `/.well-known/oauth-protected-resource${MCP_PATH}`;

/** The headers a 2026-07-28 POST mirrors its body in (Koa answers '' for an absent one). */
const headersOf = (ctx: Context): McpHeaders => ({
  protocolVersion: ctx.get('MCP-Protocol-Version').trim() || undefined,
  method: ctx.get('Mcp-Method').trim() || undefined,
  name: ctx.get('Mcp-Name').trim() || undefined,
});

const acceptsEventStream = (ctx: Context): boolean => ctx.get('Accept').toLowerCase().includes('text/event-stream');

/**
 * The MCP spec: a 2025-era request naming a protocol version the server does not speak → 400. A header
 * naming a 2026-era version is checked against the body once it is read (lanes.ts: -32020, -32022).
 */
async function assertKnownProtocolVersion(ctx: Context): Promise<void> {
  const version = ctx.get('Mcp-Protocol-Version');
  if (!version || isModernVersion(version)) return;
  const { SUPPORTED_PROTOCOL_VERSIONS } = await loadMcp();
  if (!SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    throw new HttpProblem('unsupported_protocol_version', `unsupported MCP protocol version ${version}`);
  }
}

/**
 * MCP over Streamable HTTP, stateless (SPEC §7.1), for an API key or an OAuth access token that Desk
 * issued for this endpoint on this origin (routes/oauth.ts; a 401 names the resource metadata): `POST /api/mcp` carries one JSON-RPC message
 * (2026-07-28 with its `_meta` envelope and mirrored headers, or 2025-era), or a 2025-era batch of up
 * to 32, each answered by the app's one McpServer over the one catalogue, always as JSON
 * (whatever Accept says, so plain clients never get 406). `GET /api/mcp` is discovery JSON, except a
 * GET that asks for an event stream (the SDK clients' listening stream), which gets 405 so they stop
 * asking. Every HTTP-level failure is answered as a JSON-RPC error body by the app's error handler
 * (mcp-errors.ts). No audit entry per call (seed §6.4): the mutating use cases audit themselves with
 * the key as the actor.
 */
export const mcpRoutes: RouteModule = {
  name: 'mcp',
  register(router, deps) {
    const { container, config, build, observability } = deps;
    const { log, metrics, errors } = observability;
    const catalogue = () => deps.resolve(ToolCatalogue);
    const accessToken = accessTokenCredential(deps, config, MCP_PATH);
    const apiKey = apiKeyCredential(deps, 'bearer');
    // An OAuth access token (desk_at_…) is signed in before the limit, so its person and app are what
    // is counted ("per person and client"); a token that is not valid is refused after the limit, as a
    // key is, and counted by address like every other unauthenticated request.
    const identifyToken: Middleware = async (ctx, next) => {
      if (accessToken.presented(ctx) !== undefined) {
        try {
          await signIn(ctx, accessToken);
        } catch (e) {
          if (!isDomainError(e)) throw e;
          ctx.state.authFailure = e;
        }
      }
      await next();
    };
    // Per source address, before key authentication: unauthenticated floods count too, and a batch
    // is one request (seed §8); per person and app for an OAuth token. Limit 0
    // (RATE_LIMIT_MCP_PER_MINUTE) turns it off.
    const limited = rateLimit(container, deps.rateLimits.mcp, (ctx) => {
      const actor = ctx.state.actor as Actor | undefined;
      const via = actor && viaOf(actor);
      return via ? `oauth:${actor.tenant.id}:${actor.principal.id}:${via.clientId}` : addressSubject(ctx);
    });
    // The caller: the token signed in above, or the key (each credential's guard ends in the tenant
    // rule), admitted to the integration surface (its module off: 403 on MCP, seed §7); then the
    // Origin, which may be a host of the caller's own tenant only. A 401 names where to get a token
    // (RFC 9728 §5.1), so an OAuth client can start from the endpoint's address alone.
    const origins = new OriginPolicy(config);
    const admit = async (ctx: Context): Promise<void> => {
      try {
        if (ctx.state.authFailure) throw ctx.state.authFailure;
        if (!ctx.state.actor) await signIn(ctx, apiKey);
      } catch (e) {
        if (isDomainError(e) && e.code === 'unauthorized') {
          const metadata = `resource_metadata="${requestOrigin(ctx, config)}${resourceMetadataPath}"`;
          const presented = bearerToken(ctx) !== undefined;
          ctx.set('WWW-Authenticate', `Bearer ${metadata}${presented ? ', error="invalid_token"' : ''}`);
        }
        throw e;
      }
      const actor = actorOf(ctx);
      admitSurface(actor, 'integration');
      if (!origins.allows(ctx, actor.tenant)) throw forbiddenOrigin();
    };
    // One layer, not three: the caller, then (for a message) the protocol version it names.
    const caller: Middleware = async (ctx, next) => {
      await admit(ctx);
      await next();
    };
    const callerAndVersion: Middleware = async (ctx, next) => {
      await admit(ctx);
      await assertKnownProtocolVersion(ctx);
      await next();
    };

    // One server for this app, built on the first MCP request: callers come with each message.
    let server: McpServer | undefined;

    // Authenticated before the body is read: a caller without a key never gets it parsed.
    router.post(MCP_PATH, identifyToken, limited, callerAndVersion, jsonBody(), async (ctx) => {
      const protocol = await loadMcp();
      const mcp = (server ??= protocol.createMcpServer({
        catalogue: catalogue(),
        resolve: deps.resolve,
        version: build.version,
        metrics,
      }));
      const context: MessageContext = {
        actor: ctx.state.actor as Actor,
        reportUnexpected: (e, where) => {
          const fields = { requestId: ctx.state.requestId as string | undefined, ...where };
          log.error({ ...fields, err: e }, 'unexpected error in an MCP call');
          errors.report(e, { surface: 'mcp', method: ctx.method, route: MCP_PATH, ...fields });
        },
      };
      const answer = await protocol.answerPayload(
        (message, lane) => mcp.answer(message, context, lane),
        ctx.request.body,
        headersOf(ctx),
      );
      ctx.status = answer.status;
      if (answer.body === undefined) {
        // 202 Accepted, empty: Koa would otherwise send the status text as the body.
        ctx.body = '';
        ctx.remove('Content-Type');
        return;
      }
      // Already JSON bytes (exchange.ts serialises each reply once); Koa sends a Buffer as it stands.
      ctx.type = 'application/json';
      ctx.body = answer.body;
    });

    // The SDK clients' listening stream: 405 before anything else, so they stop asking.
    const noEventStream: Middleware = async (ctx, next) => {
      if (!acceptsEventStream(ctx)) return next();
      ctx.set('Allow', 'POST');
      throw new HttpProblem('method_not_allowed', 'this endpoint offers no event stream; POST JSON-RPC messages');
    };

    router.get(MCP_PATH, identifyToken, limited, noEventStream, caller, async (ctx) => {
      const actor = ctx.state.actor as Actor;
      ctx.body = {
        server: { name: 'desk', version: build.version },
        endpoint: `${config.publicUrl}${MCP_PATH}`,
        tools: catalogue().summariesFor(actor, 'integration'),
      };
    });

    // Stateless: no session to DELETE, nothing else to do here.
    router.all(MCP_PATH, (ctx) => {
      ctx.set('Allow', 'GET, POST');
      throw new HttpProblem('method_not_allowed', `${ctx.method} is not allowed on ${MCP_PATH}`);
    });
  },
};
