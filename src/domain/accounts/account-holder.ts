import type { Repositories } from '../../ports/repositories.js';
import type { Person } from '../people/person.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { conflict, notFound } from '../shared/errors.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import { schoolYearOf, schoolYearSetting } from '../settings/school-year.js';
import { stateInWords } from '../shared/words.js';

/**
 * The person whose account a write changes, locked until the transaction ends: every write to one
 * account holds this lock, so two writes never both pass a check on the balance or on the year's
 * claims (Postgres `FOR UPDATE`; SQLite's write transaction holds the database). Another school's
 * person is 404.
 */
export async function lockedHolder(repos: Repositories, tenantId: string, personId: string): Promise<Person> {
  const person = await repos.people.findById(tenantId, personId, { forUpdate: true });
  if (!person) throw notFound('person', personId);
  return person;
}

/** Charges and insurance cover are a pupil's: staff have no account to charge. */
export function requirePupil(person: Person, what: string): void {
  if (person.kind !== 'PUPIL') throw conflict(`${what} is for pupils; ${person.name} is ${person.kind === 'STAFF' ? 'a member of staff' : stateInWords(person.kind)}`);
}

/** The school year today falls in, by the school's start of year and its time zone: `2026-2027`. */
export async function currentSchoolYear(repos: Repositories, actor: Actor, now: Date): Promise<string> {
  const start = await readSchoolSetting(repos, actor.tenant.id, schoolYearSetting);
  return schoolYearOf(dateInZone(now, actor.tenant.timeZone), start).name;
}
