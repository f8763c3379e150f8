// Rewrites the tool table in README.md from the compiled catalogue (npm run docs:tools).
import { readFileSync, writeFileSync } from 'node:fs';
import { ToolCatalogue } from '../dist/domain/catalogue/catalogue.js';
import { TOOL_TABLE_END, TOOL_TABLE_START, toolTable } from '../dist/domain/catalogue/tool-table.js';

const file = new URL('../README.md', import.meta.url);
const readme = readFileSync(file, 'utf8');
const start = readme.indexOf(TOOL_TABLE_START);
const end = readme.indexOf(TOOL_TABLE_END);
if (start < 0 || end < 0) throw new Error('README.md has no tool-table markers');
writeFileSync(
  file,
  readme.slice(0, start) + toolTable(new ToolCatalogue()) + readme.slice(end + TOOL_TABLE_END.length),
);
