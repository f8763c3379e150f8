/**
 * The loaner year's shared records (issue 23) in the one repository contract: a school's settings
 * and pupils' guardians, with the same assertions on SQLite, Postgres and the memory fake. Every
 * change is also asked of another tenant, which must see and change nothing.
 */
import { expect, it } from 'vitest';
import type { Guardian } from '../../src/domain/people/guardian.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import type { Repositories } from '../../src/ports/repositories.js';
import { aPerson } from '../support/builders.js';

interface Subject {
  tx<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  read<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  newTenant(o?: Partial<Tenant>): Promise<Tenant>;
}

const AT = '2026-09-01T08:00:00.000Z';

const guardian = (name: string, o: Partial<Guardian> = {}): Guardian => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@home.example`,
  phone: null,
  relationship: 'guardian',
  externalId: null,
  ...o,
});

export function loanerYearRepositoryContract({ tx, read, newTenant }: Subject): void {
  it('school settings: null until saved, then the value stored whole, per school and per name', async () => {
    const t = await newTenant();
    const other = await newTenant();
    expect(await read((r) => r.schoolSettings.get(t.id, 'reminders'))).toBeNull();
    const value = { enabled: true, everyDays: 7, copyTo: null, text: 'Bring it to the library ✓' };
    await tx((r) => r.schoolSettings.put(t.id, 'reminders', value, AT));
    expect(await read((r) => r.schoolSettings.get(t.id, 'reminders'))).toEqual(value);
    expect(await read((r) => r.schoolSettings.get(t.id, 'insurance'))).toBeNull();
    expect(await read((r) => r.schoolSettings.get(other.id, 'reminders'))).toBeNull();

    await tx((r) => r.schoolSettings.put(t.id, 'reminders', { enabled: false }, AT));
    expect(await read((r) => r.schoolSettings.get(t.id, 'reminders'))).toEqual({ enabled: false });
  });

  it('guardians: kept in order, replaced whole, read one pupil or many at once, never across schools', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const pupil = aPerson({ name: 'Pia Pupil' });
    const sibling = aPerson({ name: 'Sam Pupil' });
    const alone = aPerson({ name: 'Al One' });
    await tx((r) => r.people.insertMany(t.id, [pupil, sibling, alone]));
    expect(await read((r) => r.guardians.listFor(t.id, pupil.id))).toEqual([]);

    const mum = guardian('Mia Pupil', { relationship: 'mother', phone: '+44 20 7946 0000', externalId: 'g-1' });
    const dad = guardian('Dan Pupil', { email: null, relationship: 'father' });
    await tx((r) => r.guardians.replace(t.id, pupil.id, [mum, dad]));
    await tx((r) => r.guardians.replace(t.id, sibling.id, [mum]));
    expect(await read((r) => r.guardians.listFor(t.id, pupil.id))).toEqual([mum, dad]);

    const many = await read((r) => r.guardians.listForPeople(t.id, [pupil.id, sibling.id, alone.id, pupil.id]));
    expect([...many.keys()].sort()).toEqual([pupil.id, sibling.id].sort());
    expect(many.get(pupil.id)).toEqual([mum, dad]);
    expect(many.get(sibling.id)).toEqual([mum]);
    expect((await read((r) => r.guardians.listForPeople(t.id, []))).size).toBe(0);

    // Another school sees none of them, and its replace changes nothing here.
    expect(await read((r) => r.guardians.listFor(other.id, pupil.id))).toEqual([]);
    expect((await read((r) => r.guardians.listForPeople(other.id, [pupil.id]))).size).toBe(0);
    await tx((r) => r.guardians.replace(other.id, pupil.id, []));
    expect(await read((r) => r.guardians.listFor(t.id, pupil.id))).toEqual([mum, dad]);

    // Replaced whole, in the new order; none removes them all.
    await tx((r) => r.guardians.replace(t.id, pupil.id, [dad]));
    expect(await read((r) => r.guardians.listFor(t.id, pupil.id))).toEqual([dad]);
    await tx((r) => r.guardians.replace(t.id, pupil.id, []));
    expect(await read((r) => r.guardians.listFor(t.id, pupil.id))).toEqual([]);
  });
}
