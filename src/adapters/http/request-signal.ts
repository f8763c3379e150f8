import type { Context } from 'koa';

/**
 * A signal that aborts when the client goes away before its answer is sent (the browser gave up, the
 * connection broke), for work done on the request's behalf that need not outlive it: an outbound
 * fetch stops rather than running on for nobody. The response's `close` comes both when the answer
 * was sent and when the connection ended first; only the second aborts.
 */
export function requestSignal(ctx: Context): AbortSignal {
  const controller = new AbortController();
  const res = ctx.res;
  if (res.destroyed && !res.writableFinished) controller.abort();
  else res.once('close', () => res.writableFinished || controller.abort());
  return controller.signal;
}
