import type { Context } from 'koa';
import type { WebAssets, WebFile } from '../web-assets.js';

/**
 * The console page's Content-Security-Policy: its own scripts, styles, images and fonts only, requests
 * to its own origin only (the API and the event stream), no plugins, no framing, no inline script or
 * style (the app sets styles through the CSSOM, which the policy allows).
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Vite names what it builds under /assets/ by content hash: a name never holds other bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The metrics' route label for what this serves: templates, never a raw path. */
const ROUTE_ASSET = '/assets/*';
const ROUTE_PAGE = '/*';

function send(ctx: Context, file: WebFile, cacheControl: string, route: string): void {
  ctx.state.route = route;
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  const body = encoding === 'br' && file.br ? file.br : encoding === 'gzip' && file.gzip ? file.gzip : file.body;
  if (body !== file.body) ctx.set('Content-Encoding', body === file.br ? 'br' : 'gzip');
  if (file.br || file.gzip) ctx.vary('Accept-Encoding');
  ctx.set('Cache-Control', cacheControl);
  ctx.type = file.type;
  ctx.status = 200;
  ctx.body = body;
}

/** How the request frame serves the browser console (routing/dispatch.ts). */
export interface WebConsole {
  /** A GET or HEAD outside /api naming a built file: answered from the map of files, true. */
  file(ctx: Context): boolean;
  /** A GET or HEAD outside /api and /assets that no route answered: the app's page (deep links), true. */
  page(ctx: Context): boolean;
}

const isRead = (ctx: Context): boolean => ctx.method === 'GET' || ctx.method === 'HEAD';
const isApi = (path: string): boolean => path === '/api' || path.startsWith('/api/');

/**
 * The browser console (issue 13), served by `desk serve` on the API's own origin from what
 * `npm run build` wrote (dist/web): a GET or HEAD outside /api that names a built file gets it by one
 * map lookup, before any middleware of a route runs — hashed assets cached for a year, immutable — and one
 * that no route answered gets the app's index.html (`no-cache`, with the CSP), so a deep link
 * (`/loans?status=ISSUED`) survives a reload and the app's own router takes it from there. A missing
 * asset is a 404, never the page. With no build (`assets` null) there is no console: those paths
 * stay 404.
 */
export function webConsole(assets: WebAssets | null): WebConsole | null {
  if (!assets) return null;
  return {
    file(ctx) {
      if (!isRead(ctx)) return false;
      const file = assets.files.get(ctx.path);
      if (!file) return false;
      const hashed = ctx.path.startsWith('/assets/');
      send(ctx, file, hashed ? IMMUTABLE : 'no-cache', hashed ? ROUTE_ASSET : ROUTE_PAGE);
      return true;
    },
    page(ctx) {
      if (!isRead(ctx) || isApi(ctx.path) || ctx.path.startsWith('/assets/')) return false;
      ctx.set('Content-Security-Policy', CONSOLE_CSP);
      ctx.set('X-Frame-Options', 'DENY');
      send(ctx, assets.index, 'no-cache', ROUTE_PAGE);
      return true;
    },
  };
}
