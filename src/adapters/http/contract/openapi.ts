import { z } from 'zod';
import { PROBLEMS, PROBLEM_CONTENT_TYPE, type ProblemKind } from '../problems.js';
import {
  isUseCaseRoute,
  type Answer,
  type Media,
  type RouteDeclaration,
  type RouteGroup,
  type UseCaseRoute,
} from './route.js';
import { namedSchemas, schemaName } from './schema-names.js';

type Json = Record<string, unknown>;

/** The OpenAPI 3.1 document of the console API, and where each route's operation sits in it. */
export interface ConsoleDocument {
  readonly document: Json;
  /** The operation of a route, by its declaration. */
  operation(route: RouteDeclaration): Operation;
}

export interface Operation {
  readonly operationId: string;
  /** Each status the route answers on success, with the JSON Schema of a JSON body (null for another body). */
  readonly responses: ReadonlyMap<number, { readonly media: string; readonly schema: Json | null }>;
}

/** The names of a path's parameters, in order: `/api/people/{id}/archive` → `['id']`. */
export const pathParams = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** The object schema of a use case's input, or null when it judges a raw body itself. */
export function inputFields(input: z.ZodType): z.ZodObject | null {
  return input instanceof z.ZodObject ? input : null;
}

/** The input fields the path carries (by the names the use case gives them). */
const pathFieldsOf = (route: UseCaseRoute<z.ZodType, never>): string[] =>
  pathParams(route.path).map((name) => route.params?.[name] ?? name);

/** What is left of a use case's input once the path has given its part, or null when nothing is. */
function restOfInput(route: UseCaseRoute<z.ZodType, never>): z.ZodObject | null {
  const fields = inputFields(route.useCase.input);
  if (!fields) return null;
  if (route.pathOnly) return null;
  const pathFields = new Set(pathFieldsOf(route));
  const shape = Object.fromEntries(Object.entries(fields.shape).filter(([name]) => !pathFields.has(name)));
  if (Object.keys(shape).length === 0) return null;
  // A new object of the remaining fields (`omit` refuses an object with refinements, as exactly-one
  // rules are): the use case still judges the whole input; this is what the query or body may carry.
  const strict = fields._zod.def.catchall?._zod.def.type === 'never';
  return strict ? z.strictObject(shape) : z.object(shape);
}

/** The query a use-case route reads (GET and DELETE take their input there), or null. */
export function useCaseQuery(route: UseCaseRoute<z.ZodType, never>): z.ZodObject | null {
  return route.method === 'get' || route.method === 'delete' ? restOfInput(route) : null;
}

export const statusOf = (route: UseCaseRoute<z.ZodType, never>): number => route.status ?? 200;

const isMedia = (answer: Answer): answer is Media => !(answer instanceof z.ZodType);

/** `CreateDevice` → `createDevice`. */
const camel = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);
const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

export const operationIdOf = (route: RouteDeclaration): string => {
  if (route.operationId) return route.operationId;
  if (isUseCaseRoute(route)) return camel(route.useCase.name);
  throw new Error(`${route.method.toUpperCase()} ${route.path}: a route without a use case names its operationId`);
};

/** The modules and permissions a route requires (its use case's, or its own). */
export const requiredOf = (route: RouteDeclaration): readonly string[] =>
  isUseCaseRoute(route) ? route.useCase.required : (route.required ?? []);

/** Each status a route answers with on success, and with what. */
export function successesOf(route: RouteDeclaration): [number, Answer | null][] {
  if (!isUseCaseRoute(route)) return Object.entries(route.responses).map(([s, a]) => [Number(s), a ?? null]);
  const status = statusOf(route);
  return [[status, status === 204 ? null : (route.output ?? null)]];
}

/** Whether the route reads a JSON body. */
export function readsJsonBody(route: RouteDeclaration): boolean {
  const json = route.method === 'post' || route.method === 'put' || route.method === 'patch';
  if (isUseCaseRoute(route)) return json && route.jsonBody !== false;
  return route.body !== undefined && route.body !== 'text/csv';
}

/**
 * The problems a route may answer, by kind: what follows from its declaration (who may call it, what
 * it requires and takes), the ones it names itself, and an unreachable database, which any route may
 * meet. `surface` is `key` for a route's `/api/v1` twin, which answers as the key surface does.
 */
export function problemsOf(route: RouteDeclaration, surface: 'session' | 'key' = 'session'): Set<ProblemKind> {
  const kinds = new Set<ProblemKind>(route.problems ?? []);
  kinds.add('unavailable');
  if (surface === 'key') {
    kinds.add('unauthorized').add('module_disabled').add('rate_limited');
  } else if (route.access !== 'public') {
    kinds.add('unauthorized');
    if (route.method !== 'get') kinds.add('forbidden'); // an origin that may not act for the school
  }
  for (const required of requiredOf(route)) kinds.add(required.startsWith('module.') ? 'module_disabled' : 'forbidden');
  if (isUseCaseRoute(route)) {
    const fields = inputFields(route.useCase.input);
    if (fields === null || Object.keys(fields.shape).length > 0) kinds.add('invalid');
    if (pathParams(route.path).length > 0) kinds.add('not_found');
  } else if (route.query || route.body) {
    kinds.add('invalid');
  }
  if (readsJsonBody(route)) kinds.add('malformed_body').add('unsupported_media_type').add('payload_too_large');
  if (!isUseCaseRoute(route) && route.body === 'text/csv') kinds.add('unsupported_media_type').add('payload_too_large');
  return kinds;
}

