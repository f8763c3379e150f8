/** Costs (issue 12, point 6): RecordCost and ListCosts on the memory world. */
import { describe, expect, it } from 'vitest';
import { CostBreakdown } from '../../../src/domain/costs/cost-breakdown.js';
import { ListCosts } from '../../../src/domain/costs/list-costs.js';
import { RecordCost } from '../../../src/domain/costs/record-cost.js';
import { asCalled } from '../../support/fakes/as-called.js';
import {
  addTenant,
  domainError,
  keyActor,
  newWorld,
  NOW,
  TODAY,
  userActor,
  type WorldOptions,
} from '../../support/fakes/world.js';
import { aCost } from '../../support/builders.js';

async function costWorld(o: WorldOptions = {}) {
  const w = await newWorld(o);
  return {
    ...w,
    record: asCalled(RecordCost, w.uow, w.clock, w.ids),
    list: asCalled(ListCosts, w.uow),
    breakdown: asCalled(CostBreakdown, w.uow, w.clock),
    technician: userActor(w.tenant, 'technician', { id: 'user-tech' }),
    stored: async () => (await w.uow.read((r) => r.costs.list(w.tenant.id, {}, { page: 1, pageSize: 100 }))).items,
    everything: async () => ({
      costs: (await w.uow.read((r) => r.costs.list(w.tenant.id, {}, { page: 1, pageSize: 100 }))).items,
      audit: await w.audit(),
      events: await w.events(),
    }),
  };
}

describe('RecordCost', () => {
  it('records a cost by hand, source manual, with its audit entry and a thin cost.recorded event', async () => {
    const w = await costWorld();
    const { cost } = await w.record.execute(w.technician, {
      type: 'PURCHASE',
      coverage: 'SCHOOL',
      amountMinor: 129_900,
      date: '2026-03-02',
      note: 'INV-2291 from Laptops & Co, for Ada’s class',
    });
    expect(cost).toEqual({
      id: expect.any(String),
      type: 'PURCHASE',
      coverage: 'SCHOOL',
      amountMinor: 129_900,
      date: '2026-03-02',
      source: 'manual',
      note: 'INV-2291 from Laptops & Co, for Ada’s class',
    });
    expect(await w.stored()).toEqual([cost]);
    expect(await w.audit()).toEqual([
      expect.objectContaining({
        actor: { type: 'user', id: 'user-tech' },
        action: 'cost.record',
        target: `cost:${cost.id}`,
        at: NOW,
        details: {
          type: 'PURCHASE',
          coverage: 'SCHOOL',
          amountMinor: 129_900,
          date: '2026-03-02',
          source: 'manual',
          note: 'INV-2291 from Laptops & Co, for Ada’s class',
        },
      }),
    ]);
    const events = await w.events();
    expect(events.map((e) => ({ kind: e.kind, payload: e.payload }))).toEqual([
      {
        kind: 'cost.recorded',
        payload: {
          cost: {
            id: cost.id,
            type: 'PURCHASE',
            coverage: 'SCHOOL',
            amountMinor: 129_900,
            date: '2026-03-02',
            source: 'manual',
          },
        },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain('INV-2291');
  });

  it('records a cost without coverage or note, dated today', async () => {
    const w = await costWorld();
    const { cost } = await w.record.execute(w.technician, { type: 'LICENSE', amountMinor: 5_000, date: TODAY });
    expect(cost).toMatchObject({ coverage: null, note: null, date: TODAY });
    const nulls = await w.record.execute(w.technician, {
      type: 'OTHER',
      amountMinor: 1,
      date: TODAY,
      coverage: null,
      note: null,
    });
    expect(nulls.cost).toMatchObject({ coverage: null, note: null });
  });

  it('records a refund or correction as a negative amount with a note saying what it is for', async () => {
    const w = await costWorld();
    await expect(
      w.record.execute(w.technician, { type: 'PURCHASE', amountMinor: -20_000, date: TODAY }),
    ).rejects.toEqual(domainError('invalid', 'note'));
    const { cost } = await w.record.execute(w.technician, {
      type: 'PURCHASE',
      amountMinor: -20_000,
      date: TODAY,
      note: 'Credit note CN-17: returned charger',
    });
    expect(cost.amountMinor).toBe(-20_000);
    await w.record.execute(w.technician, { type: 'PURCHASE', amountMinor: 50_000, date: TODAY });
    const { rows, totalMinor } = await w.breakdown.execute(w.technician, { by: 'type' });
    expect(rows).toEqual([{ key: 'PURCHASE', count: 2, amountMinor: 30_000 }]);
    expect(totalMinor).toBe(30_000);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const w = await costWorld();
    const good = { type: 'PARTS', amountMinor: 100, date: TODAY };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, type: 'FOOD' }, 'type'],
      [{ ...good, type: undefined }, 'type'],
      [{ ...good, coverage: 'NONE' }, 'coverage'],
      [{ ...good, amountMinor: 0 }, 'amountMinor'],
      [{ ...good, amountMinor: 1.5 }, 'amountMinor'],
      [{ ...good, amountMinor: '100' }, 'amountMinor'],
      [{ ...good, amountMinor: 1_000_000_000_001 }, 'amountMinor'],
      [{ ...good, amountMinor: -1_000_000_000_001, note: 'x' }, 'amountMinor'],
      [{ ...good, amountMinor: undefined }, 'amountMinor'],
      [{ ...good, date: '2026-02-30' }, 'date'],
      [{ ...good, date: '10/03/2026' }, 'date'],
      [{ ...good, date: undefined }, 'date'],
      [{ ...good, date: '2026-03-11' }, 'date'], // tomorrow in the school's time zone
      [{ ...good, note: '' }, 'note'],
      [{ ...good, note: 'x'.repeat(501) }, 'note'],
      [{ ...good, note: 'nul\u0000' }, 'note'],
      [{ ...good, source: 'submission:1' }, 'source'],
    ];
    for (const [input, path] of cases) {
      await expect(w.record.execute(w.technician, input as never), JSON.stringify(input)).rejects.toEqual(
        domainError('invalid', path),
      );
    }
    expect(await w.everything()).toEqual({ costs: [], audit: [], events: [] });
  });

  it('accepts the largest amount and a date of today in the school’s zone when UTC is still yesterday', async () => {
    // 23:30 UTC on the 10th is the 11th in Amsterdam.
    const w = await costWorld({ now: '2026-03-10T23:30:00.000Z' });
    await expect(
      w.record.execute(w.technician, { type: 'OTHER', amountMinor: 1_000_000_000_000, date: '2026-03-11' }),
    ).resolves.toMatchObject({ cost: { amountMinor: 1_000_000_000_000, date: '2026-03-11' } });
    await expect(w.record.execute(w.technician, { type: 'OTHER', amountMinor: 1, date: '2026-03-12' })).rejects.toEqual(
      domainError('invalid', 'date'),
    );
  });

  it('needs cost.manage and the costs module', async () => {
    const w = await costWorld();
    const input = { type: 'PARTS', amountMinor: 100, date: TODAY } as const;
    for (const role of ['loan-desk', 'teacher', 'read-only'] as const) {
      await expect(w.record.execute(userActor(w.tenant, role), input)).rejects.toEqual(domainError('forbidden'));
    }
    await expect(w.record.execute(keyActor(w.tenant, ['cost.view']), input)).rejects.toEqual(domainError('forbidden'));
    await expect(w.record.execute(keyActor(w.tenant, ['cost.manage']), input)).resolves.toBeDefined();
    await expect(w.record.execute(userActor(w.tenant, 'school-admin'), input)).resolves.toBeDefined();
    const off = await costWorld({ modules: ['repairs'] });
    await expect(off.record.execute(off.technician, input)).rejects.toEqual(domainError('module_disabled'));
  });
});

