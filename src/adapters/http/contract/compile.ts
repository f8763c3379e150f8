import { z } from 'zod';
import type { KeyRatePolicy } from '../auth/api-key.js';
import type { ProblemKind } from '../problems.js';
import {
  isFileBody,
  isUseCaseRoute,
  type FileBody,
  type Access,
  type Answer,
  type HandledRoute,
  type Method,
  type RouteDeclaration,
  type RouteGroup,
  type UseCaseRoute,
} from './route.js';

/**
 * The one compile step of the route declarations (route.ts): each declaration becomes the routes it
 * serves — itself, and for a `keyed` console route its `/api/v1` twin — each worked out once here,
 * down to what its path carries, what its query and body may hold, every status it may answer and the
 * problems it may give. The router (register.ts), the OpenAPI documents (openapi.ts), the answer check
 * (response-check.ts) and the docs' route table (route-table.ts) all read these, never the
 * declarations themselves.
 */
export interface CompiledRoute {
  readonly declaration: RouteDeclaration;
  readonly group: RouteGroup;
  readonly method: Method;
  /** The path as OpenAPI writes it: `/api/devices/{id}` (a twin's: `/api/v1/devices/{id}`). */
  readonly path: string;
  /** The path as the router matches it: `/api/devices/:id`. */
  readonly routerPath: string;
  readonly access: Access;
  /** For a key route, the rate limit it counts under. */
  readonly keyPolicy: KeyRatePolicy;
  readonly operationId: string;
  /** The modules and permissions a caller must hold (the use case's, or the route's own). */
  readonly required: readonly string[];
  /** The path's parameters, in order, and the input field each gives. */
  readonly params: readonly PathParam[];
  /** What the query may carry (GET and DELETE use-case routes, or a handled route's own), or null. */
  readonly query: z.ZodObject | null;
  /** What the body may carry: a JSON body's schema, a CSV file, or nothing. */
  readonly body: z.ZodType | FileBody | null;
  /** Whether the pipeline reads a JSON body (a POST that only acts still gets its body checked). */
  readonly readsJson: boolean;
  /**
   * Where a use-case route's input comes from besides the path: the JSON body (or the raw body a use
   * case judges itself), else the query (nothing there for a POST that takes only the path); null for
   * a handled route.
   */
  readonly inputFrom: 'body' | 'query' | null;
  /** Each status it answers on success, and with what (null: no body). */
  readonly successes: readonly (readonly [number, Answer | null])[];
  /** Every problem it may answer, by kind. */
  readonly problems: ReadonlySet<ProblemKind>;
  /** For an `/api/v1` twin, the console route it repeats for API keys. */
  readonly twinOf: CompiledRoute | null;
  /** For a deprecated alias (aliasRoute), the route it repeats: the one to call instead. */
  readonly aliasOf: CompiledRoute | null;
}

export interface PathParam {
  /** Its name in the path (`number`). */
  readonly name: string;
  /** The use case's input field it fills (`number`, or what `params` maps it to). */
  readonly field: string;
  /** Its schema, as the use case declares the field (or a string). */
  readonly schema: z.ZodType | null;
  /** Whether the field is a number: the path's digits are read as one. */
  readonly numeric: boolean;
}

