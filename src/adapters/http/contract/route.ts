import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { AnyPermission } from '../../../domain/access/permissions.js';
import type { ToolDefinition } from '../../../domain/catalogue/tool.js';
import type { UseCaseClass } from '../../../domain/shared/use-case.js';
import type { ProblemKind } from '../problems.js';
import type { KeyRatePolicy } from '../auth/api-key.js';
import type { HttpDeps } from '../route-module.js';

/**
 * The console API as declarations (docs/console-api.md). Each route is written once, in the file of
 * its capability under `console-api/`: method, path, who may call it, what it takes and what it
 * answers with each status. The router registration (register.ts), the OpenAPI document
 * (openapi.ts), the check of every answer in tests (response-check.ts), the docs' route table and the
 * browser console's types (web/src/api/console-api.gen.ts) are all derived from these records.
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a route: a console session, an API key, a requester in the portal, or anyone (see RouteBase.access). */
export type Access = 'session' | 'key' | 'requester' | 'public';

/** A request body that is a file rather than JSON: the content type it is sent as. */
export type FileBody = 'text/csv' | 'text/calendar' | 'application/octet-stream';
export const FILE_BODIES: Readonly<Record<FileBody, string>> = {
  'text/csv': 'UTF-8 CSV',
  'text/calendar': 'An iCalendar file (RFC 5545), UTF-8',
  'application/octet-stream': 'A file of any type, sent as it is, with its own Content-Type',
};
export const isFileBody = (body: unknown): body is FileBody => typeof body === 'string' && body in FILE_BODIES;

/** A body that is not JSON: what the document says about it, and the content type it is sent as. */
export interface Media {
  readonly media: 'text/csv' | 'text/event-stream' | 'application/octet-stream' | 'redirect' | 'none';
  readonly description: string;
}

export const noContent = (description = 'Done; nothing to say.'): Media => ({ media: 'none', description });
export const csvFile = (description: string): Media => ({ media: 'text/csv', description });
export const eventStream = (description: string): Media => ({ media: 'text/event-stream', description });
/** A file to download, of the type it was stored with (documented as bytes). */
export const fileDownload = (description: string): Media => ({ media: 'application/octet-stream', description });
/** A redirect (303, 302): the answer is the `Location` header. */
export const redirect = (description: string): Media => ({ media: 'redirect', description });

/** What one status answers with: a JSON body's schema, or another kind of body. */
export type Answer = z.ZodType | Media;

export type SuccessStatus = 200 | 201 | 204 | 302 | 303;

/** What every route declares, whoever runs it. */
interface RouteBase {
  readonly method: Method;
  /** The path as OpenAPI writes it: `/api/devices/{id}`. */
  readonly path: `/api/${string}`;
  /** One line: what it does (the docs' route table and the document's `summary`). */
  readonly summary: string;
  /** More, when one line is not enough (the document's `description`). */
  readonly description?: string;
  /** Unique in the document; by default the use case's name (`CreateDevice` → `createDevice`). */
  readonly operationId?: string;
  /**
   * `session` (the default): a signed-in person, by the `desk_session` cookie or a bearer session
   * token; a write must also come from an origin that may act for their school. `key`: an API key in
   * `x-api-key`, on the integration surface (`/api/v1`). `requester`: a person of the school in the
   * portal, by the `desk_portal` cookie (or a staff member's console session, standing for the
   * person they are); a write must come from the school's origin too. `public`: anyone, and the
   * route judges origins itself (sign-in, setup links, single sign-on).
   */
  readonly access?: Access;
  /** A `key` route's rate limit (and a session route's `/api/v1` twin's): `v1` unless said. */
  readonly keyPolicy?: KeyRatePolicy;
  /**
   * The answers that are not the routine ones: the document lists 401 for a session route, 403 for
   * a permission or a write's origin, 404 for a module or a record named in the path, 400/413/415 for
   * an input; anything else a route may answer (409, 429, a 403 the use case decides itself) is
   * named here.
   */
  readonly problems?: readonly ProblemKind[];
  /** Middleware that runs after sign-in and the origin check, before the body is read (a rate limit). */
  readonly guards?: (deps: HttpDeps) => readonly Middleware[];
  /**
   * Also served to API keys at the same path under `/api/v1` (`/api/webhooks` → `/api/v1/webhooks`),
   * behind the key surface's guard (key, rate limit, `integrations`), with the key's scopes standing
   * for permissions.
   */
  readonly keyed?: boolean;
  /**
   * Set by `aliasRoute`: this path is kept only because something published names it, and does what
   * the route named here does (same use case, same answers). The document marks it deprecated and
   * points to that route; the docs' table says which to call.
   */
  readonly aliasOf?: RouteDeclaration;
}

