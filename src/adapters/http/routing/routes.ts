import Router from '@koa/router';
import compose from 'koa-compose';
import type { Context, Middleware } from 'koa';

declare module 'koa' {
  interface ExtendableContext {
    /** The path's parameters, by name, decoded (`/api/loans/:number` → `{ number: '42' }`). */
    params: Record<string, string>;
  }
}

/**
 * A layer that does nothing in this configuration (a rate limit set to 0): left out of every
 * pipeline when the table is compiled, so it costs nothing at all.
 */
export const passThrough: Middleware = (_ctx, next) => next();

/** The methods a route may be declared for; HEAD is answered by a GET route, OPTIONS by the table. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One registration, as a route module made it. */
export interface RouteEntry {
  /** A method, or `*` for every method the path has no route of its own for (`routes.all`). */
  readonly method: RouteMethod | '*';
  /** The template, `:name` for a parameter (`/api/v1/devices/:id`). */
  readonly path: string;
  readonly middleware: readonly Middleware[];
}

/** Paths load balancers and Prometheus reach by address whatever the host, and before the database is ready. */
const UNGATED_PREFIXES = ['/api/health', '/api/metrics'];
export const isUngatedPath = (path: string): boolean =>
  UNGATED_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix + '/'));

/**
 * What route modules register on (`routes.get(path, ...middleware)`): the declarations, kept in order,
 * compiled once into a RouteMap when the app is built.
 */
export class Routes {
  readonly entries: RouteEntry[] = [];

  get(path: string, ...middleware: Middleware[]): this {
    return this.add('GET', path, middleware);
  }
  post(path: string, ...middleware: Middleware[]): this {
    return this.add('POST', path, middleware);
  }
  put(path: string, ...middleware: Middleware[]): this {
    return this.add('PUT', path, middleware);
  }
  patch(path: string, ...middleware: Middleware[]): this {
    return this.add('PATCH', path, middleware);
  }
  delete(path: string, ...middleware: Middleware[]): this {
    return this.add('DELETE', path, middleware);
  }
  /** Every method the path has no route of its own for (OPTIONS included). */
  all(path: string, ...middleware: Middleware[]): this {
    return this.add('*', path, middleware);
  }

  private add(method: RouteEntry['method'], path: string, middleware: Middleware[]): this {
    if (this.entries.some((e) => e.method === method && e.path === path))
      throw new Error(`${method} ${path} is declared twice`);
    this.entries.push({ method, path, middleware });
    return this;
  }
}

/** A route ready to run: its whole pipeline composed once, its labels decided once. */
export interface CompiledRoute {
  /** The template, for logs and metrics (never the raw path). */
  readonly template: string;
  /** Health and metrics: no readiness, no host resolution (they answer on any host, at any time). */
  readonly ungated: boolean;
  /** How many layers its pipeline has (those that do nothing here left out). */
  readonly layers: number;
  readonly run: (ctx: Context) => Promise<unknown>;
}

/** What a path and method lead to. */
export type Found =
  | { readonly kind: 'route'; readonly route: CompiledRoute; readonly params: Record<string, string> }
  /** The path exists, with other methods: 405 (or, for OPTIONS, the list itself). */
  | { readonly kind: 'other-methods'; readonly template: string; readonly allow: string }
  | null;

/** The routes of one template, by method. */
interface PathRoutes {
  readonly template: string;
  readonly byMethod: Map<string, CompiledRoute>;
  readonly fallback: CompiledRoute | null;
  readonly allow: string;
}

const pick = (routes: PathRoutes, method: string): CompiledRoute | null =>
  routes.byMethod.get(method) ?? routes.fallback;

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** A router layer's middleware: never run (the frame runs the compiled route the layer names). */
const NOTHING: Middleware = (_ctx, next) => next();

/**
 * The area a path belongs to, its router's key: the first segment under `/api` (`/api/loans`), the
 * first under `/api/v1` (`/api/v1/devices`), else the first segment (`/.well-known`). Lower case: paths
 * match whatever their case.
 */
