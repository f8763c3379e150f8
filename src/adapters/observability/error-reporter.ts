/**
 * Where an unexpected error was met. Every field is low-cardinality and chosen by Desk: a route
 * template, never a URL; a catalogue tool name, never the client's input.
 */
export interface ErrorContext {
  readonly surface: 'http' | 'mcp' | 'migrate' | 'process' | 'job';
  readonly requestId?: string | undefined;
  readonly method?: string | undefined;
  readonly route?: string | undefined;
  /** The MCP method being answered (one the server implements, never an arbitrary client string). */
  readonly rpcMethod?: string | undefined;
  readonly tool?: string | undefined;
}

/**
 * Sends unexpected errors (bugs: a 500, a tool that threw something other than a DomainError) to an
 * error tracker. The class is the contract and the container token. `report` never throws and never
 * waits: a tracker that is down or slow costs the request nothing. Nothing about the request is sent
 * but the context above, and every string is scrubbed of secrets first (SPEC §9).
 */
export abstract class ErrorReporter {
  abstract report(error: unknown, context: ErrorContext): void;
  /** Sends what is still queued, waiting at most `timeoutMs`, and releases the tracker's resources. */
  abstract close(timeoutMs?: number): Promise<void>;
}

/** `SENTRY_DSN` unset: nothing is initialised, nothing is sent (seed §4.7). */
export class NoErrorReporter extends ErrorReporter {
  report(): void {}

  async close(): Promise<void> {}
}
