import type { paths } from './console-api.gen.js';

/**
 * The one HTTP client every page uses. It knows three things about Desk's API and nothing else:
 * - the session travels as the HttpOnly `desk_session` cookie (same origin), so no token is held here;
 * - every failure is RFC 9457 problem+json, turned into an ApiError that names each field;
 * - a 401 on an ordinary call means the session ended: the handler set with `onSessionEnded` takes the
 *   user to sign in and back.
 */

/** A problem+json answer (RFC 9457), as every `/api` route sends one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** The last part of the problem's `type`: `conflict`, `not-found`, `invalid-input`, `forbidden`... */
    readonly kind: string,
    readonly title: string,
    readonly detail: string,
    /** Each field's message by JSON pointer without its leading slash: `email`, `cost/coverage`. */
    readonly fields: ReadonlyMap<string, string> = new Map(),
    /** What else the problem says for the caller to act on: `code`, `reasons` (the checks at the desk). */
    readonly extensions: Readonly<Record<string, unknown>> = {},
  ) {
    super(detail || title);
  }

  /** The message of one field (pointer without the leading slash), if the server named it. */
  field(name: string): string | undefined {
    return this.fields.get(name);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** `path?a=1&b=x`, leaving out empty, null and undefined values (as the server ignores them). */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface RequestOptions {
  /** A JSON body (sent as application/json), or a string/Blob sent as `contentType`. */
  readonly body?: unknown;
  readonly contentType?: string;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
  /** A 401 here is an answer (signing in, checking who is signed in), not a session that ended. */
  readonly expect401?: boolean;
}

let sessionEnded: () => void = () => undefined;

/** Who to tell when a call finds the session gone (app.tsx: the "signed out" screen). */
export function onSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}

async function problemOf(response: Response): Promise<ApiError> {
  let doc: {
    type?: string;
    title?: string;
    status?: number;
    detail?: string;
    errors?: { pointer?: string; detail?: string }[];
    [extension: string]: unknown;
  } = {};
  try {
    doc = await response.json();
  } catch {
    // Not JSON (a proxy's page, a connection cut short): the status is all there is.
  }
  const fields = new Map<string, string>();
  for (const e of doc.errors ?? []) {
    const name = (e.pointer ?? '').replace(/^\//, '');
    if (!fields.has(name)) fields.set(name, e.detail ?? 'invalid');
  }
  const kind = (doc.type ?? '').split('/').pop() ?? '';
  const { type: _type, title, status: _status, detail, errors: _errors, ...extensions } = doc;
  return new ApiError(response.status, kind, title ?? response.statusText, detail ?? '', fields, extensions);
}

/** One call to the API: the parsed JSON answer, or an ApiError. */
export async function request<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
  let body: BodyInit | undefined;
  if (o.body !== undefined) {
    if (typeof o.body === 'string' || o.body instanceof Blob) {
      body = o.body;
      headers['content-type'] = o.contentType ?? 'text/plain';
    } else {
      body = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, credentials: 'same-origin', signal: o.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'network', 'Desk cannot be reached', 'Check the connection and try again.');
  }
  if (!response.ok) {
    const error = await problemOf(response);
    if (response.status === 401 && !o.expect401) sessionEnded();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, query?: Query, o?: RequestOptions) => request<T>('GET', withQuery(path, query), o),
  post: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('POST', path, { ...o, body: body ?? {} }),
  patch: <T>(path: string, body: unknown, o?: RequestOptions) => request<T>('PATCH', path, { ...o, body }),
  put: <T>(path: string, body: unknown, o?: RequestOptions) => request<T>('PUT', path, { ...o, body }),
  delete: <T = void>(path: string, o?: RequestOptions) => request<T>('DELETE', path, o),
};

/** The message to show for any error: the server's own words when it sent some. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.detail || error.title;
  if (error instanceof Error) return error.message;
  return String(error);
}

// The console API, typed from its declarations (console-api.gen.ts): each area's module
// (api/<area>.ts) calls it by method and path template, so a route that changes on the server fails
// to compile here rather than in a user's browser.

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = paths[P][M];

/** The paths that answer a method. */
export type PathsOf<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];

type PathOf<O> = O extends { parameters: { path: infer T } } ? ([T] extends [undefined] ? never : T) : never;
type QueryOf<O> = O extends { parameters: { query?: infer T } } ? ([T] extends [undefined] ? never : T) : never;
type BodyOf<O> = O extends { requestBody?: infer R } ? JsonBody<R> : never;
type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
/** The body of the operation's success: 200's, 201's, or nothing (204). */
export type AnswerOf<O> = O extends { responses: infer R }
  ? 200 extends keyof R
    ? JsonOf<R[200]>
    : 201 extends keyof R
      ? JsonOf<R[201]>
      : undefined
  : never;

/** What a call gives besides method and path: exactly the parts the operation declares. */
export type CallArgs<O> = ([PathOf<O>] extends [never] ? unknown : { readonly path: PathOf<O> }) &
  ([QueryOf<O>] extends [never] ? unknown : { readonly query?: QueryOf<O> }) &
  ([BodyOf<O>] extends [never] ? unknown : { readonly body: BodyOf<O> }) &
  Pick<RequestOptions, 'signal' | 'expect401'>;

/** `/api/people/{id}` with `{id: 'a b'}` → `/api/people/a%20b`. */
function fill(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/**
 * One call to the console API by its declared method and path template, with the path's parameters,
 * the query and the body it declares: answers the declared success body, or throws an ApiError.
 */
export function call<M extends Method, P extends PathsOf<M>>(
  method: M,
  path: P,
  ...[args]: Record<string, never> extends CallArgs<Operation<P, M>>
    ? [args?: CallArgs<Operation<P, M>>]
    : [args: CallArgs<Operation<P, M>>]
): Promise<AnswerOf<Operation<P, M>>> {
  const a = (args ?? {}) as { path?: Record<string, unknown>; query?: Query; body?: unknown } & RequestOptions;
  const url = withQuery(fill(path, a.path), a.query);
  const body = a.body !== undefined ? a.body : method === 'get' || method === 'delete' ? undefined : {};
  return request(method.toUpperCase(), url, { body, signal: a.signal, expect401: a.expect401 });
}

/** The JSON body an operation takes (for a form's fields): `BodyOf<'post', '/api/people'>`. */
export type RequestBody<M extends Method, P extends PathsOf<M>> = BodyOf<Operation<P, M>>;
/** What an operation answers on success. */
export type Answer<M extends Method, P extends PathsOf<M>> = AnswerOf<Operation<P, M>>;
/** The query an operation takes (a list's filters). */
export type QueryParams<M extends Method, P extends PathsOf<M>> = QueryOf<Operation<P, M>>;