function areaOf(path: string): string {
  // Read segment by segment: splitting and lower-casing the whole path was the lookup's largest cost.
  const first = path.indexOf('/', 1);
  const head = (first < 0 ? path : path.slice(0, first)).toLowerCase();
  if (head !== '/api') return head;
  if (first < 0) return '/api/';
  const second = path.indexOf('/', first + 1);
  const area = (second < 0 ? path.slice(first) : path.slice(first, second)).toLowerCase();
  if (area !== '/v1') return `/api${area}`;
  if (second < 0) return '/api/v1/';
  const third = path.indexOf('/', second + 1);
  return `/api/v1${(third < 0 ? path.slice(second) : path.slice(second, third)).toLowerCase()}`;
}

/**
 * The compiled table, on @koa/router. Every template is registered on the router of its area
 * (areaOf), with its compiled pipeline as the layer's one middleware, so a request is matched only
 * against its own area's few routes, and @koa/router decides the path's parameters (decoded), its
 * methods (HEAD for GET) and its case and trailing-slash rules. In front, a path without parameters is
 * found by one map lookup (the exact text, then lower-cased without a trailing slash, as the router
 * matches it). The request frame (dispatch.ts) runs what the table found: nothing is composed per request.
 */
export class RouteMap {
  private readonly exact = new Map<string, PathRoutes>();
  private readonly areas = new Map<string, Router>();
  /** The routes of each template the routers hold, by template. */
  private readonly templated = new Map<string, PathRoutes>();

  constructor(routes: Routes) {
    const byPath = new Map<string, RouteEntry[]>();
    for (const entry of routes.entries) byPath.set(entry.path, [...(byPath.get(entry.path) ?? []), entry]);
    for (const [template, entries] of byPath) {
      const ungated = isUngatedPath(template);
      const compiled = (entry: RouteEntry): CompiledRoute => {
        const layers = entry.middleware.filter((m) => m !== passThrough);
        return { template, ungated, layers: layers.length, run: compose(layers) };
      };
      const own = entries.filter((e) => e.method !== '*');
      const any = entries.find((e) => e.method === '*');
      const byMethod = new Map<string, CompiledRoute>(own.map((e) => [e.method, compiled(e)]));
      if (byMethod.has('GET')) byMethod.set('HEAD', byMethod.get('GET')!);
      const path: PathRoutes = {
        template,
        byMethod,
        fallback: any ? compiled(any) : null,
        allow: [...byMethod.keys()].join(', '),
      };
      if (!template.includes(':')) {
        this.exact.set(template, path);
        this.exact.set(template.toLowerCase(), path);
      } else {
        const area = areaOf(template);
        if (area.includes(':')) throw new Error(`${template}: the area of a route (${area}) has no parameters`);
        let router = this.areas.get(area);
        if (!router) this.areas.set(area, (router = new Router()));
        this.templated.set(template, path);
        // One layer per template, whatever its methods: the router says which templates a path matches
        // (each layer tried once), and `pick` takes the route of the method from what the template holds.
        router.register(template, [...byMethod.keys()], NOTHING);
      }
    }
  }

  find(method: string, path: string): Found {
    const exact = this.exact.get(path) ?? this.loose(path);
    const own = exact && pick(exact, method);
    if (own) return { kind: 'route', route: own, params: NO_PARAMS };
    // A path with parameters may still answer this method (POST /api/v1/actions/openapi.json).
    const layers = this.areas.get(areaOf(path))?.match(path, method).path ?? [];
    for (const layer of layers) {
      const other = pick(this.templated.get(String(layer.path))!, method);
      if (other) return { kind: 'route', route: other, params: layer.params(path, layer.captures(path)) };
    }
    const templated = layers[0] && this.templated.get(String(layers[0].path));
    const known = exact ?? templated;
    if (!known) return null;
    const allow = exact && templated ? `${exact.allow}, ${templated.allow}` : known.allow;
    return { kind: 'other-methods', template: known.template, allow };
  }

  /** Without a trailing slash and lower-cased, as @koa/router matches a path. */
  private loose(path: string): PathRoutes | undefined {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    return this.exact.get(trimmed.toLowerCase());
  }
}
