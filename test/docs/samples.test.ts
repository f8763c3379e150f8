/**
 * Every code block in README.md and docs/*.md is run or checked here, so no sample can rot.
 *
 * One `desk serve --embedded-db --demo` (the quick start's server) serves every sample, from an install
 * directory under test-output/. Before the samples run, the test does what the quick start tells a
 * reader to do: it opens the demo administrator's setup link and chooses the password
 * `correct horse battery staple`. Then, by kind of block:
 *
 * - `sh`/`bash`: run with bash in the install directory, in document order (README.md, then docs/ by
 *   name), after this prelude:
 *     set -euo pipefail
 *     DESK      the server's address (the docs' `DESK=http://127.0.0.1:3000`)
 *     KEY       an API key of the demo school holding every key scope, until a sample sets KEY:
 *               then that key, for the rest of its document (as in a reader's shell)
 *     TOKEN     a session token of admin@demo.school, and `jar`: a curl cookie jar with that session
 *               (both made afresh before each sample that uses them, since a sample may sign out)
 *     METRICS_TOKEN, BUILD_INFO_TOKEN   as the server is configured
 *     npx desk  the built bin/desk.js (any other `npx`, and `npm`, fail: a sample never installs,
 *               downloads or builds anything)
 *   `http://127.0.0.1:3000` written out (the quick start's address) is replaced by the server's. The
 *   server lets webhooks and monitors name any address (WEBHOOK_ALLOW_PRIVATE): this machine resolves
 *   no names, and the receiver sample runs on loopback.
 *   A sample passes when bash exits 0 and every `curl` answered below 400 — or the status its comment
 *   names: `curl … # 201 {monitor, …}` expects 201 and a JSON answer with those top-level keys.
 * - An output block (info string `json output` or `text output`) right after a sample: the sample's
 *   standard output has that shape and those values. JSON: every key shown is there with the value
 *   shown, compared by value (an array shown holds exactly those elements, in that order, or begins
 *   with them when its last element is `"…"`); `"…"` and `null` stand for any value, a string ending
 *   in `…` for any string that begins so (`"Bearer desk_…"`). A value that differs from run to run (an id, a time, a count the demo
 *   data draws at random) is named in `<!-- varies: <path> <path> -->` before the block (paths as
 *   `key.id`, `items[0].name`, `[]` for every element of a list: `loans[].number`); it is checked by
 *   type only, an array of them by its first element. Text: each line shown appears, in order; `…`
 *   and `<placeholder>` stand for any text, a number for any number.
 * - `<!-- stream -->` before a sample: it keeps running (an event stream); the next sample runs while it
 *   does, then its output is checked and it is stopped.
 * - `<!-- server-output -->` before a text block: what the test's own server printed when it started.
 * - JSON that is an MCP client configuration (`mcpServers`, `servers`): the test connects with it,
 *   its URL pointed at the server and `desk_…` replaced by the key; a URL without a key must lead to
 *   the OAuth challenge. A `command` entry is started as written (bin/desk.js is the built one).
 * - A text block of `desk …` command lines (a synopsis): every command exists and takes every option
 *   the line names (`desk <command> --help`).
 * - `tree`: a directory map; every file and folder it names exists.
 * - `ts` with `<!-- excerpt: <path> -->`: every line shown is in that file, in order (`...` skips).
 * - `js`: a webhook receiver. It runs with node (PORT and DESK_WEBHOOK_SECRET set); the test registers a
 *   webhook pointing at it, sends a test delivery that it must accept, and a forged one it must refuse.
 * - `yaml`: a Prometheus configuration, checked with `promtool check config --syntax-only`.
 * - `<!-- no-run: <reason> -->` before any block: not run. The reason is required.
 *
 * Documents run in order and share the one server, so a later sample may use what an earlier one
 * made (operators.md creates the school `north-high` that sso.md uses). No test is skipped here (CI
 * allows none): a no-run block has no test of its own, and the list of them is one test's title.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/domain/access/permissions.js';
import { cleanEnv, DESK_BIN, eventually, runDesk, startServe, type RunningServer } from '../support/cli.js';
import { blocks, documents, ROOT, type Block } from './markdown.js';

const RUN = new Set(['sh', 'bash', 'shell']);
const PASSWORD = 'correct horse battery staple';
const METRICS_TOKEN = 'docs-samples-metrics-token';
const BUILD_INFO_TOKEN = 'docs-samples-build-token';
const QUICK_START_ORIGIN = 'http://127.0.0.1:3000';

const JQ = spawnSync('jq', ['--version']).status === 0;
const PROMTOOL = spawnSync('promtool', ['--version']).status === 0;
if (!JQ) {
  console.warn(
    'jq is not installed: the docs samples that are shell commands are skipped. ' +
      "To run them, install Debian's jq package (apt-get install jq); .ci/run does.",
  );
}
if (!PROMTOOL) {
  console.warn(
    'promtool is not installed: the Prometheus configuration sample is not checked (apt-get install prometheus).',
  );
}

const note = (b: Block, name: string) => b.notes.find((n) => n.name === name);
const isOutput = (b: Block) => b.tags.includes('output');
const where = (b: Block) => `${b.doc}:${b.line}`;

// ---------------------------------------------------------------------------------------------------
// The server and the prelude's variables
// ---------------------------------------------------------------------------------------------------

let server: RunningServer;
let installDir: string;
let key: string;
let session = { token: '' };
/** The KEY samples see: the test's, until a sample of the document sets its own. */
let documentKey = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function api(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? (JSON.parse(text) as any) : undefined, text };
}

