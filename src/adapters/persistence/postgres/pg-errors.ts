import { DatabaseBusyError, DatabaseUnavailableError } from '../../../ports/unit-of-work.js';

/** SQLSTATEs of a lock not had in time: lock_not_available, deadlock_detected, serialization_failure. */
const BUSY_STATES = new Set(['55P03', '40P01', '40001']);

/**
 * SQLSTATEs that mean the server cannot serve us at all: connection exceptions (class 08),
 * insufficient resources (53: too many connections, disk full), shutting down or starting up
 * (57P01-57P03: a restart), refused credentials (class 28) and a database that does not exist (3D000).
 */
const UNAVAILABLE_STATE = /^(?:08...|53...|57P0[1-3]|28...|3D000)$/;

/** Socket failures on the way to the server (down, unreachable, a name that does not resolve). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** pg's own words for a connection that broke or never opened; these errors carry no code. */
const CONNECTION_MESSAGES: readonly (readonly [RegExp, string])[] = [
  [/^Connection terminated/, 'connection-lost'],
  [/not queryable$/, 'connection-lost'],
  [/^timeout exceeded when trying to connect$/, 'connect-timeout'],
];

function codeOf(error: unknown): string | null {
  // Node reports a refused connection to every address of a name as one AggregateError.
  const first = error instanceof AggregateError ? error.errors[0] : error;
  const code = (first as { code?: unknown } | null)?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** Why the database cannot be used, as a short code; null when `error` is not about reaching it. */
function unavailableReason(error: unknown): string | null {
  const code = codeOf(error);
  if (code && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return code;
  const message = error instanceof Error ? error.message : '';
  return CONNECTION_MESSAGES.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}

/**
 * A driver error as the ports name it: a lock not had in time → DatabaseBusyError; a server that
 * cannot be reached or used → DatabaseUnavailableError; anything else unchanged (a bug, or a use
 * case's own DomainError passing through).
 */
export function translatePgError(error: unknown): unknown {
  const code = codeOf(error);
  if (code && BUSY_STATES.has(code)) return new DatabaseBusyError({ cause: error });
  const reason = unavailableReason(error);
  return reason ? new DatabaseUnavailableError({ reason, cause: error }) : error;
}
