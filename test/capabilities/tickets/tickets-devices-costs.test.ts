import { describe, expect, it } from 'vitest';
import { CostBreakdown } from '../../../src/domain/costs/cost-breakdown.js';
import { toDeviceView } from '../../../src/domain/devices/device.js';
import { GetDevice } from '../../../src/domain/devices/get-device.js';
import { SearchDevices } from '../../../src/domain/devices/search-devices.js';
import { GetTicket } from '../../../src/domain/tickets/get-ticket.js';
import { ListTickets } from '../../../src/domain/tickets/list-tickets.js';
import { aCost, aDevice, aTicket } from '../../support/builders.js';
import { addTenant, domainError, keyActor, newWorld, userActor, type WorldOptions } from '../../support/fakes/world.js';
import { asCalled } from '../../support/fakes/as-called.js';
import { GetTicketByNumber } from '../../../src/domain/tickets/get-ticket-by-number.js';

describe('tickets', () => {
  async function ticketWorld(o: WorldOptions = {}) {
    const w = await newWorld(o);
    const wifi = aTicket({ number: 1, subject: 'Wifi down in B12', body: 'Since Monday', status: 'OPEN' });
    const projector = aTicket({ number: 2, subject: 'Projector', body: 'No HDMI signal', status: 'NEW' });
    const printer = aTicket({ number: 3, subject: 'Printer jam', body: 'Tray 2', status: 'CLOSED' });
    await w.seed((r, t) => r.tickets.insertMany(t, [wifi, projector, printer]));
    return {
      ...w,
      wifi,
      projector,
      listTickets: asCalled(ListTickets, w.uow, w.clock),
      getTicket: asCalled(GetTicket, w.uow),
      getTicketByNumber: asCalled(GetTicketByNumber, w.uow),
      viewer: userActor(w.tenant, 'technician'),
    };
  }

  it('lists the queue newest first, filtered by status or text, and paged', async () => {
    const w = await ticketWorld();
    const numbers = async (input: Parameters<typeof w.listTickets.execute>[1]) =>
      (await w.listTickets.execute(w.viewer, input)).tickets.map((t) => t.number);
    expect(await numbers({})).toEqual([3, 2, 1]);
    expect(await numbers({ status: 'OPEN' })).toEqual([1]);
    expect(await numbers({ q: 'hdmi' })).toEqual([2]);
    expect(await numbers({ q: 'WIFI' })).toEqual([1]);
    expect(await w.listTickets.execute(w.viewer, { page: 2, pageSize: 2 })).toMatchObject({
      tickets: [{ number: 1 }],
      total: 3,
      page: 2,
      pageSize: 2,
    });
  });

  it('gets a ticket by id and by number', async () => {
    const w = await ticketWorld();
    expect(await w.getTicket.execute(w.viewer, { id: w.wifi.id })).toEqual({ ticket: w.wifi });
    expect(await w.getTicketByNumber.execute(w.viewer, { number: 2 })).toEqual({ ticket: w.projector });
  });

  it('reports an unknown ticket, or one of another tenant, as not found', async () => {
    const w = await ticketWorld();
    const other = await ticketWorld();
    await expect(w.getTicket.execute(w.viewer, { id: 'nope' })).rejects.toEqual(domainError('not_found'));
    await expect(w.getTicket.execute(w.viewer, { id: other.wifi.id })).rejects.toEqual(domainError('not_found'));
    await expect(w.getTicketByNumber.execute(w.viewer, { number: 4 })).rejects.toEqual(domainError('not_found'));
    await expect(w.getTicketByNumber.execute(w.viewer, { number: 0 })).rejects.toEqual(
      domainError('invalid', 'number'),
    );
  });

  it('needs ticket.view and the servicedesk module', async () => {
    const w = await ticketWorld();
    await expect(w.listTickets.execute(userActor(w.tenant, 'loan-desk'), {})).rejects.toEqual(domainError('forbidden'));
    const off = await ticketWorld({ modules: ['repairs'] });
    await expect(off.getTicketByNumber.execute(off.viewer, { number: 1 })).rejects.toEqual(
      domainError('module_disabled'),
    );
  });
});

describe('devices', () => {
  async function deviceWorld(o: WorldOptions = {}) {
    const w = await newWorld(o);
    const ipad = aDevice({ serial: 'A-001', kind: 'IPAD', manufacturer: 'Apple', model: 'iPad 9', status: 'IN_USE' });
    const lenovo = aDevice({
      serial: 'B-002',
      kind: 'LAPTOP',
      manufacturer: 'Lenovo',
      model: '300e',
      status: 'IN_STOCK',
    });
    const broken = aDevice({
      serial: 'B-001',
      kind: 'LAPTOP',
      manufacturer: 'Lenovo',
      model: '300e',
      status: 'IN_REPAIR',
    });
    await w.seed((r, t) => r.devices.insertMany(t, [lenovo, ipad, broken]));
    return {
      ...w,
      ipad,
      searchDevices: asCalled(SearchDevices, w.uow),
      getDevice: asCalled(GetDevice, w.uow),
      viewer: keyActor(w.tenant, ['device.view']),
    };
  }

  it('searches the register by serial order, with text, kind and status filters', async () => {
    const w = await deviceWorld();
    const serials = async (input: Parameters<typeof w.searchDevices.execute>[1]) =>
      (await w.searchDevices.execute(w.viewer, input)).devices.map((d) => d.serial);
    expect(await serials({})).toEqual(['A-001', 'B-001', 'B-002']);
    expect(await serials({ q: 'LENOVO' })).toEqual(['B-001', 'B-002']);
    expect(await serials({ q: 'ipad 9' })).toEqual(['A-001']);
    expect(await serials({ kind: 'LAPTOP', status: 'IN_REPAIR' })).toEqual(['B-001']);
    expect(await w.searchDevices.execute(w.viewer, { q: 'lenovo', page: 2, pageSize: 1 })).toMatchObject({
      devices: [{ serial: 'B-002' }],
      total: 2,
      page: 2,
      pageSize: 1,
    });
  });

  it('gets one device, and reports an unknown one as not found', async () => {
    const w = await deviceWorld();
    expect(await w.getDevice.execute(w.viewer, { id: w.ipad.id })).toEqual({ device: toDeviceView(w.ipad) });
    await expect(w.getDevice.execute(w.viewer, { id: 'nope' })).rejects.toEqual(domainError('not_found'));
  });

  it('needs device.view and the assets module', async () => {
    const w = await deviceWorld();
    await expect(w.searchDevices.execute(userActor(w.tenant, 'teacher'), {})).rejects.toEqual(domainError('forbidden'));
    const off = await deviceWorld({ modules: ['loans'] });
    await expect(off.getDevice.execute(off.viewer, { id: off.ipad.id })).rejects.toEqual(
      domainError('module_disabled'),
    );
  });
});

