import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

/** Characters and length accepted from a caller's X-Request-Id; anything else is replaced (log safety). */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** Echoes a well-formed `X-Request-Id` or makes one; handlers and logs read `ctx.state.requestId`. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const id = ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
