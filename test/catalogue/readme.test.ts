import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolCatalogue } from '../../src/domain/catalogue/catalogue.js';
import { TOOL_TABLE_END, TOOL_TABLE_START, toolTable } from '../../src/domain/catalogue/tool-table.js';

describe('README tool table', () => {
  it('is the table generated from the catalogue (regenerate: npm run docs:tools)', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const start = readme.indexOf(TOOL_TABLE_START);
    const end = readme.indexOf(TOOL_TABLE_END);
    expect(start).toBeGreaterThan(-1);
    expect(readme.slice(start, end + TOOL_TABLE_END.length)).toBe(toolTable(new ToolCatalogue()));
  });
});
