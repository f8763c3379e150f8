import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredApi } from '../../src/adapters/http/declared-api.js';
import { ROUTE_TABLE_END, ROUTE_TABLE_START, routeTable } from '../../src/adapters/http/contract/route-table.js';
import { VERSION } from '../../src/config/index.js';

describe('the route table of docs/console-api.md', () => {
  it('is the table generated from the route declarations (regenerate: npm run docs:api)', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/console-api.md'), 'utf8');
    const start = doc.indexOf(ROUTE_TABLE_START);
    const end = doc.indexOf(ROUTE_TABLE_END);
    expect(start, 'docs/console-api.md has the generated marker').toBeGreaterThan(-1);
    const { groups, routes } = declaredApi({ version: VERSION, serverUrl: 'http://localhost:3000' });
    expect(doc.slice(start, end + ROUTE_TABLE_END.length)).toBe(routeTable(groups, routes));
  });
});
