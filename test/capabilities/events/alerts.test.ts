import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoMailer, SmtpMailer } from '../../../src/adapters/mail/smtp-mailer.js';
import { EmitDeploymentEvent, SendAlert } from '../../../src/domain/events/alerts.js';
import { FixedClock } from '../../support/fakes/fixed-clock.js';
import { MemoryUnitOfWork } from '../../support/fakes/memory-unit-of-work.js';
import { SequentialIds } from '../../support/fakes/sequential-ids.js';
import { testSettings } from '../../support/fakes/settings.js';
import { NOW } from '../../support/fakes/world.js';
import { aTenant, aUser } from '../../support/builders.js';
import { startSmtp, type TestSmtp } from '../../support/smtp.js';

describe('alerts', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  async function world() {
    const uow = new MemoryUnitOfWork();
    const withEvents = aTenant({ modules: ['loans', 'events'] });
    const without = aTenant({ modules: ['loans'] });
    const admin = aUser({ email: 'admin@north.example', role: 'school-admin' });
    const gone = aUser({ email: 'former@north.example', role: 'school-admin', active: false });
    const tech = aUser({ email: 'tech@north.example', role: 'technician' });
    await uow.transaction(async (r) => {
      await r.tenants.create(withEvents);
      await r.tenants.create(without);
      for (const u of [admin, gone, tech]) await r.users.create(withEvents.id, u, null);
    });
    return { uow, withEvents, without };
  }

  it("sends a tenant's alert to its active school administrators unless it set its own addresses", async () => {
    const w = await world();
    smtp.received.length = 0;
    const alert = new SendAlert(new SmtpMailer(smtp.url, 'desk@school.example'), testSettings, w.uow);
    expect(await alert.toTenant(w.withEvents.id, 'Site down', 'https://intranet.example is down')).toEqual({
      sent: true,
      to: ['admin@north.example'],
    });
    await w.uow.transaction((r) => r.tenants.setAlertEmails(w.withEvents.id, ['it-team@north.example']));
    await alert.toTenant(w.withEvents.id, 'Site down', 'again');
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [['admin@north.example'], '[Desk] Site down'],
      [['it-team@north.example'], '[Desk] Site down'],
    ]);
  });

  it('sends deployment alerts to ALERT_EMAIL_TO, and says when there is no mailer or nobody to tell', async () => {
    const w = await world();
    smtp.received.length = 0;
    const alert = new SendAlert(new SmtpMailer(smtp.url, 'desk@school.example'), testSettings, w.uow);
    expect(await alert.toDeployment('Backup failed', 'disk full')).toEqual({ sent: true, to: ['it@district.example'] });
    expect((await smtp.waitFor(1))[0]!.to).toEqual(['it@district.example']);
    expect(await new SendAlert(new NoMailer(), testSettings, w.uow).toDeployment('x', 'y')).toEqual({
      sent: false,
      reason: 'no-mailer',
    });
    const nobody = new SendAlert(new SmtpMailer(smtp.url, 'd@s.example'), { ...testSettings, alertEmailTo: [] }, w.uow);
    expect(await nobody.toDeployment('x', 'y')).toEqual({ sent: false, reason: 'no-recipients' });
    expect(await nobody.toTenant(w.without.id, 'x', 'y')).toEqual({ sent: false, reason: 'no-recipients' });
  });

  it('emits a deployment event to every tenant with the events module, each in its own numbering', async () => {
    const w = await world();
    const emit = new EmitDeploymentEvent(w.uow, new SequentialIds(), new FixedClock(NOW));
    expect(await emit.execute('backup.failed', { reason: 'disk full' })).toBe(1);
    expect(await emit.execute('backup.failed', { reason: 'again' })).toBe(1);
    const events = await w.uow.read((r) => r.outbox.listAfter(w.withEvents.id, 0, 10));
    expect(events.map((e) => [e.eventId, e.kind, e.payload])).toEqual([
      [1, 'backup.failed', { reason: 'disk full' }],
      [2, 'backup.failed', { reason: 'again' }],
    ]);
    expect(await w.uow.read((r) => r.outbox.listAfter(w.without.id, 0, 10))).toEqual([]);
  });
});
