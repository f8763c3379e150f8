import { ArchivePerson } from '../../../domain/people/archive-person.js';
import { CreatePerson } from '../../../domain/people/create-person.js';
import { GetPersonProfile } from '../../../domain/people/get-person-profile.js';
import { ListPeople } from '../../../domain/people/list-people.js';
import { RestorePerson } from '../../../domain/people/restore-person.js';
import { UpdatePerson } from '../../../domain/people/update-person.js';
import { perform } from '../../../domain/shared/use-case.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { jsonBody, objectBody } from '../json-body.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { queryReader } from '../query.js';
import type { RouteModule } from '../route-module.js';

const readListQuery = queryReader(ListPeople.input);

/**
 * People (issue 12, point 2): the console's list, a person's profile, and keeping the records (add,
 * change, archive, restore). Signed-in users only; writes also refuse browser origins that may not
 * act for the user's school. Each handler is one use case (module `people`, then the permission,
 * then the input), so the answers come in that order: 404 module off, 403, 400 naming the field,
 * then 404 for a person of no one's reach (another tenant's included) and 409 for a conflict.
 */
export const peopleRoutes: RouteModule = {
  name: 'people',
  register(router, deps) {
    const { container, config, resolve } = deps;
    const signedIn = consoleAuth(container);
    const sameOrigin = requireAllowedOrigin(new OriginPolicy(config));

    router.get('/api/people', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, ListPeople, consoleActor(ctx), readListQuery(ctx));
    });
    router.post('/api/people', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, CreatePerson, consoleActor(ctx), objectBody(ctx));
      ctx.status = 201;
    });
    router.get('/api/people/:id', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, GetPersonProfile, consoleActor(ctx), { personId: ctx.params.id });
    });
    router.patch('/api/people/:id', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, UpdatePerson, consoleActor(ctx), { ...objectBody(ctx), id: ctx.params.id });
    });
    // Archive and restore take nothing but the id in the path (a body, if any, is not read).
    for (const [verb, useCase] of [
      ['archive', ArchivePerson],
      ['restore', RestorePerson],
    ] as const) {
      router.post(`/api/people/:id/${verb}`, signedIn, sameOrigin, jsonBody(), async (ctx) => {
        ctx.body = await perform(resolve, useCase, consoleActor(ctx), { id: ctx.params.id });
      });
    }
  },
};
