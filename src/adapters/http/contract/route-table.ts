import { PROBLEMS } from '../problems.js';
import type { ConsoleDocument } from './openapi.js';
import { problemsOf, requiredOf, successesOf } from './openapi.js';
import { isUseCaseRoute, type RouteGroup } from './route.js';

export const ROUTE_TABLE_START =
  '<!-- console-routes:start (generated from the route declarations; npm test checks it) -->';
export const ROUTE_TABLE_END = '<!-- console-routes:end -->';

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** Who may call a route, in the table's words. */
function who(route: RouteGroup['routes'][number]): string {
  if (route.access === 'public') return 'anyone';
  const required = requiredOf(route);
  if (!isUseCaseRoute(route) && route.who) return route.who;
  if (required.length === 0) return 'signed in';
  return required.map((r) => `\`${r}\``).join(', ');
}

/**
 * The console API's routes as Markdown, one table per capability, for docs/console-api.md (npm run
 * docs:api writes it; a test fails when the doc's copy is stale): method and path, what it does, what
 * it requires, and each status it may answer. The OpenAPI document (`GET /api/openapi.json`) has the
 * schemas.
 */
export function routeTable(groups: readonly RouteGroup[], document: ConsoleDocument): string {
  const sections = groups.map((group) => {
    const rows = group.routes.map((route) => {
      const { operationId } = document.operation(route);
      const ok = successesOf(route).map(([status]) => status);
      const problems = [...new Set([...problemsOf(route)].map((kind) => PROBLEMS[kind].status))].sort();
      const keyed = route.keyed ? ' (also `/api/v1` with a key)' : '';
      const alias = route.aliasOf
        ? ` (deprecated alias: use \`${route.aliasOf.method.toUpperCase()} ${route.aliasOf.path}\`)`
        : '';
      return `| \`${route.method.toUpperCase()} ${route.path}\`${keyed}${alias} | ${cell(route.summary)} | ${cell(who(route))} | ${ok.join(', ')}; ${problems.join(', ')} | \`${operationId}\` |`;
    });
    return [
      `### ${group.name}`,
      '',
      cell(group.description),
      '',
      '| Route | What it does | Requires | Answers | Operation |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  });
  return `${ROUTE_TABLE_START}\n\n${sections.join('\n\n')}\n\n${ROUTE_TABLE_END}`;
}
