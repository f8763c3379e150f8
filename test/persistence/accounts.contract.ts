/**
 * Pupils' accounts (issue 23) in the one repository contract, on SQLite, Postgres and the memory
 * fake: entries appended and read newest first, the balance, waivers of a charge, claims of a year,
 * who owes what with the oldest unsettled charge, and cover per pupil per year. Another tenant sees
 * and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { AccountEntry } from '../../src/domain/accounts/account-entry.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import type { Repositories } from '../../src/ports/repositories.js';
import { aPerson } from '../support/builders.js';

interface Subject {
  tx<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  read<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  newTenant(o?: Partial<Tenant>): Promise<Tenant>;
}

const entry = (
  personId: string,
  kind: AccountEntry['kind'],
  amountMinor: number,
  recordedAt: string,
  o: Partial<AccountEntry> = {},
): AccountEntry => ({
  id: randomUUID(),
  personId,
  kind,
  amountMinor,
  reason: kind === 'payment' ? null : 'a reason',
  grossMinor: kind === 'charge' ? amountMinor : null,
  coveredMinor: kind === 'charge' ? 0 : null,
  plan: null,
  claimYear: null,
  submissionId: null,
  loanNumber: null,
  method: kind === 'payment' ? 'cash' : null,
  reference: null,
  chargeId: null,
  recordedBy: 'user-1',
  recordedAt,
  ...o,
});

export function accountRepositoryContract({ tx, read, newTenant }: Subject): void {
  it('appends entries, reads them newest first whatever their instants, and sums the balance', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const pia = aPerson({ name: 'Pia' });
    await tx((r) => r.people.insertMany(t.id, [pia]));
    expect(await read((r) => r.accounts.balance(t.id, pia.id))).toBe(0);
    expect(await read((r) => r.accounts.entriesOf(t.id, pia.id))).toEqual([]);

    const at = '2026-09-01T08:00:00.000Z';
    const charge = entry(pia.id, 'charge', 8_000, at, {
      grossMinor: 12_000,
      coveredMinor: 4_000,
      plan: 'Gold',
      claimYear: '2026-2027',
      submissionId: 'sub-1',
      loanNumber: 7,
    });
    const payment = entry(pia.id, 'payment', 2_500, at, { method: 'card', reference: 'R-1' });
    const waiver = entry(pia.id, 'waiver', 500, at, { chargeId: charge.id });
    for (const e of [charge, payment, waiver]) await tx((r) => r.accounts.append(t.id, e));

    expect(await read((r) => r.accounts.entriesOf(t.id, pia.id))).toEqual([waiver, payment, charge]);
    expect(await read((r) => r.accounts.balance(t.id, pia.id))).toBe(5_000);
    expect(await read((r) => r.accounts.findEntry(t.id, charge.id))).toEqual(charge);
    expect(await read((r) => r.accounts.waivedOf(t.id, charge.id))).toBe(500);
    expect(await read((r) => r.accounts.claimsUsed(t.id, pia.id, '2026-2027'))).toBe(1);
    expect(await read((r) => r.accounts.claimsUsed(t.id, pia.id, '2025-2026'))).toBe(0);

    // Another school reads nothing of it.
    expect(await read((r) => r.accounts.balance(other.id, pia.id))).toBe(0);
    expect(await read((r) => r.accounts.entriesOf(other.id, pia.id))).toEqual([]);
    expect(await read((r) => r.accounts.findEntry(other.id, charge.id))).toBeNull();
    expect(await read((r) => r.accounts.waivedOf(other.id, charge.id))).toBe(0);
    expect(await read((r) => r.accounts.claimsUsed(other.id, pia.id, '2026-2027'))).toBe(0);
  });

  it('lists who owes what, the oldest unsettled charge first, paged, without those settled', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const [ann, bob, cid, dee] = ['Ann', 'Bob', 'Cid', 'Dee'].map((name) => aPerson({ name, userGroup: '8B' }));
    await tx((r) => r.people.insertMany(t.id, [ann!, bob!, cid!, dee!]));
    const day = (d: number) => `2026-09-${String(d).padStart(2, '0')}T08:00:00.000Z`;
    const rows: AccountEntry[] = [
      // Ann: charged 1st and 5th, paid the first off: her oldest unsettled is the 5th.
      entry(ann!.id, 'charge', 1_000, day(1)),
      entry(ann!.id, 'charge', 3_000, day(5)),
      entry(ann!.id, 'payment', 1_000, day(6)),
      // Bob: charged the 3rd, part waived: still owes from the 3rd.
      entry(bob!.id, 'charge', 2_000, day(3)),
      entry(bob!.id, 'waiver', 500, day(4)),
      // Cid: settled.
      entry(cid!.id, 'charge', 700, day(2)),
      entry(cid!.id, 'payment', 700, day(2)),
      // Dee: charged the 3rd as Bob: the name orders them.
      entry(dee!.id, 'charge', 50, day(3)),
    ];
    for (const e of rows) await tx((r) => r.accounts.append(t.id, e));

    const all = await read((r) => r.accounts.outstanding(t.id, { page: 1, pageSize: 50 }));
    expect(all.total).toBe(3);
    expect(all.items).toEqual([
      { personId: bob!.id, name: 'Bob', userGroup: '8B', balanceMinor: 1_500, oldestChargeAt: day(3) },
      { personId: dee!.id, name: 'Dee', userGroup: '8B', balanceMinor: 50, oldestChargeAt: day(3) },
      { personId: ann!.id, name: 'Ann', userGroup: '8B', balanceMinor: 3_000, oldestChargeAt: day(5) },
    ]);
    const second = await read((r) => r.accounts.outstanding(t.id, { page: 2, pageSize: 2 }));
    expect(second).toEqual({ items: [all.items[2]], total: 3 });
    expect(await read((r) => r.accounts.outstanding(other.id, { page: 1, pageSize: 50 }))).toEqual({
      items: [],
      total: 0,
    });
  });

  it('keeps one cover per pupil per school year: set, replaced, removed, never across schools', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const pia = aPerson();
    await tx((r) => r.people.insertMany(t.id, [pia]));
    const cover = {
      personId: pia.id,
      schoolYear: '2026-2027',
      plan: 'Gold',
      recordedBy: 'user-1',
      recordedAt: '2026-09-01T08:00:00.000Z',
    };
    expect(await read((r) => r.accounts.coverageOf(t.id, pia.id, '2026-2027'))).toBeNull();
    await tx((r) => r.accounts.putCoverage(t.id, cover));
    await tx((r) => r.accounts.putCoverage(t.id, { ...cover, schoolYear: '2027-2028', plan: 'Silver' }));
    expect(await read((r) => r.accounts.coverageOf(t.id, pia.id, '2026-2027'))).toEqual(cover);
    const changed = { ...cover, plan: 'Platinum', recordedBy: 'user-2', recordedAt: '2026-10-01T08:00:00.000Z' };
    await tx((r) => r.accounts.putCoverage(t.id, changed));
    expect(await read((r) => r.accounts.coverageOf(t.id, pia.id, '2026-2027'))).toEqual(changed);

    expect(await read((r) => r.accounts.coverageOf(other.id, pia.id, '2026-2027'))).toBeNull();
    expect(await tx((r) => r.accounts.deleteCoverage(other.id, pia.id, '2026-2027'))).toBe(false);
    expect(await tx((r) => r.accounts.deleteCoverage(t.id, pia.id, '2026-2027'))).toBe(true);
    expect(await tx((r) => r.accounts.deleteCoverage(t.id, pia.id, '2026-2027'))).toBe(false);
    expect(await read((r) => r.accounts.coverageOf(t.id, pia.id, '2026-2027'))).toBeNull();
    expect((await read((r) => r.accounts.coverageOf(t.id, pia.id, '2027-2028')))?.plan).toBe('Silver');
  });
}
