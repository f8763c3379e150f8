/**
 * The requester portal in a real browser (issue 30, point 1), against `desk serve` and the loopback
 * SMTP server: a school administrator turns sign-in links on; a pupil with no console account asks
 * for a link at /portal, opens it from the e-mail and lands signed in on My requests; opens a request
 * with a photo, sees it listed; a technician answers and resolves it in the console's API, and the
 * pupil reads the answer and reopens it with a reply (and a file); the pupil's loans show the loaner
 * issued to them, and a problem reported on it reaches the desk as a repair; another pupil's request
 * is "not found"; signing out goes back to the portal's sign-in, and the link does not work twice.
 * Every portal page passes axe in both themes and does not scroll sideways at 390 px. A console user
 * who is no person of the school is told so, and the portal opens no console event stream. With the
 * school's single sign-on: "Sign in with <provider>" signs a pupil in and back to the page they
 * opened, and an account that is no one's at the school comes back with the reason in words.
 */
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_REFUSAL_MESSAGES } from '../../src/domain/sso/refusals.js';
import type { TestOidcProvider } from '../support/oidc-provider.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { testTls } from '../support/tls.js';
import {
  browserAvailable,
  expectAccessible,
  expectNoSidewaysScroll,
  openPage,
  screenshot,
  signedInState,
  signInAtProvider as signInAt,
  startSchoolProvider,
  trustTestCertificate,
  useConsole,
  warnIfBrowserSkipped,
  type ConsoleApi,
  type ConsoleUser,
} from './support.js';

warnIfBrowserSkipped();

/** Two frames: a change of width or theme laid out and painted before anything is measured. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/**
 * The checks every portal page gets: axe in the light and the dark theme, and no sideways scroll at
 * a phone's 390 px and a laptop's 1280 px. The page is left as it was found (1280 px, light).
 */
