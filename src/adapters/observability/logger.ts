import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import type { DeskConfig } from '../../config/index.js';
import { scrubDeep, scrubSecrets, type Scrub } from './scrub.js';

export type LogLevel = DeskConfig['logLevel'];

/** Fields of one log line. `err` is serialised (type, message, stack, code), scrubbed of secrets. */
export type LogFields = Readonly<Record<string, unknown>>;

/**
 * The one line per answered request (observe-requests.ts). Every field is of a shape Desk made, so
 * none can hold a secret: the id was checked at the edge (request-id.ts), the method is one the
 * HTTP parser accepts, the route a template from our code, the status and duration numbers, and the
 * tenant, key and user UUIDs from the database. So this line is written without scrubbing, which is
 * most of what logging a request would cost otherwise.
 */
export interface RequestLine {
  readonly requestId: string | undefined;
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly durationMs: number;
  readonly tenantId?: string;
  readonly keyId?: string;
  readonly userId?: string;
}

/**
 * The process's structured log: one JSON object per line. The class is the contract and the container
 * token; `PinoLogger` is the one adapter. Callers choose every field they log — never a header, a
 * cookie, a query string or a body — and an error goes under `err`. Every string written, in any
 * field, in the message, and in an error's message and stack, is scrubbed of anything shaped like a
 * key, a token or a password first (scrub.ts): the second line of defence, whoever wrote the field.
 * The request line (`request`) is the one exception, by construction (RequestLine).
 */
export abstract class Logger {
  abstract debug(fields: LogFields, msg: string): void;
  abstract info(fields: LogFields, msg: string): void;
  abstract warn(fields: LogFields, msg: string): void;
  abstract error(fields: LogFields, msg: string): void;
  /** The request line, message `request`, at the level its status calls for. */
  abstract request(level: 'info' | 'warn' | 'error', line: RequestLine): void;
  /** Writes what is still buffered, now (before the process exits on purpose, or on a fatal error). */
  abstract flush(): void;
}

/** Where log lines go: standard error unless a test captures them. */
export type LogDestination = DestinationStream;

export interface LoggerOptions {
  /**
   * Default: standard error, written asynchronously in blocks (STDERR) and flushed at exit.
   */
  readonly destination?: LogDestination;
  /** Default: the secret patterns of scrub.ts alone. */
  readonly scrub?: Scrub;
}

/**
 * Standard error, written asynchronously and in blocks: lines gather until 4 KiB or 200 ms, then go
 * out in one write, so a request never waits on the pipe and a busy server makes a write per twenty
 * lines or so, not per line. pino writes what is left when the process exits (and `flush()` on stop
 * and on a fatal error), so only a SIGKILL can lose the last 200 ms.
 */
const STDERR = { fd: 2, sync: false, minLength: 4096, periodicFlush: 200 } as const;

/**
 * pino's `time` field as an ISO date, formatted once per millisecond: under load many lines share
 * one, and formatting a date is a visible part of writing a line.
 */
function isoTimeOncePerMillisecond(): () => string {
  let lastMs = -1;
  let field = '';
  return () => {
    const ms = Date.now();
    if (ms !== lastMs) {
      lastMs = ms;
      field = `,"time":"${new Date(ms).toISOString()}"`;
    }
    return field;
  };
}

/**
 * pino, writing JSON lines with `level` as a word (`"info"`), an ISO `time`, `pid` and `hostname`.
 * Standard error, not standard output: stdout carries the CLI's own lines (and, for `desk mcp
 * --stdio`, the protocol). `LOG_LEVEL=silent` writes nothing.
 */
export class PinoLogger extends Logger {
  private readonly pino: Pino;
  private readonly scrub: Scrub;

  constructor(level: LogLevel, options: LoggerOptions = {}) {
    super();
    this.scrub = options.scrub ?? scrubSecrets;
    const scrub = this.scrub;
    this.pino = pino(
      {
        level,
        timestamp: isoTimeOncePerMillisecond(),
        formatters: { level: (label) => ({ level: label }) },
        serializers: { err: (err: unknown) => serializeError(err, scrub) },
      },
      options.destination ?? pino.destination(STDERR),
    );
  }

  flush(): void {
    this.pino.flush();
  }

  debug(fields: LogFields, msg: string): void {
    if (this.pino.isLevelEnabled('debug')) this.pino.debug(scrubFields(fields, this.scrub), this.scrub(msg));
  }

  info(fields: LogFields, msg: string): void {
    if (this.pino.isLevelEnabled('info')) this.pino.info(scrubFields(fields, this.scrub), this.scrub(msg));
  }

  warn(fields: LogFields, msg: string): void {
    if (this.pino.isLevelEnabled('warn')) this.pino.warn(scrubFields(fields, this.scrub), this.scrub(msg));
  }

  error(fields: LogFields, msg: string): void {
    if (this.pino.isLevelEnabled('error')) this.pino.error(scrubFields(fields, this.scrub), this.scrub(msg));
  }

  request(level: 'info' | 'warn' | 'error', line: RequestLine): void {
    this.pino[level](line, 'request');
  }
}

/** Every field scrubbed, except errors, whose serializer scrubs what it keeps of them. */
function scrubFields(fields: LogFields, scrub: Scrub): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields))
    out[name] = value instanceof Error ? value : scrubDeep(value, scrub);
  return out;
}

/**
 * An error as a log field: its type, message, stack and code, with secrets scrubbed. Other own
 * properties are left out on purpose: drivers attach parameters and row values to their errors.
 */
export function serializeError(err: unknown, scrub: Scrub = scrubSecrets, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err, message: scrub(String(err)) };
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name,
    message: scrub(err.message),
    ...(err.stack ? { stack: scrub(err.stack) } : {}),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    // A cause chain is followed a few links deep (it may be circular).
    ...(err.cause !== undefined && depth < 3 ? { cause: serializeError(err.cause, scrub, depth + 1) } : {}),
  };
}
