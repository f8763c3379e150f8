import type { Middleware } from 'koa';
import { z } from 'zod';
import { admit, perform } from '../../../domain/shared/use-case.js';
import { parseInput } from '../../../domain/shared/validation.js';
import { apiKeyGuard } from '../auth/api-key.js';
import { actorOf } from '../auth/credential.js';
import { requesterGuard } from '../auth/requester.js';
import { sessionGuard } from '../auth/session.js';
import { jsonBody, objectBody } from '../json-body.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { queryReader } from '../query.js';
import type { HttpDeps } from '../route-module.js';
import type { Routes } from '../routing/routes.js';
import type { CompiledRoute } from './compile.js';
import type { ApiDocument } from './openapi.js';
import { answerCheck } from './response-check.js';
import { isUseCaseRoute, type HandledRoute, type Media, type UseCaseRoute } from './route.js';

/**
 * A number in a path, as data: digits become a number, anything else stays text, which the use case's
 * schema refuses naming the field once the caller has been admitted (404 module, 403 permission, 400).
 */
const pathNumber = (raw: string | undefined): unknown =>
  raw !== undefined && /^[0-9]{1,15}$/.test(raw) ? Number(raw) : raw;

/** The handler of a route that runs one use case: the input assembled from the request, then `perform`. */
function useCaseHandler(route: CompiledRoute, deps: HttpDeps): Middleware {
  const declaration = route.declaration as UseCaseRoute<z.ZodType, never>;
  const { useCase } = declaration;
  const readQuery = route.inputFrom === 'query' && route.query ? queryReader(route.query) : null;
  const [status] = route.successes[0]!;
  const answer = route.successes[0]![1];
  const media = answer !== null && !(answer instanceof z.ZodType) ? (answer as Media) : null;
  const raw = !(useCase.input instanceof z.ZodObject);

  return async (ctx) => {
    let input: unknown;
    if (route.inputFrom === 'body') input = raw ? ctx.request.body : { ...objectBody(ctx) };
    else input = readQuery ? readQuery(ctx) : {};
    if (route.params.length > 0) {
      const target = input as Record<string, unknown>;
      for (const p of route.params) target[p.field] = p.numeric ? pathNumber(ctx.params[p.name]) : ctx.params[p.name];
    }
    const result: unknown = await perform(deps.resolve, useCase, actorOf(ctx), input);
    const shown = declaration.answer ? await declaration.answer(result as never, ctx, deps) : result;
    ctx.status = status;
    // A CSV (or another body that is not JSON) is written by `answer` on ctx itself.
    if (status !== 204 && media === null) ctx.body = shown;
  };
}

/** The handler of a route with code of its own: admitted (what it requires, its query), its body parsed, then its code. */
function handledRouteHandler(route: CompiledRoute, deps: HttpDeps): Middleware {
  const declaration = route.declaration as HandledRoute<z.ZodObject | undefined, never>;
  const query = declaration.judgesQuery ? null : route.query;
  const readQuery = query ? queryReader(query) : null;
  const admission = { required: route.required, input: query ?? z.object({}) };
  const body = declaration.body instanceof z.ZodType && !declaration.judgesBody ? declaration.body : null;
  // A requester is no actor: their routes' code reads `requesterOf(ctx)`, and the query is parsed as a public one's.
  const signedIn = route.access === 'session' || route.access === 'key';
  return async (ctx) => {
    let parsedQuery: unknown = declaration.judgesQuery ? ctx.query : {};
    if (signedIn) {
      const admitted = admit(admission, actorOf(ctx), readQuery ? readQuery(ctx) : {});
      if (!declaration.judgesQuery) parsedQuery = admitted;
    } else if (readQuery && query) {
      parsedQuery = parseInput(query, readQuery(ctx));
    }
    const parsedBody = body ? parseInput(body, ctx.request.body) : ctx.request.body;
    await declaration.handle({
      ctx,
      deps,
      query: parsedQuery as never,
      body: parsedBody as never,
      reply: ((status: number, answer: unknown) => {
        ctx.status = status;
        ctx.body = answer;
      }) as never,
    });
  };
}

/**
 * Registers every compiled route on the router, each with its pipeline composed from its compiled
 * form alone, in this order —
 * 1. the answer check, in development and tests only (CHECK_RESPONSES): every answer, problems
 *    included, must be one the route's document declares;
 * 2. the guard of its access: a console session or a requester (and, for a write, the Origins rule
 *    of middleware/origin-check.ts), or an API key (its rate limit and the integration surface), or none;
 * 3. the route's own guards (a rate limit, a CSV body);
 * 4. the JSON body, read once (json-body.ts), when the route takes one;
 * 5. the handler: the use case through `perform`, or the route's code after `admit` — either way the
 *    one admission: modules, permissions, input.
 */
export function registerRoutes(
  router: Routes,
  deps: HttpDeps,
  routes: readonly CompiledRoute[],
  documentOf: (route: CompiledRoute) => ApiDocument,
): void {
  const session = sessionGuard(deps.resolve);
  const requester = requesterGuard(deps.resolve);
  const sameOrigin = requireAllowedOrigin(new OriginPolicy(deps.config));
  const keyGuards = { v1: apiKeyGuard(deps, 'v1'), actions: apiKeyGuard(deps, 'actions') };

  for (const route of routes) {
    const { declaration } = route;
    const handler = isUseCaseRoute(declaration) ? useCaseHandler(route, deps) : handledRouteHandler(route, deps);
    const guard =
      route.access === 'key'
        ? keyGuards[route.keyPolicy]
        : route.access === 'session' || route.access === 'requester'
          ? [route.access === 'session' ? session : requester, ...(route.method === 'get' ? [] : [sameOrigin])]
          : [];
    const own = declaration.guards?.(deps) ?? [];
    const body = route.readsJson ? [jsonBody()] : [];
    // The document is made on the first answer checked, not here: a server builds it only when asked.
    const check = deps.config.checkResponses ? [lazyCheck(route, documentOf)] : [];
    router[route.method](route.routerPath, ...check, ...guard, ...own, ...body, handler);
  }
}

/** The answer check of a route, made with its document on first use. */
function lazyCheck(route: CompiledRoute, documentOf: (route: CompiledRoute) => ApiDocument): Middleware {
  let check: Middleware | undefined;
  return (ctx, next) => (check ??= answerCheck(route, documentOf(route)))(ctx, next);
}
