// Rewrites the console API's route table in docs/console-api.md from the compiled route declarations
// (npm run docs:api).
import { readFileSync, writeFileSync } from 'node:fs';
import { declaredApi } from '../dist/adapters/http/declared-api.js';
import { ROUTE_TABLE_END, ROUTE_TABLE_START, routeTable } from '../dist/adapters/http/contract/route-table.js';
import { VERSION } from '../dist/config/index.js';

const file = new URL('../docs/console-api.md', import.meta.url);
const doc = readFileSync(file, 'utf8');
const start = doc.indexOf(ROUTE_TABLE_START.slice(0, ROUTE_TABLE_START.indexOf(' (')));
const end = doc.indexOf(ROUTE_TABLE_END);
if (start < 0 || end < 0) throw new Error('docs/console-api.md has no console-routes markers');
const { groups, routes } = declaredApi({ version: VERSION, serverUrl: 'http://localhost:3000' });
writeFileSync(file, doc.slice(0, start) + routeTable(groups, routes) + doc.slice(end + ROUTE_TABLE_END.length));
console.log(`wrote the console API's routes into ${file.pathname}`);
