import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/index.js';
import { ensureServerSecrets, loadConfig } from '../../src/bootstrap/load-config.js';
import { tempInstallDir } from '../support/cli.js';

const failure = (f: () => unknown): ConfigError => {
  try {
    f();
  } catch (e) {
    return e as ConfigError;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = tempInstallDir();
    const c = loadConfig({ installDir: dir, env: {} });
    expect(c).toMatchObject({
      mode: 'embedded',
      port: 3000,
      host: '127.0.0.1',
      dataDir: join(dir, 'data'),
      databaseUrl: null,
      publicUrl: 'http://localhost:3000',
      publicHosts: ['localhost', '127.0.0.1', '[::1]'],
      channel: 'stable',
      rateLimits: { mcp: 60, actions: 60, v1: 600, sso: 30 },
      http: { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, maxConnections: 10_000 },
      importMaxBytes: 256 * 1024 * 1024,
    });
  });

  it('reads the largest import (IMPORT_MAX_MB, whole MiB), refusing what is not', () => {
    const dir = tempInstallDir();
    expect(loadConfig({ installDir: dir, env: { IMPORT_MAX_MB: '2' }, fromEnvironment: true }).importMaxBytes).toBe(
      2 * 1024 * 1024,
    );
    for (const value of ['0', '1.5', 'lots', '16385'])
      expect(
        failure(() => loadConfig({ installDir: dir, env: { IMPORT_MAX_MB: value }, fromEnvironment: true })).key,
      ).toBe('IMPORT_MAX_MB');
  });

  it('reads the HTTP limits, and refuses a headers timeout longer than the request timeout', () => {
    const dir = tempInstallDir();
    const env = {
      REQUEST_TIMEOUT_SECONDS: '20',
      HEADERS_TIMEOUT_SECONDS: '5',
      KEEP_ALIVE_TIMEOUT_SECONDS: '65',
      MAX_CONNECTIONS: '500',
    };
    expect(loadConfig({ installDir: dir, env, fromEnvironment: true }).http).toEqual({
      requestTimeoutMs: 20_000,
      headersTimeoutMs: 5_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 500,
    });
    const longer = failure(() =>
      loadConfig({ installDir: dir, env: { ...env, HEADERS_TIMEOUT_SECONDS: '30' }, fromEnvironment: true }),
    );
    expect(longer.key).toBe('HEADERS_TIMEOUT_SECONDS');
    for (const [key, value] of [
      ['REQUEST_TIMEOUT_SECONDS', '0'],
      ['MAX_CONNECTIONS', '0'],
      ['KEEP_ALIVE_TIMEOUT_SECONDS', '1.5'],
    ] as const) {
      expect(failure(() => loadConfig({ installDir: dir, env: { [key]: value }, fromEnvironment: true })).key).toBe(
        key,
      );
    }
  });

  it('reads the install directory .env in embedded mode, with the process environment winning', () => {
    const dir = tempInstallDir();
    writeFileSync(join(dir, '.env'), 'PORT=4100\nPUBLIC_URL=https://desk.example/\nPUBLIC_HOSTS=desk.example, *\n', {
      mode: 0o600,
    });
    const c = loadConfig({ installDir: dir, env: { HOST: '0.0.0.0' }, embeddedDb: true });
    expect(c).toMatchObject({ port: 4100, host: '0.0.0.0', publicUrl: 'https://desk.example', publicHosts: '*' });
    expect(loadConfig({ installDir: dir, env: {}, fromEnvironment: true }).port).toBe(3000);
  });

  it('ignores DATABASE_URL with --embedded-db and uses it otherwise', () => {
    const dir = tempInstallDir();
    const env = { DATABASE_URL: 'postgres://u@db.internal/desk' };
    expect(loadConfig({ installDir: dir, env, embeddedDb: true }).databaseUrl).toBeNull();
    expect(loadConfig({ installDir: dir, env, fromEnvironment: true }).databaseUrl).toBe(env.DATABASE_URL);
  });

  it('names the key of a bad value', () => {
    const dir = tempInstallDir();
    expect(failure(() => loadConfig({ installDir: dir, env: { PORT: '70000' } })).key).toBe('PORT');
    expect(failure(() => loadConfig({ installDir: dir, env: { TRUST_PROXY: 'maybe' } })).key).toBe('TRUST_PROXY');
    expect(failure(() => loadConfig({ installDir: dir, env: { METRICS_TOKEN: 'short' } })).key).toBe('METRICS_TOKEN');
    expect(
      failure(() => loadConfig({ installDir: dir, env: { ALLOWED_ORIGINS: 'https://ok.example, nope' } })).key,
    ).toBe('ALLOWED_ORIGINS');
  });

  it('refuses a .env that group or others can read', () => {
    const dir = tempInstallDir();
    writeFileSync(join(dir, '.env'), 'PORT=1\n');
    chmodSync(join(dir, '.env'), 0o640);
    expect(failure(() => loadConfig({ installDir: dir, env: {} })).message).toContain('chmod 600');
  });
});

