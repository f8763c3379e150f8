// npm run bench:web — the browser console as a person meets it (issue 13), in Debian's headless
// Chromium driven by playwright-core against a real `desk serve` on the embedded database:
//
// 1. weight: the JavaScript and CSS the first page loads (the sign-in page of a first visit, and Home
//    once signed in), gzipped at level 9 as `desk serve` sends them (target: < 80 KB in all);
// 2. inventory: at the `district` demo size (200,000 loans, 400,000 people), the time from navigating
//    to `/loans` to the inventory table's first rows on screen, cold (a full page load of the deep
//    link) and warm (a click on "Loans" in the running app) (target: < 500 ms);
// 3. scan: on the scan desk, the time from the Enter that ends a scan to its result in the running
//    list, for returns and for issues (target: < 100 ms).
//
// Times are read in the page (performance.now() against the navigation's start, a MutationObserver
// installed before the app runs), not by polling from outside. This prints figures; it never fails on
// a timing. BENCH_SIZE=school seeds a smaller school for a quick look; BENCH_RUNS sets the repeats.
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { prepareInstall, startDesk, untilReady } from './support.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SIZE = process.env.BENCH_SIZE ?? 'district';
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const WEB = resolve(import.meta.dirname, '../dist/web');
const WEIGHT_TARGET_KB = 80;
const INVENTORY_TARGET_MS = 500;
const SCAN_TARGET_MS = 100;
/** The inventory's rows: only there once loaded (the table shows a status line while it loads). */
const INVENTORY_ROWS = '[role="region"][aria-label="Loans"] table tbody tr';

try {
  statSync(CHROMIUM);
} catch {
  console.error(`bench:web needs a Chromium at ${CHROMIUM} (apt-get install chromium fonts-liberation)`);
  process.exit(1);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs) => Math.max(...xs);
const ms = (x) => `${x.toFixed(0)} ms`;
const verdict = (value, target) => (value < target ? 'meets' : 'misses');

console.log(`bench:web — seeding demo data of size ${SIZE} (about half a minute at district size)…`);
const install = prepareInstall({ size: SIZE, scopes: 'loan.view', admin: true });
console.log(`  seeded in ${install.seedSeconds.toFixed(1)} s`);
const server = await startDesk(install.dir);
await untilReady(server);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/**
 * Installed before any of the page's own scripts: marks the moment the first inventory row and each
 * new scan result appear, and the moment each Enter is pressed, in the page's own clock.
 */
const OBSERVER = (ROWS) => {
  const marks = { rows: null, enters: [], results: [] };
  globalThis.__bench = marks;
  document.addEventListener('keydown', (e) => e.key === 'Enter' && marks.enters.push(performance.now()), true);
  new MutationObserver(() => {
    if (marks.rows === null && document.querySelector(ROWS)) marks.rows = performance.now();
    const list = document.querySelector('ol[aria-label="Scans"]');
    const count = list ? list.children.length : 0;
    while (marks.results.length < count) marks.results.push(performance.now());
  }).observe(document, { childList: true, subtree: true });
};

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  await context.addInitScript(OBSERVER, INVENTORY_ROWS);
  const page = await context.newPage();
  return { context, page };
}

