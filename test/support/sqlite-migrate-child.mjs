// A process for test/persistence/sqlite-concurrency.test.ts: waits until the go-file exists, then
// opens the SQLite file with the compiled adapter (dist/), migrates and prints what it applied.
// Usage: node sqlite-migrate-child.mjs <database file> <go-file>
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const { SqliteDatabase } = await import(
  new URL('../../dist/adapters/persistence/sqlite/index.js', import.meta.url).href
);
const [file, goFile] = process.argv.slice(2);
while (!existsSync(goFile)) await sleep(2);
const database = new SqliteDatabase(file);
const { applied } = await database.migrate();
await database.close();
process.stdout.write(JSON.stringify(applied));
