/**
 * Where tickets go, in a real browser (issue 30, point 4): a technician adds a category and a team on
 * Settings → Help desk, finds its members by name, marks one away, and adds a rule; a ticket opened
 * with that category then lands with the team, in turn with its available member, as its page and
 * the queue's Team filter show; the page passes the accessibility and layout checks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useConsole, warnIfBrowserSkipped, type ConsoleApi, type ConsoleUser } from './support.js';

warnIfBrowserSkipped();

describe.skipIf(!browserAvailable)('the help desk settings in a browser', () => {
  const web = useConsole();
  let tech: ConsoleUser;
  let techApi: ConsoleApi;
  let ann: { id: string; name: string };
  let ben: { id: string; name: string };

  beforeAll(async () => {
    tech = await web.server.user('technician', { name: 'Theo Tech' });
    techApi = await web.api(tech);
    const admin = await web.api(await web.server.user('school-admin', { name: 'Ada Admin' }));
    const add = async (name: string) =>
      (
        await admin.send('POST', '/api/people', {
          name,
          kind: 'STAFF',
          email: `${name.split(' ')[0]!.toLowerCase()}@north.example`,
        })
      ).json.person;
    ann = await add('Annika Helper');
    ben = await add('Bertil Helper');
  }, 120_000);

  it('adds a category, a team with its members and a rule; a new ticket of that category goes to the team in turn', async () => {
    const { page, context } = await web.open(tech, '/settings/helpdesk');
    try {
      await page.getByRole('heading', { name: 'Help desk', level: 1 }).waitFor();
      await page.getByLabel('New category').fill('Classroom AV');
      await page.getByRole('button', { name: 'Add category' }).click();
      await page
        .getByRole('region', { name: 'Ticket categories' })
        .getByRole('cell', { name: 'Classroom AV' })
        .waitFor();

      await page.getByLabel('New team').fill('AV crew');
      await page.getByRole('button', { name: 'Add team' }).click();
      for (const person of [ann, ben]) {
        const picker = page.getByRole('searchbox', { name: 'Add a member to AV crew' });
        await picker.fill(person.name);
        await page.getByRole('button', { name: new RegExp(`^${person.name}`) }).click();
        await page.getByRole('button', { name: 'Add member' }).click();
        await page
          .getByRole('region', { name: 'Members of AV crew' })
          .getByRole('cell', { name: person.name, exact: true })
          .waitFor();
      }
      await page.getByRole('button', { name: `Mark away: ${ann.name}` }).click();
      await page.getByRole('button', { name: `Mark back: ${ann.name}` }).waitFor();

      await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Classroom AV' });
      await page.getByLabel('Team', { exact: true }).selectOption({ label: 'AV crew' });
      await page.getByRole('button', { name: 'Add rule' }).click();
      const rules = page.getByRole('region', { name: 'Routing rules, tried from the top' });
      await rules
        .getByRole('row')
        .filter({ hasText: 'category Classroom AV' })
        .filter({ hasText: 'AV crew' })
        .waitFor();

      // What the server keeps is what the page said.
      const teams = (await techApi.get('/api/teams')).json.teams;
      expect(teams).toEqual([
        expect.objectContaining({
          name: 'AV crew',
          members: [
            { personId: ann.id, name: ann.name, available: false },
            { personId: ben.id, name: ben.name, available: true },
          ],
        }),
      ]);

      // A canned reply, with placeholders the server fills for the ticket.
      await page.getByLabel('Title').fill('Bring it in');
      await page.getByLabel('Text', { exact: true }).fill('Hello {requester}, this is about ticket {ticket}. {me}');
      await page.getByRole('button', { name: 'Add canned reply' }).click();
      await page
        .getByRole('region', { name: 'Canned replies' })
        .getByRole('cell', { name: 'Bring it in', exact: true })
        .waitFor();

      // A ticket of that category: to the team, in turn to Bertil (Annika is away).
      await page.goto(`${web.server.schoolUrl}/tickets/new`);
      await page.getByLabel('Subject').fill('Projector in 2.14');
      await page.getByLabel('What is needed').fill('No picture since Monday');
      await page.getByLabel('Category').selectOption({ label: 'Classroom AV' });
      await page.getByRole('button', { name: 'Open the ticket' }).click();
      await page.getByRole('heading', { name: /^Ticket \d+$/ }).waitFor();
      const fact = (term: string) => page.locator(`dt:text-is("${term}") + dd`);
      await expect.poll(() => fact('Team').textContent()).toBe('AV crew');
      await expect.poll(() => fact('Category').textContent()).toBe('Classroom AV');
      await expect.poll(() => fact('Assigned to').textContent()).toBe(ben.name);
      const number = (await page.getByRole('heading', { name: /^Ticket \d+$/ }).textContent())!.replace('Ticket ', '');
      await page.getByLabel('Canned reply').selectOption({ label: 'Bring it in' });
      await page.getByRole('button', { name: 'Insert' }).click();
      await expect
        .poll(() => page.getByLabel('Comment', { exact: true }).inputValue())
        .toBe(`Hello there, this is about ticket ${number}. Theo Tech`);

      // The queue filters by team.
      await page.goto(`${web.server.schoolUrl}/tickets`);
      await page.getByLabel('Team').selectOption({ label: 'AV crew' });
      await expect.poll(() => new URL(page.url()).searchParams.get('team')).toBe(teams[0].id);
      const rows = page.getByRole('region', { name: 'Tickets' }).locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain('Projector in 2.14');
    } finally {
      await context.close();
    }
  });

  it('passes the accessibility and layout checks', async () => {
    await web.check(tech, '/settings/helpdesk', 'helpdesk', (p) =>
      p.getByRole('region', { name: 'Members of AV crew' }).waitFor(),
    );
  }, 120_000);
});
