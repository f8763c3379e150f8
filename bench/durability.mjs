// npm run bench:durability — what the embedded database's durability costs a write. The same loan
// issue + return through the real use cases (each one transaction with its audit entry and outbox
// row) on one SQLite file in WAL mode, with synchronous=NORMAL (a commit waits for the disk only at
// checkpoints: a power loss may drop the last commits) and FULL (every commit is on disk before it
// is acknowledged). Then the same pair over HTTP against a real `desk serve`, as a user sees it.
import 'reflect-metadata';
import { join } from 'node:path';
import { loadConfig } from '../dist/bootstrap/load-config.js';
import { buildContainer } from '../dist/bootstrap/container.js';
import { SqliteDatabase } from '../dist/adapters/persistence/sqlite/sqlite-database.js';
import { SqliteUnitOfWork } from '../dist/adapters/persistence/sqlite/sqlite-unit-of-work.js';
import { IssueLoan } from '../dist/domain/loans/issue-loan.js';
import { ReturnLoan } from '../dist/domain/loans/return-loan.js';
import { ResolveTenant } from '../dist/domain/tenants/resolve-tenant.js';
import { operatorActor } from '../dist/domain/tenants/operator-actor.js';
import { Database } from '../dist/ports/database.js';
import { UnitOfWork } from '../dist/ports/unit-of-work.js';
import { prepareInstall, reportLatency, startDesk, timeCalls } from './support.mjs';

const { dir, key } = prepareInstall({ size: 'school', scopes: 'loan.view,loan.issue,loan.return,person.view' });
const file = join(dir, 'data', 'desk.sqlite');

async function writesWith(synchronous) {
  const config = loadConfig({ installDir: dir, env: { LOG_LEVEL: 'silent' }, embeddedDb: true });
  const container = await buildContainer(config);
  const database = new SqliteDatabase(file, { synchronous });
  container.rebind(Database).toConstantValue(database);
  container.rebind(UnitOfWork).toConstantValue(new SqliteUnitOfWork(database));
  const actor = operatorActor(await container.get(ResolveTenant).bySlug('bench'));
  const uow = container.get(UnitOfWork);
  const { loan, holder } = await uow.read(async (r) => ({
    loan: (await r.loans.list(actor.tenant.id, { status: 'AVAILABLE' }, { page: 1, pageSize: 1 })).items[0],
    holder: (await r.people.search(actor.tenant.id, { limit: 1 }))[0],
  }));
  const issue = container.get(IssueLoan);
  const giveBack = container.get(ReturnLoan);
  const timing = await timeCalls(
    async () => {
      await issue.execute(actor, { number: loan.number, holderId: holder.id });
      await giveBack.execute(actor, { number: loan.number });
    },
    { seconds: 4, max: 5_000 },
  );
  await database.close();
  return { name: `synchronous=${synchronous}: issue + return`, ...timing };
}

const rows = [];
// Alternated, twice each: the disk's own caching and the machine's load move between runs.
for (const mode of ['NORMAL', 'FULL', 'NORMAL', 'FULL']) rows.push(await writesWith(mode));
reportLatency('In process, one write at a time (2 commits per call)', rows);

// Over HTTP, on what desk serve ships with, as a client sees it.
const server = await startDesk(dir);
const headers = { 'x-api-key': key, 'content-type': 'application/json' };
const list = await fetch(`${server.url}/api/v1/actions/loans.list`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ status: 'AVAILABLE', pageSize: 1 }),
}).then((r) => r.json());
const people = await fetch(`${server.url}/api/v1/actions/people.search`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ q: 'a', limit: 1 }),
}).then((r) => r.json());
const number = list.result.loans[0].number;
const holderId = people.result.people[0].id;
const call = (name, input) =>
  fetch(`${server.url}/api/v1/actions/${name}`, { method: 'POST', headers, body: JSON.stringify(input) }).then((r) => {
    if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
    return r.arrayBuffer();
  });
const http = await timeCalls(
  async () => {
    await call('loans.issue', { number, holderId });
    await call('loans.return', { number });
  },
  { seconds: 4, max: 5_000 },
);
reportLatency('Over HTTP against desk serve (what it ships with)', [{ name: 'issue + return, two requests', ...http }]);
server.stop();
