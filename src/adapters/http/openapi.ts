import type { JsonSchema, PublishedTool } from '../../domain/catalogue/catalogue.js';
import { PROBLEM_CONTENT_TYPE } from './problems.js';

/** Where an action is invoked: the one place the path is spelt, shared by the route and the document. */
export const ACTIONS_PATH = '/api/v1/actions';

/** `loans.issue` → `loansIssue`: an identifier every client generator and function-calling model accepts. */
export const operationIdOf = (toolName: string): string =>
  toolName.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase());

const problemRef = { $ref: '#/components/schemas/Problem' };

/** A problem response, as every error of the surface is (RFC 9457, SPEC §10). */
const problemResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemRef } },
});

/** Shared parts of the document: the problem schema and the responses every action may give. */
const components = {
  securitySchemes: {
    apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'A Desk API key (`desk_…`).' },
  },
  schemas: {
    Problem: {
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
              pointer: {
                type: 'string',
                description: 'JSON Pointer (RFC 6901) to the field; empty for the whole input',
              },
              detail: { type: 'string' },
            },
            required: ['pointer', 'detail'],
          },
        },
      },
      required: ['type', 'title', 'status', 'detail'],
    },
  },
  responses: {
    Invalid: problemResponse('Invalid input (each problem in `errors`), or a body that is not JSON.'),
    Unauthorized: problemResponse('Missing, invalid, revoked or expired key, or a key of another tenant.'),
    NotFound: problemResponse(
      'The action is not available to this key (type `unknown-action`), or a record it names does not exist (type `not-found`).',
    ),
    Conflict: problemResponse('The record is not in a state that allows the change.'),
    TooLarge: problemResponse('The body exceeds 1 MiB.'),
    UnsupportedMediaType: problemResponse('The body is not application/json.'),
    RateLimited: problemResponse('Too many requests for this key; wait `Retry-After` seconds.', {
      'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
    }),
  },
};

const responseRef = (name: keyof typeof components.responses) => ({ $ref: `#/components/responses/${name}` });

function operation(tool: PublishedTool): Record<string, unknown> {
  return {
    operationId: operationIdOf(tool.name),
    summary: tool.title,
    description: tool.description,
    tags: [tool.module],
    // Clients that plan calls (and people reading the document) see which actions change data.
    'x-desk-read-only': tool.readOnly,
    requestBody: { required: true, content: { 'application/json': { schema: tool.inputSchema } } },
    responses: {
      '200': {
        description: 'The result of the action.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { result: tool.outputSchema },
              required: ['result'],
              additionalProperties: false,
            } satisfies JsonSchema,
          },
        },
      },
      '400': responseRef('Invalid'),
      '401': responseRef('Unauthorized'),
      '404': responseRef('NotFound'),
      '409': responseRef('Conflict'),
      '413': responseRef('TooLarge'),
      '415': responseRef('UnsupportedMediaType'),
      '429': responseRef('RateLimited'),
    },
  };
}

/**
 * The OpenAPI 3.1 document of the actions one caller may use (SPEC §7.3): generated from the
 * catalogue's published JSON Schemas (JSON Schema 2020-12, which OpenAPI 3.1 uses as is), never
 * written by hand, so it cannot drift from what `POST /api/v1/actions/:name` accepts.
 */
export function actionsOpenApi(
  tools: readonly PublishedTool[],
  o: { readonly version: string; readonly serverUrl: string },
): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Desk actions',
      version: o.version,
      description:
        'The Desk operations this API key may run. Each action takes its input as a JSON body and answers `{result}`. Errors are RFC 9457 problem details.',
    },
    servers: [{ url: o.serverUrl }],
    security: [{ apiKey: [] }],
    tags: [...new Set(tools.map((t) => t.module))].map((name) => ({ name })),
    paths: Object.fromEntries(tools.map((t) => [`${ACTIONS_PATH}/${t.name}`, { post: operation(t) }])),
    components,
  };
}
