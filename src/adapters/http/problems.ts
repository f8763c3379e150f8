import { z } from 'zod';
import type { DomainErrorCode, Problem } from '../../domain/shared/errors.js';

/**
 * RFC 9457 problem details for the HTTP surfaces (REST v1, actions, console, health): the ONE table
 * from a kind of problem to its status, stable `type` URI and title. Domain error codes are kinds;
 * so are the failures the HTTP layer finds itself (no such route, wrong host, unreadable body).
 * Two 404s that mean different things (a missing record, an unknown route) differ in `type`.
 * Clients match on `type`, never on `title` or `detail`.
 */
export type HttpProblemKind =
  | 'no_such_route'
  | 'unknown_action'
  | 'confirmation_required'
  | 'unknown_host'
  | 'method_not_allowed'
  | 'malformed_body'
  | 'malformed_request'
  | 'request_timeout'
  | 'headers_too_large'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'unsupported_protocol_version'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

export type ProblemKind = DomainErrorCode | HttpProblemKind;

/** Problem type URIs are identifiers, not pages: `.invalid` never resolves, by design (RFC 2606). */
export const PROBLEM_TYPE_BASE = 'https://desk.invalid/problems/';

export const PROBLEMS = {
  // Raised by use cases (DomainError codes).
  invalid: { status: 400, type: 'invalid-input', title: 'Invalid input' },
  unauthorized: { status: 401, type: 'unauthorized', title: 'Missing or invalid credential' },
  forbidden: { status: 403, type: 'forbidden', title: 'Permission denied' },
  not_found: { status: 404, type: 'not-found', title: 'Record not found' },
  module_disabled: { status: 404, type: 'module-disabled', title: 'Module not enabled' }, // 403 on MCP, 404 here (seed §7)
  conflict: { status: 409, type: 'conflict', title: 'Conflict with the current state' },
  // Raised by the HTTP layer.
  malformed_body: { status: 400, type: 'malformed-body', title: 'Malformed request body' },
  no_such_route: { status: 404, type: 'no-such-route', title: 'No such route' },
  // Raised by the HTTP server before any route: bytes that are not HTTP, a request that did not
  // arrive in time (REQUEST_TIMEOUT_SECONDS, HEADERS_TIMEOUT_SECONDS), headers past Node's limit.
  malformed_request: { status: 400, type: 'malformed-request', title: 'Malformed HTTP request' },
  request_timeout: { status: 408, type: 'request-timeout', title: 'Request not received in time' },
  headers_too_large: { status: 431, type: 'headers-too-large', title: 'Request headers too large' },
  // An action that is unknown, hidden by the key's scopes or in a module that is off: one answer for all three.
  unknown_action: { status: 404, type: 'unknown-action', title: 'No such action' },
  unknown_host: { status: 404, type: 'unknown-host', title: 'Unknown host' },
  method_not_allowed: { status: 405, type: 'method-not-allowed', title: 'Method not allowed' },
  payload_too_large: { status: 413, type: 'payload-too-large', title: 'Request body too large' },
  unsupported_media_type: { status: 415, type: 'unsupported-media-type', title: 'Unsupported media type' },
  // An MCP request naming a protocol version the server does not speak (MCP transports spec).
  unsupported_protocol_version: {
    status: 400,
    type: 'unsupported-protocol-version',
    title: 'Unsupported protocol version',
  },
  // A mutating tool asked of the assistant without `confirm: true`: nothing ran.
  confirmation_required: { status: 409, type: 'confirmation-required', title: 'Confirmation required' },
  rate_limited: { status: 429, type: 'rate-limited', title: 'Too many requests' }, // with Retry-After (rate-limit.ts)
  internal: { status: 500, type: 'internal-error', title: 'Internal error' },
  unavailable: { status: 503, type: 'unavailable', title: 'Service unavailable' },
} as const satisfies Record<ProblemKind, { status: number; type: string; title: string }>;

/** A failure found by the HTTP layer itself (never thrown by use cases, which throw DomainError). */
export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';
  constructor(
    readonly kind: HttpProblemKind,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/**
 * A problem document as every surface sends it, declared once: its type, what the documents
 * (the console API's, the key surface's, the actions') publish as their `Problem` schema, and what the
 * answer check holds problems to. Extensions (`code`, `summary`, a booking's `reservation`…) may follow.
 */
export const problemSchema = z
  .looseObject({
    type: z.url(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    errors: z
      .array(
        z.object({
          pointer: z.string().describe('JSON Pointer (RFC 6901) to the field; empty for the whole input'),
          detail: z.string(),
        }),
      )
      .optional()
      .describe('Present on invalid input: one entry per problem.'),
  })
  .describe('RFC 9457 problem details. Match on `type`, never on `title` or `detail`.');

export type ProblemDocument = z.output<typeof problemSchema>;

/** The problem schema as JSON Schema, for the documents' `components.schemas.Problem`. */
export const PROBLEM_JSON_SCHEMA: Readonly<Record<string, unknown>> = (() => {
  const { $schema: _, ...json } = z.toJSONSchema(problemSchema, { io: 'output' }) as Record<string, unknown>;
  return json;
})();

/** `scopes.1` → `/scopes/1`; the whole input (empty path) → `` (RFC 6901, with `~` and `/` escaped). */
export const toJsonPointer = (path: string): string =>
  path === ''
    ? ''
    : path
        .split('.')
        .map((s) => '/' + s.replaceAll('~', '~0').replaceAll('/', '~1'))
        .join('');

export function problemDocument(kind: ProblemKind, detail: string, problems: readonly Problem[] = []): ProblemDocument {
  const entry = PROBLEMS[kind];
  const doc: ProblemDocument = {
    type: PROBLEM_TYPE_BASE + entry.type,
    title: entry.title,
    status: entry.status,
    detail,
  };
  if (kind !== 'invalid') return doc;
  return { ...doc, errors: problems.map((p) => ({ pointer: toJsonPointer(p.path), detail: p.message })) };
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
