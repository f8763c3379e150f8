/**
 * The CLI contract of SPEC §3 on the embedded database, through the built `desk` binary: output,
 * exit codes, and the state left in the SQLite file.
 */
import { readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { isWellFormedKey } from '../../src/domain/identity/api-key.js';
import { runDesk, tempInstallDir } from '../support/cli.js';

const db = (dir: string) => new Sqlite(join(dir, 'data', 'desk.sqlite'), { readonly: true });
const rows = <T>(dir: string, sql: string, ...params: unknown[]): T[] => {
  const conn = db(dir);
  try {
    return conn.prepare(sql).all(...params) as T[];
  } finally {
    conn.close();
  }
};

describe('desk tenant / module', () => {
  let dir: string;
  beforeAll(async () => {
    dir = tempInstallDir();
    const r = await runDesk(
      [
        'tenant',
        'create',
        'north',
        '--name',
        'North High',
        '--host',
        'north.school.example',
        '--time-zone',
        'Europe/London',
        '--currency',
        'gbp',
      ],
      { cwd: dir },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('creates a tenant with its hosts, zone and currency and every module off', () => {
    expect(rows(dir, 'select slug, name, time_zone, currency from tenants')).toEqual([
      { slug: 'north', name: 'North High', time_zone: 'Europe/London', currency: 'GBP' },
    ]);
    expect(rows(dir, 'select host from tenant_hosts')).toEqual([{ host: 'north.school.example' }]);
    expect(rows(dir, 'select * from tenant_modules')).toEqual([]);
  });

  it('refuses a duplicate slug with exit 1 and malformed arguments with exit 2, creating nothing', async () => {
    const dup = await runDesk(['tenant', 'create', 'north', '--name', 'Other'], { cwd: dir });
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/^desk: .*north.*already exists\n$/);
    for (const args of [
      ['tenant', 'create', 'Bad Slug', '--name', 'X'],
      ['tenant', 'create', 'south', '--name', 'X', '--time-zone', 'Mars/Olympus'],
      ['tenant', 'create', 'south', '--name', 'X', '--currency', 'euro'],
      ['tenant', 'create', 'south', '--name', 'X', '--host', 'https://south.example'],
      ['tenant', 'create', 'south', '--name', 'X', '--host', 'north.school.example'],
      ['tenant', 'create', 'south'],
    ]) {
      const r = await runDesk(args, { cwd: dir });
      expect(r.code, args.join(' ')).toBe(args.includes('north.school.example') ? 1 : 2);
      expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/);
    }
    expect(rows(dir, "select slug from tenants where slug = 'south'")).toEqual([]);
  });

  it('lists the tenants and updates one; an unknown school exits 1, a bad value or nothing to change 2', async () => {
    const before = await runDesk(['tenant', 'list'], { cwd: dir });
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(
      /^north\tNorth High\ttime zone Europe\/London\tcurrency GBP\thosts north\.school\.example\t/,
    );

    const updated = await runDesk(
      [
        'tenant',
        'update',
        'north',
        '--name',
        'North High Academy',
        '--host',
        'desk.north.example',
        '--host',
        'north.school.example',
        '--currency',
        'eur',
      ],
      { cwd: dir },
    );
    expect(updated.stderr).toBe('');
    expect(updated.code).toBe(0);
    expect(updated.stdout).toMatch(/^updated north\tNorth High Academy\t/);
    expect(rows(dir, "select name, time_zone, currency from tenants where slug = 'north'")).toEqual([
      { name: 'North High Academy', time_zone: 'Europe/London', currency: 'EUR' },
    ]);
    expect(rows(dir, 'select host from tenant_hosts order by host')).toEqual([
      { host: 'desk.north.example' },
      { host: 'north.school.example' },
    ]);
    expect(rows(dir, "select action from audit_entries where action = 'tenant.update'")).toHaveLength(1);

    for (const [args, code] of [
      [['tenant', 'update', 'nowhere', '--name', 'X'], 1],
      [['tenant', 'update', 'north', '--time-zone', 'Mars/Olympus'], 2],
      [['tenant', 'update', 'north', '--host', 'https://north.example'], 2],
      [['tenant', 'update', 'north'], 2],
      [['tenant', 'update', 'north', '--host', 'a.example', '--clear-hosts'], 2],
    ] as const) {
      const r = await runDesk([...args], { cwd: dir });
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr.split('\n').filter(Boolean), args.join(' ')).toHaveLength(1);
    }
    expect(rows(dir, "select name, time_zone from tenants where slug = 'north'")).toEqual([
      { name: 'North High Academy', time_zone: 'Europe/London' },
    ]);

    const listed = JSON.parse((await runDesk(['tenant', 'list', '--json'], { cwd: dir })).stdout) as {
      tenants: { slug: string; name: string; hosts: string[]; currency: string }[];
    };
    expect(listed.tenants).toEqual([
      expect.objectContaining({
        slug: 'north',
        name: 'North High Academy',
        currency: 'EUR',
        hosts: ['desk.north.example', 'north.school.example'],
      }),
    ]);
  });

  it('enables and disables modules, refusing unknown ones without changing any', async () => {
    expect((await runDesk(['module', 'enable', 'north', 'loans', 'people', 'integrations'], { cwd: dir })).code).toBe(
      0,
    );
    const bad = await runDesk(['module', 'enable', 'north', 'repairs', 'teleport'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('teleport');
    expect((await runDesk(['module', 'disable', 'north', 'people'], { cwd: dir })).code).toBe(0);
    expect(
      rows<{ module: string }>(dir, 'select module from tenant_modules order by module').map((r) => r.module),
    ).toEqual(['integrations', 'loans']);
    expect((await runDesk(['module', 'enable', 'nowhere', 'loans'], { cwd: dir })).code).toBe(1);
    expect(rows(dir, "select action from audit_entries where action = 'module.change'")).toHaveLength(2);
  });
});

describe('desk user / key / setup-link', () => {
  let dir: string;
  beforeAll(async () => {
    dir = tempInstallDir();
    writeFileSync(join(dir, '.env'), 'PUBLIC_URL=https://desk.north.example\n', { mode: 0o600 });
    expect((await runDesk(['tenant', 'create', 'north', '--name', 'North High'], { cwd: dir })).code).toBe(0);
    expect((await runDesk(['tenant', 'create', 'south', '--name', 'South High'], { cwd: dir })).code).toBe(0);
  });

  it('creates a user with a password read from stdin, stored only as a hash', async () => {
    const r = await runDesk(
      [
        'user',
        'create',
        'north',
        'Ada@North.Example',
        '--name',
        'Ada Admin',
        '--role',
        'school-admin',
        '--password-stdin',
      ],
      {
        cwd: dir,
        input: 'correct horse battery staple\n',
      },
    );
    expect(r.code).toBe(0);
    const [user] = rows<{ email: string; role: string; password_hash: string }>(
      dir,
      'select email, role, password_hash from users',
    );
    expect(user).toMatchObject({ email: 'ada@north.example', role: 'school-admin' });
    expect(user!.password_hash).toMatch(/^scrypt\$/);
    expect(readFileSync(join(dir, 'data', 'desk.sqlite')).includes('correct horse battery staple')).toBe(false);
  });

  it('refuses duplicate e-mails, unknown roles and short passwords with nothing created', async () => {
    expect(
      (
        await runDesk(['user', 'create', 'north', 'ada@north.example', '--name', 'Dup', '--role', 'teacher'], {
          cwd: dir,
        })
      ).code,
    ).toBe(1);
    expect(
      (await runDesk(['user', 'create', 'north', 'x@north.example', '--name', 'X', '--role', 'wizard'], { cwd: dir }))
        .code,
    ).toBe(2);
    expect(
      (
        await runDesk(
          ['user', 'create', 'north', 'y@north.example', '--name', 'Y', '--role', 'teacher', '--password-stdin'],
          { cwd: dir, input: 'short\n' },
        )
      ).code,
    ).toBe(2);
    expect(
      (await runDesk(['user', 'create', 'north', 'not-an-email', '--name', 'Z', '--role', 'teacher'], { cwd: dir }))
        .code,
    ).toBe(2);
    expect(
      (
        await runDesk(
          [
            'user',
            'create',
            'north',
            'z@north.example',
            '--name',
            'Z',
            '--role',
            'teacher',
            '--loan-group',
            'no-such-group',
          ],
          { cwd: dir },
        )
      ).code,
    ).toBe(2);
    expect(rows(dir, 'select email from users')).toEqual([{ email: 'ada@north.example' }]);
  });

  it('invites a user created without a password: the link goes to an owner-only file, only its path is printed', async () => {
    const r = await runDesk(
      ['user', 'create', 'north', 'Nia@North.Example', '--name', 'Nia New', '--role', 'teacher'],
      {
        cwd: dir,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const [user] = rows<{ id: string; password_hash: string | null }>(
      dir,
      "select id, password_hash from users where email = 'nia@north.example'",
    );
    expect(user!.password_hash).toBeNull();
    const path = join(dir, `.invitation-${user!.id}.html`);
    expect(r.stdout).toBe(`${path}\n`);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const page = readFileSync(path, 'utf8');
    expect(page).toContain('<title>Desk invitation</title>');
    expect(page).toContain('nia@north.example');
    const token = /https:\/\/desk\.north\.example\/setup#token=([A-Za-z0-9_-]{43})/.exec(page)?.[1] ?? '';
    expect(token).not.toBe('');
    expect(r.stdout).not.toContain(token);
    const links = rows<{ purpose: string; file_path: string; created_at: string; expires_at: string }>(
      dir,
      'select purpose, file_path, created_at, expires_at from setup_links where user_id = ?',
      user!.id,
    );
    expect(links).toEqual([
      { purpose: 'invitation', file_path: path, created_at: expect.any(String), expires_at: expect.any(String) },
    ]);
    expect(Date.parse(links[0]!.expires_at) - Date.parse(links[0]!.created_at)).toBe(7 * 86_400_000);
    expect(readFileSync(join(dir, 'data', 'desk.sqlite')).includes(token)).toBe(false);
    expect(
      rows<{ action: string; actor_id: string }>(
        dir,
        'select action, actor_id from audit_entries where target = ? order by rowid',
        `user:${user!.id}`,
      ),
    ).toEqual([
      { action: 'user.create', actor_id: 'cli' },
      { action: 'user.invite', actor_id: 'cli' },
    ]);
  });

  it('mints a key shown once and stored only as a hash; lists and revokes it', async () => {
    const r = await runDesk(
      [
        'key',
        'create',
        'north',
        '--name',
        'reporting',
        '--scopes',
        'loan.view,device.view',
        '--expires',
        '30',
        '--json',
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(0);
    const created = JSON.parse(r.stdout) as { id: string; key: string; scopes: string[] };
    expect(Object.keys(created).sort()).toEqual(['id', 'key', 'scopes']);
    expect(isWellFormedKey(created.key)).toBe(true);
    expect(created.scopes).toEqual(['loan.view', 'device.view']);
    const stored = rows<Record<string, string>>(dir, 'select * from api_keys where id = ?', created.id)[0]!;
    expect(JSON.stringify(stored)).not.toContain(created.key);
    expect(stored.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(stored.expires_at!) - Date.parse(stored.created_at!)).toBe(30 * 86_400_000);
    expect(readFileSync(join(dir, 'data', 'desk.sqlite')).includes(created.key)).toBe(false);

    const list = await runDesk(['key', 'list', 'north'], { cwd: dir });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(created.id);
    expect(list.stdout).toContain(created.key.slice(0, 13));
    expect(list.stdout).not.toContain(created.key);
    expect((await runDesk(['key', 'list', 'south'], { cwd: dir })).stdout).not.toContain(created.id);

    expect((await runDesk(['key', 'revoke', 'south', created.id], { cwd: dir })).code).toBe(1);
    expect((await runDesk(['key', 'revoke', 'north', created.id], { cwd: dir })).code).toBe(0);
    expect((await runDesk(['key', 'revoke', 'north', created.id], { cwd: dir })).code).toBe(1);
    expect(
      rows<{ revoked_at: string | null }>(dir, 'select revoked_at from api_keys where id = ?', created.id)[0]!
        .revoked_at,
    ).not.toBeNull();
    expect(
      rows(dir, "select action from audit_entries where action in ('apikey.create', 'apikey.revoke')"),
    ).toHaveLength(2);
  });

  it('prints an MCP client configuration and allows a key with no scopes', async () => {
    const r = await runDesk(['key', 'create', 'north', '--name', 'claude', '--scopes', '', '--mcp-config'], {
      cwd: dir,
    });
    expect(r.code).toBe(0);
    const config = JSON.parse(r.stdout);
    const auth: string = config.mcpServers.desk.headers.Authorization;
    expect(config).toEqual({
      mcpServers: {
        desk: { type: 'http', url: 'https://desk.north.example/api/mcp', headers: { Authorization: auth } },
      },
    });
    expect(isWellFormedKey(auth.replace(/^Bearer /, ''))).toBe(true);
  });

  it('refuses module and privileged scopes with a clear hint', async () => {
    const mod = await runDesk(['key', 'create', 'north', '--name', 'x', '--scopes', 'loan.view,module.loans'], {
      cwd: dir,
    });
    expect(mod.code).toBe(2);
    expect(mod.stderr).toContain('desk module enable');
    const priv = await runDesk(['key', 'create', 'north', '--name', 'x', '--scopes', 'apikey.manage'], { cwd: dir });
    expect(priv.code).toBe(2);
    expect(priv.stderr).toContain('apikey.manage');
    expect(
      (
        await runDesk(['key', 'create', 'north', '--name', 'x', '--scopes', 'loan.view', '--expires', '0'], {
          cwd: dir,
        })
      ).code,
    ).toBe(2);
    expect(
      (await runDesk(['key', 'create', 'nowhere', '--name', 'x', '--scopes', 'loan.view'], { cwd: dir })).code,
    ).toBe(1);
    expect(rows(dir, "select name from api_keys where name = 'x'")).toEqual([]);
  });

  it('writes a setup link for exactly one active administrator, printing only the path', async () => {
    const before = rows<{ password_hash: string }>(
      dir,
      "select password_hash from users where email = 'ada@north.example'",
    )[0]!;
    const r = await runDesk(['setup-link', 'ada@north.example'], { cwd: dir });
    expect(r.code).toBe(0);
    const path = join(dir, '.setup-link.html');
    expect(r.stdout).toBe(`${path}\n`);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const token = /https:\/\/desk\.north\.example\/setup#token=([A-Za-z0-9_-]+)/.exec(readFileSync(path, 'utf8'))?.[1];
    expect(token?.length).toBeGreaterThanOrEqual(22);
    const links = rows<{ token_hash: string; file_path: string; expires_at: string; created_at: string }>(
      dir,
      "select * from setup_links where purpose = 'recovery'",
    );
    expect(links).toHaveLength(1);
    expect(JSON.stringify(links)).not.toContain(token);
    expect(links[0]!.file_path).toBe(path);
    expect(Date.parse(links[0]!.expires_at) - Date.parse(links[0]!.created_at)).toBe(4 * 3600_000);
    expect(rows(dir, "select action from audit_entries where action = 'setup_link.create'")).toHaveLength(1);
    expect(
      rows<{ password_hash: string }>(dir, "select password_hash from users where email = 'ada@north.example'")[0],
    ).toEqual(before);

    const again = await runDesk(['setup-link', 'ada@north.example', '--tenant', 'north'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(readFileSync(path, 'utf8')).not.toContain(token);
    expect(
      rows<{ replaced_at: string | null }>(
        dir,
        "select replaced_at from setup_links where purpose = 'recovery' order by created_at",
      ).map((l) => l.replaced_at !== null),
    ).toEqual([true, false]);
  });

  it('refuses an address that is not exactly one active administrator', async () => {
    expect((await runDesk(['setup-link', 'nobody@north.example'], { cwd: dir })).code).toBe(1);
    expect(
      (
        await runDesk(['user', 'create', 'north', 'tech@north.example', '--name', 'T', '--role', 'technician'], {
          cwd: dir,
        })
      ).code,
    ).toBe(0);
    expect((await runDesk(['setup-link', 'tech@north.example'], { cwd: dir })).code).toBe(1);
    expect(
      (
        await runDesk(['user', 'create', 'south', 'ada@north.example', '--name', 'Ada', '--role', 'school-admin'], {
          cwd: dir,
        })
      ).code,
    ).toBe(0);
    const ambiguous = await runDesk(['setup-link', 'ada@north.example'], { cwd: dir });
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain('--tenant');
    expect((await runDesk(['setup-link', 'ada@north.example', '--tenant', 'south'], { cwd: dir })).code).toBe(0);
  });
});

describe('desk seed-demo', () => {
  it('seeds an empty tenant once and refuses a tenant with data', async () => {
    const dir = tempInstallDir();
    expect((await runDesk(['tenant', 'create', 'demo', '--name', 'Demo'], { cwd: dir })).code).toBe(0);
    expect((await runDesk(['seed-demo', 'demo', '--size', 'huge'], { cwd: dir })).code).toBe(2);
    const r = await runDesk(['seed-demo', 'demo', '--size', 'small'], { cwd: dir });
    expect(r.code).toBe(0);
    const count = (table: string) => rows<{ n: number }>(dir, `select count(*) n from ${table}`)[0]!.n;
    expect([count('people'), count('loans'), count('devices'), count('submissions'), count('tickets')]).toEqual([
      150, 60, 200, 30, 20,
    ]);
    expect(count('cost_entries')).toBeGreaterThan(12);
    const statuses = rows<{ status: string }>(dir, 'select distinct status from loans order by status').map(
      (s) => s.status,
    );
    expect(statuses).toEqual(['AVAILABLE', 'ISSUED', 'UNAVAILABLE']);
    expect(
      rows<{ next_value: number }>(dir, "select next_value from tenant_counters where counter = 'loan'")[0]!.next_value,
    ).toBe(61);
    const again = await runDesk(['seed-demo', 'demo', '--size', 'small'], { cwd: dir });
    expect(again.code).toBe(1);
    expect(count('people')).toBe(150);
    expect((await runDesk(['seed-demo', 'nowhere'], { cwd: dir })).code).toBe(1);
  });
});

describe('configuration errors', () => {
  it('refuses a .env other users can read, naming the chmod to run', async () => {
    const dir = tempInstallDir();
    writeFileSync(join(dir, '.env'), 'PORT=4000\n');
    chmodSync(join(dir, '.env'), 0o644);
    const r = await runDesk(['tenant', 'create', 'x', '--name', 'X'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`chmod 600 ${join(dir, '.env')}`);
  });

  it('stops with one line naming the key and exit 2 on a bad value', async () => {
    const dir = tempInstallDir();
    const cases: [Record<string, string>, string[], string][] = [
      [{ PORT: 'eighty' }, ['migrate'], 'PORT'],
      [{ DATABASE_URL: 'mysql://nope' }, ['migrate', '--from-environment'], 'DATABASE_URL'],
      [{ PUBLIC_URL: 'not a url' }, ['migrate'], 'PUBLIC_URL'],
      [{ RATE_LIMIT_MCP_PER_MINUTE: '-1' }, ['migrate'], 'RATE_LIMIT_MCP_PER_MINUTE'],
      [{ LOG_LEVEL: 'loud' }, ['migrate'], 'LOG_LEVEL'],
      [{}, ['migrate', '--embedded-db', '--from-environment'], 'embedded-db'],
    ];
    for (const [env, args, key] of cases) {
      const r = await runDesk(args, { cwd: dir, env });
      expect(r.code, key).toBe(2);
      expect(r.stderr.trim().split('\n'), key).toHaveLength(1);
      expect(r.stderr, key).toContain(key);
    }
  });

  it('reports an unreachable database with exit 1 and no credentials', async () => {
    const dir = tempInstallDir();
    const r = await runDesk(['migrate', '--from-environment'], {
      cwd: dir,
      env: { DATABASE_URL: 'postgres://secretuser:secretpw@127.0.0.1:1/desk' },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^desk: cannot reach the database/);
    expect(r.stderr).not.toContain('secretpw');
  });

  it('uses SQLite with --embedded-db whatever DATABASE_URL says', async () => {
    const dir = tempInstallDir();
    const r = await runDesk(['tenant', 'create', 'x', '--name', 'X', '--embedded-db'], {
      cwd: dir,
      env: { DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none' },
    });
    expect(r.code).toBe(0);
    expect(rows(dir, 'select slug from tenants')).toEqual([{ slug: 'x' }]);
  });
});

describe('desk module enable with several modules', () => {
  it('enables every module named, not just the last', async () => {
    const dir = tempInstallDir();
    expect((await runDesk(['tenant', 'create', 'x', '--name', 'X'], { cwd: dir })).code).toBe(0);
    const r = await runDesk(['module', 'enable', 'x', 'integrations', 'loans', 'people'], { cwd: dir });
    expect(r.stdout).toContain('integrations, people, loans');
    expect(
      rows<{ module: string }>(dir, 'select module from tenant_modules order by module').map((m) => m.module),
    ).toEqual(['integrations', 'loans', 'people']);
  });
});
