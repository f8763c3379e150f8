import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { PublishedTool } from '../../domain/catalogue/catalogue.js';
import type { DomainError, DomainErrorCode } from '../../domain/shared/errors.js';

/** A `tools/list` entry: the SDK's Tool plus Desk's top-level `readOnly` marker (SPEC §7.1). */
export type DeskToolEntry = Tool & { readonly readOnly: boolean };

const entries = new WeakMap<PublishedTool, DeskToolEntry>();

/**
 * The listing of one tool. The read-only marker goes out three ways because official SDK clients
 * strip unknown fields such as `readOnly`: the top-level marker (seed §4.1.1), `annotations.readOnlyHint`
 * (the MCP standard) and `_meta.readOnly`. Built once per tool: the schemas were converted at start.
 */
export function toolEntry(tool: PublishedTool): DeskToolEntry {
  let entry = entries.get(tool);
  if (!entry) {
    entry = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema as Tool['inputSchema'],
      outputSchema: tool.outputSchema as Tool['outputSchema'],
      annotations: { title: tool.title, readOnlyHint: tool.readOnly },
      readOnly: tool.readOnly,
      _meta: { readOnly: tool.readOnly },
    };
    entries.set(tool, entry);
  }
  return entry;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A result already serialised: the reply is written around its JSON text as it stands (exchange.ts),
 * so what took the work to serialise once is not serialised again.
 */
export class SerializedResult {
  #bytes: Buffer | undefined;
  constructor(readonly json: string) {}

  /**
   * The JSON as UTF-8, encoded the first time it is sent and kept: a listing kept for every call
   * (server.ts) is then encoded once, not on every reply (a 31 KB tools/list was re-encoded per call).
   */
  get bytes(): Buffer {
    return (this.#bytes ??= Buffer.from(this.json));
  }
}

/**
 * Success: the result object as `structuredContent` plus the same JSON as text, for older clients.
 * The result is serialised once; the text item is that JSON, and the structured content is the very
 * same JSON spliced in (not serialised a second time).
 */
export function successResult(result: unknown): SerializedResult {
  if (!isPlainObject(result)) throw new Error('a tool returned something other than a JSON object');
  const json = JSON.stringify(result);
  return new SerializedResult(
    `{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${json}}`,
  );
}

const LABELS: Record<DomainErrorCode, string> = {
  invalid: 'Invalid input',
  not_found: 'Not found',
  conflict: 'Conflict',
  forbidden: 'Not permitted',
  module_disabled: 'Module not enabled',
  unauthorized: 'Unauthorized',
  rate_limited: 'Too many attempts',
  confirmation_required: 'Confirmation required',
};

/**
 * A domain failure is a tool result the model can read and act on, not a protocol error. Invalid
 * input names every field (`dueDate: must be ...; unknown field colour`).
 */
export function domainErrorResult(e: DomainError): CallToolResult {
  const detail =
    e.code === 'invalid' && e.problems.length > 0
      ? e.problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ')
      : e.message;
  // A warning the caller may override: say how, in words a model acts on.
  const next =
    e.code === 'confirmation_required' ? ' Ask the user, then send the same call again with "confirm": true.' : '';
  return { isError: true, content: [{ type: 'text', text: `${LABELS[e.code]}: ${detail}${next}` }] };
}

/** A bug: the caller learns only that it failed; the details go to the log. */
export const UNEXPECTED_RESULT: CallToolResult = {
  isError: true,
  content: [
    {
      type: 'text',
      text: 'Internal error: the tool failed unexpectedly. Try again later or contact the service owner.',
    },
  ],
};

/** The database was busy past its lock timeout: nothing was changed, and the same call may succeed. */
export const BUSY_RESULT: CallToolResult = {
  isError: true,
  content: [
    { type: 'text', text: 'Busy: the database is busy with other work; nothing was changed. Try again shortly.' },
  ],
};
