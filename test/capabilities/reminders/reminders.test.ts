/**
 * Reminders of loans (issue 23, section 3) on both databases, against a real SMTP server on loopback:
 * who receives what (the holder, a pupil's guardians with an address, the school's copy, and nobody
 * else), the schedule (firstAfterDays, everyDays, maxReminders, dueSoon) by running the job as of
 * dates, a second run on a day sending nothing, a refusing server retried later and the message sent
 * once, a claim left by a crash never sent again, "remind now" and its hourly limit, the audit entry
 * and `loan.reminded` event of each, and another school's loans never mailed nor visible.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Loan } from '../../../src/domain/loans/loan.js';
import type { Person } from '../../../src/domain/people/person.js';
import type { Guardian } from '../../../src/domain/people/guardian.js';
import { ReminderScheduler, reminderJobName } from '../../../src/bootstrap/reminder-scheduler.js';
import { SendReminders, type TenantReminders } from '../../../src/domain/reminders/send-reminders.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import { DeliverReminder } from '../../../src/domain/reminders/deliver-reminder.js';
import { IdGenerator } from '../../../src/ports/id-generator.js';
import { Mailer } from '../../../src/ports/mailer.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { MovableClock } from '../../support/fakes/movable-clock.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { aGroup, aLoan, aPerson } from '../../support/builders.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { expectProblem, send } from '../../support/rest.js';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../support/smtp.js';
import { auditEntries } from '../../support/tenant-data.js';
import { signIn } from '../../support/console.js';
import { resolveFrom } from '../../../src/bootstrap/container.js';

warnIfPostgresSkipped();

const guardian = (name: string, email: string | null): Guardian => ({
  name,
  email,
  phone: null,
  relationship: 'guardian',
  externalId: null,
});

/** A school's loaners and families: every address a reminder may or must not reach. */
interface School {
  tenant: Tenant;
  groupName: string;
  /** A group of the school with none of these loans (a pool that excludes them). */
  otherGroupId: string;
  pupil: Person;
  staff: Person;
  bystander: Person;
  /** Issued to the pupil, due 2026-09-10. */
  pupilLoan: Loan;
  /** Issued to the member of staff, due 2026-09-10. */
  staffLoan: Loan;
  /** Issued to the bystander, due 2026-09-20. */
  laterLoan: Loan;
  /** Issued to someone with no address and no guardians. */
  silentLoan: Loan;
  available: Loan;
}

