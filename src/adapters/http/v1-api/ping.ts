import { z } from 'zod';
import { Clock } from '../../../ports/clock.js';
import { actorOf } from '../auth/credential.js';
import { handledRoute, routeGroup } from '../contract/route.js';

const pingSchema = z.object({
  ok: z.literal(true),
  version: z.string(),
  tenant: z.object({ slug: z.string(), name: z.string() }),
  key: z.object({ id: z.string(), name: z.string(), scopes: z.array(z.string()).describe('The key’s scopes') }),
  modules: z.array(z.string()).describe('The modules the school has on'),
  features: z.array(z.string()).describe('What this surface offers: `actions` is the action surface'),
  time: z.iso.datetime(),
});

/** `GET /api/v1/ping` (SPEC §7.2): who the key is, in which school, and what the surface offers. */
export const pingRoutes = routeGroup('ping', 'Who the key is, and what this surface offers.', [
  handledRoute({
    method: 'get',
    path: '/api/v1/ping',
    access: 'key',
    operationId: 'ping',
    summary: 'The key, its school and scopes, the modules that are on, and the features of this surface',
    responses: { 200: pingSchema },
    async handle({ ctx, deps, reply }) {
      const actor = actorOf(ctx);
      reply(200, {
        ok: true,
        version: deps.build.version,
        tenant: { slug: actor.tenant.slug, name: actor.tenant.name },
        // The key's grants: the effective permissions without the tenant's module switches.
        key: {
          id: actor.principal.id,
          name: actor.principal.name,
          scopes: [...actor.permissions].filter((p) => !p.startsWith('module.')),
        },
        modules: [...actor.tenant.modules],
        features: ['actions'],
        time: deps.resolve(Clock).now().toISOString(),
      });
    },
  }),
]);