/** JSON Schema of an input part, as a client sends it. */
const inputSchema = (schema: z.ZodType): Json => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return json;
};

function parameters(route: RouteDeclaration): Json[] {
  const fields = isUseCaseRoute(route) ? inputFields(route.useCase.input) : null;
  const path = pathParams(route.path).map((name) => {
    const field = isUseCaseRoute(route) ? (route.params?.[name] ?? name) : name;
    const schema = fields?.shape[field] ? inputSchema(fields.shape[field] as z.ZodType) : { type: 'string' };
    return { name, in: 'path', required: true, schema };
  });
  const query = isUseCaseRoute(route) ? useCaseQuery(route) : (route.query ?? null);
  if (!query) return path;
  const json = inputSchema(query) as { properties?: Record<string, Json>; required?: string[] };
  const queryParams = Object.entries(json.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema as { description?: string };
    return {
      name,
      in: 'query',
      required: (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
  return [...path, ...queryParams];
}

function requestBody(route: RouteDeclaration): Json | null {
  if (isUseCaseRoute(route)) {
    if (!readsJsonBody(route)) return null;
    const fields = inputFields(route.useCase.input);
    const body = fields ? restOfInput(route) : (route.body ?? null);
    if (!body) return null;
    return { required: true, content: { 'application/json': { schema: inputSchema(body) } } };
  }
  if (route.body === 'text/csv')
    return { required: true, content: { 'text/csv': { schema: { type: 'string', description: 'UTF-8 CSV' } } } };
  if (!route.body) return null;
  return { required: true, content: { 'application/json': { schema: inputSchema(route.body) } } };
}

const SUCCESS_WORDS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no body',
  302: 'Found: go to the Location',
  303: 'See other: go to the Location',
};

const MEDIA_TYPE: Readonly<Record<Media['media'], string>> = {
  'text/csv': 'text/csv',
  'text/event-stream': 'text/event-stream',
  redirect: 'none',
  none: 'none',
};

/** The status of each problem kind, grouped: 404 is both `not-found` and `module-disabled`. */
function problemResponses(kinds: ReadonlySet<ProblemKind>): Map<number, ProblemKind[]> {
  const byStatus = new Map<number, ProblemKind[]>();
  for (const kind of kinds) {
    const status = PROBLEMS[kind].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), kind]);
  }
  return byStatus;
}

const PROBLEM_SCHEMA: Json = {
  type: 'object',
  description: 'RFC 9457 problem details. Match on `type`, never on `title` or `detail`.',
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      description: 'Present on invalid input: one entry per problem.',
      items: {
        type: 'object',
        properties: {
          pointer: { type: 'string', description: 'JSON Pointer (RFC 6901) to the field; empty for the whole input' },
          detail: { type: 'string' },
        },
        required: ['pointer', 'detail'],
      },
    },
  },
  required: ['type', 'title', 'status', 'detail'],
};

/**
 * Builds the OpenAPI 3.1 document of the console API from the route declarations: never written by
 * hand, so it cannot say anything the routes do not do. JSON bodies are the zod schemas of the
 * declarations and their use cases, as JSON Schema 2020-12 (which OpenAPI 3.1 takes as is); a schema
 * named in schema-names.ts, or answered by a route, is a component the browser console's types are
 * generated from (web/src/api/console-api.gen.ts).
 */
