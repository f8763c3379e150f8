import type { ToolCatalogue } from './catalogue.js';

export const TOOL_TABLE_START = '<!-- tool-table:start (generated from the catalogue; npm test checks it) -->';
export const TOOL_TABLE_END = '<!-- tool-table:end -->';

interface PropertySchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly format?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly anyOf?: readonly PropertySchema[];
}

/** The largest integer an input takes (a Postgres int4); shown as "from 1" rather than as a limit. */
const INT_MAX = 2_147_483_647;
const figure = (n: number): string => n.toLocaleString('en-US');

/** What a value must be, from its JSON Schema: `text 1–100`, `1–50`, `A \| B`, `date`, `true/false`. */
function describe(schema: PropertySchema): string {
  if (schema.anyOf) return schema.anyOf.map(describe).join(' or ');
  if (schema.enum) return schema.enum.map(String).join(' \\| ');
  if (schema.type === 'null') return 'null';
  if (schema.type === 'boolean') return 'true/false';
  if (schema.format === 'date') return 'date';
  if (schema.type === 'integer' || schema.type === 'number') {
    const { minimum: min, maximum: max } = schema;
    if (min !== undefined && max !== undefined && max < INT_MAX) return `${figure(min)}–${figure(max)}`;
    return min !== undefined ? `whole number ≥ ${figure(min)}` : 'number';
  }
  if (schema.type === 'string') {
    const { minLength: min = 0, maxLength: max } = schema;
    return max !== undefined ? `text ${min}–${figure(max)}` : 'text';
  }
  return schema.type ?? 'any';
}

/**
 * The tool table of docs/integrators.md, generated from the one catalogue so the docs cannot drift from it: each
 * input with what it must be, required ones marked with `*`.
 */
export function toolTable(catalogue: ToolCatalogue): string {
  const rows = catalogue.all().map((t) => {
    const properties = (t.inputSchema.properties ?? {}) as Record<string, PropertySchema>;
    const required = new Set((t.inputSchema.required ?? []) as string[]);
    const input = Object.entries(properties)
      .map(([name, schema]) => `\`${name}\`${required.has(name) ? '\\*' : ''} ${describe(schema)}`)
      .join('; ');
    const permissions = t.required.filter((r) => !r.startsWith('module.'));
    return `| \`${t.name}\` | ${t.title} | ${t.module} | ${permissions.join(', ')} | ${t.readOnly ? 'yes' : '**no**'} | ${input || '—'} |`;
  });
  return [
    TOOL_TABLE_START,
    '| tool | title | module | permission | read-only | input (`*` required) |',
    '|---|---|---|---|---|---|',
    ...rows,
    TOOL_TABLE_END,
  ].join('\n');
}