describe('ensureServerSecrets', () => {
  it('generates a secret into a new owner-only .env on first embedded start, then reuses it', () => {
    const dir = tempInstallDir();
    const first = ensureServerSecrets(loadConfig({ installDir: dir, env: {} }));
    expect(first.jwtSecret?.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(join(dir, '.env')).mode & 0o777).toBe(0o600);
    const again = loadConfig({ installDir: dir, env: {} });
    expect(again.jwtSecret).toBe(first.jwtSecret);
    expect(again.encryptionKey).toBe(first.encryptionKey);
  });

  it('appends to an existing .env without losing its settings', () => {
    const dir = tempInstallDir();
    writeFileSync(join(dir, '.env'), 'PORT=4200', { mode: 0o600 });
    ensureServerSecrets(loadConfig({ installDir: dir, env: {} }));
    const again = loadConfig({ installDir: dir, env: {} });
    expect(again.port).toBe(4200);
    expect(again.jwtSecret).not.toBeNull();
    expect(readFileSync(join(dir, '.env'), 'utf8')).toMatch(/^PORT=4200\nJWT_SECRET=/);
  });

  it('keeps the container-mode SQLite secret in the data directory', () => {
    const dir = tempInstallDir();
    const config = loadConfig({ installDir: dir, env: {}, fromEnvironment: true });
    const a = ensureServerSecrets(config);
    expect(statSync(join(config.dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(statSync(join(config.dataDir, 'encryption-key')).mode & 0o777).toBe(0o600);
    expect(ensureServerSecrets(config).jwtSecret).toBe(a.jwtSecret);
    expect(ensureServerSecrets(config).encryptionKey).toBe(a.encryptionKey);
  });

  it('requires a shared secret with Postgres', () => {
    const config = loadConfig({
      installDir: tempInstallDir(),
      env: { DATABASE_URL: 'postgres://x@h/db' },
      fromEnvironment: true,
    });
    expect(failure(() => ensureServerSecrets(config)).key).toBe('JWT_SECRET');
    const withJwt = { ...config, jwtSecret: 'x'.repeat(32) };
    expect(failure(() => ensureServerSecrets(withJwt)).key).toBe('ENCRYPTION_KEY');
  });

  it('reads alert addresses as a list and refuses a malformed one by name', () => {
    const config = loadConfig({
      installDir: tempInstallDir(),
      env: { ALERT_EMAIL_TO: 'it@school.example, head@school.example' },
    });
    expect(config.alertEmailTo).toEqual(['it@school.example', 'head@school.example']);
    expect(config.mailFrom).toBe('desk@localhost');
    expect(
      failure(() => loadConfig({ installDir: tempInstallDir(), env: { ALERT_EMAIL_TO: 'it@school.example, nope' } }))
        .key,
    ).toBe('ALERT_EMAIL_TO');
    expect(failure(() => loadConfig({ installDir: tempInstallDir(), env: { ENCRYPTION_KEY: 'short' } })).key).toBe(
      'ENCRYPTION_KEY',
    );
  });

  it('reads DISK_ALERT_PERCENT (default 85) and refuses a value outside 1..100 by name', () => {
    expect(loadConfig({ installDir: tempInstallDir(), env: {} }).diskAlertPercent).toBe(85);
    expect(loadConfig({ installDir: tempInstallDir(), env: { DISK_ALERT_PERCENT: '1' } }).diskAlertPercent).toBe(1);
    for (const bad of ['0', '101', '85.5', 'lots']) {
      const e = failure(() => loadConfig({ installDir: tempInstallDir(), env: { DISK_ALERT_PERCENT: bad } }));
      expect(e.key, bad).toBe('DISK_ALERT_PERCENT');
    }
  });
});
