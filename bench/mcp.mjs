// npm run bench:mcp — the integration surfaces on the embedded database with school-size demo data,
// each next to a bare node:http server answering a fixed JSON body in the same run. Rate limits are
// lifted through configuration (RATE_LIMIT_*=0), never by a code path that exists for benchmarks.
import { measure, prepareInstall, report, startBaseline, startDesk } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const { dir, key } = prepareInstall({
  size: 'school',
  scopes: 'person.view,loan.view,repair.view,ticket.view,device.view,cost.view',
});
const desk = await startDesk(dir);
const bare = await startBaseline();
const rpc = (method, params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const mcpHeaders = {
  authorization: `Bearer ${key}`,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

try {
  const cases = [
    {
      name: 'MCP tools/list',
      url: `${desk.url}/api/mcp`,
      method: 'POST',
      headers: mcpHeaders,
      body: rpc('tools/list', {}),
    },
    {
      name: 'MCP tools/call loans.list',
      url: `${desk.url}/api/mcp`,
      method: 'POST',
      headers: mcpHeaders,
      body: rpc('tools/call', { name: 'loans.list', arguments: { pageSize: 50 } }),
    },
    { name: 'GET /api/v1/ping', url: `${desk.url}/api/v1/ping`, method: 'GET', headers: { 'x-api-key': key } },
  ];
  const rows = [];
  for (const c of cases) {
    await measure({ ...c, seconds: 1 }); // warm up
    const baseline = await measure({
      url: bare.url,
      method: c.method,
      body: c.body,
      headers: { 'content-type': 'application/json' },
      seconds,
    });
    const result = await measure({ ...c, seconds });
    rows.push({ name: c.name, ...result, baseline });
  }
  report(rows);
} finally {
  desk.stop();
  bare.stop();
}