/** Signs the demo administrator in with curl, as a reader would: a fresh `jar` and TOKEN. */
async function signIn(): Promise<void> {
  const r = await bash(
    `curl -sS -c jar "$DESK/api/auth/login" -H 'x-tenant-slug: demo' -H 'content-type: application/json' \\
       -d '{"email":"admin@demo.school","password":"${PASSWORD}"}' | jq -r .token`,
  );
  expect(r.code, r.stderr).toBe(0);
  session = { token: r.stdout.trim() };
}

beforeAll(async () => {
  mkdirSync(join(ROOT, 'test-output'), { recursive: true });
  installDir = mkdtempSync(join(ROOT, 'test-output', 'docs-samples-'));
  server = await startServe(['--embedded-db', '--demo'], {
    cwd: installDir,
    env: {
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      METRICS_TOKEN,
      BUILD_INFO_TOKEN,
    },
    timeoutMs: 30_000,
  });
  await eventually(async () => server.output().includes('read-only API key is in'), 30_000);

  // The quick start: the setup link, a password, then a key that may do everything a key may.
  const link = readFileSync(join(installDir, '.setup-link.html'), 'utf8');
  const token = /#token=([A-Za-z0-9_-]+)/.exec(link)![1]!;
  expect((await api('/api/auth/setup', { body: { token, password: PASSWORD } })).status).toBe(200);
  const minted = await runDesk(
    ['key', 'create', 'demo', '--name', 'docs samples', '--scopes', PERMISSIONS.join(','), '--json'],
    { cwd: installDir },
  );
  expect(minted.code, minted.stderr).toBe(0);
  key = (JSON.parse(minted.stdout) as { key: string }).key;
}, 90_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  if (installDir) rmSync(installDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// Running a shell sample
// ---------------------------------------------------------------------------------------------------

const PRELUDE = String.raw`
set -euo pipefail
# A sample that sets KEY sets it for the rest of its document, as it would in a reader's shell.
trap 'printf "%s" "${'$'}{KEY-}" > "$SAMPLE_DIR/KEY"' EXIT
npx() {
  if [ "${'$'}{1-}" != desk ]; then echo "a sample may run only npx desk" >&2; return 127; fi
  shift
  node "$DESK_BIN" "$@"
}
# A sample never installs, builds or starts anything of the repository's own: its install directory is
# inside the repository, so npm would find the project's package.json and act on it.
npm() { echo "a sample may not run npm" >&2; return 127; }
curl() {
  local n
  n=$(( $(cat "$SAMPLE_DIR/curl-count") + 1 ))
  echo "$n" > "$SAMPLE_DIR/curl-count"
  command curl -w "%{stderr}@@curl $n %{http_code}@@\n" "$@" | tee "$SAMPLE_DIR/curl-$n.out"
  return "${'$'}{PIPESTATUS[0]}"
}
`;

interface Ran {
  code: number | null;
  sampleDir: string;
  stdout: string;
  stderr: string;
  /** Per curl call, in the order they ran: its status and what it wrote to standard output. */
  curls: { status: number; out: string }[];
}

function env(sampleDir: string): Record<string, string> {
  return {
    ...(cleanEnv() as Record<string, string>),
    DESK: server.url,
    KEY: documentKey,
    TOKEN: session.token,
    METRICS_TOKEN,
    BUILD_INFO_TOKEN,
    DESK_BIN,
    SAMPLE_DIR: sampleDir,
  };
}

function launch(code: string): { child: ChildProcess; done: Promise<Ran>; sampleDir: string } {
  const sampleDir = mkdtempSync(join(installDir, '.sample-'));
  writeFileSync(join(sampleDir, 'curl-count'), '0');
  const script = PRELUDE + code.replaceAll(QUICK_START_ORIGIN, server.url);
  const child = spawn('bash', ['-c', script], { cwd: installDir, env: env(sampleDir), detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Ran>((resolve) => {
    child.on('close', (code) => {
      const curls = [...stderr.matchAll(/@@curl (\d+) (\d{3})@@/g)].map((m) => {
        let out = '';
        try {
          out = readFileSync(join(sampleDir, `curl-${m[1]}.out`), 'utf8');
        } catch {
          /* nothing written */
        }
        return { status: Number(m[2]), out };
      });
      resolve({ code, sampleDir, stdout, stderr: stderr.replace(/@@curl \d+ \d{3}@@\n?/g, ''), curls });
    });
  });
  return { child, done, sampleDir };
}

function bash(code: string, timeoutMs = 30_000): Promise<Ran> {
  const { child, done } = launch(code);
  const timer = setTimeout(() => stopGroup(child), timeoutMs);
  return done.finally(() => clearTimeout(timer));
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* gone */
  }
}

/** A curl command line of a sample, with what its comment expects. */
interface CurlExpectation {
  readonly command: string;
  readonly status?: number;
  readonly keys?: readonly string[][];
}

/** The logical lines of a script (continuations joined), each split into code and comment. */
function logicalLines(code: string): { code: string; comment: string }[] {
  const out: { code: string; comment: string }[] = [];
  let pending = '';
  for (const raw of code.split('\n')) {
    const { text, comment } = splitComment(raw);
    if (text.trimEnd().endsWith('\\') && comment === '') {
      pending += text.trimEnd().slice(0, -1) + ' ';
      continue;
    }
    out.push({ code: pending + text, comment });
    pending = '';
  }
  if (pending) out.push({ code: pending, comment: '' });
  return out;
}

/** A line's code and its `# comment`, quotes respected. */
function splitComment(line: string): { text: string; comment: string } {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) {
      return { text: line.slice(0, i), comment: line.slice(i + 1).trim() };
    }
  }
  return { text: line, comment: '' };
}

/** The top-level keys a `{a, b|c, "d": …}` shape names: each entry lists the alternatives. */
function shapeKeys(shape: string): string[][] {
  const keys: string[][] = [];
  let depth = 0;
  let part = '';
  const flush = () => {
    const name = /^\s*"?([A-Za-z_][\w|]*)"?\s*(:|$)/.exec(part);
    if (name) keys.push(name[1]!.split('|'));
    part = '';
  };
  for (const c of shape) {
    if ('{[('.includes(c)) {
      depth++;
      if (depth === 1) continue;
    } else if ('}])'.includes(c)) {
      depth--;
      if (depth === 0) {
        flush();
        break;
      }
    } else if (c === ',' && depth === 1) {
      flush();
      continue;
    }
    if (depth >= 1) part += c;
  }
  return keys;
}

/** Every curl command of a sample, in source order, with what its comment expects of it. */
function curlsOf(code: string): CurlExpectation[] {
  const found: CurlExpectation[] = [];
  for (const line of logicalLines(code)) {
    const blanked = line.code.replace(/'[^']*'|"[^"]*"/g, (s) => s[0] + ' '.repeat(s.length - 2) + s[0]);
    const count = [...blanked.matchAll(/(^|[;&|(]\s*|\$\(\s*|^\s*\w+=\$\(\s*)\s*curl\b/g)].length;
    for (let i = 0; i < count; i++) {
      const last = i === count - 1;
      const m = last ? /^(\d{3})?\s*(\{.*)?/.exec(line.comment) : null;
      found.push({
        command: line.code.trim(),
        status: m?.[1] ? Number(m[1]) : undefined,
        keys: m?.[2] ? shapeKeys(m[2]) : undefined,
      });
    }
  }
  return found;
}

/** The JSON values written one after another (curl's answers, jq's output). */
function jsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      if (depth === 0 && start < 0) start = i;
    } else if (c === '{' || c === '[') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) {
        values.push(JSON.parse(text.slice(start, i + 1)));
        start = -1;
      }
    }
  }
  return values;
}

