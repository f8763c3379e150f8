import type { Context } from 'koa';
import { AssignSubmission } from '../../../domain/submissions/assign-submission.js';
import { ChangeSubmissionStatus } from '../../../domain/submissions/change-submission-status.js';
import { CreateSubmission } from '../../../domain/submissions/create-submission.js';
import { GetSubmission } from '../../../domain/submissions/get-submission.js';
import { ListSubmissions } from '../../../domain/submissions/list-submissions.js';
import { perform } from '../../../domain/shared/use-case.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { jsonBody, objectBody } from '../json-body.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { queryReader } from '../query.js';
import type { RouteModule } from '../route-module.js';

const readSubmissionQuery = queryReader(ListSubmissions.input);

/** The path's submission id, handed to the use case, which judges it (an unknown one is 404). */
const submissionId = (ctx: Context) => ctx.params.id;

/**
 * Repairs in the console (issue 12, point 6; module `repairs`): the submission list, one submission,
 * lodging and assigning (the tools' use cases), and moving a repair along with
 * `POST /api/submissions/:id/status`. Signed-in staff only; writes also refuse browser origins that
 * are not ours or the user's own school's.
 */
export const repairRoutes: RouteModule = {
  name: 'repairs',
  register(router, { container, config, resolve }) {
    const signedIn = consoleAuth(container);
    const sameOrigin = requireAllowedOrigin(new OriginPolicy(config));

    router.get('/api/submissions', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, ListSubmissions, consoleActor(ctx), readSubmissionQuery(ctx));
    });
    router.get('/api/submissions/:id', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, GetSubmission, consoleActor(ctx), { id: submissionId(ctx) });
    });
    router.post('/api/submissions', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, CreateSubmission, consoleActor(ctx), objectBody(ctx));
      ctx.status = 201;
    });
    router.post('/api/submissions/:id/assign', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      const input = { ...objectBody(ctx), id: submissionId(ctx) };
      ctx.body = await perform(resolve, AssignSubmission, consoleActor(ctx), input);
    });
    router.post('/api/submissions/:id/status', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      const input = { ...objectBody(ctx), id: submissionId(ctx) };
      ctx.body = await perform(resolve, ChangeSubmissionStatus, consoleActor(ctx), input);
    });
  },
};
