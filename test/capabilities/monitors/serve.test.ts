/**
 * The built `desk` end to end: `desk tenant alerts` at the CLI (audited), and `desk serve` checking
 * monitors by itself once its database is ready — a tenant's site on loopback, and the data disk
 * with DISK_ALERT_PERCENT=1 so the real disk is "full": its alert reaches ALERT_EMAIL_TO over real
 * SMTP. SIGTERM then stops the scheduler with the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContainer } from '../../../src/bootstrap/container.js';
import { loadConfig } from '../../../src/bootstrap/load-config.js';
import { Database } from '../../../src/ports/database.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { eventually, runDesk, startServe, tempInstallDir } from '../../support/cli.js';
import { send } from '../../support/rest.js';
import { startSmtp, type TestSmtp } from '../../support/smtp.js';
import { startSite, type TestSite } from './support.js';

describe('desk serve runs the monitors; desk tenant alerts sets where alerts go', () => {
  let dir: string;
  let smtp: TestSmtp;
  let site: TestSite;

  beforeAll(async () => {
    dir = tempInstallDir('desk-monitors-');
    smtp = await startSmtp();
    site = await startSite(200);
    const ok = async (args: string[]) => {
      const r = await runDesk([...args, '--embedded-db'], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      return r;
    };
    await ok(['tenant', 'create', 'north', '--name', 'North High']);
    await ok(['module', 'enable', 'north', 'events', 'integrations']);
    await ok(['user', 'create', 'north', 'head@north.example', '--name', 'Head', '--role', 'school-admin']);
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.close();
  });

  it('shows, sets and resets the alert addresses at the CLI, audited as the operator', async () => {
    const show = await runDesk(['tenant', 'alerts', 'north', '--embedded-db'], { cwd: dir });
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toBe('north: alerts go to the school administrators: head@north.example\n');
    const set = await runDesk(
      ['tenant', 'alerts', 'north', '--email', 'noc@north.example, IT@north.example', '--embedded-db'],
      {
        cwd: dir,
      },
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toBe('north: alerts go to the addresses set: noc@north.example, it@north.example\n');
    const bad = await runDesk(['tenant', 'alerts', 'north', '--email', 'nope', '--embedded-db'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^desk: emails\.0: must be an e-mail address\n$/);
    const both = await runDesk(['tenant', 'alerts', 'north', '--email', 'a@b.example', '--default', '--embedded-db'], {
      cwd: dir,
    });
    expect(both.code).toBe(2);
    const reset = await runDesk(['tenant', 'alerts', 'north', '--default', '--embedded-db'], { cwd: dir });
    expect(reset.stdout).toBe('north: alerts go to the school administrators: head@north.example\n');

    const container = await buildContainer(loadConfig({ installDir: dir, embeddedDb: true, env: {} }));
    try {
      const audit = await container.get(UnitOfWork).read(async (r) => {
        const tenant = await r.tenants.findBySlug('north');
        return r.audit.list(tenant!.id, { limit: 10, action: 'tenant.alerts.set' });
      });
      expect(audit.map((e) => [e.actor, e.details.to])).toEqual([
        [{ type: 'operator', id: 'cli' }, null],
        [{ type: 'operator', id: 'cli' }, ['noc@north.example', 'it@north.example']],
      ]);
    } finally {
      await container.get(Database).close();
    }
  });

  it('checks a registered site and the data disk by itself, e-mails the disk alert, and stops on SIGTERM', async () => {
    const key = await runDesk(
      ['key', 'create', 'north', '--name', 'ops', '--scopes', 'monitor.manage', '--json', '--embedded-db'],
      {
        cwd: dir,
      },
    );
    expect(key.code, key.stderr).toBe(0);
    const apiKey = JSON.parse(key.stdout).key as string;
    const server = await startServe(['--embedded-db'], {
      cwd: dir,
      env: {
        SMTP_URL: smtp.url,
        ALERT_EMAIL_TO: 'ops@district.example',
        DISK_ALERT_PERCENT: '1',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        LOG_LEVEL: 'info',
      },
    });
    try {
      const created = await send(server.port, {
        method: 'POST',
        path: '/api/v1/monitors',
        headers: { 'x-api-key': apiKey },
        body: { name: 'Intranet', url: `${site.url}/intranet`, intervalSeconds: 30 },
      });
      expect(created.status, created.text).toBe(201);
      // Checked within a tick or two of being created, with no request asking for it.
      await eventually(async () => {
        const got = await send(server.port, {
          path: `/api/v1/monitors/${created.json.monitor.id}`,
          headers: { 'x-api-key': apiKey },
        });
        return got.json.monitor.state === 'up';
      }, 15_000);
      expect(site.hits.get('/intranet')).toBe(1);

      // The disk: down on the second round (5 s apart), one e-mail to the operator.
      const [mail] = await smtp.waitFor(1, 20_000);
      expect(mail!.to).toEqual(['ops@district.example']);
      expect(mail!.subject).toBe('[Desk] Monitor down: data disk');
      await eventually(async () => server.stderr().includes('"msg":"monitor down"'), 5_000);
      const metrics = await send(server.port, { path: '/api/metrics' });
      expect(metrics.text).toMatch(/^desk_monitor_up\{state="down"\} 1$/m);
      expect(metrics.text).toMatch(/^desk_monitor_up\{state="up"\} 1$/m);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    expect(server.output()).toContain('desk: stopped');
    expect(smtp.received).toHaveLength(1);
  });
});