describe('costs', () => {
  async function costWorld(o: WorldOptions = {}) {
    const w = await newWorld({ currency: 'NZD', ...o });
    await w.seed((r, t) =>
      r.costs.insertMany(t, [
        aCost({ type: 'PARTS', coverage: 'PARENT', amountMinor: 1, date: '2025-03-10' }), // a day too old
        aCost({ type: 'REPAIR', coverage: 'SCHOOL', amountMinor: 1000, date: '2025-03-11' }),
        aCost({ type: 'REPAIR', coverage: 'WARRANTY', amountMinor: 2000, date: '2025-09-30' }),
        aCost({ type: 'PURCHASE', coverage: null, amountMinor: 50_000, date: '2026-03-10' }),
        aCost({ type: 'LICENSE', coverage: null, amountMinor: 7000, date: '2026-03-11' }), // tomorrow in Amsterdam
      ]),
    );
    return { ...w, costBreakdown: asCalled(CostBreakdown, w.uow, w.clock), viewer: userActor(w.tenant, 'technician') };
  }

  it('defaults to the last 12 months up to today, in the tenant’s currency', async () => {
    const w = await costWorld();
    const result = await w.costBreakdown.execute(w.viewer, { by: 'type' });
    expect(result).toEqual({
      by: 'type',
      currency: 'NZD',
      from: '2025-03-11',
      to: '2026-03-10',
      rows: [
        { key: 'PURCHASE', count: 1, amountMinor: 50_000 },
        { key: 'REPAIR', count: 2, amountMinor: 3000 },
      ],
      totalMinor: 53_000,
    });
  });

  it('takes today in the tenant’s time zone', async () => {
    const w = await costWorld({ now: '2026-03-10T23:30:00.000Z', timeZone: 'Pacific/Auckland' });
    const result = await w.costBreakdown.execute(w.viewer, { by: 'coverage' });
    expect(result).toMatchObject({ from: '2025-03-12', to: '2026-03-11' });
    expect(result.rows).toEqual([
      { key: 'NONE', count: 2, amountMinor: 57_000 },
      { key: 'WARRANTY', count: 1, amountMinor: 2000 },
    ]);
    expect(result.totalMinor).toBe(59_000);
  });

  it('groups by period over an explicit inclusive range, the total being the sum of the rows', async () => {
    const w = await costWorld();
    const quarters = await w.costBreakdown.execute(w.viewer, {
      by: 'period',
      period: 'quarter',
      from: '2025-01-01',
      to: '2026-03-11',
    });
    expect(quarters.rows).toEqual([
      { key: '2025-Q1', count: 2, amountMinor: 1001 },
      { key: '2025-Q3', count: 1, amountMinor: 2000 },
      { key: '2026-Q1', count: 2, amountMinor: 57_000 },
    ]);
    expect(quarters.totalMinor).toBe(quarters.rows.reduce((sum, r) => sum + r.amountMinor, 0));
    const months = await w.costBreakdown.execute(w.viewer, { by: 'period', from: '2025-09-30', to: '2025-09-30' });
    expect(months.rows).toEqual([{ key: '2025-09', count: 1, amountMinor: 2000 }]);
  });

  it('refuses a range that starts after it ends, naming from', async () => {
    const w = await costWorld();
    await expect(
      w.costBreakdown.execute(w.viewer, { by: 'type', from: '2026-01-02', to: '2026-01-01' }),
    ).rejects.toEqual(domainError('invalid', 'from'));
    await expect(w.costBreakdown.execute(w.viewer, { by: 'type', from: '2030-01-01' })).rejects.toEqual(
      domainError('invalid', 'from'),
    );
    await expect(w.costBreakdown.execute(w.viewer, { by: 'type', to: '2026-02-30' })).rejects.toEqual(
      domainError('invalid', 'to'),
    );
  });

  it('sees only the tenant’s own costs', async () => {
    const w = await costWorld();
    const other = await addTenant(w.uow);
    await w.uow.transaction((r) => r.costs.insertMany(other.id, [aCost({ amountMinor: 999_999, date: '2026-01-01' })]));
    expect((await w.costBreakdown.execute(w.viewer, { by: 'type' })).totalMinor).toBe(53_000);
  });

  it('needs cost.view and the costs module', async () => {
    const w = await costWorld();
    await expect(w.costBreakdown.execute(userActor(w.tenant, 'loan-desk'), { by: 'type' })).rejects.toEqual(
      domainError('forbidden'),
    );
    const off = await costWorld({ modules: ['assets'] });
    await expect(off.costBreakdown.execute(off.viewer, { by: 'type' })).rejects.toEqual(domainError('module_disabled'));
  });
});
