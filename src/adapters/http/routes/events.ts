import type { Context } from 'koa';
import { EventHub } from '../../../domain/events/event-hub.js';
import { requirePermissions, type Actor } from '../../../domain/shared/actor.js';
import { invalidField } from '../../../domain/shared/errors.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { EventStreams } from '../event-streams.js';
import type { RouteModule } from '../route-module.js';
import { actorOf, apiKeyGuard, keyRateLimits, type RestHooks } from './v1.js';

/** Where a stream resumes: `Last-Event-ID` (a reconnecting EventSource) or `?after=` (a reloaded page). */
function resumeAfter(ctx: Context): number | null {
  const header = ctx.get('last-event-id');
  const [field, raw] = header ? ['Last-Event-ID', header] : ['after', ctx.query.after];
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !/^[0-9]{1,15}$/.test(raw.trim())) {
    throw invalidField(field, 'must be an event id (a whole number)');
  }
  return Number(raw.trim());
}

/**
 * The live event stream (SPEC §8): `GET /api/v1/events` for an API key holding `event.subscribe`,
 * `GET /api/events` for a console session (the browser's EventSource sends the cookie). Both need the
 * events module. Each event is `id`, `event` and `data` (the webhook body); a subscriber sees only
 * the kinds its permissions cover, and loan events of its own pool only (mayReceive), so a console
 * user's stream follows their role and, for a teacher, their loan groups.
 */
export function createEventRoutes(hooks: RestHooks = {}): RouteModule {
  return {
    name: 'events',
    register(router, deps) {
      // Resolved on the first stream, not at registration: an app that never streams needs none.
      const streams = () => deps.container.get(EventStreams);
      const hub = () => deps.resolve(EventHub);

      const stream = async (ctx: Context, actor: Actor) => {
        const after = resumeAfter(ctx);
        // Headers are written by hand from here: Koa must not answer for us.
        ctx.status = 200;
        ctx.respond = false;
        const subscriber = streams().begin(ctx.res, actor);
        try {
          const unsubscribe = await hub().subscribe(actor.tenant.id, subscriber, after);
          ctx.res.once('close', unsubscribe);
          if (ctx.res.destroyed) unsubscribe();
        } catch (error) {
          // The stream has begun, so no problem document can follow: end it; the client reconnects.
          deps.observability.log.warn({ err: error }, 'event stream could not start');
          ctx.res.destroy();
        }
      };

      router.get('/api/v1/events', ...apiKeyGuard(deps, 'v1', hooks), async (ctx) => {
        const actor = actorOf(ctx);
        requirePermissions(actor, ['module.events', 'event.subscribe']);
        await stream(ctx, actor);
      });

      router.get('/api/events', consoleAuth(deps.container), async (ctx) => {
        const actor = consoleActor(ctx);
        requirePermissions(actor, ['module.events']);
        await stream(ctx, actor);
      });
    },
  };
}

export const eventRoutes: RouteModule = createEventRoutes(keyRateLimits);