/** The answer a use-case route gives: the use case's result, or what `answer` makes of it. */
type Shown<O, A> = A extends (...args: never[]) => infer R ? Awaited<R> : O;

/**
 * A route that runs one use case, as every surface does (`perform`: module, permission, input, in
 * that order). Its input is the use case's: the path's parameters, then the query (GET, DELETE) or
 * the JSON body (POST, PUT, PATCH); its module and permissions are the use case's `required`.
 */
export interface UseCaseRoute<I extends z.ZodType = z.ZodType, O = unknown> extends RouteBase {
  readonly useCase: UseCaseClass<I, O>;
  /** A path parameter whose input field has another name: `{ id: 'personId' }`. */
  readonly params?: Readonly<Record<string, string>>;
  /** The success status (200 by default; 204 answers with no body). */
  readonly status?: 200 | 201 | 204;
  /** What it answers with that status (absent for 204). */
  readonly output?: Answer;
  /** The JSON body as documented, for a use case that judges a raw body itself (input `z.unknown()`). */
  readonly body?: z.ZodType;
  /** Turns the result into the answer, when the answer is not the result itself (a CSV, an addition). */
  readonly answer?: (result: O, ctx: Context, deps: HttpDeps) => unknown;
  /**
   * The route takes nothing but the path, even where its use case could take more (`POST
   * /api/loans/{number}/return` names the loan by its number alone; the scan desk's route names it in
   * the body): a body, if any, is checked to be JSON and ignored.
   */
  readonly pathOnly?: boolean;
  /**
   * Whether the route reads a JSON body when its use case takes nothing but the path (a POST that
   * acts, such as `…/archive`): true by default for POST, PUT and PATCH, so such a body is still
   * checked to be JSON, and ignored.
   */
  readonly jsonBody?: boolean;
}

export type Responses = Readonly<Partial<Record<SuccessStatus, Answer>>>;

/** A JSON answer one of the route's statuses declares, typed by that status's schema. */
type JsonReply<R extends Responses> = {
  [S in keyof R & SuccessStatus]: R[S] extends z.ZodType ? (status: S, body: z.output<R[S]>) => void : never;
}[keyof R & SuccessStatus];

/** What a handled route's code sees: the parts of the request its declaration names, validated. */
export interface Call<Q, B, R extends Responses> {
  readonly ctx: Context;
  readonly deps: HttpDeps;
  readonly query: Q;
  readonly body: B;
  /** Answers with JSON, as the declaration says that status does (checked when it compiles). */
  readonly reply: JsonReply<R>;
}

/**
 * A route whose work is not one use case's call: it signs someone in, streams, redirects, or reads a
 * file. It declares what it requires, takes and answers, and the machinery checks the first two
 * before `handle` runs; `handle` writes the answer on `ctx`.
 */
export interface HandledRoute<
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B = unknown,
  R extends Responses = Responses,
