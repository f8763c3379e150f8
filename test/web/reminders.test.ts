/**
 * Reminders in the console, in a real browser against `desk serve` and the loopback SMTP server
 * (issue 23, section 3): the school administrator's settings page (a field error beside its field,
 * then saved), and a loan's page: its facts, "Remind now" that e-mails the holder (and the school's
 * copy address; guardians are tested in test/capabilities/reminders/reminders.test.ts), the reminder and its audit entry in the loan's history, and the hourly limit said in
 * words. Both pages axe-clean in both themes and without sideways scrolling at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { browserAvailable, useConsole, warnIfBrowserSkipped, type ConsoleUser } from './support.js';

warnIfBrowserSkipped();

describe.skipIf(!browserAvailable)('reminders in a browser', () => {
  let smtp: TestSmtp;
  const env: Record<string, string> = { MAIL_FROM: 'desk@north.example' };
  // Before the console server starts (useConsole's beforeAll runs next): it reads SMTP_URL then.
  beforeAll(async () => {
    smtp = await startSmtp();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp?.close());
  const web = useConsole({ env });
  let admin: ConsoleUser;
  let desk: ConsoleUser;
  let loanNumber: number;

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    desk = await web.server.user('loan-desk', { name: 'Dee Desk' });
    const api = await web.api(admin);
    const pupil = await api.send('POST', '/api/people', {
      name: 'Pia Reminded',
      email: 'pia.reminded@north.example',
      kind: 'PUPIL',
      userGroup: '7A',
      externalId: null,
    });
    expect(pupil.status).toBe(201);
    const personId = pupil.json.person.id as string;
    const free = await api.get('/api/loans/inventory?status=AVAILABLE&pageSize=1');
    loanNumber = free.json.loans[0].number;
    const issued = await api.send('POST', `/api/loans/${loanNumber}/issue`, { holderId: personId, dueDate: null });
    expect(issued.status).toBe(200);
  }, 60_000);

  it('the settings page: a field error beside its field, then saved', async () => {
    const { page, context } = await web.open(admin, '/settings/reminders');
    try {
      await page.getByRole('heading', { name: 'Reminders', level: 1 }).waitFor();
      await page.getByLabel('E-mail reminders of overdue loans every morning').check();
      await page.getByLabel('Then every (days)').fill('0');
      await page.getByLabel('Copy to').fill('office@north.example');
      await page.getByRole('button', { name: 'Save reminders' }).click();
      const every = page.getByLabel('Then every (days)');
      await expect.poll(() => every.getAttribute('aria-invalid')).toBe('true');
      await every.fill('14');
      await page.getByRole('button', { name: 'Save reminders' }).click();
      await expect
        .poll(async () => (await (await web.api(admin)).get('/api/settings/reminders')).json)
        .toMatchObject({
          enabled: true,
          everyDays: 14,
          copyTo: 'office@north.example',
        });
    } finally {
      await context.close();
    }
    await web.check(admin, '/settings/reminders', 'reminders-settings', (p) => p.getByLabel('Copy to').waitFor());
  }, 120_000);

  it('a loan’s page: Remind now e-mails the holder, shows in its history, and says when it is too soon', async () => {
    const { page, context } = await web.open(desk, `/loans/${loanNumber}`);
    try {
      await page.getByRole('heading', { name: `Loaner ${loanNumber}` }).waitFor();
      await page.getByRole('button', { name: 'Remind now' }).click();
      await page
        .getByText(/Reminder sent to \d address\(es\)\./)
        .first()
        .waitFor();
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toContain('pia.reminded@north.example');
      expect(mail!.to).toContain('office@north.example');
      const reminders = page.getByRole('region', { name: `Reminder e-mails of loaner ${loanNumber}` });
      await expect.poll(() => reminders.getByRole('row').filter({ hasText: 'Remind now 1' }).count()).toBe(1);
      const history = page.getByRole('region', { name: `History of loaner ${loanNumber}` });
      await expect.poll(() => history.getByText(/Reminder e-mailed: Remind now/).count()).toBe(1);

      await page.getByRole('button', { name: 'Remind now' }).click();
      await page.getByText('This loan was reminded less than an hour ago. Try again later.').first().waitFor();
      expect(smtp.received).toHaveLength(1);
    } finally {
      await context.close();
    }
    await web.check(desk, `/loans/${loanNumber}`, 'loan-reminders', (p) =>
      p.getByRole('button', { name: 'Remind now' }).waitFor(),
    );
  }, 120_000);
});