export function consoleOpenApi(
  groups: readonly RouteGroup[],
  o: { readonly version: string; readonly serverUrl: string },
): ConsoleDocument {
  // Every JSON answer is a component: named ones by their name, the rest after their operation.
  const registry = z.registry<{ id: string }>();
  const ids = new Map<z.ZodType, string>();
  const routes = groups.flatMap((g) => g.routes.map((route) => ({ group: g, route })));
  for (const [schema, id] of namedSchemas()) {
    ids.set(schema, id);
    registry.add(schema, { id });
  }
  const seen = new Set<string>();
  for (const { route } of routes) {
    const operationId = operationIdOf(route);
    if (seen.has(operationId)) throw new Error(`two console routes share the operationId ${operationId}`);
    seen.add(operationId);
    for (const [status, answer] of successesOf(route)) {
      if (!answer || isMedia(answer) || ids.has(answer)) continue;
      const id = schemaName(answer) ?? `${pascal(operationId)}${status === 200 ? '' : status}Response`;
      ids.set(answer, id);
      registry.add(answer, { id });
    }
  }
  const converted = z.toJSONSchema(registry, {
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> };
  const schemas: Record<string, Json> = { Problem: PROBLEM_SCHEMA };
  for (const [id, { $schema: _s, $id: _i, ...schema }] of Object.entries(converted.schemas)) schemas[id] = schema;

  const operations = new Map<RouteDeclaration, Operation>();
  const paths: Record<string, Record<string, Json>> = {};
  for (const { group, route } of routes) {
    const operationId = operationIdOf(route);
    const responses: Json = {};
    const checked = new Map<number, { media: string; schema: Json | null }>();
    for (const [status, answer] of successesOf(route)) {
      if (!answer || (isMedia(answer) && (answer.media === 'none' || answer.media === 'redirect'))) {
        const description = answer ? answer.description : SUCCESS_WORDS[status]!;
        responses[status] = {
          description,
          ...(answer && isMedia(answer) && answer.media === 'redirect'
            ? { headers: { Location: { schema: { type: 'string' }, description: 'Where to go next' } } }
            : {}),
        };
        checked.set(status, { media: 'none', schema: null });
      } else if (isMedia(answer)) {
        responses[status] = {
          description: answer.description,
          content: { [answer.media]: { schema: { type: 'string' } } },
        };
        checked.set(status, { media: MEDIA_TYPE[answer.media], schema: null });
      } else {
        const ref = { $ref: `#/components/schemas/${ids.get(answer)!}` };
        responses[status] = {
          description: SUCCESS_WORDS[status] ?? 'OK',
          content: { 'application/json': { schema: ref } },
        };
        checked.set(status, { media: 'application/json', schema: { ...ref, components: { schemas } } });
      }
    }
    for (const [status, kinds] of problemResponses(problemsOf(route))) {
      responses[status] = { $ref: `#/components/responses/${responseName(status, kinds)}` };
    }
    const required = requiredOf(route);
    const body = requestBody(route);
    const params = parameters(route);
    const description = [route.description, route.aliasOf && aliasNote(route.aliasOf)].filter(Boolean).join('\n\n');
    const operation: Json = {
      operationId,
      summary: route.summary,
      ...(description ? { description } : {}),
      // An alias says so where generators and readers look (`deprecated`), and which route replaces it.
      ...(route.aliasOf ? { deprecated: true, 'x-desk-alias-of': operationIdOf(route.aliasOf) } : {}),
      tags: [group.name],
      ...(params.length > 0 ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses,
      security: route.access === 'public' ? [] : [{ session: [] }, { sessionToken: [] }],
      'x-desk-required': required,
      ...(!isUseCaseRoute(route) && route.who ? { 'x-desk-who': route.who } : {}),
      ...(route.keyed ? { 'x-desk-api-key-path': keyedTwin(route.path) } : {}),
    };
    (paths[route.path] ??= {})[route.method] = operation;
    operations.set(route, { operationId, responses: checked });
  }

  const document: Json = {
    openapi: '3.1.0',
    info: {
      title: 'Desk console API',
      version: o.version,
      description:
        'What the browser console, and every script signed in as a person, uses. Sign in with `POST /api/auth/login`; the session travels as the `desk_session` cookie or as `Authorization: Bearer <token>`. Writes from a browser must come from an origin that may act for the school. Errors are RFC 9457 problem details. `x-desk-required` lists the modules and permissions an operation needs.',
    },
    servers: [{ url: o.serverUrl }],
    tags: groups.map((g) => ({ name: g.name, description: g.description })),
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'desk_session', description: 'The console session cookie.' },
        sessionToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The session token `POST /api/auth/login` answers with.',
        },
      },
      schemas,
      responses: sharedProblemResponses(routes.map((r) => r.route)),
    },
  };
  return {
    document,
    operation(route) {
      const found = operations.get(route);
      if (!found) throw new Error(`${route.method.toUpperCase()} ${route.path} is not in the document`);
      return found;
    },
  };
}

/** What the document says of an alias: which route to call instead, and that it answers the same. */
export const aliasNote = (of: RouteDeclaration): string =>
  `Deprecated: an alias of \`${of.method.toUpperCase()} ${of.path}\` (\`${operationIdOf(of)}\`), kept because it is published; the same use case with the same answers. Call that route instead.`;

const keyedTwin = (path: string): string => path.replace(/^\/api\//, '/api/v1/');

/** `Problem404NotFoundOrModuleDisabled`-style names are long; one name per status and set of kinds. */
function responseName(status: number, kinds: readonly ProblemKind[]): string {
  const words = [...kinds]
    .sort()
    .map((k) => k.split('_').map(pascal).join(''))
    .join('Or');
  return `Problem${status}${words}`;
}

function sharedProblemResponses(routes: readonly RouteDeclaration[]): Json {
  const responses: Json = {};
  for (const route of routes) {
    for (const [status, kinds] of problemResponses(problemsOf(route))) {
      const name = responseName(status, kinds);
      if (responses[name]) continue;
      const types = [...kinds].sort().map((k) => `\`${PROBLEMS[k].type}\``);
      const header =
        status === 429 || status === 503
          ? {
              headers: {
                'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
              },
            }
          : {};
      responses[name] = {
        description: `${PROBLEMS[kinds[0]!].title} (type ${types.join(' or ')})`,
        ...header,
        content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } },
      };
    }
  }
  return responses;
}