describe.each<TestDatabase>(['sqlite', 'postgres'])('reminders on %s', (database) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable)('the job, remind now and the history', () => {
    let app: TestApp;
    let smtp: TestSmtp;
    const clock = new MovableClock();
    const uow = () => app.container.get(UnitOfWork);

    beforeAll(async () => {
      smtp = await startSmtp();
      app = await startApp({ database, clock, env: { SMTP_URL: smtp.url, MAIL_FROM: 'desk@district.example' } });
    });
    afterAll(async () => {
      await app?.close();
      await smtp?.close();
    });
    beforeEach(() => {
      smtp.refusing = false;
      smtp.received.length = 0;
    });

    async function school(settings: Record<string, unknown> | null): Promise<School> {
      const slug = `rem-${randomUUID().slice(0, 8)}`;
      const tenant = await app.tenant(slug);
      const domain = `${slug}.example`;
      const group = aGroup({ name: 'Library desk' });
      const otherGroup = aGroup({ name: 'Science cart' });
      const pupil = aPerson({ name: 'Pia Pupil', email: `pia@${domain}`, kind: 'PUPIL' });
      const staff = aPerson({ name: 'Stan Staff', email: `stan@${domain}`, kind: 'STAFF' });
      const bystander = aPerson({ name: 'Bea Bystander', email: `bea@${domain}`, kind: 'PUPIL' });
      const silent = aPerson({ name: 'Sol Silent', email: null, kind: 'PUPIL' });
      const issued = (holder: Person, dueDate: string) =>
        aLoan(group.id, { status: 'ISSUED', holderId: holder.id, issuedAt: '2026-09-01T08:00:00.000Z', dueDate });
      const s: School = {
        tenant,
        groupName: group.name,
        otherGroupId: otherGroup.id,
        pupil,
        staff,
        bystander,
        pupilLoan: issued(pupil, '2026-09-10'),
        staffLoan: issued(staff, '2026-09-10'),
        laterLoan: issued(bystander, '2026-09-20'),
        silentLoan: issued(silent, '2026-09-10'),
        available: aLoan(group.id),
      };
      await uow().transaction(async (r) => {
        await r.loanGroups.insertMany(tenant.id, [group, otherGroup]);
        await r.people.insertMany(tenant.id, [pupil, staff, bystander, silent]);
        await r.guardians.replace(tenant.id, pupil.id, [
          guardian('Mia Pupil', `mia@home-${domain}`),
          guardian('Dan Pupil', null),
          guardian('Sam Pupil', `sam@home-${domain}`),
        ]);
        await r.guardians.replace(tenant.id, bystander.id, [guardian('Bo Bystander', `bo@home-${domain}`)]);
        // A staff member's "guardian" is not a family: never written to.
        await r.guardians.replace(tenant.id, staff.id, [guardian('Not Family', `nobody@home-${domain}`)]);
        await r.loans.insertMany(tenant.id, [s.pupilLoan, s.staffLoan, s.laterLoan, s.silentLoan, s.available]);
        if (settings) await r.schoolSettings.put(tenant.id, 'reminders', settings, '2026-09-01T00:00:00.000Z');
      });
      return s;
    }

    const run = async (s: School | null, date: string): Promise<TenantReminders[]> => {
      const result = await resolveFrom(app.container)(SendReminders).execute({
        date,
        ...(s ? { tenantSlug: s.tenant.slug } : {}),
      });
      expect(result.ran).toBe(true);
      return result.ran ? result.value : [];
    };
    const sentOf = (results: TenantReminders[]) =>
      results
        .flatMap((r) => r.outcomes)
        .filter((o) => o.result === 'sent')
        .map((o) => `${o.reminder.loanNumber} ${o.reminder.kind} ${o.reminder.sequence}`)
        .sort();
    const mailFor = (serial: string): ReceivedMail => {
      const mails = smtp.received.filter((m) => m.raw.includes(serial));
      expect(mails).toHaveLength(1);
      return mails[0]!;
    };
    const headersOf = (m: ReceivedMail) => m.raw.slice(0, m.raw.indexOf('\r\n\r\n'));

    it('mails the holder, a pupil’s guardians with an address and the copy address, and nobody else', async () => {
      const s = await school({ enabled: true, copyTo: 'Office@District.example', text: 'Bring it to room 12 ✓' });
      const other = await school({ enabled: true });
      const results = await run(null, '2026-09-11');
      const ours = results.find((r) => r.tenant.id === s.tenant.id)!;
      expect(sentOf([ours])).toEqual([`${s.pupilLoan.number} overdue 1`, `${s.staffLoan.number} overdue 1`].sort());
      await smtp.waitFor(4);

      const domain = `${s.tenant.slug}.example`;
      const pupilMail = mailFor(s.pupilLoan.serial);
      expect(pupilMail.to.sort()).toEqual(
        [`pia@${domain}`, `mia@home-${domain}`, `sam@home-${domain}`, 'office@district.example'].sort(),
      );
      // The family's addresses are blind copies: only the holder is in the headers.
      expect(headersOf(pupilMail)).toContain(`To: pia@${domain}`);
      expect(headersOf(pupilMail)).not.toMatch(/mia@|sam@|office@|^Bcc:/im);
      expect(pupilMail.from).toBe('desk@district.example');
      const text = pupilMail.raw.replace(/=\r\n/g, '');
      for (const part of [s.tenant.name, 'laptop', s.pupilLoan.serial, '2026-09-10', 'Library desk', 'Pia Pupil']) {
        expect(text).toContain(part);
      }
      expect(text).toMatch(/room 12/);
      expect(mailFor(s.staffLoan.serial).to.sort()).toEqual([`stan@${domain}`, 'office@district.example'].sort());

      // Every address any message of this run went to is one of the people's, their guardians' or the copy.
      const allowed = new Set([
        `pia@${domain}`,
        `mia@home-${domain}`,
        `sam@home-${domain}`,
        `stan@${domain}`,
        'office@district.example',
        `pia@${other.tenant.slug}.example`,
        `mia@home-${other.tenant.slug}.example`,
        `sam@home-${other.tenant.slug}.example`,
        `stan@${other.tenant.slug}.example`,
      ]);
      const all = smtp.received.flatMap((m) => m.to);
      expect(all.filter((a) => !allowed.has(a))).toEqual([]);
      expect(all.some((a) => a.startsWith('nobody@') || a.startsWith('bea@') || a.startsWith('bo@'))).toBe(false);
      // The copy goes only with this school's messages.
      expect(smtp.received.filter((m) => m.to.includes('office@district.example'))).toHaveLength(2);
    });

    it('is on the loan’s history and the audit log, and a thin loan.reminded event carries the group', async () => {
      const s = await school({ enabled: true });
      const before = await uow().read((r) => r.outbox.newestId(s.tenant.id));
      await run(s, '2026-09-11');
      const [entry] = (await auditEntries(app.container, s.tenant.id, 'loan.remind')).filter(
        (e) => e.target === `loan:${s.pupilLoan.number}`,
      );
      expect(entry).toMatchObject({
        actor: { type: 'system', id: 'reminders' },
        details: { kind: 'overdue', sequence: 1, recipients: 3, dueDate: '2026-09-10' },
      });
      const events = await uow().read((r) => r.outbox.listAfter(s.tenant.id, before, 100, ['loan.reminded']));
      const event = events.find((e) => (e.payload as { loan: { id: string } }).loan.id === s.pupilLoan.id);
      expect(event?.payload).toEqual({
        loan: {
          id: s.pupilLoan.id,
          number: s.pupilLoan.number,
          groupId: s.pupilLoan.groupId,
          holderId: s.pupil.id,
          dueDate: '2026-09-10',
        },
        reminder: { kind: 'overdue', sequence: 1, recipients: 3 },
      });
      expect(JSON.stringify(events)).not.toMatch(/@/);

      const admin = await signIn(app, s.tenant.slug, { role: 'school-admin' });
      const history = await send(app.port, {
        path: `/api/loans/${s.pupilLoan.number}/history`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(history.status, history.text).toBe(200);
      expect(history.json.loan).toMatchObject({ number: s.pupilLoan.number, status: 'ISSUED', overdue: true });
      expect(history.json.history.map((e: { action: string }) => e.action)).toContain('loan.remind');
      expect(history.json.reminders).toEqual([
        expect.objectContaining({ kind: 'overdue', sequence: 1, recipients: 3, status: 'sent', runDate: '2026-09-11' }),
      ]);
      expect(history.text).not.toContain('@');
    });

    it('follows firstAfterDays, everyDays and maxReminders, and a second run on a day sends nothing new', async () => {
      const s = await school({ enabled: true, firstAfterDays: 2, everyDays: 3, maxReminders: 2 });
      const pupil = (n: number) => `${s.pupilLoan.number} overdue ${n}`;
      const staff = (n: number) => `${s.staffLoan.number} overdue ${n}`;
      expect(sentOf(await run(s, '2026-09-10'))).toEqual([]);
      expect(sentOf(await run(s, '2026-09-11'))).toEqual([]);
      expect(sentOf(await run(s, '2026-09-12'))).toEqual([pupil(1), staff(1)].sort());
      const mails = smtp.received.length;
      expect(sentOf(await run(s, '2026-09-12'))).toEqual([]);
      expect(smtp.received.length).toBe(mails);
      expect(sentOf(await run(s, '2026-09-14'))).toEqual([]);
      expect(sentOf(await run(s, '2026-09-15'))).toEqual([pupil(2), staff(2)].sort());
      expect(sentOf(await run(s, '2026-09-18'))).toEqual([]);
      // By now only the later loan (due 2026-09-20) is owed its first.
      expect(sentOf(await run(s, '2026-10-30'))).toEqual([`${s.laterLoan.number} overdue 1`]);
      const stored = await uow().read((r) => r.reminders.listForLoan(s.tenant.id, s.pupilLoan.id, 10));
      expect(stored.map((r) => [r.sequence, r.runDate])).toEqual([
        [2, '2026-09-15'],
        [1, '2026-09-12'],
      ]);
    });

    it('with dueSoon, reminds the day before the due date, once; and a missed day does not send a burst', async () => {
      const s = await school({ enabled: true, dueSoon: true, maxReminders: 0 });
      expect(sentOf(await run(s, '2026-09-18'))).toEqual([]);
      expect(sentOf(await run(s, '2026-09-19'))).toEqual([`${s.laterLoan.number} due_soon 1`]);
      expect(sentOf(await run(s, '2026-09-19'))).toEqual([]);
      const mail = mailFor(s.laterLoan.serial);
      expect(mail.subject).toMatch(/tomorrow/i);
      const domain = `${s.tenant.slug}.example`;
      expect(mail.to.sort()).toEqual([`bea@${domain}`, `bo@home-${domain}`].sort());

      // Back from a three-week outage: one reminder, the next one everyDays later.
      const late = await school({ enabled: true, everyDays: 7 });
      const firsts = sentOf(await run(late, '2026-10-01'));
      expect(firsts).toEqual(
        [late.pupilLoan, late.staffLoan, late.laterLoan].map((l) => `${l.number} overdue 1`).sort(),
      );
      expect(sentOf(await run(late, '2026-10-02'))).toEqual([]);
      expect(sentOf(await run(late, '2026-10-08'))).toEqual(firsts.map((f) => f.replace(/1$/, '2')));
    });

    it('sends nothing for a school that has not turned reminders on, nor a loan nobody can be written to', async () => {
      const off = await school(null);
      expect(sentOf(await run(off, '2026-09-20'))).toEqual([]);
      const on = await school({ enabled: true });
      await run(on, '2026-09-20');
      const stored = await uow().read((r) => r.reminders.listForLoan(on.tenant.id, on.silentLoan.id, 10));
      expect(stored).toEqual([]);
      expect(smtp.received.flatMap((m) => m.to).some((a) => a.includes(off.tenant.slug))).toBe(false);
    });

    it('keeps a refused message pending, retries it after the backoff, and sends it once', async () => {
      const s = await school({ enabled: true });
      smtp.refusing = true;
      const first = (await run(s, '2026-09-11'))[0]!.outcomes;
      expect(first.map((o) => o.result)).toEqual(['retry', 'retry']);
      const pending = await uow().read((r) => r.reminders.listForLoan(s.tenant.id, s.pupilLoan.id, 10));
      expect(pending).toEqual([
        expect.objectContaining({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/451/) }),
      ]);
      expect(smtp.received).toHaveLength(0);

      // Not due again before the backoff; the same day planned again adds nothing.
      smtp.refusing = false;
      expect(sentOf(await run(s, '2026-09-11'))).toEqual([]);
      clock.advance(6 * 60_000);
      expect(sentOf(await run(s, '2026-09-11'))).toEqual(
        [`${s.pupilLoan.number} overdue 1`, `${s.staffLoan.number} overdue 1`].sort(),
      );
      expect(sentOf(await run(s, '2026-09-11'))).toEqual([]);
      clock.advance(60 * 60_000);
      expect(sentOf(await run(s, '2026-09-11'))).toEqual([]);
      expect(smtp.received.filter((m) => m.raw.includes(s.pupilLoan.serial))).toHaveLength(1);
      expect(
        (await auditEntries(app.container, s.tenant.id, 'loan.remind')).filter(
          (e) => e.target === `loan:${s.pupilLoan.number}`,
        ),
      ).toHaveLength(1);
      const [sent] = await uow().read((r) => r.reminders.listForLoan(s.tenant.id, s.pupilLoan.id, 10));
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    });

    it('never sends again a reminder a stopped process was sending (at most once)', async () => {
      const s = await school({ enabled: true, maxReminders: 1 });
      smtp.refusing = true;
      await run(s, '2026-09-11');
      smtp.refusing = false;
      const [r] = await uow().read((x) => x.reminders.listForLoan(s.tenant.id, s.pupilLoan.id, 10));
      // As a process that died after its claim leaves it.
      const claimedAt = new Date(clock.now().getTime() - 11 * 60_000).toISOString();
      await uow().transaction((x) =>
        x.reminders.transition(s.tenant.id, r!.id, 'pending', { status: 'sending', claimedAt, nextAttemptAt: null }),
      );
      clock.advance(6 * 60_000);
      const results = await run(s, '2026-09-12');
      expect(results[0]!.abandoned.map((a) => a.id)).toEqual([r!.id]);
      expect(smtp.received.filter((m) => m.raw.includes(s.pupilLoan.serial))).toHaveLength(0);
      const [after] = await uow().read((x) => x.reminders.listForLoan(s.tenant.id, s.pupilLoan.id, 10));
      expect(after).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/not sent again/) });
    });

    it('fails, and never sends again, a reminder whose message may have arrived (the connection broke after it)', async () => {
      const s = await school({ enabled: true, maxReminders: 1 });
      smtp.refusing = true;
      await run(s, '2026-09-11');
      smtp.refusing = false;
      const pending = await uow().read((x) => x.reminders.listForLoan(s.tenant.id, s.pupilLoan.id, 10));
      const broken = new (class extends Mailer {
        readonly configured = true;
        async send(): Promise<void> {
          throw new Error('Connection closed unexpectedly');
        }
      })();
      const delivery = new DeliverReminder(uow(), broken, clock, app.container.get(IdGenerator));
      const [outcome] = await delivery.deliverMany(s.tenant, pending, 1);
      expect(outcome).toMatchObject({ result: 'failed', error: expect.stringMatching(/may have arrived/) });
      clock.advance(7 * 3_600_000);
      // The staff loan's refusal is retried and sent; the pupil's may-have-arrived reminder is not.
      expect(sentOf(await run(s, '2026-09-12'))).toEqual([`${s.staffLoan.number} overdue 1`]);
      expect(smtp.received.filter((m) => m.raw.includes(s.pupilLoan.serial))).toHaveLength(0);
      const [after] = await uow().read((x) => x.reminders.listForLoan(s.tenant.id, s.pupilLoan.id, 10));
      expect(after).toMatchObject({ status: 'failed', attempts: 2 });
    });

    it('remind now: sends at once, at most once an hour per loan, 409 and 404 where it cannot', async () => {
      const s = await school(null);
      const other = await school({ enabled: true });
      const desk = await signIn(app, s.tenant.slug, { role: 'loan-desk' });
      const remind = (token: string, n: number) =>
        send(app.port, {
          method: 'POST',
          path: `/api/loans/${n}/remind`,
          headers: { authorization: `Bearer ${token}` },
        });

      const done = await remind(desk.token, s.pupilLoan.number);
      expect(done.status, done.text).toBe(200);
      expect(done.json.reminder).toMatchObject({ kind: 'manual', sequence: 1, recipients: 3, status: 'sent' });
      const domain = `${s.tenant.slug}.example`;
      expect(mailFor(s.pupilLoan.serial).to.sort()).toEqual(
        [`pia@${domain}`, `mia@home-${domain}`, `sam@home-${domain}`].sort(),
      );
      const [entry] = await auditEntries(app.container, s.tenant.id, 'loan.remind');
      expect(entry).toMatchObject({ actor: { type: 'user', id: desk.user.id }, target: `loan:${s.pupilLoan.number}` });

      const again = await remind(desk.token, s.pupilLoan.number);
      expectProblem(again, 429, 'rate-limited');
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(3_500);
      expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(3_600);
      clock.advance(61 * 60_000);
      const later = await remind(desk.token, s.pupilLoan.number);
      expect(later.status, later.text).toBe(200);
      expect(later.json.reminder).toMatchObject({ sequence: 2, status: 'sent' });

      expectProblem(await remind(desk.token, s.available.number), 409, 'conflict');
      expectProblem(await remind(desk.token, s.silentLoan.number), 409, 'conflict');
      // Another school's loan, and a loan outside a teacher's groups, do not exist for them.
      expectProblem(await remind(desk.token, other.pupilLoan.number), 404, 'not-found');
      const teacher = await signIn(app, s.tenant.slug, { role: 'teacher', loanGroupIds: [s.otherGroupId] });
      expectProblem(await remind(teacher.token, s.staffLoan.number), 403, 'forbidden');
      expectProblem(
        await send(app.port, {
          path: `/api/loans/${s.staffLoan.number}/history`,
          headers: { authorization: `Bearer ${teacher.token}` },
        }),
        404,
        'not-found',
      );
      expectProblem(
        await send(app.port, {
          path: `/api/loans/${other.pupilLoan.number}/history`,
          headers: { authorization: `Bearer ${desk.token}` },
        }),
        404,
        'not-found',
      );
      expectProblem(
        await send(app.port, { path: '/api/loans/abc/history', headers: { authorization: `Bearer ${desk.token}` } }),
        400,
        'invalid-input',
      );
      expect(smtp.received.flatMap((m) => m.to).some((a) => a.includes(other.tenant.slug))).toBe(false);
    });

    it('the schedule in serve: plans a school once a day after the hour, and a restart sends nothing again', async () => {
      const s = await school({ enabled: true });
      const before = smtp.received.length;
      const tick = async () => {
        // One instance's tick (hour 0: every school's day has begun), as desk serve runs it.
        const scheduler = new ReminderScheduler(app.container, 0, 3_600_000);
        scheduler.start();
        await scheduler.stop(30_000);
      };
      await tick();
      const mine = () =>
        smtp.received.slice(before).filter((m) => m.to.some((a) => a.endsWith(`${s.tenant.slug}.example`)));
      // Today (the real date, far past the fixtures' due dates): each overdue loan's first reminder.
      await expect.poll(() => mine().length).toBe(3);
      const job = await uow().read((r) => r.deploymentJobs.find(reminderJobName(s.tenant.id)));
      expect(job?.lastOutcome).toBe('ok');
      // A restarted instance: the day is recorded as planned, and nothing new is sent.
      await tick();
      expect(mine()).toHaveLength(3);
      // Before the hour (24: an hour no school's clock reaches), nothing is planned.
      const late = await school({ enabled: true });
      const early = new ReminderScheduler(app.container, 24, 3_600_000);
      early.start();
      await early.stop(30_000);
      expect(await uow().read((r) => r.deploymentJobs.find(reminderJobName(late.tenant.id)))).toBeNull();
    });

    it('the setting: validated, audited, and the school administrator’s', async () => {
      const s = await school(null);
      const admin = await signIn(app, s.tenant.slug, { role: 'school-admin' });
      const tech = await signIn(app, s.tenant.slug, { role: 'technician' });
      const put = (token: string, body: unknown) =>
        send(app.port, {
          method: 'PUT',
          path: '/api/settings/reminders',
          headers: { authorization: `Bearer ${token}` },
          body,
        });
      const saved = await put(admin.token, { enabled: true, copyTo: 'Office@School.example', everyDays: 14 });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json).toEqual({
        enabled: true,
        firstAfterDays: 1,
        everyDays: 14,
        maxReminders: 3,
        copyTo: 'office@school.example',
        text: null,
        dueSoon: false,
      });
      for (const [body, field] of [
        [{ everyDays: 0 }, 'everyDays'],
        [{ maxReminders: 21 }, 'maxReminders'],
        [{ copyTo: 'not an address' }, 'copyTo'],
        [{ text: 'x'.repeat(1_001) }, 'text'],
        [{ firstAfterDays: -1 }, 'firstAfterDays'],
      ] as const) {
        const reply = await put(admin.token, body);
        expectProblem(reply, 400, 'invalid-input');
        expect(reply.text).toContain(field);
      }
      expectProblem(await put(tech.token, { enabled: false }), 403, 'forbidden');
      expect(await auditEntries(app.container, s.tenant.id, 'settings.reminders.set')).toHaveLength(1);
    });
  });
});
