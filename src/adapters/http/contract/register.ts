import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { requirePermissions, type Actor } from '../../../domain/shared/actor.js';
import { perform } from '../../../domain/shared/use-case.js';
import { parseInput } from '../../../domain/shared/validation.js';
import { consoleAuth } from '../auth/session.js';
import { jsonBody, objectBody } from '../json-body.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { queryReader } from '../query.js';
import type { HttpDeps } from '../route-module.js';
import type { Routes } from '../routing/routes.js';
import { apiKeyGuard, keyRateLimits } from '../routes/v1.js';
import { answerCheck } from './response-check.js';
import {
  isUseCaseRoute,
  type HandledRoute,
  type Media,
  type Responses,
  type RouteDeclaration,
  type RouteGroup,
  type UseCaseRoute,
} from './route.js';
import { inputFields, pathParams, statusOf, useCaseQuery, type ConsoleDocument } from './openapi.js';

/** `/api/devices/{id}` → `/api/devices/:id`, as the router matches it. */
export const routerPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/** The same route for API keys: `/api/webhooks/{id}` → `/api/v1/webhooks/{id}`. */
export const keyedPath = (path: string): string => path.replace(/^\/api\//, '/api/v1/');

/**
 * A number in a path, as data: digits become a number, anything else stays text, which the use case's
 * schema refuses naming the field once the caller has been admitted (404 module, 403 permission, 400).
 */
const pathNumber = (raw: string | undefined): unknown =>
  raw !== undefined && /^[0-9]{1,15}$/.test(raw) ? Number(raw) : raw;

const writes = (route: RouteDeclaration): boolean => route.method !== 'get';
const takesJson = (route: RouteDeclaration): boolean =>
  route.method === 'post' || route.method === 'put' || route.method === 'patch';

/** Whoever signed in (a console session, or a key on the `/api/v1` twin of a route). */
const actorOf = (ctx: Context): Actor => {
  const actor = ctx.state.actor as Actor | undefined;
  if (!actor) throw new Error('the route has no sign-in in front of it');
  return actor;
};

/** The handler of a route that runs one use case: the input assembled from the request, then `perform`. */
function useCaseHandler(route: UseCaseRoute<z.ZodType, never>, deps: HttpDeps): Middleware {
  const { useCase } = route;
  const fields = inputFields(useCase.input);
  const params = pathParams(route.path).map((name) => {
    const field = route.params?.[name] ?? name;
    const numeric = fields?.shape[field] !== undefined && isWholeNumber(fields.shape[field]);
    return { name, field, numeric };
  });
  const query = useCaseQuery(route);
  const readQuery = query ? queryReader(query) : null;
  // A body is input when the use case takes more than the path (or judges a raw body itself).
  const bodyIsInput =
    takesJson(route) &&
    !route.pathOnly &&
    (fields === null || Object.keys(fields.shape).some((f) => !params.some((p) => p.field === f)));
  const status = statusOf(route);
  const media = route.output !== undefined && !(route.output instanceof z.ZodType) ? (route.output as Media) : null;

  return async (ctx) => {
    let input: unknown;
    if (bodyIsInput) input = fields === null ? ctx.request.body : { ...objectBody(ctx) };
    else input = readQuery ? readQuery(ctx) : {};
    if (params.length > 0) {
      const target = input as Record<string, unknown>;
      for (const p of params) target[p.field] = p.numeric ? pathNumber(ctx.params[p.name]) : ctx.params[p.name];
    }
    const result: unknown = await perform(deps.resolve, useCase, actorOf(ctx), input);
    const shown = route.answer ? await route.answer(result as never, ctx, deps) : result;
    ctx.status = status;
    // A CSV (or another body that is not JSON) is written by `answer` on ctx itself.
    if (status !== 204 && media === null) ctx.body = shown;
  };
}

/** A whole-number field of an input schema (a loan number in the path). */
function isWholeNumber(schema: z.ZodType): boolean {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { type?: unknown };
  return json.type === 'integer' || json.type === 'number';
}

/** The handler of a route with code of its own: what it requires and takes is checked first. */
function handledRouteHandler(
  route: HandledRoute<z.ZodObject | undefined, never, Responses>,
  deps: HttpDeps,
): Middleware {
  const readQuery = route.query && !route.judgesQuery ? queryReader(route.query) : null;
  const body = route.body instanceof z.ZodType && !route.judgesBody ? route.body : null;
  return async (ctx) => {
    if (route.required && route.required.length > 0) requirePermissions(actorOf(ctx), route.required);
    const query =
      readQuery && route.query ? parseInput(route.query, readQuery(ctx)) : route.judgesQuery ? ctx.query : {};
    const parsed = body ? parseInput(body, ctx.request.body) : ctx.request.body;
    await route.handle({
      ctx,
      deps,
      query: query as never,
      body: parsed as never,
      reply: ((status: number, answer: unknown) => {
        ctx.status = status;
        ctx.body = answer;
      }) as never,
    });
  };
}

/**
 * Registers every declared route on the router: what runs before the handler follows from the
 * declaration alone, in this order —
 * 1. the answer check, in development and tests only (CHECK_RESPONSES): every answer, problems
 *    included, must be one the document declares for the route;
 * 2. sign-in (a console session; an API key on a route's `/api/v1` twin);
 * 3. for a write by a session, the Origins rule (middleware/origin-check.ts);
 * 4. the route's own guards (a rate limit);
 * 5. the JSON body, read once (json-body.ts), when the route takes one;
 * 6. the handler: the use case through `perform` (module, permission, input), or the route's code.
 */
export function registerRoutes(
  router: Routes,
  deps: HttpDeps,
  groups: readonly RouteGroup[],
  document: () => ConsoleDocument,
): void {
  const signedIn = consoleAuth(deps.container);
  const sameOrigin = requireAllowedOrigin(new OriginPolicy(deps.config));
  const keyed = (): Middleware[] => apiKeyGuard(deps, 'v1', keyRateLimits);

  for (const group of groups) {
    for (const route of group.routes) {
      const handler = isUseCaseRoute(route) ? useCaseHandler(route, deps) : handledRouteHandler(route, deps);
      const guards = route.guards?.(deps) ?? [];
      const readsJson = isUseCaseRoute(route)
        ? takesJson(route) && route.jsonBody !== false
        : route.body !== undefined && route.body !== 'text/csv';
      const body = readsJson ? [jsonBody()] : [];
      const check = deps.config.checkResponses ? [answerCheck(document(), route, route.path)] : [];
      const session = route.access === 'public' ? [] : writes(route) ? [signedIn, sameOrigin] : [signedIn];
      router[route.method](routerPath(route.path), ...check, ...session, ...guards, ...body, handler);

      if (route.keyed) {
        const path = keyedPath(route.path);
        const keyCheck = deps.config.checkResponses ? [answerCheck(document(), route, route.path, 'key')] : [];
        router[route.method](routerPath(path), ...keyCheck, ...keyed(), ...guards, ...body, handler);
      }
    }
  }
}
