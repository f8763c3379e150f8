import type { Context } from 'koa';
import { z } from 'zod';
import { apiKeySchema, mcpClientConfig, mcpClientConfigSchema, type ApiKey } from '../../../domain/identity/api-key.js';
import { CreateApiKey } from '../../../domain/identity/create-api-key.js';
import { apiKeyListSchema, ListApiKeys } from '../../../domain/identity/list-api-keys.js';
import { RevokeApiKey } from '../../../domain/identity/revoke-api-key.js';
import { schoolBaseUrl } from '../../../domain/tenants/school-url.js';
import { actorOf } from '../auth/credential.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';
import type { HttpDeps } from '../route-module.js';

named('ApiKey', apiKeySchema);
named('McpClientConfig', mcpClientConfigSchema);

/** A new key: the key itself is here once, and never again (only its prefix is kept in clear). */
const createdApiKeySchema = z.object({
  apiKey: apiKeySchema,
  key: z.string().describe('The key itself, shown once: `Authorization: Bearer <key>`'),
  mcpConfig: mcpClientConfigSchema.describe("An MCP client's configuration with the key, ready to paste"),
});

/**
 * API keys (`apikey.manage`), for integrations: `/api/v1`, the actions and the MCP endpoint. A key's
 * scopes are permissions the maker holds (400 naming the others); a key of no one's reach is 404,
 * one already revoked 409.
 */
export const apiKeyRoutes = routeGroup('api-keys', "The school's API keys, for integrations.", [
  useCaseRoute({
    method: 'get',
    path: '/api/keys',
    summary: 'The keys (never the keys themselves), and the scopes the caller may give a new one',
    useCase: ListApiKeys,
    output: named('ApiKeyList', apiKeyListSchema),
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/keys',
    summary: 'Make a key: shown once, with an MCP client configuration that uses it',
    useCase: CreateApiKey,
    status: 201,
    output: named('CreatedApiKey', createdApiKeySchema),
    answer: ({ apiKey, key }: { apiKey: ApiKey; key: string }, ctx: Context, deps: HttpDeps) => ({
      apiKey,
      key,
      mcpConfig: mcpClientConfig(schoolBaseUrl(deps.config.publicUrl, actorOf(ctx).tenant.hosts), key),
    }),
  }),
  useCaseRoute({
    method: 'delete',
    path: '/api/keys/{id}',
    summary: 'Revoke a key: refused from its next request on',
    useCase: RevokeApiKey,
    status: 204,
    problems: ['conflict'],
  }),
]);
