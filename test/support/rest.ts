/**
 * A small HTTP client for the REST suites: node:http rather than fetch, because the tests must set the
 * Host header (tenant hosts) and send bodies fetch would refuse. Answers carry the parsed JSON.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { expect } from 'vitest';
import { PROBLEM_TYPE_BASE } from '../../src/adapters/http/problems.js';

export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  // Tests read arbitrary fields of the answer.
  readonly json: any;
}

export interface RequestOptions {
  readonly method?: string;
  readonly path: string;
  /** Host header; `localhost` (a public host) unless given. */
  readonly host?: string;
  readonly headers?: Record<string, string>;
  /** A string or buffer is sent as is; anything else as JSON (with Content-Type application/json). */
  readonly body?: unknown;
}

export function send(port: number, o: RequestOptions): Promise<Reply> {
  const raw = o.body === undefined || typeof o.body === 'string' || Buffer.isBuffer(o.body);
  const body = o.body === undefined ? undefined : raw ? (o.body as string | Buffer) : JSON.stringify(o.body);
  const headers: Record<string, string> = {
    host: o.host ?? 'localhost',
    ...(raw ? {} : { 'content-type': 'application/json' }),
    // A body is declared by its length unless the test streams it (Transfer-Encoding: chunked).
    ...(body !== undefined && !o.headers?.['transfer-encoding']
      ? { 'content-length': String(Buffer.byteLength(body)) }
      : {}),
    ...o.headers,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: o.method ?? (body === undefined ? 'GET' : 'POST'), path: o.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = undefined;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    // The server may answer (413) before the whole body is sent; that is the point, not a failure.
    req.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e),
    );
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A client bound to one server and, optionally, one API key (sent as `x-api-key`). */
export function restClient(port: number, key?: string) {
  const withKey = (o: RequestOptions): RequestOptions =>
    key === undefined ? o : { ...o, headers: { 'x-api-key': key, ...o.headers } };
  return {
    get: (path: string, o: Omit<RequestOptions, 'path'> = {}) => send(port, withKey({ ...o, path })),
    post: (path: string, body: unknown, o: Omit<RequestOptions, 'path' | 'body'> = {}) =>
      send(port, withKey({ method: 'POST', ...o, path, body })),
    send: (o: RequestOptions) => send(port, withKey(o)),
  };
}

/** Runs an action: `POST /api/v1/actions/<name>` with `input` as the JSON body. */
export const invokeAction = (
  port: number,
  key: string,
  name: string,
  input: unknown,
  o: Omit<RequestOptions, 'path' | 'body'> = {},
) => restClient(port, key).post(`/api/v1/actions/${name}`, input, o);

/** Asserts an RFC 9457 answer of this status and problem type (the last segment of the type URI). */
export function expectProblem(reply: Reply, status: number, type: string): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(reply.json).toMatchObject({ type: PROBLEM_TYPE_BASE + type, status });
  expect(typeof reply.json.title).toBe('string');
  expect(typeof reply.json.detail).toBe('string');
}

/** The JSON Pointers an `invalid-input` problem names. */
export const pointersOf = (reply: Reply): string[] =>
  ((reply.json?.errors ?? []) as { pointer: string }[]).map((e) => e.pointer);