describe('ListCosts', () => {
  async function listWorld() {
    const w = await costWorld();
    const a = aCost({ type: 'PURCHASE', coverage: null, date: '2026-01-05', note: 'INV-1' });
    const b = aCost({ type: 'REPAIR', coverage: 'WARRANTY', date: '2026-02-01' });
    const c = aCost({ type: 'REPAIR', coverage: 'SCHOOL', date: '2026-02-01' });
    const d = aCost({ type: 'LICENSE', coverage: 'SCHOOL', date: '2025-12-31' });
    await w.seed((r, t) => r.costs.insertMany(t, [a, b]));
    await w.seed((r, t) => r.costs.insertMany(t, [c, d]));
    const other = await addTenant(w.uow);
    await w.uow.transaction((r) => r.costs.insertMany(other.id, [aCost({ date: '2026-02-02' })]));
    return { ...w, a, b, c, d };
  }

  it('lists newest first (then the later-recorded), paged, with the school currency', async () => {
    const w = await listWorld();
    expect(await w.list.execute(w.technician, {})).toEqual({
      costs: [w.c, w.b, w.a, w.d],
      total: 4,
      page: 1,
      pageSize: 50,
      currency: 'EUR',
    });
    expect(await w.list.execute(w.technician, { page: 2, pageSize: 3 })).toMatchObject({
      costs: [w.d],
      total: 4,
      page: 2,
      pageSize: 3,
    });
  });

  it('filters by type, coverage (NONE: without one) and an inclusive date range', async () => {
    const w = await listWorld();
    const ids = async (input: Parameters<typeof w.list.execute>[1]) =>
      (await w.list.execute(w.technician, input)).costs.map((c) => c.id);
    expect(await ids({ type: 'REPAIR' })).toEqual([w.c.id, w.b.id]);
    expect(await ids({ coverage: 'NONE' })).toEqual([w.a.id]);
    expect(await ids({ coverage: 'SCHOOL' })).toEqual([w.c.id, w.d.id]);
    expect(await ids({ from: '2026-01-05', to: '2026-01-05' })).toEqual([w.a.id]);
    expect(await ids({ from: '2026-01-06' })).toEqual([w.c.id, w.b.id]);
    expect(await ids({ to: '2025-12-31' })).toEqual([w.d.id]);
    expect(await ids({ type: 'REPAIR', coverage: 'WARRANTY', from: '2026-02-01', to: '2026-02-01' })).toEqual([w.b.id]);
  });

  it('refuses bad filters naming the field', async () => {
    const w = await listWorld();
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'repair' }, 'type'],
      [{ coverage: 'nobody' }, 'coverage'],
      [{ from: '2026-13-01' }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      [{ from: '2026-02-02', to: '2026-02-01' }, 'from'],
      [{ page: 0 }, 'page'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ pageSize: 'ten' }, 'pageSize'],
    ];
    for (const [input, path] of cases) {
      await expect(w.list.execute(w.technician, input as never), JSON.stringify(input)).rejects.toEqual(
        domainError('invalid', path),
      );
    }
  });

  it('needs cost.view and the costs module: read-only yes, the loan desk no', async () => {
    const w = await listWorld();
    await expect(w.list.execute(userActor(w.tenant, 'read-only'), {})).resolves.toMatchObject({ total: 4 });
    for (const role of ['loan-desk', 'teacher'] as const) {
      await expect(w.list.execute(userActor(w.tenant, role), {})).rejects.toEqual(domainError('forbidden'));
    }
    const off = await costWorld({ modules: ['repairs'] });
    await expect(off.list.execute(off.technician, {})).rejects.toEqual(domainError('module_disabled'));
  });
});
