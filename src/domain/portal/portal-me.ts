import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import { conflict, notFound } from '../shared/errors.js';
import { portalSetting } from './portal-setting.js';
import { portalMeSchema, type PortalMe } from './portal-views.js';
import type { Requester } from './requester.js';

/** Most pupils one teacher's loan groups hold loans for, read at once (a year group of carts). */
const PUPILS_MAX = 2_000;

/**
 * The pupils a teacher may file for (issue 30: "teachers may file on behalf of a pupil of their own
 * loan groups"): the teacher is the requester's console user of the same address, with the teacher
 * role, and the pupils are those holding a loaner of one of the teacher's groups now. Anyone else
 * files for themselves only.
 */
export async function pupilsOf(repos: Repositories, requester: Requester): Promise<PortalMe['pupils']> {
  if (requester.person.kind !== 'STAFF') return [];
  const tenantId = requester.tenant.id;
  const user = await repos.users.findByEmail(tenantId, requester.person.email.toLowerCase());
  if (!user || !user.active || user.role !== 'teacher' || user.loanGroupIds.length === 0) return [];
  const held = await repos.loans.listAll(tenantId, { poolGroupIds: user.loanGroupIds, status: 'ISSUED' }, PUPILS_MAX);
  const ids = [...new Set(held.items.map((l) => l.holderId).filter((id): id is string => id !== null))];
  const people = await repos.people.findByIds(tenantId, ids);
  return people
    .filter((p) => p.kind === 'PUPIL' && p.archivedAt === null)
    .map((p) => ({ id: p.id, name: p.name, userGroup: p.userGroup }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Who a request is for: the requester, or (`forPersonId`, a teacher only) one of their pupils. Anyone
 * else named is "not found", as a person out of one's reach is everywhere in Desk.
 */
export async function filedFor(
  repos: Repositories,
  requester: Requester,
  forPersonId: string | undefined,
): Promise<{ id: string; kind: 'PUPIL' | 'STAFF'; name: string }> {
  if (forPersonId === undefined || forPersonId === requester.person.id) return requester.person;
  const pupil = (await pupilsOf(repos, requester)).find((p) => p.id === forPersonId);
  if (!pupil) throw notFound('person', forPersonId);
  const person = await repos.people.findById(requester.tenant.id, pupil.id);
  if (!person || person.archivedAt !== null) throw conflict('that pupil is archived (a leaver)');
  return { id: person.id, kind: person.kind, name: person.name };
}

/** `GET /api/portal/me`: who is signed in, what the school's portal offers them. */
@injectable()
export class GetPortalMe {
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(requester: Requester): Promise<z.output<typeof portalMeSchema>> {
    const { tenant } = requester;
    return this.uow.read(async (repos) => {
      const [setting, categories, pupils] = await Promise.all([
        readSchoolSetting(repos, tenant.id, portalSetting),
        tenant.modules.includes('servicedesk') ? repos.ticketRouting.listCategories(tenant.id) : Promise.resolve([]),
        pupilsOf(repos, requester),
      ]);
      return {
        person: requester.person,
        school: { name: tenant.name, slug: tenant.slug, timeZone: tenant.timeZone },
        via: requester.via,
        offers: {
          tickets: tenant.modules.includes('servicedesk'),
          repairs: tenant.modules.includes('repairs'),
          loans: tenant.modules.includes('loans'),
        },
        categories: categories.map((c) => ({ id: c.id, name: c.name })),
        pupils,
        maxFileBytes: setting.maxFileBytes,
      };
    });
  }
}
