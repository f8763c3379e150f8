/**
 * The console's layout on a laptop and a phone (issue 29, point 8), in Chromium: at 1280 px the
 * header is one row; below a tablet's width the navigation folds behind a Menu button; at 390 px
 * tables are cards (nothing scrolls sideways, the page or a table, and each row's status and
 * actions are in view); every placeholder fits its field; exactly one navigation entry is current.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openPage, signIn, useConsole, warnIfBrowserSkipped, type ConsoleUser } from './support.js';

warnIfBrowserSkipped();

const PAGES = [
  '/',
  '/loans',
  '/loans/bookings',
  '/loans/scan',
  '/people',
  '/devices',
  '/repairs',
  '/tickets',
  '/costs',
];

/** What does not fit: placeholders wider than their field, tables wider than their box. */
const misfits = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
    document.body.append(probe);
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
      if (input.offsetParent === null) continue;
      const style = getComputedStyle(input);
      probe.style.font = style.font;
      probe.textContent = input.placeholder;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (probe.offsetWidth > room + 1)
        found.push(`placeholder "${input.placeholder}" (${probe.offsetWidth} > ${room})`);
    }
    probe.remove();
    for (const wrap of Array.from(document.querySelectorAll<HTMLElement>('.table-wrap'))) {
      if (wrap.scrollWidth > wrap.clientWidth + 1)
        found.push(`table ${wrap.getAttribute('aria-label')} scrolls sideways`);
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth)
      found.push('the page scrolls sideways');
    return found;
  });

describe.skipIf(!browserAvailable)('the console’s layout', () => {
  const web = useConsole();
  let admin: ConsoleUser;

  beforeAll(async () => {
    admin = await web.server.user('school-admin', { name: 'Lay Out' });
  }, 60_000);

  async function at(width: number) {
    const opened = await openPage(web.browser, `${web.server.schoolUrl}/`, { width, height: width > 800 ? 800 : 844 });
    await signIn(opened.page, admin);
    return opened;
  }
  const visit = async (page: Page, path: string) => {
    await page.goto(`${web.server.schoolUrl}${path}`);
    await page.locator('main h1').first().waitFor();
    await expect.poll(() => page.locator('.loading').count()).toBe(0);
  };

  it('keeps the header on one row at 1280 px, with one current entry, and every placeholder fits', async () => {
    const { page, context } = await at(1280);
    try {
      for (const path of PAGES) {
        await visit(page, path);
        const tops = await page
          .locator('.app-header > *')
          .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
        const nav = await page
          .locator('.main-nav a')
          .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
        expect(new Set(nav).size, `${path}: the navigation wraps`).toBe(1);
        expect(Math.max(...tops) - Math.min(...tops), `${path}: the header wraps`).toBeLessThan(20);
        expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
        expect(await page.locator('.main-nav [aria-current="page"]').count(), path).toBe(1);
        expect(await misfits(page), path).toEqual([]);
      }
      await visit(page, '/loans/bookings');
      expect(await page.locator('.main-nav [aria-current="page"]').allTextContents()).toEqual(['Bookings']);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('folds the navigation behind a Menu button on a phone, and shows tables as cards', async () => {
    const { page, context } = await at(390);
    try {
      for (const path of PAGES) {
        await visit(page, path);
        expect(await misfits(page), path).toEqual([]);
      }
      // The navigation is one button until it is asked for, and closes when a page is chosen.
      const menu = page.getByRole('button', { name: 'Menu' });
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.isVisible()).toBe(false);
      const header = await page.locator('.app-header').boundingBox();
      expect(header!.height, 'the header takes a small part of the screen').toBeLessThan(844 / 8);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await nav.getByRole('link', { name: 'Loans', exact: true }).click();
      await page.getByRole('heading', { name: 'Loans', exact: true }).waitFor();
      expect(await nav.isVisible()).toBe(false);

      // A loan row is a card: its status and its actions are inside the screen.
      const row = page.locator('[role="region"][aria-label="Loaners"] tbody tr').first();
      await row.waitFor();
      for (const cell of [row.locator('td[data-label="Status"]'), row.locator('td[data-label="Actions"]')]) {
        const box = await cell.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      }
    } finally {
      await context.close();
    }
  }, 120_000);
});
