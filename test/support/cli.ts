import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The built CLI (npm test builds before vitest runs). */
export const DESK_BIN = resolve(import.meta.dirname, '../../bin/desk.js');

export const tempInstallDir = (prefix = 'desk-test-'): string => mkdtempSync(join(tmpdir(), prefix));

/** The environment a command sees: the parent's, minus any Desk settings that would leak in. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (
      !/^(PORT|HOST|DATA_DIR|DATABASE_URL|PUBLIC_URL|PUBLIC_HOSTS|JWT_SECRET|ENCRYPTION_KEY|MAIL_FROM|ALERT_EMAIL_TO|WEBHOOK_ALLOW_PRIVATE|DISK_ALERT_PERCENT|BACKUP_|BUILD_INFO_TOKEN|METRICS_TOKEN|SENTRY_DSN|SMTP_URL|REDIS_URL|DESK_|RATE_LIMIT_|ALLOWED_ORIGINS|LOG_LEVEL|TRUST_PROXY|IMPORT_MAX_MB|CHECK_RESPONSES)/.test(
        k,
      )
    )
      env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `desk <args>` to completion. */
export function runDesk(
  args: string[],
  opts: { cwd: string; env?: Record<string, string | undefined>; input?: string },
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [DESK_BIN, ...args], { cwd: opts.cwd, env: cleanEnv(opts.env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
    child.stdin.end(opts.input ?? '');
  });
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Standard output and standard error, interleaved as they arrived. */
  output(): string;
  /** Standard error alone (the JSON log). */
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `desk serve <args>` on a free port and resolves once it listens. */
export function startServe(
  args: string[],
  opts: { cwd: string; env?: Record<string, string | undefined>; timeoutMs?: number },
): Promise<RunningServer> {
  return new Promise((resolvePromise, reject) => {
    const portArgs = args.includes('--port') ? [] : ['--port', '0'];
    const child = spawn(process.execPath, [DESK_BIN, 'serve', ...portArgs, ...args], {
      cwd: opts.cwd,
      // Every console answer is checked against the console API's document (contract/response-check.ts).
      env: cleanEnv({ CHECK_RESPONSES: 'true', ...opts.env }),
    });
    let out = '';
    let err = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on http:\/\/([^:\s]+):(\d+)/.exec(out);
      if (m && !settled) {
        settled = true;
        clearTimeout(timer);
        const port = Number(m[2]);
        resolvePromise({
          url: `http://127.0.0.1:${port}`,
          port,
          child,
          output: () => out,
          stderr: () => err,
          stop: (signal = 'SIGTERM') =>
            new Promise((done) => {
              if (child.exitCode !== null) return done(child.exitCode);
              child.once('exit', (code) => done(code));
              child.kill(signal);
            }),
        });
      }
    };
    let settled = false;
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      onData(d);
    });
    child.on('exit', (code) => {
      if (!settled) {
        settled = true;
        reject(new Error(`desk serve exited with ${code} before listening:\n${out}`));
      }
    });
    const timer = setTimeout(() => {
      if (!settled) {
        settled = true;
        child.kill('SIGKILL');
        reject(new Error(`desk serve did not listen in time:\n${out}`));
      }
    }, opts.timeoutMs ?? 15_000);
  });
}

/** Polls until `check` returns true or the time runs out. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
