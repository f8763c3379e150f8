/**
 * Pupils' acceptable-use agreements (issue 23) in the one repository contract, on SQLite, Postgres
 * and the memory fake: every recording kept, the newest recorded for a school year the one that
 * counts, read for one pupil or many at once, and never across schools or years.
 */
import { expect, it } from 'vitest';
import type { Agreement } from '../../src/domain/people/agreement.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import type { Repositories } from '../../src/ports/repositories.js';
import { aPerson } from '../support/builders.js';

interface Subject {
  tx<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  read<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  newTenant(o?: Partial<Tenant>): Promise<Tenant>;
}

let n = 0;
const agreement = (personId: string, o: Partial<Agreement> = {}): Agreement => ({
  id: `agr-${String(++n).padStart(4, '0')}`,
  personId,
  schoolYear: '2026-2027',
  signedAt: '2026-09-02',
  signedBy: 'Mia Pupil',
  recordedBy: { type: 'user', id: 'u-1' },
  recordedAt: '2026-09-03T08:00:00.000Z',
  ...o,
});

export function agreementRepositoryContract({ tx, read, newTenant }: Subject): void {
  it('agreements: the newest recorded for the year counts, per pupil and per school', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const pupil = aPerson({ name: 'Pia Pupil' });
    const sibling = aPerson({ name: 'Sam Pupil' });
    await tx((r) => r.people.insertMany(t.id, [pupil, sibling]));
    expect(await read((r) => r.agreements.findForYear(t.id, pupil.id, '2026-2027'))).toBeNull();

    const first = agreement(pupil.id);
    const corrected = agreement(pupil.id, {
      signedAt: '2026-09-01',
      signedBy: 'Dan Pupil',
      recordedBy: { type: 'apiKey', id: 'k-1' },
      recordedAt: '2026-09-04T08:00:00.000Z',
    });
    const lastYear = agreement(pupil.id, { schoolYear: '2025-2026', signedAt: '2025-09-01', recordedAt: '2026-09-05T08:00:00.000Z' });
    // Recorded out of order: the newest recordedAt wins, not the last insert.
    await tx((r) => r.agreements.record(t.id, corrected));
    await tx((r) => r.agreements.record(t.id, first));
    await tx((r) => r.agreements.record(t.id, lastYear));
    await tx((r) => r.agreements.record(t.id, agreement(sibling.id, { signedBy: 'Sam Pupil' })));

    expect(await read((r) => r.agreements.findForYear(t.id, pupil.id, '2026-2027'))).toEqual(corrected);
    expect(await read((r) => r.agreements.findForYear(t.id, pupil.id, '2025-2026'))).toEqual(lastYear);
    expect(await read((r) => r.agreements.findForYear(t.id, pupil.id, '2027-2028'))).toBeNull();

    const many = await read((r) => r.agreements.forPeople(t.id, [pupil.id, sibling.id, 'nobody', pupil.id], '2026-2027'));
    expect([...many.keys()].sort()).toEqual([pupil.id, sibling.id].sort());
    expect(many.get(pupil.id)).toEqual(corrected);
    expect(many.get(sibling.id)?.signedBy).toBe('Sam Pupil');
    expect((await read((r) => r.agreements.forPeople(t.id, [], '2026-2027'))).size).toBe(0);

    // Same recordedAt: the id breaks the tie, the same way on every database.
    const tieA = agreement(sibling.id, { id: 'tie-a', recordedAt: '2026-10-01T00:00:00.000Z', signedBy: 'A' });
    const tieB = agreement(sibling.id, { id: 'tie-b', recordedAt: '2026-10-01T00:00:00.000Z', signedBy: 'B' });
    await tx((r) => r.agreements.record(t.id, tieB));
    await tx((r) => r.agreements.record(t.id, tieA));
    expect((await read((r) => r.agreements.findForYear(t.id, sibling.id, '2026-2027')))?.signedBy).toBe('B');
    expect((await read((r) => r.agreements.forPeople(t.id, [sibling.id], '2026-2027'))).get(sibling.id)?.signedBy).toBe('B');

    // Another school sees none of them.
    expect(await read((r) => r.agreements.findForYear(other.id, pupil.id, '2026-2027'))).toBeNull();
    expect((await read((r) => r.agreements.forPeople(other.id, [pupil.id, sibling.id], '2026-2027'))).size).toBe(0);
  });
}