> extends RouteBase {
  /** The modules and permissions the caller must hold (checked before anything is read). */
  readonly required?: readonly AnyPermission[];
  /** Who may call it, in words, when `required` cannot say it (read by the docs). */
  readonly who?: string;
  readonly query?: Q;
  readonly body?: z.ZodType<B> | FileBody;
  /**
   * The handler parses the body itself, after what it must know first (which school a sign-in is
   * for): the declaration documents the body, and the handler gets it unparsed.
   */
  readonly judgesBody?: boolean;
  /**
   * The handler reads the query itself: it weighs it against a header (`Last-Event-ID` against
   * `?after=`) or must act before reading anything (a single sign-on start on a foreign address moves
   * to the deployment's own first). The declaration documents the query; the handler gets it unparsed.
   */
  readonly judgesQuery?: boolean;
  readonly responses: R;
  handle(call: Call<Q extends z.ZodObject ? z.output<Q> : Record<string, never>, B, R>): Promise<void>;
}

export type RouteDeclaration = UseCaseRoute<z.ZodType, never> | HandledRoute<z.ZodObject | undefined, never, Responses>;

/** The routes of one capability (a tag in the document, a section of the docs' table). */
export interface RouteGroup {
  readonly name: string;
  readonly description: string;
  readonly routes: readonly RouteDeclaration[];
}

export const isUseCaseRoute = (route: RouteDeclaration): route is UseCaseRoute<z.ZodType, never> => 'useCase' in route;

/**
 * Fails to compile when what the route answers does not fit its declared output: a use case whose
 * result gains a field, or loses one, must change the declaration (and so the document) with it.
 */
type FitsOutput<O, A, Out> = Out extends z.ZodType
  ? [Shown<O, A>] extends [z.output<Out>]
    ? unknown
    : { readonly output: { readonly doesNotFit: Shown<O, A> } }
  : unknown;

/** Declares a route that runs one use case (see UseCaseRoute). */
export function useCaseRoute<
  I extends z.ZodType,
  O,
  Out extends Answer | undefined = undefined,
  A extends ((result: O, ctx: Context, deps: HttpDeps) => unknown) | undefined = undefined,
>(
  route: UseCaseRoute<I, O> & { readonly output?: Out; readonly answer?: A } & FitsOutput<O, A, Out>,
): RouteDeclaration {
  return route as unknown as RouteDeclaration;
}

/** Declares a route with its own handler (see HandledRoute). */
export function handledRoute<
  Q extends z.ZodObject | undefined = undefined,
  B = unknown,
  R extends Responses = Responses,
>(route: HandledRoute<Q, B, R>): RouteDeclaration {
  return route as unknown as RouteDeclaration;
}

/**
 * Declares a second path for a route that runs one use case, kept only because something published
 * names it (SPEC §7.4 publishes `POST /api/loans/:number/issue`): everything but the path, its
 * operationId and its summary is the route's own, so the two cannot drift apart. `pathOnly` keeps
 * an alias that never read a body from starting to.
 */
export function aliasRoute(
  route: RouteDeclaration,
  alias: Pick<UseCaseRoute, 'path' | 'operationId' | 'summary' | 'pathOnly' | 'params'> & {
    readonly operationId: string;
  },
): RouteDeclaration {
  if (!isUseCaseRoute(route))
    throw new Error(`${route.method.toUpperCase()} ${route.path}: only a use-case route has aliases`);
  return { ...route, ...alias, aliasOf: route };
}

export const routeGroup = (name: string, description: string, routes: readonly RouteDeclaration[]): RouteGroup => ({
  name,
  description,
  routes,
});

/**
 * A route that is a view of a tool (`GET /api/v1/devices` of `devices.search`): it runs the tool's
 * use case, answers with the tool's published output and says what the tool says, so a REST twin can
 * never drift from its tool. Its input is the tool's, from the path and the query (or the body).
 */
export function toolRoute(
  route: Omit<UseCaseRoute, 'useCase' | 'output' | 'summary'> & {
    readonly tool: ToolDefinition;
    readonly summary?: string;
  },
): RouteDeclaration {
  const { tool, ...rest } = route;
  return {
    ...rest,
    summary: route.summary ?? tool.title,
    description: route.description ?? tool.description,
    operationId: route.operationId ?? tool.name.replace(/\.([a-z])/g, (_, c: string) => c.toUpperCase()),
    useCase: tool.useCase,
    output: tool.output,
  } as unknown as RouteDeclaration;
}
