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
  let doc: { type?: string; title?: string; detail?: string; errors?: { pointer?: string; detail?: string }[] } = {};
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
  return new ApiError(response.status, kind, doc.title ?? response.statusText, doc.detail ?? '', fields);
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