async function signIn(page) {
  await page.goto(`${server.url}/`);
  await page.getByLabel('School').fill(install.admin.slug);
  await page.getByLabel('Email').fill(install.admin.email);
  await page.getByLabel('Password').fill(install.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

// ---------------------------------------------------------------------------------------------------
// 1. Weight: every script and style sheet the page fetched, at the size it travels (gzip -9).

/** The scripts and style sheets a page load fetches, from the browser's own list of responses. */
function collectAssets(page) {
  const seen = new Set();
  page.on('response', (r) => {
    const type = r.request().resourceType();
    if (type === 'script' || type === 'stylesheet') seen.add(new URL(r.url()).pathname);
  });
  return seen;
}

const gzipped = (path) => gzipSync(readFileSync(join(WEB, path)), { level: 9 }).length;

function weigh(label, paths) {
  const rows = [...paths].sort().map((p) => ({ path: p, bytes: gzipped(p) }));
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  console.log(`\n${label}: ${rows.length} files, ${(total / 1024).toFixed(1)} KB gzipped`);
  for (const r of rows) console.log(`  ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${r.path}`);
  return total;
}

const weights = {};
{
  const { context, page } = await newPage();
  const firstVisit = collectAssets(page);
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  weights.signIn = weigh('First visit (the sign-in page)', firstVisit);
  await context.close();
}
{
  const { context, page } = await newPage();
  await signIn(page);
  const home = collectAssets(page);
  await page.reload();
  await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  weights.home = weigh('Home, signed in (a full load)', home);
  await context.close();
}

// ---------------------------------------------------------------------------------------------------
// 2. The inventory: navigation to its first rows, cold and warm.

const cold = [];
const warm = [];
{
  const { context, page } = await newPage();
  await signIn(page);
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${server.url}/loans`);
    await page.locator(INVENTORY_ROWS).first().waitFor();
    cold.push(await page.evaluate(() => globalThis.__bench.rows));
  }
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const clicked = await page.evaluate(() => {
      globalThis.__bench.rows = null;
      const start = performance.now();
      [...document.querySelectorAll('nav[aria-label="Main"] a')].find((a) => a.textContent === 'Loans').click();
      return start;
    });
    await page.locator(INVENTORY_ROWS).first().waitFor();
    warm.push((await page.evaluate(() => globalThis.__bench.rows)) - clicked);
  }
  await context.close();
}

// ---------------------------------------------------------------------------------------------------
// 3. The scan desk: Enter → the result in the list, for returns and issues.

/** Serials of loans in `status`, through the console API with a signed-in session. */
async function serials(cookie, status, count) {
  const r = await fetch(`${server.url}/api/loans/inventory?status=${status}&pageSize=${count}`, {
    headers: { cookie },
  });
  if (!r.ok) throw new Error(`inventory: ${r.status} ${await r.text()}`);
  const body = await r.json();
  return body.loans.map((l) => l.serial);
}

async function sessionCookie() {
  const r = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-slug': install.admin.slug },
    body: JSON.stringify({ email: install.admin.email, password: install.admin.password }),
  });
  if (!r.ok) throw new Error(`login: ${r.status}`);
  return r.headers.get('set-cookie').split(';')[0];
}

const scanTimes = { returns: [], issues: [] };
{
  const cookie = await sessionCookie();
  const SCANS = Math.max(RUNS * 2, 10);
  const issued = await serials(cookie, 'ISSUED', SCANS);
  const available = await serials(cookie, 'AVAILABLE', SCANS);
  const { context, page } = await newPage();
  await signIn(page);
  await page.goto(`${server.url}/loans/scan`);
  const input = page.locator('#scan-input');
  await input.waitFor();
  const scan = async (text) => {
    const before = await page.evaluate(() => globalThis.__bench.results.length);
    await input.fill(text);
    await input.press('Enter');
    await page.waitForFunction((n) => globalThis.__bench.results.length > n, before);
    return page.evaluate(() => {
      const b = globalThis.__bench;
      return b.results.at(-1) - b.enters.at(-1);
    });
  };
  for (const serial of issued) scanTimes.returns.push(await scan(serial));
  // An issue: the holder first (a person's id from the inventory of returned loans is not at hand,
  // so the first issued loan's holder), then serials.
  const holder = await fetch(`${server.url}/api/people?pageSize=1`, { headers: { cookie } }).then((r) => r.json());
  const person = holder.people[0];
  await scan(person.id);
  for (const serial of available) scanTimes.issues.push(await scan(serial));
  await context.close();
}

await browser.close();
await server.stop();

// ---------------------------------------------------------------------------------------------------

const weightTotal = Math.max(weights.signIn, weights.home);
console.log(`\nbench:web (${SIZE}, ${RUNS} runs each; Chromium headless, desk serve on SQLite)`);
console.log(
  `  first-load JS+CSS     sign-in ${(weights.signIn / 1024).toFixed(1)} KB, home ${(weights.home / 1024).toFixed(1)} KB` +
    ` gzipped (target < ${WEIGHT_TARGET_KB} KB: ${verdict(weightTotal / 1024, WEIGHT_TARGET_KB)})`,
);
console.log(
  `  inventory, cold load  median ${ms(median(cold))}, worst ${ms(max(cold))}` +
    ` (target < ${INVENTORY_TARGET_MS} ms: ${verdict(median(cold), INVENTORY_TARGET_MS)})`,
);
console.log(
  `  inventory, from Home  median ${ms(median(warm))}, worst ${ms(max(warm))}` +
    ` (target < ${INVENTORY_TARGET_MS} ms: ${verdict(median(warm), INVENTORY_TARGET_MS)})`,
);
for (const [kind, times] of Object.entries(scanTimes)) {
  console.log(
    `  scan → result (${kind.padEnd(7)}) median ${ms(median(times))}, worst ${ms(max(times))} over ${times.length}` +
      ` (target < ${SCAN_TARGET_MS} ms: ${verdict(median(times), SCAN_TARGET_MS)})`,
  );
}
