import { ArchivePerson } from '../../../domain/people/archive-person.js';
import { CreatePerson } from '../../../domain/people/create-person.js';
import { GetPersonProfile, personProfileSchema } from '../../../domain/people/get-person-profile.js';
import { ListPeople, peopleListSchema } from '../../../domain/people/list-people.js';
import { personResultSchema, personSchema } from '../../../domain/people/person.js';
import { agreementResultSchema, RecordAgreement } from '../../../domain/people/record-agreement.js';
import { RestorePerson } from '../../../domain/people/restore-person.js';
import { guardiansResultSchema, SetGuardians } from '../../../domain/people/set-guardians.js';
import { UpdatePerson } from '../../../domain/people/update-person.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('Person', personSchema);
named('PersonResult', personResultSchema);

/**
 * People (module `people`): the list, a person's profile, and keeping the records (add, change,
 * archive, restore), a pupil's guardians and acceptable-use agreements. A person of no one's reach (another school's included) is 404; an external id
 * or e-mail already taken, an archive that would strand a loan or a device, or guardians or an
 * agreement for a member of staff, is 409.
 */
export const peopleRoutes = routeGroup('people', 'Pupils and staff, as the school keeps them.', [
  useCaseRoute({
    method: 'get',
    path: '/api/people',
    summary: 'List people by name, with filters, a page at a time',
    useCase: ListPeople,
    output: named('PeopleList', peopleListSchema),
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/people',
    summary: 'Add a pupil or a member of staff',
    useCase: CreatePerson,
    status: 201,
    output: personResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/people/{id}',
    summary: 'A person with the loans, devices, repairs and tickets the caller may see',
    useCase: GetPersonProfile,
    params: { id: 'personId' },
    output: named('PersonProfile', personProfileSchema),
  }),
  useCaseRoute({
    method: 'patch',
    path: '/api/people/{id}',
    summary: "Change a person's fields (null clears an optional one)",
    useCase: UpdatePerson,
    output: personResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/people/{id}/archive',
    summary: 'Archive a leaver: kept with their history, left out of searches (a body is not read)',
    useCase: ArchivePerson,
    output: personResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/people/{id}/restore',
    summary: 'Bring an archived person back (a body is not read)',
    useCase: RestorePerson,
    output: personResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'put',
    path: '/api/people/{id}/guardians',
    summary: "Replace a pupil's guardians whole, in order (staff: 409)",
    useCase: SetGuardians,
    output: named('GuardiansResult', guardiansResultSchema),
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/people/{id}/agreements',
    summary: "Record a pupil's acceptable-use agreement for the school year it was signed in (staff: 409)",
    useCase: RecordAgreement,
    status: 201,
    output: named('AgreementResult', agreementResultSchema),
    problems: ['conflict'],
  }),
]);
