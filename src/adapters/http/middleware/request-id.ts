import { randomUUID } from 'node:crypto';
import { scrubSecrets } from '../../observability/index.js';
import type { Context } from 'koa';

/** The shape of a request id Desk takes from a caller: short, and nothing that needs escaping. */
const SAFE_SHAPE = /^[A-Za-z0-9._:=@-]{1,64}$/;

/**
 * A caller's id is taken only when it is a short id of a safe shape that the log's scrubber would
 * leave alone (UUIDs, ULIDs, nginx and load-balancer ids): a live API key, a token or any long opaque
 * value sent here is replaced, never echoed or logged.
 */
const acceptable = (id: string): boolean => SAFE_SHAPE.test(id) && scrubSecrets(id) === id;

/** Echoes an acceptable `X-Request-Id` or makes one; handlers and logs read `ctx.state.requestId`. */
export function assignRequestId(ctx: Context): void {
  const incoming = ctx.get('X-Request-Id');
  const id = incoming !== '' && acceptable(incoming) ? incoming : randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
}
