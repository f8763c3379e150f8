import { z } from 'zod';
import { PROBLEM_CONTENT_TYPE, PROBLEM_JSON_SCHEMA, PROBLEMS, type ProblemKind } from '../problems.js';
import type { CompiledRoute } from './compile.js';
import { FILE_BODIES, isFileBody, type Answer, type Media, type RouteGroup } from './route.js';
import { namedSchemas, schemaName } from './schema-names.js';

type Json = Record<string, unknown>;

/** An OpenAPI 3.1 document made from compiled routes, and where each route's operation sits in it. */
export interface ApiDocument {
  readonly document: Json;
  /** The operation of a route of this document. */
  operation(route: CompiledRoute): Operation;
}

export interface Operation {
  readonly operationId: string;
  /** Each status the route answers on success, with the JSON Schema of a JSON body (null for another body). */
  readonly responses: ReadonlyMap<number, { readonly media: string; readonly schema: Json | null }>;
}

/** What a document says of itself and how its callers sign in. */
export interface DocumentInfo {
  readonly title: string;
  readonly description: string;
  readonly version: string;
  readonly serverUrl: string;
  readonly securitySchemes: Json;
  /** The security requirement of an operation that is not public. */
  readonly security: readonly Json[];
}

/** A portal route's callers: the portal cookie, or a console session standing for the person it is. */
const PORTAL_SECURITY = [{ portal: [] }, { session: [] }];

const isMedia = (answer: Answer): answer is Media => !(answer instanceof z.ZodType);
const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** JSON Schema of an input part, as a client sends it. */
const inputSchema = (schema: z.ZodType): Json => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return json;
};

function parameters(route: CompiledRoute): Json[] {
  const path = route.params.map(({ name, schema }) => ({
    name,
    in: 'path',
    required: true,
    schema: schema ? inputSchema(schema) : { type: 'string' },
  }));
  if (!route.query) return path;
  const json = inputSchema(route.query) as { properties?: Record<string, Json>; required?: string[] };
  const query = Object.entries(json.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema as { description?: string };
    return {
      name,
      in: 'query',
      required: (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
  return [...path, ...query];
}

function requestBody(route: CompiledRoute): Json | null {
  if (isFileBody(route.body))
    return {
      required: true,
      content: { [route.body]: { schema: { type: 'string', description: FILE_BODIES[route.body] } } },
    };
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
  'application/octet-stream': 'application/octet-stream',
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

/** `Problem404NotFoundOrModuleDisabled`: one name per status and set of kinds. */
function responseName(status: number, kinds: readonly ProblemKind[]): string {
  const words = [...kinds]
    .sort()
    .map((k) => k.split('_').map(pascal).join(''))
    .join('Or');
  return `Problem${status}${words}`;
}

/** The problem responses the routes give, each once, named by status and kinds. */
function sharedProblemResponses(routes: readonly CompiledRoute[]): Json {
  const responses: Json = {};
  for (const route of routes) {
    for (const [status, kinds] of problemResponses(route.problems)) {
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

/** What the document says of an alias: which route to call instead, and that it answers the same. */
export const aliasNote = (of: CompiledRoute): string =>
  `Deprecated: an alias of \`${of.method.toUpperCase()} ${of.path}\` (\`${of.operationId}\`), kept because it is published; the same use case with the same answers. Call that route instead.`;

/**
 * Builds an OpenAPI 3.1 document from compiled routes: never written by hand, so it cannot say
 * anything the routes do not do. JSON bodies are the zod schemas of the declarations and their use
 * cases, as JSON Schema 2020-12 (which OpenAPI 3.1 takes as is); a schema named in schema-names.ts, or
 * answered by a route, is a component (the browser console's types are generated from the console's:
 * web/src/api/console-api.gen.ts). `groups` give the tags, in their order.
 */
export function apiDocument(
  routes: readonly CompiledRoute[],
  groups: readonly RouteGroup[],
  info: DocumentInfo,
  /** A route's `/api/v1` twin, named in the console document beside the route (`x-desk-api-key-path`). */
  twinPath: (route: CompiledRoute) => string | undefined = () => undefined,
): ApiDocument {
  // Every JSON answer is a component: named ones by their name, the rest after their operation.
  const registry = z.registry<{ id: string }>();
  const ids = new Map<z.ZodType, string>();
  for (const [schema, id] of namedSchemas()) {
    ids.set(schema, id);
    registry.add(schema, { id });
  }
  for (const route of routes) {
    for (const [status, answer] of route.successes) {
      if (!answer || isMedia(answer) || ids.has(answer)) continue;
      const id = schemaName(answer) ?? `${pascal(route.operationId)}${status === 200 ? '' : status}Response`;
      ids.set(answer, id);
      registry.add(answer, { id });
    }
  }
  const converted = z.toJSONSchema(registry, {
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> };
  const schemas: Record<string, Json> = { Problem: { ...PROBLEM_JSON_SCHEMA } };
  for (const [id, { $schema: _s, $id: _i, ...schema }] of Object.entries(converted.schemas)) schemas[id] = schema;

  const operations = new Map<CompiledRoute, Operation>();
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const responses: Json = {};
    const checked = new Map<number, { media: string; schema: Json | null }>();
    for (const [status, answer] of route.successes) {
      if (!answer || (isMedia(answer) && (answer.media === 'none' || answer.media === 'redirect'))) {
        responses[status] = {
          description: answer ? answer.description : SUCCESS_WORDS[status]!,
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
    for (const [status, kinds] of problemResponses(route.problems)) {
      responses[status] = { $ref: `#/components/responses/${responseName(status, kinds)}` };
    }
    const { declaration } = route;
    const body = requestBody(route);
    const params = parameters(route);
    const twin = twinPath(route);
    const description = [declaration.description, route.aliasOf && aliasNote(route.aliasOf)]
      .filter(Boolean)
      .join('\n\n');
    (paths[route.path] ??= {})[route.method] = {
      operationId: route.operationId,
      summary: declaration.summary,
      ...(description ? { description } : {}),
      // An alias says so where generators and readers look (`deprecated`), and which route replaces it.
      ...(route.aliasOf ? { deprecated: true, 'x-desk-alias-of': route.aliasOf.operationId } : {}),
      tags: [route.group.name],
      ...(params.length > 0 ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses,
      security: route.access === 'public' ? [] : route.access === 'requester' ? PORTAL_SECURITY : info.security,
      'x-desk-required': route.required,
      ...('who' in declaration && declaration.who ? { 'x-desk-who': declaration.who } : {}),
      ...(twin ? { 'x-desk-api-key-path': twin } : {}),
    };
    operations.set(route, { operationId: route.operationId, responses: checked });
  }

  const tagged = new Set(routes.map((r) => r.group));
  const document: Json = {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.serverUrl }],
    tags: groups.filter((g) => tagged.has(g)).map((g) => ({ name: g.name, description: g.description })),
    paths,
    components: {
      securitySchemes: info.securitySchemes,
      schemas,
      responses: sharedProblemResponses(routes),
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
