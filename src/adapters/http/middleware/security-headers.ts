import type { Middleware } from 'koa';

/** Headers every response carries, error responses included (the error handler keeps them). */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
  };
}
