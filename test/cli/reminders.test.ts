/**
 * `desk reminders send [--tenant <slug>] [--date YYYY-MM-DD]` through the built binary on the
 * embedded database, against the loopback SMTP server: one line per reminder sent, nothing new on a
 * second run the same day, only the school named, a refused message retried on a later run (what an
 * operator does after a mail outage), and the arguments refused with exit 2.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContainer } from '../../src/bootstrap/container.js';
import { loadConfig } from '../../src/bootstrap/load-config.js';
import { Database } from '../../src/ports/database.js';
import { UnitOfWork } from '../../src/ports/unit-of-work.js';
import { aGroup, aLoan, aPerson } from '../support/builders.js';
import { runDesk, tempInstallDir } from '../support/cli.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';

describe('desk reminders send', () => {
  let dir: string;
  let smtp: TestSmtp;
  let env: Record<string, string>;
  const numbers: Record<string, number> = {};

  beforeAll(async () => {
    smtp = await startSmtp();
    dir = tempInstallDir();
    env = { SMTP_URL: smtp.url, MAIL_FROM: 'desk@district.example' };
    for (const args of [
      ['tenant', 'create', 'north', '--name', 'North High'],
      ['tenant', 'create', 'south', '--name', 'South High'],
      ['module', 'enable', 'north', 'people', 'loans'],
      ['module', 'enable', 'south', 'people', 'loans'],
    ]) {
      const r = await runDesk(args, { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
    }
    // The schools' people and loans, written through the repositories into the same database file.
    const config = loadConfig({ installDir: dir, dataDir: join(dir, 'data'), env: {} });
    const container = await buildContainer(config);
    await container.get(UnitOfWork).transaction(async (r) => {
      for (const slug of ['north', 'south']) {
        const tenant = (await r.tenants.findBySlug(slug))!;
        const group = aGroup({ name: 'Library' });
        const pupil = aPerson({ name: 'Pia', email: `pia@${slug}.example`, kind: 'PUPIL' });
        const loan = aLoan(group.id, {
          status: 'ISSUED',
          holderId: pupil.id,
          issuedAt: '2026-09-01T08:00:00.000Z',
          dueDate: '2026-09-10',
        });
        numbers[slug] = loan.number;
        await r.loanGroups.insertMany(tenant.id, [group]);
        await r.people.insertMany(tenant.id, [pupil]);
        await r.guardians.replace(tenant.id, pupil.id, [
          { name: 'Mia', email: `mia@home-${slug}.example`, phone: null, relationship: 'mother', externalId: null },
        ]);
        await r.loans.insertMany(tenant.id, [loan]);
        await r.schoolSettings.put(tenant.id, 'reminders', { enabled: true }, '2026-09-01T00:00:00.000Z');
      }
    });
    await container.get(Database).close();
  });
  afterAll(() => smtp?.close());

  it('sends what is owed as of the date, one line each, and nothing new when run again', async () => {
    smtp.refusing = true;
    const refused = await runDesk(['reminders', 'send', '--tenant', 'north', '--date', '2026-09-11'], {
      cwd: dir,
      env,
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      new RegExp(`^retry\tnorth\tloaner ${numbers.north}\toverdue 1\t2 recipient\\(s\\)\t.*451`, 'm'),
    );
    expect(refused.stdout).toContain('0 sent, 1 waiting to retry, 0 failed');

    // The mail server is back: the retry waits for its backoff, so the operator's run sends it later.
    smtp.refusing = false;
    const early = await runDesk(['reminders', 'send', '--tenant', 'north', '--date', '2026-09-11'], { cwd: dir, env });
    expect(early.stdout).toBe('0 sent, 0 waiting to retry, 0 failed\n');
    expect(smtp.received).toHaveLength(0);

    const south = await runDesk(['reminders', 'send', '--tenant', 'south', '--date', '2026-09-11'], { cwd: dir, env });
    expect(south.code, south.stderr).toBe(0);
    expect(south.stdout).toBe(
      `sent\tsouth\tloaner ${numbers.south}\toverdue 1\t2 recipient(s)\n1 sent, 0 waiting to retry, 0 failed\n`,
    );
    expect((await smtp.waitFor(1)).flatMap((m) => m.to).sort()).toEqual([
      'mia@home-south.example',
      'pia@south.example',
    ]);
    const again = await runDesk(['reminders', 'send', '--date', '2026-09-11'], { cwd: dir, env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe('0 sent, 0 waiting to retry, 0 failed\n');
    expect(smtp.received).toHaveLength(1);
  });

  it('refuses bad arguments with exit 2, an unknown school with exit 1, and a deployment without mail', async () => {
    for (const args of [
      ['reminders', 'send', '--date', '2026-02-30'],
      ['reminders', 'send', '--date', 'tomorrow'],
      ['reminders', 'resend'],
    ]) {
      const r = await runDesk(args, { cwd: dir, env });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    }
    const nowhere = await runDesk(['reminders', 'send', '--tenant', 'west'], { cwd: dir, env });
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain('west');
    const noMail = await runDesk(['reminders', 'send'], { cwd: dir });
    expect(noMail.code).toBe(2);
    expect(noMail.stderr).toContain('SMTP_URL');
  });
});
