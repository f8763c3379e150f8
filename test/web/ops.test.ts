/**
 * The console's costs, import, monitors and audit log in a real browser (issue 13, points 4-6 and 8):
 * the breakdown's chart and table show what the API reports and follow a cost recorded through the API
 * live; a people CSV with one bad line is checked (the line, its field, the counts; nothing stored),
 * then imported without it; a monitor is added (a field error first) and deleted; the audit log is
 * filtered and the deep link reloaded; what a read-only user is offered; and every page checked for
 * accessibility and sideways scrolling in both themes at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useConsole, warnIfBrowserSkipped, type ConsoleUser } from './support.js';

warnIfBrowserSkipped();

/** A call to the API from inside the signed-in page (its cookie, its origin), as the console makes it. */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(p as string, {
        method: m as string,
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: r.status, json: r.status === 204 ? null : await r.json() };
    },
    [method, path, body] as const,
  ) as Promise<{ status: number; json: T }>;
}

/** Money as the page writes it (the browser's language, the school's EUR). */
const euros = (page: Page, minor: number) =>
  page.evaluate((n) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(n / 100), minor);

interface Breakdown {
  from: string;
  to: string;
  rows: { key: string; count: number; amountMinor: number }[];
  totalMinor: number;
}

describe.skipIf(!browserAvailable)('costs, import, monitors and the audit log in a browser', () => {
  const web = useConsole();
  let admin: ConsoleUser;
  let reader: ConsoleUser;

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Ada Admin' });
    reader = await web.server.user('read-only', { name: 'Rita Reader' });
  }, 120_000);

  it('shows the breakdown the API reports as a chart and a table, and follows a cost recorded through the API', async () => {
    const { page, context, problems } = await web.open(admin, '/costs?by=type');
    try {
      const before = (await call<Breakdown>(page, 'GET', '/api/costs/breakdown?by=type')).json;
      expect(before.totalMinor).toBeGreaterThan(0); // the demo data has costs
      const table = page.getByRole('region', { name: /^Spend by type/ });
      const totalCell = table
        .getByRole('row', { name: /^Total/ })
        .getByRole('cell')
        .nth(2);
      await expect.poll(() => totalCell.textContent()).toBe(await euros(page, before.totalMinor));
      // Every group the API reports is a row with its amount.
      for (const row of before.rows) {
        const cells = await table
          .getByRole('row')
          .filter({ hasText: await euros(page, row.amountMinor) })
          .count();
        expect(cells).toBeGreaterThan(0);
      }
      const chart = page.getByRole('img', { name: /^Spend by type/ });
      expect(await chart.getAttribute('aria-label')).toContain(`Total ${await euros(page, before.totalMinor)}`);
      expect(await page.locator('svg.cost-chart-svg rect.cost-bar').count()).toBe(before.rows.length);

      // A cost recorded elsewhere (here: the API) shows without a reload.
      const made = await call(page, 'POST', '/api/costs', {
        type: 'PURCHASE',
        coverage: 'SCHOOL',
        amountMinor: 123_456,
        date: before.to,
        note: 'INV-OPS-1',
      });
      expect(made.status).toBe(201);
      await expect
        .poll(() => totalCell.textContent(), { timeout: 10_000 })
        .toBe(await euros(page, before.totalMinor + 123_456));
      await expect.poll(() => page.getByRole('region', { name: /^Cost entries/ }).textContent()).toContain('INV-OPS-1');

      // Grouped by month, with the range in the address; a reload keeps both.
      await page.getByLabel('Group by').selectOption('period');
      await page.getByLabel('From', { exact: true }).first().fill('2020-01-01');
      await page.getByLabel('From', { exact: true }).first().dispatchEvent('change');
      await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe('2020-01-01');
      expect(new URL(page.url()).searchParams.get('by')).toBe('period');
      await page.reload();
      const byMonth = page.getByRole('region', { name: /^Spend by month/ });
      await byMonth.waitFor();
      const months = (await call<Breakdown>(page, 'GET', `/api/costs/breakdown?by=period&from=2020-01-01`)).json;
      await expect
        .poll(() =>
          byMonth
            .getByRole('row', { name: /^Total/ })
            .getByRole('cell')
            .nth(2)
            .textContent(),
        )
        .toBe(await euros(page, months.totalMinor));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('records a cost through the form, with the field error beside the amount first', async () => {
    const { page, context } = await web.open(admin, '/costs');
    try {
      await page.getByRole('button', { name: 'Record a cost' }).click();
      const form = page.getByRole('form', { name: 'Record a cost' });
      await form.getByLabel('Amount').fill('twelve');
      await form.getByLabel('Note').fill('Cables from the form');
      await form.getByRole('button', { name: 'Record' }).click();
      await expect.poll(() => form.getByLabel('Amount').getAttribute('aria-invalid')).toBe('true');
      expect(await form.textContent()).toContain('enter an amount');
      await form.getByLabel('Amount').fill('12.50');
      await form.getByRole('button', { name: 'Record' }).click();
      await expect
        .poll(() => page.getByRole('region', { name: /^Cost entries/ }).textContent())
        .toContain('Cables from the form');
      const list = (await call<{ costs: { amountMinor: number; note: string }[] }>(page, 'GET', '/api/costs')).json;
      expect(list.costs.find((c) => c.note === 'Cables from the form')?.amountMinor).toBe(1250);
    } finally {
      await context.close();
    }
  });

  it('checks a people CSV with a bad line (nothing stored), then imports the other rows', async () => {
    const { page, context, problems } = await web.open(admin, '/settings/import');
    try {
      const csv = [
        'externalId,name,email,kind,userGroup',
        'OPS-1,Olga Importer,olga.importer@north.example,PUPIL,7A',
        'OPS-2,Boris Badline,boris.badline@north.example,WIZARD,7A',
        'OPS-3,Pia Importer,pia.importer@north.example,STAFF,',
      ].join('\n');
      await page.getByLabel('What the file holds').selectOption('people');
      await page
        .getByLabel('CSV file')
        .setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Check the file' }).click();
      const bad = page.getByRole('region', { name: 'Problems in the file' });
      await bad.waitFor();
      const row = bad.getByRole('row').nth(1);
      expect(await row.getByRole('cell').nth(0).textContent()).toBe('3');
      expect(await row.getByRole('cell').nth(1).textContent()).toBe('kind');
      const counts = page.locator('.import-counts');
      await expect.poll(() => counts.textContent()).toContain('New2');
      expect(await counts.textContent()).toContain('Bad lines left out1');
      // A check stores nothing.
      const none = await call<{ total: number }>(page, 'GET', '/api/people?q=Importer');
      expect(none.json.total).toBe(0);

      await page.getByRole('button', { name: 'Import the other rows' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toContain('left out (3)');
      await dialog.getByRole('button', { name: 'Import' }).click();
      await page.getByRole('heading', { name: 'Imported' }).waitFor();
      const stored = await call<{ people: { name: string; externalId: string }[] }>(
        page,
        'GET',
        '/api/people?q=Importer',
      );
      expect(stored.json.people.map((p) => p.externalId).sort()).toEqual(['OPS-1', 'OPS-3']);
      const boris = await call<{ total: number }>(page, 'GET', '/api/people?q=Badline');
      expect(boris.json.total).toBe(0);
      // The exports are offered beside it.
      expect(await page.getByRole('link', { name: 'People (CSV)' }).getAttribute('href')).toBe(
        '/api/export/people.csv',
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("adds a monitor (the server's message beside the address first) and deletes it, confirmed", async () => {
    const { page, context } = await web.open(admin, '/settings/monitors');
    try {
      await page.getByRole('heading', { name: 'Monitors' }).waitFor();
      await page.getByRole('button', { name: 'Add a monitor' }).click();
      const form = page.getByRole('form', { name: 'Add a monitor' });
      await form.getByLabel('Name').fill('School website');
      await form.getByLabel('Address').fill('not an address');
      await form.getByRole('button', { name: 'Add monitor' }).click();
      await expect.poll(() => form.getByLabel('Address').getAttribute('aria-invalid')).toBe('true');
      expect(await form.textContent()).toContain('must be an absolute http or https URL');
      await form.getByLabel('Address').fill('https://93.184.215.14/');
      await form.getByLabel('Check every (seconds)').fill('600');
      await form.getByRole('button', { name: 'Add monitor' }).click();
      const table = page.getByRole('region', { name: 'Monitors' });
      await expect.poll(() => table.textContent()).toContain('School website');
      expect(await table.textContent()).toContain('10 min');
      const listed = await call<{ monitors: { name: string; intervalSeconds: number }[] }>(
        page,
        'GET',
        '/api/monitors',
      );
      expect(listed.json.monitors).toEqual([expect.objectContaining({ name: 'School website', intervalSeconds: 600 })]);

      await page.getByRole('button', { name: 'Delete School website' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete monitor' }).click();
      await expect
        .poll(async () => (await call<{ monitors: unknown[] }>(page, 'GET', '/api/monitors')).json.monitors)
        .toEqual([]);
      await page.getByText('No monitors yet').waitFor();
    } finally {
      await context.close();
    }
  });

  it('filters the audit log with its controls, and a reload of the deep link shows the same', async () => {
    const { page, context } = await web.open(admin, '/settings/audit');
    try {
      const table = page.getByRole('region', { name: /^Audit entries/ });
      await table.waitFor();
      await page.getByLabel('Action').fill('cost.record');
      await page.getByLabel('Action').press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('cost.record');
      await expect.poll(async () => (await table.getByRole('row').count()) - 1).toBe(2); // the two costs above
      // In words: who by name, what happened, what it changed; the stored details one click away.
      const actions = await table.locator('tbody tr td:nth-child(3)').allTextContents();
      expect(new Set(actions)).toEqual(new Set(['Cost recorded']));
      expect(await table.textContent()).toContain('Ada Admin');
      const row = table.locator('tbody tr').first();
      expect(await row.locator('td:nth-child(5) li').allTextContents()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Amount: €\d/), expect.stringMatching(/^Type: /)]),
      );
      expect(await row.locator('td:nth-child(5) ul').textContent()).not.toMatch(/amountMinor|cost\.record/);
      const raw = row.locator('details.audit-raw');
      expect(await raw.locator('pre').isVisible()).toBe(false);
      await raw.getByText('Raw details').click();
      const stored = JSON.parse((await raw.locator('pre').textContent())!);
      expect(stored).toMatchObject({ action: 'cost.record', target: expect.stringMatching(/^cost:/) });
      expect(stored.details.amountMinor).toEqual(expect.any(Number));

      await page.reload();
      await table.waitFor();
      expect(await page.getByLabel('Action').inputValue()).toBe('cost.record');
      expect(await table.locator('tbody tr').count()).toBe(2);
      // A row's target is a filter too.
      await table.locator('tbody tr').first().getByRole('button', { name: 'Cost', exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('target')).toMatch(/^cost:/);
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('offers a read-only user the costs and the audit log, but no recording, import or monitors', async () => {
    const { page, context } = await web.open(reader, '/costs');
    try {
      await page.getByRole('heading', { name: 'Costs' }).waitFor();
      await page.getByRole('region', { name: /^Spend by type/ }).waitFor();
      expect(await page.getByRole('button', { name: 'Record a cost' }).count()).toBe(0);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('link', { name: 'Audit log' }).waitFor();
      expect(await page.getByRole('link', { name: 'Import' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Monitors' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('passes the accessibility and layout checks on each page, in both themes, at 1280 and 390 px', async () => {
    await web.check(admin, '/costs', 'costs', (p) => p.getByRole('region', { name: /^Cost entries/ }).waitFor());
    await web.check(admin, '/settings/import', 'import', (p) =>
      p.getByRole('button', { name: 'Check the file' }).waitFor(),
    );
    await web.check(admin, '/settings/monitors', 'monitors', (p) => p.getByText('No monitors yet').waitFor());
    await web.check(admin, '/settings/audit', 'audit', (p) =>
      p.getByRole('region', { name: /^Audit entries/ }).waitFor(),
    );
  }, 240_000);
});
