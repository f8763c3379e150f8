import { PROBLEMS } from '../problems.js';
import type { CompiledRoute } from './compile.js';
import type { RouteGroup } from './route.js';

export const ROUTE_TABLE_START =
  '<!-- console-routes:start (generated from the route declarations; npm test checks it) -->';
export const ROUTE_TABLE_END = '<!-- console-routes:end -->';

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** Who may call a route, in the table's words. */
function who(route: CompiledRoute): string {
  if (route.access === 'public') return 'anyone';
  if ('who' in route.declaration && route.declaration.who) return route.declaration.who;
  if (route.required.length === 0) return 'signed in';
  return route.required.map((r) => `\`${r}\``).join(', ');
}

/**
 * The console API's routes as Markdown, one table per capability, for docs/console-api.md (npm run
 * docs:api writes it; a test fails when the doc's copy is stale): method and path, what it does, what
 * it requires, and each status it may answer. The OpenAPI document (`GET /api/openapi.json`) has the
 * schemas. `routes` are the compiled routes; the console's (not the API-key surface's) are listed.
 */
export function routeTable(groups: readonly RouteGroup[], routes: readonly CompiledRoute[]): string {
  const listed = routes.filter((r) => r.access !== 'key');
  const keyed = new Set(routes.flatMap((r) => (r.twinOf ? [r.twinOf] : [])));
  const sections = groups
    .filter((group) => listed.some((r) => r.group === group))
    .map((group) => {
      const rows = listed
        .filter((r) => r.group === group)
        .map((route) => {
          const ok = route.successes.map(([status]) => status);
          const problems = [...new Set([...route.problems].map((kind) => PROBLEMS[kind].status))].sort();
          const twin = keyed.has(route) ? ' (also `/api/v1` with a key)' : '';
          const alias = route.aliasOf
            ? ` (deprecated alias: use \`${route.aliasOf.method.toUpperCase()} ${route.aliasOf.path}\`)`
            : '';
          return `| \`${route.method.toUpperCase()} ${route.path}\`${twin}${alias} | ${cell(route.declaration.summary)} | ${cell(who(route))} | ${ok.join(', ')}; ${problems.join(', ')} | \`${route.operationId}\` |`;
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