function checkRun(block: Block, ran: Ran): void {
  const context = `${where(block)}\n--- stdout\n${ran.stdout}\n--- stderr\n${ran.stderr}`;
  expect(ran.code, `the sample at ${context}`).toBe(0);
  const expected = curlsOf(block.code);
  expect(
    ran.curls.length,
    `${where(block)} shows ${expected.length} curl commands but ran curl ${ran.curls.length} times`,
  ).toBe(expected.length);
  ran.curls.forEach((call, i) => {
    const want = expected[i]!;
    const label = `${where(block)}: ${want.command}\n→ ${call.status} ${call.out.slice(0, 600)}`;
    if (want.status !== undefined) expect(call.status, label).toBe(want.status);
    else expect(call.status, label).toBeLessThan(400);
    if (want.keys) {
      const value = jsonValues(call.out).at(-1) as Record<string, unknown> | undefined;
      expect(value, label).toBeTypeOf('object');
      for (const alternatives of want.keys) {
        expect(
          alternatives.some((k) => k in value!),
          `${label}\nhas none of ${alternatives.join(' | ')}`,
        ).toBe(true);
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Output shapes
// ---------------------------------------------------------------------------------------------------

function typeOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

/** Where `actual` lacks the shape of `shown` (an empty list when it has it). */
function shapeProblems(shown: unknown, actual: unknown, path = '$'): string[] {
  if (shown === null || shown === '…' || shown === '...') return [];
  if (typeOf(shown) !== typeOf(actual)) return [`${path}: ${typeOf(actual)}, shown as ${typeOf(shown)}`];
  if (Array.isArray(shown)) {
    const a = actual as unknown[];
    return shown.length > 0 && a.length > 0 ? shapeProblems(shown[0], a[0], `${path}[0]`) : [];
  }
  if (typeof shown === 'object') {
    return Object.entries(shown as Record<string, unknown>).flatMap(([k, v]) =>
      k in (actual as object)
        ? shapeProblems(v, (actual as Record<string, unknown>)[k], `${path}.${k}`)
        : [`${path}.${k}: missing`],
    );
  }
  return [];
}

/** A line of shown output as a pattern: `…` and `<placeholder>` any text, a number any number. */
function linePattern(line: string): RegExp {
  const source = line
    .trim()
    .split(/(…|<[^<>\s][^<>]*>|\d+)/)
    .map((part, i) =>
      i % 2 === 1 ? (/^\d+$/.test(part) ? '\\d+' : '.*?') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

function textProblems(shown: string, actual: string): string[] {
  const lines = actual.split('\n').map((l) => l.trim());
  let at = 0;
  for (const line of shown.split('\n').filter((l) => l.trim() !== '')) {
    const pattern = linePattern(line);
    const found = lines.findIndex((l, i) => i >= at && pattern.test(l));
    if (found < 0) return [`no line like "${line.trim()}" (after line ${at})`];
    at = found + 1;
  }
  return [];
}

/**
 * Where `actual` differs from `shown` by value; paths named in `varies` (and `…`, `null`) by type only.
 * `path` is written as in a varies note: `key.scopes`, `items[0].name`; `[]` matches any index.
 */
function valueProblems(shown: unknown, actual: unknown, varies: ReadonlySet<string>, path = ''): string[] {
  const where = path === '' ? '$' : path;
  const generic = path.replace(/\[\d+\]/g, '[]');
  if (varies.has(path) || varies.has(generic)) return shapeProblems(shown, actual, where);
  if (shown === null || shown === '…' || shown === '...') return [];
  if (typeOf(shown) !== typeOf(actual)) return [`${where}: ${typeOf(actual)}, shown as ${typeOf(shown)}`];
  if (typeof shown === 'string' && shown.endsWith('…')) {
    const start = shown.slice(0, -1);
    return (actual as string).startsWith(start) ? [] : [`${where}: ${JSON.stringify(actual)}, shown starting ${JSON.stringify(start)}`];
  }
  if (Array.isArray(shown)) {
    const a = actual as unknown[];
    const open = shown.length > 0 && (shown.at(-1) === '…' || shown.at(-1) === '...');
    if (open) {
      const head = shown.slice(0, -1);
      if (a.length < head.length) return [`${where}: ${a.length} element(s), shown with at least ${head.length}`];
      return head.flatMap((v, i) => valueProblems(v, a[i], varies, `${path}[${i}]`));
    }
    if (a.length !== shown.length) {
      return [`${where}: ${a.length} element(s) ${JSON.stringify(a).slice(0, 200)}, shown with ${shown.length}`];
    }
    return shown.flatMap((v, i) => valueProblems(v, a[i], varies, `${path}[${i}]`));
  }
  if (typeof shown === 'object') {
    return Object.entries(shown as Record<string, unknown>).flatMap(([k, v]) =>
      k in (actual as object)
        ? valueProblems(v, (actual as Record<string, unknown>)[k], varies, path === '' ? k : `${path}.${k}`)
        : [`${where}.${k}: missing`],
    );
  }
  return shown === actual ? [] : [`${where}: ${JSON.stringify(actual)}, shown as ${JSON.stringify(shown)}`];
}

function outputProblems(output: Block, actual: string): string[] {
  if (output.lang === 'json') {
    const value = jsonValues(actual).at(-1);
    if (value === undefined) return ['no JSON in the output'];
    const varies = new Set((note(output, 'varies')?.text ?? '').split(/\s+/).filter(Boolean));
    return valueProblems(JSON.parse(output.code), value, varies);
  }
  return textProblems(output.code, actual);
}

// ---------------------------------------------------------------------------------------------------
// The other kinds of block
// ---------------------------------------------------------------------------------------------------

const withKey = (v: string) => v.replace(/desk_(…|\.\.\.)/g, key);

async function checkMcpConfig(block: Block): Promise<void> {
  const config = JSON.parse(block.code) as Record<string, Record<string, Record<string, unknown>>>;
  const servers = config.mcpServers ?? config.servers;
  expect(servers, `${where(block)}: a JSON block is an output, an MCP client configuration or no-run`).toBeTypeOf(
    'object',
  );
  for (const [name, entry] of Object.entries(servers!)) {
    const label = `${where(block)}: server "${name}"`;
    if (typeof entry.url === 'string') {
      const url = new URL(entry.url);
      expect(url.pathname, label).toBe('/api/mcp');
      expect(entry.type, label).toBe('http');
      const headers = Object.fromEntries(
        Object.entries((entry.headers ?? {}) as Record<string, string>).map(([k, v]) => [k, withKey(v)]),
      );
      const r = await api('/api/mcp', {
        body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        headers: { accept: 'application/json, text/event-stream', ...headers },
      });
      if (Object.keys(headers).length > 0) {
        expect(r.status, `${label}: ${r.text}`).toBe(200);
        expect(r.json.result.tools.length, label).toBeGreaterThan(0);
      } else {
        // The URL alone: the client is sent to OAuth.
        expect(r.status, label).toBe(401);
        expect(r.headers.get('www-authenticate'), label).toMatch(/resource_metadata="/);
      }
    } else {
      expect(entry.command, `${label}: a url or a command`).toBeTypeOf('string');
      const args = (entry.args ?? []) as string[];
      const argv =
        entry.command === 'npx'
          ? (expect(args[0], label).toBe('desk'), args.slice(1))
          : (expect(entry.command, label).toBe('node'),
            expect(args[0], label).toMatch(/bin\/desk\.js$/),
            args.slice(1));
      const childEnv = Object.fromEntries(
        Object.entries((entry.env ?? {}) as Record<string, string>).map(([k, v]) => [k, withKey(v)]),
      );
      const child = spawn(process.execPath, [DESK_BIN, ...argv], { cwd: installDir, env: cleanEnv(childEnv) });
      try {
        const line = await new Promise<string>((resolve, reject) => {
          let out = '';
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString();
            if (out.includes('\n')) resolve(out.split('\n')[0]!);
          });
          child.on('exit', (code) => reject(new Error(`${label} exited with ${code}`)));
          child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) + '\n');
        });
        expect((JSON.parse(line) as any).result.tools.length, label).toBeGreaterThan(0);
      } finally {
        child.kill();
      }
    }
  }
}

/** A synopsis: `desk <command> <args> [--option …]` lines (continuations indented). */
async function checkSynopsis(block: Block): Promise<void> {
  const lines: string[] = [];
  for (const raw of block.code.split('\n')) {
    if (raw.trim() === '') continue;
    if (/^\s/.test(raw) && lines.length > 0) lines[lines.length - 1] += ' ' + raw.trim();
    else lines.push(raw);
  }
  // Each command's options, then every command's help at once (a node start each).
  const wanted = new Map<string, Set<string>>();
  for (const raw of lines) {
    const line = splitComment(raw).text.trim();
    const words = line.replace(/^npx\s+/, '').split(/\s+/);
    expect(words[0], `${where(block)}: "${line}" is not a desk command`).toBe('desk');
    const path: string[] = [];
    for (const w of words.slice(1)) {
      if (!/^[a-z][a-z|-]*$/.test(w)) break;
      path.push(w);
    }
    const variants = path.reduce<string[][]>(
      (acc, w) => acc.flatMap((p) => w.split('|').map((alt) => [...p, alt])),
      [[]],
    );
    const options = [...line.matchAll(/(?<![\w-])(--[a-z][a-z-]*)/g)].map((m) => m[1]!);
    for (const command of variants) {
      const key = command.join(' ');
      wanted.set(key, new Set([...(wanted.get(key) ?? []), ...options]));
    }
  }
  await Promise.all(
    [...wanted].map(async ([command, options]) => {
      const help = await runDesk([...command.split(' '), '--help'], { cwd: installDir });
      expect(help.code, `${where(block)}: desk ${command} --help\n${help.stderr}`).toBe(0);
      for (const option of options) {
        expect(help.stdout, `${where(block)}: desk ${command} takes ${option}`).toContain(option);
      }
    }),
  );
}

/**
 * A directory map: each line names one or more files or folders, then (after two spaces) says what
 * they are; a line indented under a folder names what is inside it, and a line that starts where
 * the descriptions start continues a description.
 */
/**
 * Folders a map never lists: what installs, builds, tests and runs leave behind, and Vitest's
 * snapshots beside their tests.
 */
const UNMAPPED = new Set(['node_modules', 'dist', 'test-output', 'data', '__snapshots__', 'coverage']);

/**
 * A layout map (a `tree` block) is true and complete: every path it names exists, and a folder whose
 * contents it lists has every subfolder named, so a folder added without a line in the map fails here.
 */
function checkTree(block: Block): void {
  const missing: string[] = [];
  const unnamed: string[] = [];
  const parents: { indent: number; path: string | null }[] = [];
  /** The names listed under each folder whose contents the map lists, by the folder's path. */
  const listed = new Map<string, Set<string>>();
  let descriptions = Infinity;
  for (const raw of block.code.split('\n')) {
    if (raw.trim() === '') continue;
    const indent = raw.length - raw.trimStart().length;
    if (indent >= descriptions) continue;
    const [names = '', description] = raw.trim().split(/\s{2,}/);
    if (description !== undefined)
      descriptions = Math.min(descriptions, raw.indexOf(description, indent + names.length));
    while (parents.length > 0 && parents.at(-1)!.indent >= indent) parents.pop();
    const parent = parents.length === 0 ? '' : parents.at(-1)!.path;
    const entries = names.split(/\s+/);
    for (const name of entries) {
      if (parent === null || !existsSync(join(ROOT, parent, name))) missing.push(join(parent ?? '?', name));
    }
    if (parent !== null) {
      const names = listed.get(parent) ?? new Set<string>();
      for (const name of entries) names.add(name.replace(/\/$/, ''));
      listed.set(parent, names);
    }
    // Only a line naming one folder can hold the lines under it.
    const folders = entries.filter((n) => n.endsWith('/'));
    parents.push({ indent, path: folders.length === 1 && parent !== null ? join(parent, folders[0]!) : null });
  }
  for (const [folder, names] of listed) {
    const dir = join(ROOT, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || UNMAPPED.has(entry.name)) continue;
      if (!names.has(entry.name)) unnamed.push(`${join(folder, entry.name)}/`);
    }
  }
  expect(missing, `${where(block)}: named in the map but not in the repository`).toEqual([]);
  expect(unnamed, `${where(block)}: folders the map lists the contents of, missing a subfolder`).toEqual([]);
}

/** An excerpt: its lines (comments after `//` aside) appear in the file, in order; `...` skips. */
function checkExcerpt(block: Block, file: string): void {
  const source = readFileSync(join(ROOT, file), 'utf8').replace(/\s+/g, ' ');
  const pattern = block.code
    .split('\n')
    .map((l) => l.replace(/\s\/\/.*$/, '').trim())
    .filter(Boolean)
    .join(' ')
    .split(/(\.\.\.)/)
    .map((part) =>
      part === '...' ? '[\\s\\S]*?' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s*'),
    )
    .join('\\s*');
  expect(new RegExp(pattern).test(source), `${where(block)}: the excerpt is not what ${file} holds`).toBe(true);
}

async function checkReceiver(block: Block): Promise<void> {
  const file = join(installDir, 'receiver.mjs');
  writeFileSync(file, block.code);
  const port = await freePort();
  const headers = { 'x-api-key': key };
  const created = await api('/api/v1/webhooks', {
    body: { url: `http://127.0.0.1:${port}/desk-hook`, events: ['loan.issued'], description: 'docs sample receiver' },
    headers,
  });
  expect(created.status, created.text).toBe(201);
  const { webhook, secret } = created.json as { webhook: { id: string }; secret: string };
  const child = spawn(process.execPath, [file], {
    cwd: installDir,
    env: cleanEnv({ PORT: String(port), DESK_WEBHOOK_SECRET: secret }),
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  try {
    await eventually(async () => (await fetch(`http://127.0.0.1:${port}/`, { method: 'POST' })).status > 0);
    const test = await api(`/api/v1/webhooks/${webhook.id}/test`, { body: {}, headers });
    expect(test.status, test.text).toBe(200);
    expect(test.text, `${where(block)}: Desk's test delivery\n${out}`).toMatch(/"outcome":"success"/);
    await eventually(async () => out.includes('webhook.test'), 5_000);
    const forged = await fetch(`http://127.0.0.1:${port}/desk-hook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,Zm9yZ2Vk',
      },
      body: JSON.stringify({ type: 'loan.issued', timestamp: new Date().toISOString(), data: {} }),
    });
    expect(forged.status, `${where(block)}: a forged delivery`).toBeGreaterThanOrEqual(400);
  } finally {
    child.kill();
    await api(`/api/v1/webhooks/${webhook.id}`, { method: 'DELETE', headers });
  }
}

function checkPrometheusConfig(block: Block): void {
  const file = join(installDir, 'prometheus.yml');
  writeFileSync(file, block.code);
  const check = spawnSync('promtool', ['check', 'config', '--syntax-only', file], { encoding: 'utf8' });
  expect(check.status, `${where(block)}\n${check.stdout}${check.stderr}`).toBe(0);
}

// ---------------------------------------------------------------------------------------------------
// The samples, document by document
// ---------------------------------------------------------------------------------------------------

const all = documents().map((doc) => ({ doc, blocks: blocks(doc) }));

const noRun = all.flatMap((d) => d.blocks).filter((b) => note(b, 'no-run'));

describe('no-run marks', () => {
  it(`each says why its block cannot run (${noRun.map(where).join(', ')})`, () => {
    const bare = noRun.filter((b) => note(b, 'no-run')!.text.length < 10).map(where);
    expect(bare, 'a no-run mark without its reason').toEqual([]);
  });
});

describe.each(all)('$doc', ({ blocks: docBlocks }) => {
  // A run sample's result, so a sample run beside a stream is not run twice.
  const runs = new Map<Block, Promise<Ran>>();
  const runOnce = (b: Block) => {
    if (!runs.has(b)) runs.set(b, bash(b.code));
    return runs.get(b)!;
  };
  const outputOf = (i: number): Block | undefined =>
    docBlocks[i + 1] && isOutput(docBlocks[i + 1]!) ? docBlocks[i + 1] : undefined;
  const nextRun = (i: number): Block | undefined =>
    docBlocks.slice(i + 1).find((b) => RUN.has(b.lang) && !isOutput(b) && !note(b, 'no-run'));

  beforeAll(() => {
    documentKey = key;
  });

  it('has no fenced block that nothing runs or checks', () => {
    const unknown = docBlocks.filter(
      (b) =>
        !note(b, 'no-run') &&
        !isOutput(b) &&
        !note(b, 'server-output') &&
        !RUN.has(b.lang) &&
        !['json', 'tree', 'js', 'yaml', 'ts', 'text', ''].includes(b.lang),
    );
    expect(unknown.map((b) => `${where(b)}: ${b.lang}`)).toEqual([]);
  });

  docBlocks.forEach((block, i) => {
    const title = `line ${block.line}: ${block.lang || 'text'}${isOutput(block) ? ' output' : ''}`;
    if (note(block, 'no-run')) return;

    if (isOutput(block)) {
      const previous = docBlocks[i - 1];
      const attached = previous && RUN.has(previous.lang) && !note(previous, 'no-run');
      return it(`${title} follows the sample it shows`, () => {
        expect(attached, `${where(block)}: an output block follows the sample whose output it shows`).toBeTruthy();
      });
    }

    if (note(block, 'server-output')) {
      return it(`${title}: what the server printed`, () => {
        expect(textProblems(block.code, server.output()), `${where(block)}\n${server.output()}`).toEqual([]);
      });
    }

    if (RUN.has(block.lang)) {
      return it.skipIf(!JQ)(title, async () => {
        const output = outputOf(i);
        if (note(block, 'stream')) {
          const next = nextRun(i);
          expect(next, `${where(block)}: a stream needs a sample after it to run meanwhile`).toBeDefined();
          if (/\bjar\b|\$TOKEN\b/.test(block.code + next!.code)) await signIn();
          const stream = launch(block.code);
          let streamed = '';
          stream.child.stdout!.on('data', (d: Buffer) => (streamed += d.toString()));
          // The next sample runs once the stream answers, as a reader waits for it in the other terminal.
          await eventually(async () => streamed.length > 0, 10_000);
          checkRun(next!, await runOnce(next!));
          if (output) {
            await eventually(async () => outputProblems(output, streamed).length === 0, 5_000).catch(() => {});
          }
          expect(stream.child.exitCode, `${where(block)}: the stream ended early\n${streamed}`).toBeNull();
          stopGroup(stream.child);
          await stream.done;
          if (output) expect(outputProblems(output, streamed), `${where(output)}\n${streamed}`).toEqual([]);
          return;
        }
        if (/\bjar\b|\$TOKEN\b/.test(block.code)) await signIn();
        const ran = await runOnce(block);
        if (/^\s*KEY=/m.test(block.code)) documentKey = readFileSync(join(ran.sampleDir, 'KEY'), 'utf8');
        checkRun(block, ran);
        if (output) expect(outputProblems(output, ran.stdout), `${where(output)}\n${ran.stdout}`).toEqual([]);
      });
    }

    if (block.lang === 'json') return it(`${title}: an MCP client configuration`, () => checkMcpConfig(block));
    if (block.lang === 'tree') return it(`${title}: every path exists`, () => checkTree(block));
    if (block.lang === 'js') return it(`${title}: a webhook receiver`, () => checkReceiver(block));
    if (block.lang === 'yaml') return it.skipIf(!PROMTOOL)(`${title}: promtool`, () => checkPrometheusConfig(block));
    if (block.lang === 'ts') {
      const excerpt = note(block, 'excerpt');
      return it(`${title}: an excerpt of ${excerpt?.text}`, () => {
        expect(excerpt, `${where(block)}: a ts block is an excerpt (<!-- excerpt: <file> -->)`).toBeDefined();
        checkExcerpt(block, excerpt!.text);
      });
    }
    if (block.lang === '' || block.lang === 'text') {
      return it(`${title}: a desk synopsis`, () => checkSynopsis(block));
    }
    it(title, () => {
      expect.fail(`${where(block)}: nothing runs a ${block.lang} block; mark it <!-- no-run: why -->`);
    });
  });
});
