import { pino, stdTimeFunctions, type DestinationStream, type Logger as Pino } from 'pino';
import type { DeskConfig } from '../../config/index.js';
import { scrubDeep, scrubSecrets, type Scrub } from './scrub.js';

export type LogLevel = DeskConfig['logLevel'];

/** Fields of one log line. `err` is serialised (type, message, stack, code), scrubbed of secrets. */
export type LogFields = Readonly<Record<string, unknown>>;

/**
 * The process's structured log: one JSON object per line. The class is the contract and the container
 * token; `PinoLogger` is the one adapter. Callers choose every field they log — never a header, a
 * cookie, a query string or a body — and an error goes under `err`. Every string written, in any
 * field, in the message, and in an error's message and stack, is scrubbed of anything shaped like a
 * key, a token or a password first (scrub.ts): the second line of defence, whoever wrote the field.
 */
export abstract class Logger {
  abstract debug(fields: LogFields, msg: string): void;
  abstract info(fields: LogFields, msg: string): void;
  abstract warn(fields: LogFields, msg: string): void;
  abstract error(fields: LogFields, msg: string): void;
  /** Writes what is still buffered, now (before the process exits on purpose, or on a fatal error). */
  abstract flush(): void;
}

/** Where log lines go: standard error unless a test captures them. */
export type LogDestination = DestinationStream;

export interface LoggerOptions {
  /**
   * Default: standard error, written asynchronously (a request does not wait for its line to reach
   * the pipe; lines written meanwhile go out together) and flushed at exit, so nothing is lost.
   */
  readonly destination?: LogDestination;
  /** Default: the secret patterns of scrub.ts alone. */
  readonly scrub?: Scrub;
}

/**
 * pino, writing JSON lines with `level` as a word (`"info"`), an ISO `time`, `pid` and `hostname`.
 * Standard error, not standard output: stdout carries the CLI's own lines (and, for `desk mcp
 * --stdio`, the protocol). `LOG_LEVEL=silent` writes nothing.
 */
export class PinoLogger extends Logger {
  private readonly pino: Pino;

  constructor(level: LogLevel, options: LoggerOptions = {}) {
    super();
    const scrub = options.scrub ?? scrubSecrets;
    this.pino = pino(
      {
        level,
        timestamp: stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        serializers: { err: (err: unknown) => serializeError(err, scrub) },
        hooks: {
          logMethod(args, write) {
            const [fields, message] = args as unknown as [Record<string, unknown>, string];
            write.apply(this, [scrubFields(fields, scrub), scrub(message)] as unknown as Parameters<typeof write>);
          },
        },
      },
      options.destination ?? pino.destination({ fd: 2, sync: false }),
    );
  }

  flush(): void {
    this.pino.flush();
  }

  debug(fields: LogFields, msg: string): void {
    this.pino.debug(fields, msg);
  }

  info(fields: LogFields, msg: string): void {
    this.pino.info(fields, msg);
  }

  warn(fields: LogFields, msg: string): void {
    this.pino.warn(fields, msg);
  }

  error(fields: LogFields, msg: string): void {
    this.pino.error(fields, msg);
  }
}

/** Every field scrubbed, except errors, whose serializer scrubs what it keeps of them. */
function scrubFields(fields: Record<string, unknown>, scrub: Scrub): Record<string, unknown> {
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
