/**
 * Bookings in a real browser (issue 23): a group's week view, booking a class set through its form
 * (the school's wall clock, read back through the API), a refusal said in the server's words, the
 * booking cancelled from its bar, today's pickups on Home, and both pages checked for accessibility
 * in both themes at 1280 and 390 px.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useConsole, warnIfBrowserSkipped, type ConsoleApi, type ConsoleUser } from './support.js';

warnIfBrowserSkipped();

/** The school's time zone (read from /api/auth/me before the tests). */
let timeZone = 'UTC';
/** `YYYY-MM-DD` in the school's time zone. */
const schoolDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
const addDays = (date: string, days: number) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
};

describe.skipIf(!browserAvailable)('bookings in a browser', () => {
  const web = useConsole();
  let desk: ConsoleUser;
  let api: ConsoleApi;
  let group: { id: string; name: string };

  beforeAll(async () => {
    desk = await web.server.user('loan-desk', { name: 'Desmond Desk' });
    api = await web.api(desk);
    timeZone = (await api.get('/api/auth/me')).json.tenant.timeZone;
    // A small group of its own: three units, so a booking of four is refused.
    group = (await api.send('POST', '/api/loan-groups', { name: 'Booking cart' })).json.loanGroup;
    for (const serial of ['BK-1', 'BK-2', 'BK-3']) {
      expect((await api.send('POST', '/api/loans', { groupId: group.id, kind: 'LAPTOP', serial })).status).toBe(201);
    }
  }, 120_000);

  it('books a class set from the week view, refuses too many in words, and cancels from the bar', async () => {
    const day = addDays(schoolDate(new Date()), 2);
    const { page } = await web.open(desk, `/loans/bookings?group=${group.id}&week=${day}`);
    await page.getByRole('heading', { name: 'Bookings' }).waitFor();
    await page.getByRole('heading', { name: 'Book units' }).waitFor();

    await page.getByLabel('Booking date').fill(day);
    await page.getByLabel('From', { exact: true }).fill('09:15');
    await page.getByLabel('Until', { exact: true }).fill('10:45');
    await page.getByLabel('Units', { exact: true }).fill('4');
    await page.getByLabel('For (class, lesson)').fill('Science 7A');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringMatching(/only 3 units of Booking cart are free/)]));

    await page.getByLabel('Units', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    const bar = page.getByText(/09:15–10:45 · 2 units · Science 7A/);
    await bar.waitFor();
    const stored = (await api.get(`/api/reservations?groupId=${group.id}&status=ACTIVE`)).json.reservations;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ quantity: 2, note: 'Science 7A' });
    // 09:15 on the school's wall clock, stored as a UTC instant.
    expect(schoolDate(new Date(stored[0].from))).toBe(day);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        new Date(stored[0].from),
      ),
    ).toBe('09:15');
    const dayCard = page.locator(`li[aria-labelledby="day-${day}"]`);
    expect(await dayCard.textContent()).toMatch(/2 booked.*1 free/);

    await page.getByRole('button', { name: 'Cancel the booking 09:15–10:45' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
    await expect.poll(() => bar.count()).toBe(0);
    expect((await api.get(`/api/reservations/${stored[0].id}`)).json.reservation.status).toBe('CANCELLED');
  });

  it("shows today's pickups on Home", async () => {
    const soon = new Date(Date.now() + 5 * 60_000);
    // Only when "soon" is still today in the school (not in the last minutes before its midnight).
    if (schoolDate(soon) !== schoolDate(new Date())) return;
    const later = new Date(soon.getTime() + 60 * 60_000);
    const made = await api.send('POST', '/api/reservations', {
      groupId: group.id,
      quantity: 1,
      from: soon.toISOString(),
      to: later.toISOString(),
      note: 'Pickup for 8B',
    });
    expect(made.status).toBe(201);
    const { page } = await web.open(desk, '/');
    const pickups = page.getByRole('region', { name: /Today’s pickups/ });
    await pickups.getByText('Pickup for 8B').waitFor();
    expect(await pickups.textContent()).toContain('Booking cart');
  });

  it('names the booking that needs a unit when it is issued, and issues it anyway when told to', async () => {
    const { json: made } = await api.send('POST', '/api/loan-groups', { name: 'One-unit shelf' });
    const shelf = made.loanGroup as { id: string };
    const unit = (await api.send('POST', '/api/loans', { groupId: shelf.id, kind: 'IPAD', serial: 'BK-HOLD-1' })).json
      .loan as { number: number; serial: string };
    const from = new Date(Date.now() + 2 * 3_600_000);
    const booked = await api.send('POST', '/api/reservations', {
      groupId: shelf.id,
      quantity: 1,
      from: from.toISOString(),
      to: new Date(from.getTime() + 3_600_000).toISOString(),
      note: 'Art 10A',
    });
    expect(booked.status).toBe(201);
    const pupil = (await api.get('/api/people?kind=PUPIL&pageSize=1')).json.people[0] as { id: string; name: string };

    const { page } = await web.open(desk, `/loans?q=${encodeURIComponent(unit.serial)}`);
    await page.getByRole('button', { name: `Issue loaner ${unit.number}` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Issue loaner ${unit.number}`) });
    await dialog.getByLabel('Find the holder').fill(pupil.name);
    await dialog.getByRole('list', { name: 'Matches for Find the holder' }).getByRole('button').first().click();
    await dialog.getByText(/^Chosen: /).waitFor();
    await dialog.getByRole('button', { name: 'Issue', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/A booking from .* needs this unit/);
    await dialog.getByRole('button', { name: 'Issue anyway' }).click();
    await expect
      .poll(async () => (await api.get(`/api/loans/inventory?q=${unit.serial}`)).json.loans[0].status)
      .toBe('ISSUED');
  });

  it('passes the accessibility and layout checks (both themes, 1280 and 390 px)', async () => {
    const day = addDays(schoolDate(new Date()), 3);
    await api.send('POST', '/api/reservations', {
      groupId: group.id,
      quantity: 1,
      from: `${day}T13:00`,
      to: `${day}T14:30`,
      note: 'History 9C',
    });
    await web.check(desk, `/loans/bookings?group=${group.id}&week=${day}`, 'bookings', (p) =>
      p.getByText(/13:00–14:30 · 1 unit · History 9C/).waitFor(),
    );
    await web.check(desk, '/', 'home-pickups', (p) => p.getByRole('heading', { name: /Today’s pickups/ }).waitFor());
  }, 120_000);
});
