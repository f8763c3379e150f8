import type { Context } from 'koa';

/** Headers every response carries, error responses included (set before anything can fail). */
export function setSecurityHeaders(ctx: Context): void {
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Content-Type-Options', 'nosniff');
}
