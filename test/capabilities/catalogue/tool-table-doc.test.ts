import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolCatalogue } from '../../../src/domain/catalogue/catalogue.js';
import { TOOL_TABLE_END, TOOL_TABLE_START, toolTable } from '../../../src/domain/catalogue/tool-table.js';

describe('the tool table of docs/integrators.md', () => {
  it('is the table generated from the catalogue (regenerate: npm run docs:tools)', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/integrators.md'), 'utf8');
    const start = doc.indexOf(TOOL_TABLE_START);
    const end = doc.indexOf(TOOL_TABLE_END);
    expect(start).toBeGreaterThan(-1);
    expect(doc.slice(start, end + TOOL_TABLE_END.length)).toBe(toolTable(new ToolCatalogue()));
  });
});
