// Rewrites the tool table in docs/integrators.md from the compiled catalogue (npm run docs:tools).
import { readFileSync, writeFileSync } from 'node:fs';
import { ToolCatalogue } from '../dist/domain/catalogue/catalogue.js';
import { TOOL_TABLE_END, TOOL_TABLE_START, toolTable } from '../dist/domain/catalogue/tool-table.js';

const file = new URL('../docs/integrators.md', import.meta.url);
const doc = readFileSync(file, 'utf8');
const start = doc.indexOf(TOOL_TABLE_START);
const end = doc.indexOf(TOOL_TABLE_END);
if (start < 0 || end < 0) throw new Error('docs/integrators.md has no tool-table markers');
writeFileSync(file, doc.slice(0, start) + toolTable(new ToolCatalogue()) + doc.slice(end + TOOL_TABLE_END.length));
console.log(`wrote the tool table into ${file.pathname}`);