/** `/api/devices/{id}` → `/api/devices/:id`, as the router matches it. */
const routerPathOf = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/** The one place the `/api/v1` twin's path is spelt: `/api/webhooks/{id}` → `/api/v1/webhooks/{id}`. */
const keyedPathOf = (path: string): string => path.replace(/^\/api\//, '/api/v1/');

/** The names of a path's parameters, in order: `/api/people/{id}/archive` → `['id']`. */
const pathNames = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** The object schema of a use case's input, or null when it judges a raw body itself. */
const inputFields = (input: z.ZodType): z.ZodObject | null => (input instanceof z.ZodObject ? input : null);

/** `CreateDevice` → `createDevice`. */
const camel = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

/** The wrappers that leave a field's input type as it was (`.optional()`, `.default(…)`…). */
const TRANSPARENT = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/**
 * A numeric field of an input schema (a loan number in the path), read from the schema's definition:
 * through the wrappers above and a pipe's input side, as the field's published input type reads. Not
 * through z.toJSONSchema, which converted the whole field once per path parameter and was half of
 * compiling every route at start.
 */
function isWholeNumber(schema: z.ZodType): boolean {
  let def = schema.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
  for (;;) {
    if (TRANSPARENT.has(def.type) && def.innerType) def = def.innerType.def as typeof def;
    else if (def.type === 'pipe' && def.in) def = def.in.def as typeof def;
    else return def.type === 'number';
  }
}

function paramsOf(route: RouteDeclaration): PathParam[] {
  const fields = isUseCaseRoute(route) ? inputFields(route.useCase.input) : null;
  return pathNames(route.path).map((name) => {
    const field = isUseCaseRoute(route) ? (route.params?.[name] ?? name) : name;
    const schema = (fields?.shape[field] as z.ZodType | undefined) ?? null;
    return { name, field, schema, numeric: schema !== null && isWholeNumber(schema) };
  });
}

/** What is left of a use case's input once the path has given its part, or null when nothing is. */
function restOfInput(route: UseCaseRoute<z.ZodType, never>, params: readonly PathParam[]): z.ZodObject | null {
  const fields = inputFields(route.useCase.input);
  if (!fields || route.pathOnly) return null;
  const fromPath = new Set(params.map((p) => p.field));
  const shape = Object.fromEntries(Object.entries(fields.shape).filter(([name]) => !fromPath.has(name)));
  if (Object.keys(shape).length === 0) return null;
  // A new object of the remaining fields (`omit` refuses an object with refinements, as exactly-one
  // rules are): the use case still judges the whole input; this is what the query or body may carry.
  const strict = fields._zod.def.catchall?._zod.def.type === 'never';
  return strict ? z.strictObject(shape) : z.object(shape);
}

const takesJson = (method: Method): boolean => method === 'post' || method === 'put' || method === 'patch';

/**
 * The problems a route may answer, by kind: what follows from its declaration (who may call it, what
 * it requires and takes), the ones it names itself, and an unreachable database, which any route may meet.
 */
function problemsOf(
  route: RouteDeclaration,
  access: Access,
  required: readonly string[],
  params: readonly PathParam[],
  readsJson: boolean,
): Set<ProblemKind> {
  const kinds = new Set<ProblemKind>(route.problems ?? []);
  kinds.add('unavailable');
  if (access === 'key') {
    kinds.add('unauthorized').add('module_disabled').add('rate_limited');
  } else if (access === 'session' || access === 'requester') {
    kinds.add('unauthorized');
    if (route.method !== 'get') kinds.add('forbidden'); // an origin that may not act for the school
  }
  for (const r of required) kinds.add(r.startsWith('module.') ? 'module_disabled' : 'forbidden');
  if (isUseCaseRoute(route)) {
    const fields = inputFields(route.useCase.input);
    if (fields === null || Object.keys(fields.shape).length > 0) kinds.add('invalid');
    if (params.length > 0) kinds.add('not_found');
  } else if (route.query || route.body) {
    kinds.add('invalid');
  }
  if (readsJson) kinds.add('malformed_body').add('unsupported_media_type').add('payload_too_large');
  if (!isUseCaseRoute(route) && isFileBody(route.body)) kinds.add('unsupported_media_type').add('payload_too_large');
  return kinds;
}

/** Compiles one declaration as it is served at `path` to callers of `access`. */
function compileOne(
  route: RouteDeclaration,
  group: RouteGroup,
  access: Access,
  path: string,
  twinOf: CompiledRoute | null,
): CompiledRoute {
  const params = paramsOf(route);
  const useCase = isUseCaseRoute(route) ? route : null;
  const operationId =
    route.operationId ??
    (useCase
      ? camel(useCase.useCase.name)
      : (() => {
          throw new Error(
            `${route.method.toUpperCase()} ${route.path}: a route without a use case names its operationId`,
          );
        })());
  const required = useCase ? useCase.useCase.required : ((route as HandledRoute).required ?? []);
  let inputFrom: CompiledRoute['inputFrom'] = null;
  let query: z.ZodObject | null;
  let body: z.ZodType | FileBody | null;
  let readsJson: boolean;
  let successes: (readonly [number, Answer | null])[];
  if (useCase) {
    const rest = restOfInput(useCase, params);
    const reads = route.method === 'get' || route.method === 'delete';
    query = reads ? rest : null;
    readsJson = takesJson(route.method) && useCase.jsonBody !== false;
    // A body is input when the use case takes more than the path (or judges a raw body itself).
    body = !readsJson ? null : inputFields(useCase.useCase.input) ? rest : (useCase.body ?? null);
    const fields = inputFields(useCase.useCase.input);
    const bodyIsInput = takesJson(route.method) && !useCase.pathOnly && (fields === null || rest !== null);
    inputFrom = bodyIsInput ? 'body' : 'query';
    const status = useCase.status ?? 200;
    successes = [[status, status === 204 ? null : (useCase.output ?? null)]];
  } else {
    const handled = route as HandledRoute;
    query = handled.query ?? null;
    body = handled.body ?? null;
    readsJson = handled.body !== undefined && !isFileBody(handled.body);
    successes = Object.entries(handled.responses).map(([s, a]) => [Number(s), a ?? null] as const);
  }
  return {
    declaration: route,
    group,
    method: route.method,
    path,
    routerPath: routerPathOf(path),
    access,
    keyPolicy: route.keyPolicy ?? 'v1',
    operationId,
    required,
    params,
    query,
    body,
    readsJson,
    inputFrom,
    successes,
    problems: problemsOf(route, access, required, params, readsJson),
    twinOf,
    aliasOf: null,
  };
}

/**
 * Compiles every declaration of the groups: each as declared, and a `keyed` one also as its
 * `/api/v1` twin for API keys. Fails on two routes of one method and path, and on an operationId
 * used twice among the routes of one access (each access has a document of its own).
 */
export function compileRoutes(groups: readonly RouteGroup[]): CompiledRoute[] {
  const compiled: CompiledRoute[] = [];
  for (const group of groups) {
    for (const route of group.routes) {
      const own = compileOne(route, group, route.access ?? 'session', route.path, null);
      compiled.push(own);
      if (route.keyed) compiled.push(compileOne(route, group, 'key', keyedPathOf(route.path), own));
    }
  }
  // An alias repeats a route of its own access: found among the compiled routes by its declaration.
  for (const [i, route] of compiled.entries()) {
    const of = route.declaration.aliasOf;
    if (!of) continue;
    const target = compiled.find((r) => r.declaration === of && r.access === route.access);
    if (!target)
      throw new Error(`${route.method.toUpperCase()} ${route.path}: the route it is an alias of is not declared`);
    compiled[i] = { ...route, aliasOf: target };
  }
  const seen = new Set<string>();
  for (const route of compiled) {
    const where = `${route.method} ${route.routerPath.toLowerCase()}`;
    const id = `${route.access === 'key' ? 'key' : 'console'} ${route.operationId}`;
    if (seen.has(where)) throw new Error(`${route.method.toUpperCase()} ${route.path} is declared twice`);
    if (seen.has(id)) throw new Error(`two routes share the operationId ${route.operationId}`);
    seen.add(where).add(id);
  }
  return compiled;
}

/** The twin a console route has for API keys, if any, among compiled routes. */
export const twinOf = (routes: readonly CompiledRoute[], route: CompiledRoute): CompiledRoute | undefined =>
  routes.find((r) => r.twinOf === route);