async function checkPortalPage(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await settle(page);
    await expectAccessible(page, `${name} (${colorScheme})`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await expectNoSidewaysScroll(page, `${name} at 390px`);
  await screenshot(page, `portal-${name}-390-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await settle(page);
  await expectNoSidewaysScroll(page, `${name} at 1280px`);
  await screenshot(page, `portal-${name}-1280-light`);
}

describe.skipIf(!browserAvailable)('the requester portal in a browser', () => {
  let smtp: TestSmtp;
  const env: Record<string, string> = { MAIL_FROM: 'desk@north.example' };
  // Before the console server starts (useConsole's beforeAll runs next): it reads SMTP_URL then.
  beforeAll(async () => {
    smtp = await startSmtp();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp?.close());
  // PUBLIC_URL names the shared address: a link asked for there is written with it.
  const web = useConsole({ env, publicUrl: true });
  let tech: ConsoleUser;
  let techApi: ConsoleApi;
  let pia: { id: string; name: string; email: string };
  let loaner: { number: number; serial: string };
  let othersTicketId: string;
  let teacher: ConsoleUser;
  /** The sign-in links e-mailed to an address (its tickets' e-mail comes to it too). */
  const linksTo = (address: string) =>
    smtp.received.filter((m) => m.to.includes(address) && m.subject.startsWith('Your sign-in link'));

  beforeAll(async () => {
    const admin = await web.api(await web.server.user('school-admin', { name: 'Ada Admin' }));
    const portal = await admin.send('PUT', '/api/settings/portal', {
      enabled: true,
      signInLinks: true,
      maxFileBytes: 10_485_760,
    });
    expect(portal.status).toBe(200);
    tech = await web.server.user('technician', { name: 'Theo Tech' });
    techApi = await web.api(tech);
    const pupil = async (name: string, email: string) => {
      const made = await admin.send('POST', '/api/people', { name, email, kind: 'PUPIL', userGroup: '7B' });
      expect(made.status).toBe(201);
      return made.json.person as { id: string; name: string; email: string };
    };
    pia = await pupil('Pia Pupil', 'pia.pupil@north.example');
    const pete = await pupil('Pete Other', 'pete.other@north.example');
    // A loaner issued to Pia, due back in a week.
    const free = (await admin.get('/api/loans/inventory?status=AVAILABLE&pageSize=1')).json.loans[0];
    loaner = { number: free.number, serial: free.serial };
    // A teacher of the loaner's group, who is a person of the school too: Pia is their pupil.
    teacher = await web.server.user('teacher', { name: 'Tina Teacher', email: 'tina.teacher@north.example' });
    expect(
      (await admin.send('POST', '/api/people', { name: 'Tina Teacher', email: teacher.email, kind: 'STAFF' })).status,
    ).toBe(201);
    const teacherId = (await admin.get('/api/users')).json.users.find((u: any) => u.email === teacher.email).id;
    expect((await admin.send('PATCH', `/api/users/${teacherId}`, { loanGroupIds: [free.groupId] })).status).toBe(200);
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const issued = await admin.send('POST', `/api/loans/${loaner.number}/issue`, {
      holderId: pia.id,
      dueDate: due,
      confirm: true,
    });
    expect(issued.status).toBe(200);
    // Another pupil's request, which Pia must not see.
    const others = await techApi.send('POST', '/api/tickets', {
      subject: 'Pete cannot print',
      body: 'The printer in 1.02 says offline',
      requesterId: pete.id,
    });
    expect(others.status).toBe(201);
    othersTicketId = others.json.ticket.id;
  }, 120_000);

  it('signs a pupil in by an e-mailed link; requests, replies, loans and a device problem; signs out', async () => {
    const { page, context, problems } = await openPage(web.browser, `${web.server.schoolUrl}/portal`, {
      bypassCSP: true,
    });
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const main = page.getByRole('navigation', { name: 'Main' });
    const heading = (name: string | RegExp) => page.getByRole('heading', { name, level: 1 });
    const focusedTag = () => page.evaluate(() => document.activeElement?.tagName);
    try {
      // The portal's own sign-in, not the console's (no password, no console navigation).
      await heading('Sign in to get IT help').waitFor();
      expect(await page.getByLabel('Password').count()).toBe(0);
      expect(await main.count()).toBe(0);
      await checkPortalPage(page, 'sign-in');

      // Nothing typed: the message beside the field, tied to it.
      const email = page.getByLabel('Your school e-mail address', { exact: true });
      await page.getByRole('button', { name: 'Send me a sign-in link', exact: true }).click();
      await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
      const error = page.locator('.field-error');
      expect(await error.textContent()).toBe('Type your school e-mail address');
      expect(await email.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));

      // From the keyboard: Enter in the field sends the form.
      await email.fill(pia.email);
      await email.press('Enter');
      await page.getByRole('status').filter({ hasText: 'a sign-in link is on its way' }).waitFor();
      await checkPortalPage(page, 'sign-in-sent');

      // The link, from the e-mail as it arrived.
      await expect.poll(() => linksTo(pia.email).length, { timeout: 10_000 }).toBe(1);
      const mail = await simpleParser(linksTo(pia.email)[0]!.raw);
      const link = /https?:\/\/\S+#token=[\w-]+/.exec(mail.text ?? '')?.[0];
      expect(link).toMatch(new RegExp(`^${web.server.schoolUrl}/portal/sign-in#token=`));

      // Opened: the token spent by POST and gone from the address bar, signed in on My requests.
      await page.goto(link!);
      await heading('My requests').waitFor();
      expect(new URL(page.url()).pathname).toBe('/portal');
      expect(new URL(page.url()).hash).toBe('');
      expect(await main.getByRole('link').allTextContents()).toEqual([
        'My requests',
        'New request',
        'Report a device problem',
        'My loans',
      ]);
      await page.getByText(pia.name, { exact: true }).waitFor();
      await page.getByText('You have not asked for help yet.', { exact: false }).waitFor();
      await checkPortalPage(page, 'requests-empty');

      // A new request, its heading focused on arrival; nothing typed is said beside the field.
      await main.getByRole('link', { name: 'New request', exact: true }).click();
      await heading('New request').waitFor();
      await expect.poll(focusedTag).toBe('H1');
      await checkPortalPage(page, 'new-request');
      await page.getByRole('button', { name: 'Send request', exact: true }).click();
      const subject = page.getByLabel('What is wrong?', { exact: true });
      await expect.poll(() => subject.getAttribute('aria-invalid')).toBe('true');
      await subject.fill('My laptop will not charge');
      await page.getByLabel('Tell us more', { exact: true }).fill('The light on the charger stays off.');
      await page.getByLabel('Add a photo or file (optional)', { exact: true }).setInputFiles({
        name: 'charger.png',
        mimeType: 'image/png',
        buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      });
      await page.getByRole('button', { name: 'Send request', exact: true }).click();
      await heading(/^Request #\d+$/).waitFor();
      const number = Number((await heading(/^Request #\d+$/).textContent())!.replace('Request #', ''));
      const ticketId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      await page.getByRole('link', { name: 'charger.png', exact: true }).waitFor();
      expect(await page.locator('dt:text-is("Status") + dd').textContent()).toBe('Waiting for IT');
      // The desk has the file, and the link downloads it.
      const files = (await techApi.get(`/api/tickets/${ticketId}/attachments`)).json.attachments;
      expect(files.map((f: any) => [f.name, f.contentType, f.commentId])).toEqual([['charger.png', 'image/png', null]]);
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'charger.png', exact: true }).click();
      expect((await download).suggestedFilename()).toBe('charger.png');
      await checkPortalPage(page, 'request');

      // Listed on My requests, where it stands in words.
      await main.getByRole('link', { name: 'My requests', exact: true }).click();
      const card = page.getByRole('listitem').filter({ hasText: `#${number} My laptop will not charge` });
      await card.waitFor();
      expect(await card.textContent()).toContain('Waiting for IT');
      await checkPortalPage(page, 'requests');

      // The technician answers and resolves it in the console's API.
      const answer = await techApi.send('POST', `/api/tickets/${ticketId}/comments`, {
        body: 'Try the charger in the library, please.',
      });
      expect(answer.status).toBe(201);
      for (const status of ['OPEN', 'RESOLVED']) {
        expect((await techApi.send('PATCH', `/api/tickets/${ticketId}`, { status })).status).toBe(200);
      }

      // The pupil reads the answer and reopens the request by replying, with a file.
      await page.reload();
      await page.getByRole('link', { name: `#${number} My laptop will not charge`, exact: true }).click();
      await heading(`Request #${number}`).waitFor();
      const theirs = page.getByRole('article').filter({ hasText: 'Try the charger in the library, please.' });
      await theirs.waitFor();
      expect(await theirs.getAttribute('aria-label')).toMatch(/^Message from /);
      expect(await page.locator('dt:text-is("Status") + dd').textContent()).toBe('Solved');
      await page.getByText(/^Still not fixed\? Reply to reopen it until .+\.$/).waitFor();
      await checkPortalPage(page, 'request-solved');
      await page.getByLabel('Your reply', { exact: true }).fill('That charger does not work either.');
      await page.getByLabel('Add a photo or file (optional)', { exact: true }).setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('charger light off\n'),
      });
      await page.getByRole('button', { name: 'Send reply', exact: true }).click();
      const mine = page.getByRole('article', { name: 'Your message', exact: true });
      await mine.waitFor();
      expect(await mine.textContent()).toContain('That charger does not work either.');
      await mine.getByRole('link', { name: 'notes.txt', exact: true }).waitFor();
      await expect.poll(() => page.locator('dt:text-is("Status") + dd').textContent()).not.toBe('Solved');
      const after = (await techApi.get(`/api/tickets/${ticketId}`)).json.ticket;
      expect(after.status).not.toMatch(/RESOLVED|CLOSED/);
      const comments = (await techApi.get(`/api/tickets/${ticketId}/comments`)).json.comments;
      const reply = comments.find((c: any) => c.body === 'That charger does not work either.');
      expect(reply.author).toMatchObject({ type: 'person', id: pia.id });
      const replyFiles = (await techApi.get(`/api/tickets/${ticketId}/attachments`)).json.attachments;
      expect(replyFiles.find((f: any) => f.name === 'notes.txt')?.commentId).toBe(reply.id);

      // My loans: the loaner issued to her, with the day it is due back.
      await main.getByRole('link', { name: 'My loans', exact: true }).click();
      await heading('My loans').waitFor();
      const loan = page.getByRole('listitem').filter({ hasText: `loaner #${loaner.number}` });
      await loan.waitFor();
      expect(await loan.textContent()).toContain(`Serial ${loaner.serial}`);
      expect(await loan.textContent()).toMatch(/Due back on /);
      await page.getByText('No bookings coming up.', { exact: true }).waitFor();
      await checkPortalPage(page, 'loans');

      // A problem with that loaner: the only device she holds, so it is already chosen.
      await main.getByRole('link', { name: 'Report a device problem', exact: true }).click();
      await heading('Report a device problem').waitFor();
      const device = page.getByRole('radio', { name: new RegExp(`serial ${loaner.serial}`) });
      await device.waitFor();
      expect(await device.isChecked()).toBe(true);
      await checkPortalPage(page, 'device-problem');
      await page.getByLabel('What is wrong with it?', { exact: true }).fill('The screen flickers.');
      await page.getByRole('button', { name: 'Send report', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `for ${loaner.serial} is with the IT team` })
        .waitFor();
      const reported = page.getByRole('list', { name: 'Problems you reported, newest first' }).getByRole('listitem');
      await expect.poll(() => reported.count()).toBe(1);
      expect(await reported.first().textContent()).toContain('The screen flickers.');
      expect(await reported.first().textContent()).toContain('Reported');
      const repairs = (await techApi.get(`/api/submissions?serial=${encodeURIComponent(loaner.serial)}`)).json
        .submissions;
      expect(repairs.map((r: any) => [r.description, r.reporterId])).toEqual([['The screen flickers.', pia.id]]);
      await checkPortalPage(page, 'device-problem-sent');

      // Another pupil's request, opened by its address: not found, as if there were none.
      await page.goto(`${web.server.schoolUrl}/portal/requests/${encodeURIComponent(othersTicketId)}`);
      await heading('Request not found').waitFor();
      expect(await page.getByText('Pete cannot print').count()).toBe(0);
      await checkPortalPage(page, 'request-not-found');

      // Signing out: back to the portal's sign-in, and the link does not sign in twice.
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await heading('Sign in to get IT help').waitFor();
      await page.getByRole('status').filter({ hasText: 'You have signed out.' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/portal/sign-in');
      expect(await page.evaluate(async () => (await fetch('/api/portal/me')).status)).toBe(401);
      await page.goto(link!);
      await page.getByRole('alert').filter({ hasText: 'This sign-in link does not work any more' }).waitFor();
      expect(new URL(page.url()).hash).toBe('');

      // The portal never opened the console's event stream.
      expect(asked.filter((p) => p === '/api/events')).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it("on the deployment's shared address, asks for the school, and the link names it", async () => {
    const { page, context, problems } = await openPage(web.browser, `${web.server.url}/portal`);
    try {
      await page.getByRole('heading', { name: 'Sign in to get IT help', level: 1 }).waitFor();
      await page.getByLabel('School', { exact: true }).fill('north');
      await page.getByLabel('Your school e-mail address', { exact: true }).fill(pia.email);
      const before = linksTo(pia.email).length;
      await page.getByRole('button', { name: 'Send me a sign-in link', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'a sign-in link is on its way' }).waitFor();
      await expect.poll(() => linksTo(pia.email).length, { timeout: 10_000 }).toBe(before + 1);
      const mail = await simpleParser(linksTo(pia.email).at(-1)!.raw);
      const link = /https?:\/\/\S+#token=[\w-]+/.exec(mail.text ?? '')?.[0];
      expect(link).toMatch(new RegExp(`^${web.server.url}/portal/sign-in\\?school=north#token=`));
      await page.goto(link!);
      await page.getByRole('heading', { name: 'My requests', level: 1 }).waitFor();
      await page.getByRole('link', { name: /My laptop will not charge$/ }).waitFor();
      // The console's own Content-Security-Policy holds for the portal (no script or style it forbids).
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets a teacher, signed in to the console, file a request and a device problem for a pupil', async () => {
    const context = await web.browser.newContext({
      storageState: await signedInState(web.browser, web.server, teacher),
    });
    try {
      const page = await context.newPage();
      await page.goto(`${web.server.schoolUrl}/portal/requests/new`);
      await page.getByRole('heading', { name: 'New request', level: 1 }).waitFor();
      await page.getByText('Tina Teacher', { exact: true }).waitFor();
      await page.getByLabel('Who is it for?', { exact: true }).selectOption({ label: `${pia.name} (7B)` });
      await page.getByLabel('What is wrong?', { exact: true }).fill('Pia cannot log in');
      await page.getByLabel('Tell us more', { exact: true }).fill('Her password is refused since Monday.');
      await page.getByRole('button', { name: 'Send request', exact: true }).click();
      await page.getByRole('heading', { name: /^Request #\d+$/, level: 1 }).waitFor();
      const ticketId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      expect((await techApi.get(`/api/tickets/${ticketId}`)).json.ticket.requesterId).toBe(pia.id);

      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Report a device problem' })
        .click();
      await page.getByRole('heading', { name: 'Report a device problem', level: 1 }).waitFor();
      await page.getByText('You have no device or loaner from the school right now.', { exact: false }).waitFor();
      await page.getByLabel('Whose device is it?', { exact: true }).selectOption({ label: `${pia.name} (7B)` });
      const device = page.getByRole('radio', { name: new RegExp(`serial ${loaner.serial}`) });
      await device.waitFor();
      await page.getByLabel('What is wrong with it?', { exact: true }).fill('The hinge is loose.');
      await page.getByRole('button', { name: 'Send report', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `for ${loaner.serial} is with the IT team` })
        .waitFor();
      const repairs = (await techApi.get(`/api/submissions?serial=${encodeURIComponent(loaner.serial)}`)).json
        .submissions;
      expect(repairs.find((r: any) => r.description === 'The hinge is loose.')?.reporterId).toBe(pia.id);
    } finally {
      await context.close();
    }
  });

  it("tells a console user who is no person of the school so, in the server's words", async () => {
    // Signed in to the console (its cookie), and straight to the portal: no console page ever ran here.
    const context = await web.browser.newContext({ storageState: await signedInState(web.browser, web.server, tech) });
    try {
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.goto(`${web.server.schoolUrl}/portal`);
      await page.getByRole('heading', { name: 'Sign in to get IT help', level: 1 }).waitFor();
      await page
        .getByRole('alert')
        .filter({ hasText: /console account is not a person of the school/ })
        .waitFor();
      expect(asked).toContain('/api/portal/me');
      expect(asked).not.toContain('/api/events');
    } finally {
      await context.close();
    }
  });
});

describe.skipIf(!browserAvailable)("the requester portal with the school's single sign-on", () => {
  const web = useConsole({
    env: { NODE_EXTRA_CA_CERTS: testTls().caFile },
    publicUrl: true,
    browserArgs: trustTestCertificate(),
  });
  let op: TestOidcProvider;

  beforeAll(async () => {
    const admin = await web.api(await web.server.user('school-admin', { name: 'Ada Admin' }));
    const made = await admin.send('POST', '/api/people', {
      name: 'Sam Single',
      email: 'sam.single@north.example',
      kind: 'PUPIL',
      userGroup: '8A',
    });
    expect(made.status).toBe(201);
    op = await startSchoolProvider(web.server, {
      'sam-1': { email: 'sam.single@north.example', email_verified: true, name: 'Sam Single' },
      'stranger-1': { email: 'stranger@north.example', email_verified: true },
    });
  }, 120_000);
  afterAll(() => op?.close());

  const signInAtProvider = (page: Page, account: string) => signInAt(page, account, web.server.schoolUrl);

  it('a stranger is told why, in words; a pupil is signed in and back to the page asked for', async () => {
    const stranger = await openPage(web.browser, `${web.server.schoolUrl}/portal/loans`, { bypassCSP: true });
    try {
      const { page } = stranger;
      await page.getByRole('heading', { name: 'Sign in to get IT help', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Sign in with North ID', exact: true }).click();
      await signInAtProvider(page, 'stranger-1');
      await page.getByRole('alert').filter({ hasText: SSO_REFUSAL_MESSAGES.unknown_person }).waitFor();
      // The reason is said once: it is taken out of the address.
      await expect.poll(() => new URL(page.url()).search).toBe('');
      expect(new URL(page.url()).pathname).toBe('/portal/loans');
      await checkPortalPage(page, 'sign-in-sso-refused');
    } finally {
      await stranger.context.close();
    }

    // A fresh browser (the provider remembers who signed in there).
    const { page, context, problems } = await openPage(web.browser, `${web.server.schoolUrl}/portal/loans`);
    try {
      await page.getByRole('link', { name: 'Sign in with North ID', exact: true }).click();
      await signInAtProvider(page, 'sam-1');
      await page.getByRole('heading', { name: 'My loans', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/portal/loans');
      await page.getByText('Sam Single', { exact: true }).waitFor();
      const cookies = await context.cookies(web.server.schoolUrl);
      expect(cookies.find((c) => c.name === 'desk_portal')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(cookies.find((c) => c.name === 'desk_session')).toBeUndefined();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
