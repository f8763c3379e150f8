import { z } from 'zod';
import { consoleGroups } from './console-api/index.js';
import { compileRoutes, type CompiledRoute } from './contract/compile.js';
import { apiDocument, type ApiDocument } from './contract/openapi.js';
import { registerRoutes } from './contract/register.js';
import { handledRoute, routeGroup, type RouteGroup } from './contract/route.js';
import type { RouteModule } from './route-module.js';
import { keyGroups } from './v1-api/index.js';

const openApiDocument = z.record(z.string(), z.unknown()).describe('An OpenAPI 3.1 document');

/** The route that answers with a document, which lists it too. */
const documentRoutes = (access: 'session' | 'key', path: `/api/${string}`, document: () => ApiDocument): RouteGroup => {
  const api = access === 'key' ? 'API for keys' : 'console API';
  return routeGroup('contract', `The ${api} describing itself.`, [
    handledRoute({
      method: 'get',
      path,
      access,
      operationId: access === 'key' ? 'getKeyOpenApi' : 'getConsoleOpenApi',
      summary: `This document: the ${api} as OpenAPI 3.1, generated from its route declarations`,
      responses: { 200: openApiDocument },
      async handle({ reply }) {
        reply(200, document().document);
      },
    }),
  ]);
};

/** Every declared route, compiled once, and the two documents they make (each made on first use). */
export interface DeclaredApi {
  readonly groups: readonly RouteGroup[];
  readonly routes: readonly CompiledRoute[];
  /** The console API's document (`GET /api/openapi.json`): session and public routes. */
  readonly consoleDocument: () => ApiDocument;
  /** The API-key surface's document (`GET /api/v1/openapi.json`): what a key may call. */
  readonly keyDocument: () => ApiDocument;
}

/**
 * The declared HTTP API: the console's routes (console-api/) and the API-key surface's (v1-api/),
 * compiled once (contract/compile.ts); both documents, and the route that serves each, follow.
 */
export function declaredApi(o: { readonly version: string; readonly serverUrl: string }): DeclaredApi {
  let consoleMade: ApiDocument | undefined;
  let keyMade: ApiDocument | undefined;
  const consoleDocument = (): ApiDocument =>
    (consoleMade ??= apiDocument(
      routes.filter((r) => r.access !== 'key'),
      groups,
      {
        title: 'Desk console API',
        version: o.version,
        serverUrl: o.serverUrl,
        description:
          'What the browser console, and every script signed in as a person, uses. Sign in with `POST /api/auth/login`; the session travels as the `desk_session` cookie or as `Authorization: Bearer <token>`. Writes from a browser must come from an origin that may act for the school. Errors are RFC 9457 problem details. `x-desk-required` lists the modules and permissions an operation needs.',
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'desk_session', description: 'The console session cookie.' },
          portal: {
            type: 'apiKey',
            in: 'cookie',
            name: 'desk_portal',
            description:
              'The requester portal session cookie (`/api/portal/*`), set by a sign-in link or single sign-on.',
          },
          sessionToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The session token `POST /api/auth/login` answers with.',
          },
        },
        security: [{ session: [] }, { sessionToken: [] }],
      },
      (route) => routes.find((r) => r.twinOf === route)?.path,
    ));
  const keyDocument = (): ApiDocument =>
    (keyMade ??= apiDocument(
      routes.filter((r) => r.access === 'key'),
      groups,
      {
        title: 'Desk API for keys',
        version: o.version,
        serverUrl: o.serverUrl,
        description:
          'What scripts and other systems call with an API key (`x-api-key`), under `/api/v1`: ping, the records, webhooks, monitors, imports, the live event stream and the action surface (every tool of the catalogue the key may use). The school needs the `integrations` module on. Errors are RFC 9457 problem details. `x-desk-required` lists the modules and permissions (key scopes) an operation needs.',
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'A Desk API key (`desk_…`).' },
        },
        security: [{ apiKey: [] }],
      },
    ));
  const groups = [
    ...consoleGroups,
    documentRoutes('session', '/api/openapi.json', consoleDocument),
    ...keyGroups,
    documentRoutes('key', '/api/v1/openapi.json', keyDocument),
  ];
  const routes = compileRoutes(groups);
  return { groups, routes, consoleDocument, keyDocument };
}

/** Registers every declared route (routes/index.ts lists this module with the hand-written surfaces). */
export const declaredRoutes: RouteModule = {
  name: 'declared',
  register(router, deps) {
    const api = declaredApi({ version: deps.build.version, serverUrl: deps.config.publicUrl });
    registerRoutes(router, deps, api.routes, (route) =>
      route.access === 'key' ? api.keyDocument() : api.consoleDocument(),
    );
  },
};
