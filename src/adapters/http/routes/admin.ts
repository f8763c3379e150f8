import { SearchAudit } from '../../../domain/audit/search-audit.js';
import { mcpClientConfig } from '../../../domain/identity/api-key.js';
import { CreateApiKey } from '../../../domain/identity/create-api-key.js';
import { CreateUser } from '../../../domain/identity/create-user.js';
import { InviteUser } from '../../../domain/identity/invite-user.js';
import { ListApiKeys } from '../../../domain/identity/list-api-keys.js';
import { ListUsers } from '../../../domain/identity/list-users.js';
import { RevokeApiKey } from '../../../domain/identity/revoke-api-key.js';
import { UpdateUser } from '../../../domain/identity/update-user.js';
import { perform } from '../../../domain/shared/use-case.js';
import { ListModules } from '../../../domain/tenants/list-modules.js';
import { SetModules } from '../../../domain/tenants/set-modules.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { jsonBody, objectBody } from '../json-body.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { queryReader } from '../query.js';
import type { RouteModule } from '../route-module.js';

const readUsersQuery = queryReader(ListUsers.input);
const readAuditQuery = queryReader(SearchAudit.input);

/**
 * Staff, API keys, modules and the audit log in the console (issue 12, point 7): privileged identity
 * actions, so console routes only (a signed-in user's session; never an API key, never a tool). Each
 * handler is one use case, answering in its order: 403 permission, 400 input naming the field, 404 a
 * record of no one's reach (another tenant's included), 409 a conflict. Writes follow the Origins rule.
 * Secrets made here (an invitation link, a key) are in the answer once (never cached: consoleAuth
 * sends Cache-Control: no-store) and never logged.
 */
export const adminRoutes: RouteModule = {
  name: 'admin',
  register(router, deps) {
    const { container, config, resolve } = deps;
    const signedIn = consoleAuth(container);
    const sameOrigin = requireAllowedOrigin(new OriginPolicy(config));

    // Users (user.manage; a role change also role.manage).
    router.get('/api/users', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, ListUsers, consoleActor(ctx), readUsersQuery(ctx));
    });
    router.post('/api/users', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, CreateUser, consoleActor(ctx), objectBody(ctx));
      ctx.status = 201;
    });
    router.patch('/api/users/:id', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, UpdateUser, consoleActor(ctx), { ...objectBody(ctx), id: ctx.params.id });
    });
    router.post('/api/users/:id/invite', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, InviteUser, consoleActor(ctx), { id: ctx.params.id });
      ctx.status = 201;
    });

    // API keys (apikey.manage): a new key is shown once, with its MCP client configuration.
    router.get('/api/keys', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, ListApiKeys, consoleActor(ctx), {});
    });
    router.post('/api/keys', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      const { apiKey, key } = await perform(resolve, CreateApiKey, consoleActor(ctx), objectBody(ctx));
      ctx.body = { apiKey, key, mcpConfig: mcpClientConfig(config.publicUrl, key) };
      ctx.status = 201;
    });
    router.delete('/api/keys/:id', signedIn, sameOrigin, async (ctx) => {
      await perform(resolve, RevokeApiKey, consoleActor(ctx), { id: ctx.params.id });
      ctx.status = 204;
    });

    // Modules: every signed-in user reads them; school administrators set them. SetModules reads
    // the body itself, once it knows the caller may (so a refusal comes before any input problem).
    router.get('/api/modules', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, ListModules, consoleActor(ctx), {});
    });
    router.put('/api/modules', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, SetModules, consoleActor(ctx), ctx.request.body);
    });

    // The audit log (audit.view).
    router.get('/api/audit', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, SearchAudit, consoleActor(ctx), readAuditQuery(ctx));
    });
  },
};
