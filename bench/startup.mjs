// npm run bench:startup — cold start of `desk serve` to a ready /api/health/ready on the embedded
// database, and resident memory idle and under load (issue 5 targets: ready < 1 s, < 150 MB RSS).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESK, measure, prepareInstall } from './support.mjs';

const rssMb = (pid) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
};

/** Spawns `desk serve` and resolves with the time until /api/health/ready first answers 200. */
async function coldStart(dir) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [DESK, 'serve', '--embedded-db', '--port', '0'], {
    cwd: dir,
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MCP_PER_MINUTE: '0',
      RATE_LIMIT_V1_PER_MINUTE: '0',
      RATE_LIMIT_ACTIONS_PER_MINUTE: '0',
    },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  for (;;) {
    const port = /listening on http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
    if (port) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return { child, url: `http://127.0.0.1:${port}`, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    }
    if (child.exitCode !== null) throw new Error(`desk serve exited: ${out}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const fresh = await coldStart(mkdtempSync(join(tmpdir(), 'desk-cold-')));
fresh.child.kill('SIGTERM');
const { dir, key } = prepareInstall({ size: 'school', scopes: 'loan.view,person.view,device.view' });
const runs = [];
let server;
for (let i = 0; i < 5; i++) {
  server?.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  server = await coldStart(dir);
  runs.push(server.ms);
}
runs.sort((a, b) => a - b);
await new Promise((r) => setTimeout(r, 1000));
const idle = rssMb(server.child.pid);
let peak = idle;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid))), 100);
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
await Promise.all([
  measure({ url: `${server.url}/api/v1/ping`, headers: { 'x-api-key': key }, seconds: 8, connections: 20 }),
  measure({
    url: `${server.url}/api/mcp`,
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'loans.list', arguments: { pageSize: 100 } },
    }),
    seconds: 8,
    connections: 20,
  }),
]);
clearInterval(sampler);
server.child.kill('SIGTERM');

console.log(`cold start to ready, new install (creates and migrates the database): ${fresh.ms.toFixed(0)} ms`);
console.log(
  `cold start to ready, school-size database (5 runs): median ${runs[2].toFixed(0)} ms, worst ${runs[4].toFixed(0)} ms (target < 1000 ms)`,
);
console.log(`resident memory: idle ${idle} MB, peak under load ${peak} MB (target < 150 MB)`);
