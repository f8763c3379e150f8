import type { ToolCatalogue } from './catalogue.js';

export const TOOL_TABLE_START = '<!-- tool-table:start (generated from the catalogue; npm test checks it) -->';
export const TOOL_TABLE_END = '<!-- tool-table:end -->';

/** The README's tool table, generated from the one catalogue so the docs cannot drift from it. */
export function toolTable(catalogue: ToolCatalogue): string {
  const rows = catalogue.all().map((t) => {
    const input = Object.keys((t.inputSchema.properties ?? {}) as Record<string, unknown>)
      .map((name) => `\`${name}\``)
      .join(', ');
    const [module, ...permissions] = t.required;
    return `| \`${t.name}\` | ${t.title} | ${module!.replace('module.', '')} | ${permissions.join(', ')} | ${t.readOnly ? 'yes' : '**no**'} | ${input || '—'} |`;
  });
  return [
    TOOL_TABLE_START,
    '| tool | title | module | permission | read-only | input |',
    '|---|---|---|---|---|---|',
    ...rows,
    TOOL_TABLE_END,
  ].join('\n');
}
